import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import type { AuthResponse, ErrorBody, IncomingMessage } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import type { Auth } from '../module';
import { GUEST_SESSION_MS, OPERATOR_SESSION_MS } from './sessions';

let t: TestApp;
let operatorToken: string;
before(async () => {
  t = await createTestApp();
  operatorToken = await t.operatorToken();
});
after(() => t.close());

const me = (token: string) => t.app.inject({ url: '/rest/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/rest/v1/auth/logout', headers: { authorization: `Bearer ${token}` } });
const lock = (guestId: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1/auth/guests/${guestId}/lock`,
    headers: { authorization: `Bearer ${token}` },
    payload: { reason: 'chargeback fraud' },
  });
const expectTokenInvalid = (response: { statusCode: number; json: <T>() => T }) => {
  assert.equal(response.statusCode, 401);
  assert.equal(response.json<ErrorBody>().code, 'TOKEN_INVALID');
};
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number; sid: string };

/** A raw socket that records what arrives and when it is closed by the server. */
async function rawSocket() {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const received: IncomingMessage[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as IncomingMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  /** The first message of this type, arrived or still to come (3 s at most). */
  const next = (type: IncomingMessage['type']) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const check = () => {
        const found = received.find((m) => m.type === type);
        if (!found) return;
        clearTimeout(timer);
        socket.off('message', check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        socket.off('message', check);
        reject(new Error(`no ${type}; got ${JSON.stringify(received)}`));
      }, 3000);
      socket.on('message', check);
      check();
    });
  const requestSession = (accessToken: string) =>
    socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken }));
  return { socket, received, closed, next, requestSession };
}

describe('expiry', () => {
  test('guest and anonymous tokens last 30 days, operator tokens 12 hours, each with its own session', async () => {
    const guest = (await t.signup()).accessToken;
    const anonymous = await t.anonymousToken();
    for (const token of [guest, anonymous]) {
      const claims = claimsOf(token);
      assert.equal(claims.exp - claims.iat, GUEST_SESSION_MS / 1000);
    }
    const operator = claimsOf(operatorToken);
    assert.equal(operator.exp - operator.iat, OPERATOR_SESSION_MS / 1000);
    assert.notEqual(claimsOf(guest).sid, claimsOf(anonymous).sid);
  });

  test('me answers the same token (the session keeps its expiry) and a token without a session is refused', async () => {
    const { accessToken } = await t.signup();
    assert.equal((await me(accessToken)).json<AuthResponse>().accessToken, accessToken);
    const { guestId } = t.app.jwt.decode<{ guestId: string }>(accessToken)!;
    // A token as issued before sessions existed: valid signature and expiry, no session.
    const withoutSid = t.app.jwt.sign({ guestId, loggedIn: true, operator: false } as unknown as Auth);
    expectTokenInvalid(await me(withoutSid));
  });
});

describe('logout', () => {
  test('ends the session: its token answers TOKEN_INVALID, other sessions of the guest go on', async () => {
    const { accessToken, guest } = await t.signup({ password: 'two sessions phrase' });
    const other = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      payload: { email: guest.email, password: 'two sessions phrase' },
    });
    const otherToken = other.json<AuthResponse>().accessToken;
    const first = await logout(accessToken);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { ended: true });
    expectTokenInvalid(await me(accessToken));
    expectTokenInvalid(await logout(accessToken));
    const balance = await t.app.inject({
      url: '/rest/v1/getGuestBalance',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expectTokenInvalid(balance);
    assert.equal((await me(otherToken)).statusCode, 200);
  });

  test('an anonymous session can end too; no token is 401 UNAUTHORIZED', async () => {
    const token = await t.anonymousToken();
    assert.equal((await logout(token)).statusCode, 200);
    expectTokenInvalid(await me(token));
    const none = await t.app.inject({ method: 'POST', url: '/rest/v1/auth/logout' });
    assert.equal(none.json<ErrorBody>().code, 'UNAUTHORIZED');
  });

  test("closes the session's open socket with sessionExpired; the token then gets sessionExpired on the socket", async () => {
    const { accessToken } = await t.signup();
    const open = await rawSocket();
    open.requestSession(accessToken);
    await open.next('ackSession');
    await logout(accessToken);
    await open.next('sessionExpired');
    await open.closed;

    const later = await rawSocket();
    later.requestSession(accessToken);
    await later.next('sessionExpired');
    assert.ok(!later.received.some((m) => m.type === 'ackSession'));
    later.socket.close();
  });

  test('an ended session stays ended after a restart', async () => {
    const { accessToken } = await t.signup();
    await logout(accessToken);
    // A new registry reads the ended sessions from the database, as a restarted server does.
    const { SessionRegistry } = await import('./sessions');
    const restarted = new SessionRegistry(t.ctx.db);
    await restarted.load(t.ctx.now());
    assert.ok(restarted.isEnded(claimsOf(accessToken).sid));
  });
});

describe('lock', () => {
  test("an operator's lock ends every session of the guest at once, open sockets included", async () => {
    const { accessToken, guest } = await t.signup({ password: 'soon locked phrase' });
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/rest/v1/auth/login',
        payload: { email: guest.email, password: 'soon locked phrase' },
      })
    ).json<AuthResponse>().accessToken;
    const sockets = await Promise.all([rawSocket(), rawSocket()]);
    sockets[0]!.requestSession(accessToken);
    sockets[1]!.requestSession(second);
    await Promise.all(sockets.map((s) => s.next('ackSession')));
    const bystander = await t.signup();

    const response = await lock(guest.id, operatorToken);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { guestId: guest.id, locked: true, sessionsEnded: 2 });
    for (const socket of sockets) {
      await socket.next('sessionExpired');
      await socket.closed;
    }
    expectTokenInvalid(await me(accessToken));
    expectTokenInvalid(await me(second));
    assert.equal((await me(bystander.accessToken)).statusCode, 200);
    // The right password no longer gives a session.
    const again = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      payload: { email: guest.email, password: 'soon locked phrase' },
    });
    assert.equal(again.statusCode, 403);
    assert.equal(again.json<ErrorBody>().code, 'GUEST_LOCKED');
  });

  test('only operators lock: a guest gets 403, anonymous 401, an unknown guest 404', async () => {
    const target = await t.signup();
    const other = await t.signup();
    assert.equal((await lock(target.guest.id, other.accessToken)).json<ErrorBody>().code, 'FORBIDDEN');
    assert.equal((await lock(target.guest.id, await t.anonymousToken())).json<ErrorBody>().code, 'LOGIN_REQUIRED');
    const unknown = await lock('00000000-0000-4000-8000-000000000000', operatorToken);
    assert.equal(unknown.statusCode, 404);
    assert.equal((await me(target.accessToken)).statusCode, 200);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import {
  CLOSE_RATE_LIMITED,
  PING_INTERVAL_MS,
  mayAnonymousSend,
  outgoingMessages,
  type AuthResponse,
  type IncomingMessage,
  type OutgoingType,
} from '@velvet/contracts';
import { guests } from '../modules/auth/schema';
import { transfer } from '../modules/wallet/service';
import { createTestApp, type TestApp } from '../testing/app';
import { MESSAGE_BURST, SEND_BUFFER_LIMIT, type Hub } from './hub';

let t: TestApp;
let base: string;
before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  assert.ok(address && typeof address === 'object');
  base = `ws://127.0.0.1:${address.port}/ws`;
});
after(() => t.close());

/** A real client that records what it receives and can wait for a message of a type. */
async function connect() {
  const socket = new WebSocket(base);
  const received: IncomingMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as IncomingMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = async <T extends IncomingMessage['type']>(type: T, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex((m) => m.type === type);
      if (index >= 0) return received.splice(index, 1)[0] as IncomingMessage<T>;
      if (Date.now() > deadline) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  /** Resolves once what arrived satisfies the condition, checked on each message. */
  const until = (condition: () => boolean, timeoutMs = 5000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        if (!condition()) return void waiters.push(check);
        clearTimeout(timer);
        resolve();
      };
      check();
    });
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return { socket, received, next, until, send, close: () => socket.close() };
}

describe('socket', () => {
  test("onGuestGone runs once the guest's last socket session closes, not while another is open", async () => {
    const { accessToken, guest } = await t.signup();
    const gone: string[] = [];
    t.ctx.hub.onGuestGone((guestId) => {
      if (guestId === guest.id) gone.push(guestId);
    });
    const [first, second] = [await connect(), await connect()];
    for (const client of [first, second]) {
      client.send({ type: 'requestSession', language: 'en', accessToken });
      await client.next('ackSession');
    }
    const open = t.ctx.hub.connectionCount;
    first.close();
    while (t.ctx.hub.connectionCount === open) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(gone, [], 'one tab is still open');
    assert.equal(t.ctx.hub.isGuestConnected(guest.id), true);
    second.close();
    while (t.ctx.hub.isGuestConnected(guest.id)) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(gone, [guest.id]);
  });

  test('requestSession → ackSession for an anonymous visitor, ping → pong', async () => {
    const token = await t.anonymousToken();
    const client = await connect();
    client.send({ type: 'requestSession', language: 'en', accessToken: token });
    const ack = await client.next('ackSession');
    assert.equal(ack.loggedIn, false);
    client.send({ type: 'ping', accessToken: token });
    assert.deepEqual(await client.next('pong'), { type: 'pong', ttl: PING_INTERVAL_MS });
    client.close();
  });

  test('a logged-in guest gets ackSession and then its balance', async () => {
    const { accessToken, guest } = await t.signup();
    const client = await connect();
    client.send({ type: 'requestSession', language: 'de', accessToken, guestId: guest.id });
    assert.deepEqual(await client.next('ackSession'), { type: 'ackSession', guestId: guest.id, loggedIn: true });
    assert.deepEqual(await client.next('guestBalance'), {
      type: 'guestBalance',
      balance: 0,
      balanceFormatted: '0\u00a0VXC',
    });
    client.close();
  });

  test('/auth/me and the balance push carry the same coins and the same shown text', async () => {
    const { accessToken, guest } = await t.signup();
    await t.ctx.db.update(guests).set({ language: 'de' }).where(eq(guests.id, guest.id));
    await transfer(t.ctx.db, {
      reason: 'test.fund',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'system', id: 'sandbox' }, amount: -1234_50 },
        { account: { kind: 'guest', id: guest.id }, amount: 1234_50 },
      ],
    });
    const me = await t.app.inject({ url: '/rest/v1/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    const client = await connect();
    client.send({ type: 'requestSession', language: 'en', accessToken });
    const pushed = await client.next('guestBalance');
    assert.deepEqual(me.json<AuthResponse>().guest.balance, { amount: 1234.5, formatted: '1.234,50\u00a0VXC' });
    assert.deepEqual(
      { amount: pushed.balance, formatted: pushed.balanceFormatted },
      me.json<AuthResponse>().guest.balance,
    );
    client.close();
  });

  test('an invalid token gets sessionExpired', async () => {
    const client = await connect();
    client.send({ type: 'requestSession', language: 'en', accessToken: 'forged' });
    await client.next('sessionExpired');
    client.close();
  });

  test('malformed and unknown frames are dropped and the connection keeps working', async () => {
    const client = await connect();
    client.send('{not json');
    client.send({ type: 'noSuchMessage' });
    client.send({ type: 'requestSession', language: 'xx' });
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send({ type: 'ping' });
    await client.next('pong');
    assert.deepEqual(client.received, []);
    assert.equal(client.socket.readyState, WebSocket.OPEN);
    client.close();
  });

  test('handlers get only valid messages, and messages needing a guest only from logged-in guests', async () => {
    const seen: Array<{ actorId: number; guestId: string | undefined }> = [];
    const handled = new Promise<void>((resolve) =>
      t.ctx.hub.on('favoritePinActor', (message, client) => {
        seen.push({ actorId: message.actorId, guestId: client.auth?.guestId });
        resolve();
      }),
    );
    const anonymous = await connect();
    anonymous.send({ type: 'requestSession', language: 'en', accessToken: await t.anonymousToken() });
    await anonymous.next('ackSession');
    anonymous.send({ type: 'favoritePinActor', actorId: 1 });

    const { accessToken, guest } = await t.signup();
    const loggedIn = await connect();
    loggedIn.send({ type: 'favoritePinActor', actorId: 2 }); // before the session: dropped
    loggedIn.send({ type: 'requestSession', language: 'en', accessToken });
    await loggedIn.next('ackSession');
    loggedIn.send({ type: 'favoritePinActor', actorId: 'three' }); // invalid: dropped
    loggedIn.send({ type: 'favoritePinActor', actorId: 4 });
    // The dropped messages came first on their sockets: by the handled one they were all read.
    await handled;
    assert.deepEqual(seen, [{ actorId: 4, guestId: guest.id }]);
    anonymous.close();
    loggedIn.close();
  });

  test("an anonymous session's messages beyond the contracts' allow-list reach no handler", async () => {
    const reached: OutgoingType[] = [];
    const guestOnly = (Object.keys(outgoingMessages) as OutgoingType[]).filter((type) => !mayAnonymousSend(type));
    for (const type of guestOnly) t.ctx.hub.on(type, (message) => void reached.push(message.type));
    const text = { type: 'sendMessage', channelId: 1, messageType: 'text', senderType: 'guest', data: { text: 'hi' } };
    const page = { type: 'loadChannels', offset: 0, limit: 10 };
    const anonymous = await connect();
    anonymous.send({ type: 'requestSession', language: 'en', accessToken: await t.anonymousToken() });
    await anonymous.next('ackSession');
    anonymous.send(text);
    anonymous.send(page);
    // Read in order: once the pong is back, both were read and dropped.
    anonymous.send({ type: 'ping' });
    await anonymous.next('pong');
    assert.deepEqual([...reached], [], 'dropped, not handled');

    const { accessToken } = await t.signup();
    const loggedIn = await connect();
    loggedIn.send({ type: 'requestSession', language: 'en', accessToken });
    await loggedIn.next('ackSession');
    loggedIn.send(page);
    loggedIn.send({ type: 'ping' });
    await loggedIn.next('pong');
    assert.ok(reached.includes('loadChannels'), 'the same message of a logged-in guest is handled');
    anonymous.close();
    loggedIn.close();
  });

  test('broadcast reaches every client with a session; sendToGuest only that guest', async () => {
    const one = await t.signup();
    const two = await t.signup();
    const clientOne = await connect();
    const clientTwo = await connect();
    clientOne.send({ type: 'requestSession', language: 'en', accessToken: one.accessToken });
    clientTwo.send({ type: 'requestSession', language: 'en', accessToken: two.accessToken });
    await clientOne.next('ackSession');
    await clientTwo.next('ackSession');
    assert.ok(t.ctx.hub.connectionCount >= 2);

    t.ctx.hub.broadcast({ type: 'actorOnline', actorId: 7, actorName: 'anna' });
    assert.deepEqual(await clientOne.next('actorOnline'), { type: 'actorOnline', actorId: 7, actorName: 'anna' });
    assert.deepEqual(await clientTwo.next('actorOnline'), { type: 'actorOnline', actorId: 7, actorName: 'anna' });

    t.ctx.hub.sendToGuest(two.guest.id, { type: 'pageReload' });
    await clientTwo.next('pageReload');
    clientOne.send({ type: 'ping' });
    await clientOne.next('pong');
    assert.equal(
      clientOne.received.some((m) => m.type === 'pageReload'),
      false,
    );
    clientOne.close();
    clientTwo.close();
  });

  test('a push that breaks its contract is not sent; the next one is, as its contract reads it', async () => {
    const guest = await t.signup();
    const client = await connect();
    client.send({ type: 'requestSession', language: 'en', accessToken: guest.accessToken });
    await client.next('ackSession');
    const broken = { type: 'actorOnline', actorId: 'seven', actorName: 'anna' } as unknown as IncomingMessage;
    t.ctx.hub.broadcast(broken);
    t.ctx.hub.sendToGuest(guest.guest.id, broken);
    const extra = { type: 'actorOnline', actorId: 7, actorName: 'anna', internalNote: 'x' } as IncomingMessage;
    t.ctx.hub.sendToGuest(guest.guest.id, extra);
    assert.deepEqual(await client.next('actorOnline'), { type: 'actorOnline', actorId: 7, actorName: 'anna' });
    assert.equal(
      client.received.some((m) => m.type === 'actorOnline'),
      false,
    );
    client.close();
  });

  test('a client that stops reading is closed once its backlog passes the limit; the others keep getting messages', async () => {
    const token = await t.anonymousToken();
    const slow = await connect();
    const fine = await connect();
    for (const client of [slow, fine]) {
      client.send({ type: 'requestSession', language: 'en', accessToken: token });
      await client.next('ackSession');
    }
    slow.socket.pause(); // stops reading: the kernel's buffers fill, then the server's
    const before = t.ctx.hub.connectionCount;
    // Closed once the hub has let the socket go (its own close handler runs first).
    const hub = t.ctx.hub as Hub;
    const tooSlow = hub.tooSlow.bind(hub);
    const droppedOne = new Promise<void>((resolve) => {
      const spy = mock.method(hub, 'tooSlow', (connection: Parameters<typeof tooSlow>[0]) => {
        spy.mock.restore();
        connection.socket.once('close', () => resolve());
        tooSlow(connection);
      });
    });
    const actorName = 'x'.repeat(64 * 1024);
    let sent = 0;
    // Kernel buffers on loopback take a few MB before anything waits in the server's memory.
    for (; sent < 2000 && t.ctx.hub.connectionCount === before; sent++) {
      t.ctx.hub.broadcast({ type: 'actorOnline', actorId: sent, actorName });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await droppedOne;
    assert.equal(t.ctx.hub.connectionCount, before - 1, `still open after ${sent} broadcasts`);
    assert.ok(sent * actorName.length > SEND_BUFFER_LIMIT);
    await fine.until(() => fine.received.filter((m) => m.type === 'actorOnline').length >= sent);
    assert.equal(fine.received.filter((m) => m.type === 'actorOnline').length, sent);
    slow.socket.terminate();
    fine.close();
  });

  test('a flood of messages closes that socket with CLOSE_RATE_LIMITED; /alive and other sockets keep working', async () => {
    const { accessToken } = await t.signup();
    const flooder = await connect();
    flooder.send({ type: 'requestSession', language: 'en', accessToken });
    await flooder.next('ackSession');
    const other = await connect();
    const otherToken = await t.anonymousToken();
    other.send({ type: 'requestSession', language: 'en', accessToken: otherToken });
    await other.next('ackSession');

    const closed = new Promise<number>((resolve) => flooder.socket.once('close', (code) => resolve(code)));
    const started = performance.now();
    const loadChannels = JSON.stringify({ type: 'loadChannels', accessToken, offset: 0, limit: 50 });
    for (let i = 0; i < 2000; i++) flooder.socket.send(loadChannels);
    const alive = await t.app.inject({ url: '/rest/v1/alive' });
    const aliveMs = performance.now() - started;
    assert.equal(alive.statusCode, 200);
    assert.equal(await closed, CLOSE_RATE_LIMITED);
    console.log(
      `2,000 loadChannels: closed after ${(performance.now() - started).toFixed(0)} ms, /alive ${aliveMs.toFixed(0)} ms`,
    );
    other.send({ type: 'ping', accessToken: otherToken });
    assert.equal((await other.next('pong')).type, 'pong');
    other.close();
  });

  test('a burst of MESSAGE_BURST messages is within the rate', async () => {
    const token = await t.anonymousToken();
    const client = await connect();
    client.send({ type: 'requestSession', language: 'en', accessToken: token });
    await client.next('ackSession');
    for (let i = 1; i < MESSAGE_BURST; i++) client.send({ type: 'ping', accessToken: token });
    for (let i = 1; i < MESSAGE_BURST; i++) await client.next('pong');
    assert.equal(client.socket.readyState, WebSocket.OPEN);
    client.close();
  });
});

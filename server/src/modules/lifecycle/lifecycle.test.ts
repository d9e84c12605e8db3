import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DATA_PROTECTION_SINCE,
  DATA_PROTECTION_VERSION,
  PROFILE_PICTURE_MAX_BYTES,
  type AccountExport,
  type AuthResponse,
  type DataProtectionState,
  type ErrorBody,
  type OperatorGuest,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { guests } from '../auth/schema';
import { createPerformer, manualClock } from '../performers/fixtures';
import { favoriteActors } from '../performers/schema';
import { channels, messages } from '../messenger/schema';
import { walletAccounts, walletEntries } from '../wallet/schema';
import { balanceOf, transfer } from '../wallet/service';
import { consents } from './schema';

let t: TestApp;
let operatorToken: string;
let clock: ReturnType<typeof manualClock>;
before(async () => {
  t = await createTestApp();
  clock = manualClock(t);
  operatorToken = await t.operatorToken();
});
after(() => t.close());

const codeOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().code;
const me = (token: string) => t.rest('GET', '/auth/me', token);

describe('preferences', () => {
  test('savePreferences merges values, null removes one, and each guest keeps her own', async () => {
    const { accessToken } = await t.signup();
    const other = await t.signup();
    const first = await t.rest('POST', '/savePreferences', accessToken, { data: { theme: 'dark', autoplay: true } });
    assert.equal(first.statusCode, 200, first.body);
    const second = await t.rest('POST', '/savePreferences', accessToken, { data: { autoplay: null, gridSize: 3 } });
    assert.deepEqual(second.json(), { data: { theme: 'dark', gridSize: 3 } });
    assert.deepEqual((await t.rest('GET', '/preferences', accessToken)).json(), {
      data: { theme: 'dark', gridSize: 3 },
    });
    assert.deepEqual((await t.rest('GET', '/preferences', other.accessToken)).json(), { data: {} });
    const nested = await t.rest('POST', '/savePreferences', accessToken, { data: { theme: { a: 1 } } });
    assert.equal(nested.statusCode, 400);
    assert.equal(codeOf(nested), 'VALIDATION_FAILED');
  });
});

/** A guest who signed up before the notice in force (signing up accepts the version in force then). */
async function earlierGuest() {
  const signedUp = await t.signup();
  await t.ctx.db
    .update(guests)
    .set({ created: new Date(Date.parse(DATA_PROTECTION_SINCE) - 30 * 24 * 3600_000) })
    .where(eq(guests.id, signedUp.guest.id));
  return signedUp;
}

describe('data protection', () => {
  test('a guest who has not accepted the version in force sees it on her socket; accepting stores time and version', async () => {
    const { accessToken, guest } = await earlierGuest();
    const before = (await t.rest('GET', '/dataProtection', accessToken)).json<DataProtectionState>();
    assert.deepEqual(before, { show: true, version: DATA_PROTECTION_VERSION, acceptedVersion: null, acceptedAt: null });
    const socket = await openSocketSession(t.app, accessToken);
    assert.deepEqual(await socket.next('dataProtection'), {
      type: 'dataProtection',
      show: true,
      version: DATA_PROTECTION_VERSION,
    });

    const closedOnly = await t.rest('POST', '/closeDataProtection', accessToken, { accepted: false });
    assert.equal(closedOnly.json<DataProtectionState>().show, true);
    const accepted = await t.rest('POST', '/closeAgbAndDataProtection', accessToken, { accepted: true });
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.deepEqual(accepted.json(), {
      show: false,
      version: DATA_PROTECTION_VERSION,
      acceptedVersion: DATA_PROTECTION_VERSION,
      acceptedAt: clock.now().toISOString(),
    });
    assert.deepEqual(await socket.next('dataProtection'), {
      type: 'dataProtection',
      show: false,
      version: DATA_PROTECTION_VERSION,
    });
    socket.close();
    const [row] = await t.ctx.db.select().from(consents).where(eq(consents.guestId, guest.id));
    assert.equal(row?.kind, 'termsAndDataProtection');
    // Accepted: a new session is not told again.
    const again = await openSocketSession(t.app, accessToken);
    await again.settled();
    assert.equal(
      again.received.some((m) => m.type === 'dataProtection'),
      false,
    );
    again.close();
  });

  test('a guest who signed up under the version in force accepted it by signing up', async () => {
    const { accessToken, guest } = await t.signup();
    const created = new Date(Date.parse(DATA_PROTECTION_SINCE) + 3600_000);
    await t.ctx.db.update(guests).set({ created }).where(eq(guests.id, guest.id));
    assert.deepEqual((await t.rest('GET', '/dataProtection', accessToken)).json(), {
      show: false,
      version: DATA_PROTECTION_VERSION,
      acceptedVersion: DATA_PROTECTION_VERSION,
      acceptedAt: created.toISOString(),
    });
    const socket = await openSocketSession(t.app, accessToken);
    await socket.settled();
    assert.equal(
      socket.received.some((m) => m.type === 'dataProtection'),
      false,
    );
    socket.close();
  });

  test('an acceptance of an older version shows the notice again', async () => {
    const { accessToken, guest } = await earlierGuest();
    await t.ctx.db
      .insert(consents)
      .values({ guestId: guest.id, kind: 'dataProtection', version: '2020-01', acceptedAt: clock.now() });
    const state = (await t.rest('GET', '/dataProtection', accessToken)).json<DataProtectionState>();
    assert.equal(state.show, true);
    assert.equal(state.acceptedVersion, '2020-01');
  });
});

/** A multipart/form-data body with one file part. */
function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----velvet-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/v1/guest/profile/preview/update',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
const photo = (format: 'png' | 'jpeg' | 'gif', width = 640, height = 480) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image[format]().toBuffer();
};
const mediaFile = (url: string) => path.join(t.config.dataDir, 'media', url.slice('/media/'.length));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('profile picture', () => {
  test('an upload is re-encoded as a 256 px WebP, served from the media store, and shown in the guest shape', async () => {
    const { accessToken } = await t.signup();
    const socket = await openSocketSession(t.app, accessToken);
    const response = await upload(accessToken, multipart(await photo('jpeg'), 'me.jpg', 'image/jpeg'));
    assert.equal(response.statusCode, 200, response.body);
    const { avatarUrl } = response.json<{ avatarUrl: string }>();
    // Every tab of hers (the navbar) learns the new picture.
    assert.deepEqual(await socket.next('guestAvatar'), { type: 'guestAvatar', avatarUrl });
    socket.close();
    assert.match(avatarUrl, /^\/media\/guests\/[0-9a-f-]+\/avatar-[0-9a-f]{16}\.webp$/);
    const served = await t.app.inject({ url: avatarUrl });
    assert.equal(served.statusCode, 200);
    const meta = await sharp(served.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 256, 256]);
    assert.equal((await me(accessToken)).json<AuthResponse>().guest.avatarUrl, avatarUrl);

    // A new picture replaces the file; deleting removes it.
    const next = (await upload(accessToken, multipart(await photo('png', 300, 900), 'me.png', 'image/png'))).json<{
      avatarUrl: string;
    }>();
    assert.notEqual(next.avatarUrl, avatarUrl);
    assert.equal(await exists(mediaFile(avatarUrl)), false);
    const deleted = await t.rest('POST', '/guest/profile/preview/update?delete=true', accessToken);
    assert.deepEqual(deleted.json(), { avatarUrl: null });
    assert.equal(await exists(mediaFile(next.avatarUrl)), false);
    assert.equal((await me(accessToken)).json<AuthResponse>().guest.avatarUrl, null);
  });

  test('refuses by content: a renamed text file, a GIF, an oversized file, no file; nothing changes', async () => {
    const { accessToken } = await t.signup();
    const renamed = await upload(accessToken, multipart(Buffer.from('not a picture at all'), 'me.png', 'image/png'));
    assert.equal(renamed.statusCode, 415);
    assert.equal(codeOf(renamed), 'IMAGE_INVALID');
    const gif = await upload(accessToken, multipart(await photo('gif'), 'me.jpg', 'image/jpeg'));
    assert.equal(gif.statusCode, 415);
    assert.equal(codeOf(gif), 'IMAGE_INVALID');
    const huge = Buffer.concat([await photo('png'), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]);
    const oversize = await upload(accessToken, multipart(huge, 'me.png', 'image/png'));
    assert.equal(oversize.statusCode, 413);
    assert.equal(codeOf(oversize), 'PAYLOAD_TOO_LARGE');
    const otherField = await upload(accessToken, multipart(await photo('png'), 'me.png', 'image/png', 'picture'));
    assert.equal(codeOf(otherField), 'VALIDATION_FAILED');
    const json = await t.rest('POST', '/guest/profile/preview/update', accessToken, { file: 'x' });
    assert.equal(json.statusCode, 400);
    assert.equal(codeOf(json), 'VALIDATION_FAILED');
    assert.equal((await me(accessToken)).json<AuthResponse>().guest.avatarUrl, null);
  });

  test('needs a logged-in guest', async () => {
    const response = await upload(await t.anonymousToken(), multipart(await photo('png'), 'a.png', 'image/png'));
    assert.equal(codeOf(response), 'LOGIN_REQUIRED');
  });
});

describe('lock', () => {
  const lock = (guestId: string, token: string, reason = 'chargeback fraud') =>
    t.rest('POST', `/auth/guests/${guestId}/lock`, token, { reason });

  test('an operator locks with a reason: the guest is told, her sessions end, her login answers GUEST_LOCKED until unlocked', async () => {
    const { accessToken, guest } = await t.signup({ password: 'locked guest passphrase' });
    const socket = await openSocketSession(t.app, accessToken);
    const response = await lock(guest.id, operatorToken);
    assert.deepEqual(response.json(), { guestId: guest.id, locked: true, sessionsEnded: 1 });
    assert.deepEqual(await socket.next('guestLocked'), { type: 'guestLocked', reason: 'chargeback fraud' });
    await socket.next('sessionExpired');
    assert.equal(codeOf(await me(accessToken)), 'TOKEN_INVALID');
    const login = () =>
      t.rest('POST', '/auth/login', undefined, { email: guest.email, password: 'locked guest passphrase' });
    const refused = await login();
    assert.equal(refused.statusCode, 403);
    assert.equal(codeOf(refused), 'GUEST_LOCKED');

    const found = (
      await t.rest('GET', `/operator/guests?search=${encodeURIComponent(guest.email!)}`, operatorToken)
    ).json<{ guests: OperatorGuest[] }>().guests;
    assert.equal(found.length, 1);
    assert.equal(found[0]!.locked, true);
    assert.equal(found[0]!.lockReason, 'chargeback fraud');
    assert.equal(found[0]!.lockedAt, clock.now().toISOString());

    const unlocked = await t.rest('POST', `/auth/guests/${guest.id}/unlock`, operatorToken);
    assert.deepEqual(unlocked.json(), { guestId: guest.id, locked: false });
    assert.equal((await login()).statusCode, 200);
    const after = (
      await t.rest('GET', `/operator/guests?search=${encodeURIComponent(guest.email!)}`, operatorToken)
    ).json<{
      guests: OperatorGuest[];
    }>().guests;
    assert.deepEqual([after[0]!.locked, after[0]!.lockReason], [false, null]);
  });

  test('only operators lock, unlock and search; a reason is required; the operator cannot be locked', async () => {
    const target = await t.signup();
    const other = await t.signup();
    assert.equal(codeOf(await lock(target.guest.id, other.accessToken)), 'FORBIDDEN');
    assert.equal(
      codeOf(await t.rest('POST', `/auth/guests/${target.guest.id}/unlock`, other.accessToken)),
      'FORBIDDEN',
    );
    assert.equal(codeOf(await t.rest('GET', '/operator/guests', other.accessToken)), 'FORBIDDEN');
    assert.equal(codeOf(await lock(target.guest.id, operatorToken, ' ')), 'VALIDATION_FAILED');
    const operatorId = (await me(operatorToken)).json<AuthResponse>().guest.id;
    assert.equal(codeOf(await lock(operatorId, operatorToken)), 'FORBIDDEN');
    assert.equal((await lock('00000000-0000-4000-8000-000000000000', operatorToken)).statusCode, 404);
    assert.equal((await me(target.accessToken)).statusCode, 200);
  });
});

describe('export and deletion', () => {
  test('the export holds her profile, purchases-to-ledger rows, and none of another guest', async () => {
    const { accessToken, guest } = await t.signup({ name: 'Exporting Erika' });
    const other = await t.signup();
    const performer = await createPerformer(t.ctx.db);
    await t.ctx.db.insert(favoriteActors).values({ guestId: guest.id, actorId: performer.id });
    await t.ctx.db.insert(favoriteActors).values({ guestId: other.guest.id, actorId: performer.id });
    const [channel] = await t.ctx.db
      .insert(channels)
      .values({ guestId: guest.id, actorId: performer.id, messagePrice: 100 })
      .returning();
    await t.ctx.db
      .insert(messages)
      .values({ channelId: channel!.id, senderType: 'guest', messageType: 'text', text: 'Hallo Süße' });
    await transfer(t.ctx.db, {
      reason: 'test.fund',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'system', id: 'sandbox' }, amount: -5_000 },
        { account: { kind: 'guest', id: guest.id }, amount: 5_000 },
      ],
    });
    await t.rest('POST', '/savePreferences', accessToken, { data: { theme: 'dark' } });
    await t.rest('POST', '/closeDataProtection', accessToken, { accepted: true });

    const response = await t.rest('GET', '/guest/account/export', accessToken);
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="velvet-account-.*\.json"$/);
    const data = response.json<AccountExport>();
    assert.equal(data.profile.name, 'Exporting Erika');
    assert.equal(data.profile.email, guest.email);
    assert.equal('passwordHash' in data.profile, false);
    assert.deepEqual(data.preferences, { theme: 'dark' });
    assert.deepEqual(
      data.consents.map((c) => c.version),
      [DATA_PROTECTION_VERSION],
    );
    assert.deepEqual(
      data.favourites.performers.map((f) => f.actorId),
      [performer.id],
    );
    assert.deepEqual(
      data.messages.map((m) => m.text),
      ['Hallo Süße'],
    );
    assert.deepEqual(
      data.ledger.map((l) => [l.reason, l.amountHundredths]),
      [['test.fund', 5_000]],
    );
    assert.deepEqual(data.purchases, []);
  });

  test('deletion needs her password, ends her sessions, removes her data, and leaves the ledger balanced', async () => {
    const password = 'delete me passphrase';
    const { accessToken, guest } = await t.signup({ password });
    const performer = await createPerformer(t.ctx.db);
    await t.ctx.db.insert(favoriteActors).values({ guestId: guest.id, actorId: performer.id });
    const picture = (await upload(accessToken, multipart(await photo('png'), 'me.png', 'image/png'))).json<{
      avatarUrl: string;
    }>().avatarUrl;
    await transfer(t.ctx.db, {
      reason: 'test.fund',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'system', id: 'sandbox' }, amount: -7_000 },
        { account: { kind: 'guest', id: guest.id }, amount: 7_000 },
      ],
    });
    await transfer(t.ctx.db, {
      reason: 'test.spend',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'guest', id: guest.id }, amount: -2_000 },
        { account: { kind: 'system', id: 'platform' }, amount: 2_000 },
      ],
    });
    const [account] = await t.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.ownerId, guest.id));
    const entriesBefore = await t.ctx.db.select().from(walletEntries);
    const socket = await openSocketSession(t.app, accessToken);

    const wrongPassword = await t.rest('POST', '/guest/account/delete', accessToken, { password: 'not my password' });
    assert.equal(wrongPassword.statusCode, 403);
    assert.equal(codeOf(wrongPassword), 'INVALID_CREDENTIALS');
    assert.equal((await me(accessToken)).statusCode, 200);

    const deleted = await t.rest('POST', '/guest/account/delete', accessToken, { password });
    assert.deepEqual(deleted.json(), { deleted: true });
    await socket.next('sessionExpired');
    assert.equal(codeOf(await me(accessToken)), 'TOKEN_INVALID');
    const login = await t.rest('POST', '/auth/login', undefined, { email: guest.email, password });
    assert.equal(codeOf(login), 'INVALID_CREDENTIALS');
    assert.equal(await exists(mediaFile(picture)), false);
    const favourites = await t.ctx.db.select().from(favoriteActors).where(eq(favoriteActors.guestId, guest.id));
    assert.deepEqual(favourites, []);

    // The ledger: no entry gone, every transfer sums to zero, the account keeps its coins but names no one.
    const entriesAfter = await t.ctx.db.select().from(walletEntries);
    assert.deepEqual(entriesAfter, entriesBefore);
    const unbalanced = await t.ctx.db
      .select({ transferId: walletEntries.transferId })
      .from(walletEntries)
      .groupBy(walletEntries.transferId)
      .having(sql`sum(${walletEntries.amount}) <> 0`);
    assert.deepEqual(unbalanced, []);
    const [detached] = await t.ctx.db.select().from(walletAccounts).where(eq(walletAccounts.id, account!.id));
    assert.equal(detached!.balance, 5_000);
    assert.match(detached!.ownerId, /^deleted-[0-9a-f-]{36}$/);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
  });

  test('a deleted account stays refused after a restart of the server', async () => {
    const password = 'restart refused phrase';
    const { accessToken } = await t.signup({ password });
    await t.rest('POST', '/guest/account/delete', accessToken, { password });
    // What a restart does: a new registry read from the database.
    const { SessionRegistry } = await import('../auth/sessions');
    const fresh = new SessionRegistry(t.ctx.db);
    await fresh.load(t.ctx.now());
    const { loadDeletedSessions } = await import('./account');
    await loadDeletedSessions({ ...t.ctx, sessions: fresh });
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    assert.equal(fresh.isEnded(sid), true);
  });

  test('needs a logged-in guest', async () => {
    const anonymous = await t.anonymousToken();
    assert.equal(codeOf(await t.rest('GET', '/guest/account/export', anonymous)), 'LOGIN_REQUIRED');
    assert.equal(codeOf(await t.rest('POST', '/guest/account/delete', anonymous, { password: 'x' })), 'LOGIN_REQUIRED');
  });
});

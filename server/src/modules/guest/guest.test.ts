import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { formatBalance, type ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { KEPT_GUEST_CHANGED } from '../auth/guests';
import { guests } from '../auth/schema';
import { transfer } from '../wallet/service';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('profile', () => {
  test('get answers the profile and its config', async () => {
    const { accessToken, guest } = await t.signup({ name: 'Profile Reader' });
    const response = await t.rest('GET', '/guest/profile/get', accessToken);
    assert.equal(response.statusCode, 200, response.body);
    const { profile, config } = response.json();
    assert.equal(profile.id, guest.id);
    assert.equal(profile.name, 'Profile Reader');
    assert.deepEqual(profile.preferences, { language: 'en', newsletter: false, showDataProtection: true });
    assert.ok(!Number.isNaN(Date.parse(profile.registeredSince)));
    assert.deepEqual(config.languages, ['de', 'en', 'nl', 'es']);
  });

  test('update changes name and preferences', async () => {
    const { accessToken } = await t.signup();
    const response = await t.rest('POST', '/guest/profile/update', accessToken, {
      properties: { name: '  Renamed Guest ', preferences: { language: 'es', newsletter: true } },
    });
    assert.equal(response.statusCode, 200, response.body);
    const { profile } = response.json();
    assert.equal(profile.name, 'Renamed Guest');
    assert.deepEqual(profile.preferences, { language: 'es', newsletter: true, showDataProtection: true });
    const again = (await t.rest('GET', '/guest/profile/get', accessToken)).json();
    assert.equal(again.profile.preferences.language, 'es');
  });

  test('a profile read is kept until a change of the row is announced on the bus, as another process announces it', async (c) => {
    c.after(t.holdClock());
    const { accessToken, guest } = await t.signup({ name: 'Kept Reader' });
    const nameNow = async () => (await t.rest('GET', '/guest/profile/get', accessToken)).json().profile.name;
    assert.equal(await nameNow(), 'Kept Reader');
    // Written behind this process's back, as another server process writes it: the kept row still answers...
    await t.ctx.db.update(guests).set({ name: 'Renamed Elsewhere' }).where(eq(guests.id, guest.id));
    assert.equal(await nameNow(), 'Kept Reader');
    // ...until that process's announcement arrives.
    t.ctx.bus.publish(KEPT_GUEST_CHANGED, guest.id);
    assert.equal(await nameNow(), 'Renamed Elsewhere');
  });

  test('update refuses a taken name and invalid input', async () => {
    await t.signup({ name: 'Already There' });
    const { accessToken } = await t.signup();
    const taken = await t.rest('POST', '/guest/profile/update', accessToken, { properties: { name: 'already there' } });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json<ErrorBody>().code, 'NAME_TAKEN');
    const badLanguage = await t.rest('POST', '/guest/profile/update', accessToken, {
      properties: { preferences: { language: 'fr' } },
    });
    assert.equal(badLanguage.statusCode, 400);
    assert.equal(badLanguage.json<ErrorBody>().code, 'VALIDATION_FAILED');
  });

  test('needs a logged-in guest', async () => {
    const anonymous = await t.rest('GET', '/guest/profile/get', await t.anonymousToken());
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json<ErrorBody>().code, 'LOGIN_REQUIRED');
    const none = await t.rest('POST', '/guest/profile/update', undefined, { properties: {} });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json<ErrorBody>().code, 'UNAUTHORIZED');
  });
});

describe('balance', () => {
  test('is 0 for a new guest and follows the wallet, in coins, with the hundredths it has', async () => {
    const { accessToken, guest } = await t.signup();
    assert.deepEqual((await t.rest('GET', '/getGuestBalance', accessToken)).json(), {
      balance: 0,
      balanceFormatted: '0\u00a0VXC',
      isPayingCustomer: false,
    });
    await t.ctx.db.update(guests).set({ language: 'de' }).where(eq(guests.id, guest.id));
    await transfer(t.ctx.db, {
      reason: 'test.fund',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'system', id: 'sandbox' }, amount: -123_456 },
        { account: { kind: 'guest', id: guest.id }, amount: 123_456 },
      ],
    });
    assert.deepEqual((await t.rest('GET', '/getGuestBalance', accessToken)).json(), {
      balance: 1234.56,
      balanceFormatted: '1.234,56\u00a0VXC',
      isPayingCustomer: false,
    });
  });

  test('needs a logged-in guest', async () => {
    const anonymous = await t.rest('GET', '/getGuestBalance', await t.anonymousToken());
    assert.equal(anonymous.json<ErrorBody>().code, 'LOGIN_REQUIRED');
    assert.equal((await t.rest('GET', '/getGuestBalance')).json<ErrorBody>().code, 'UNAUTHORIZED');
  });

  test('formats per language, keeping the hundredths a balance has', () => {
    assert.equal(formatBalance(1500.99, 'en'), '1,500.99\u00a0VXC');
    assert.equal(formatBalance(1500, 'de'), '1.500\u00a0VXC');
    assert.equal(formatBalance(0.99, 'es'), '0,99\u00a0VXC');
  });
});

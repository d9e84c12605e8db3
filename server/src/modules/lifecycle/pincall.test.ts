import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pincallErrorNumber, type ErrorBody, type PincallVerification } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { manualClock } from '../performers/fixtures';
import { MAX_PIN_ATTEMPTS, MAX_STARTS_PER_DAY, PIN_TTL_MS, SandboxPincallProvider } from './pincall';
import { blockedPhones } from './schema';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
before(async () => {
  t = await createTestApp();
  clock = manualClock(t);
});
after(() => t.close());

let numbers = 0;
/** A German mobile number no other test uses. */
const freshNumber = () => `+49 151 ${String(2_000_000 + ++numbers).padStart(8, '0')}`;

const start = (token: string, phoneNumber: string, type = 'mobile') =>
  t.rest('POST', '/pincall/start', token, { phoneNumber, type, language: 'DE' });
const verify = (token: string, id: number, pin: string, type = 'mobile') =>
  t.rest('POST', '/pincall/verify', token, { id, type, pin });
/** The pin the sandbox provider sent for a verification, read as the guest reads her outbox. */
async function sentPin(token: string, id: number): Promise<string> {
  const { entries } = (await t.rest('GET', '/pincall/sandbox/outbox', token)).json<{
    entries: { verificationId: number; pin: string }[];
  }>();
  const entry = entries.find((e) => e.verificationId === id);
  assert.ok(entry, `no pin was sent for verification ${id}`);
  return entry.pin;
}
const wrong = (pin: string) => pin.replace(/^./, (d) => String((Number(d) + 1) % 10));

/** A refused call: its status, its code, and the spec's pincall number of that code. */
function expectRefused(response: { statusCode: number; json: <T>() => T }, status: number, code: string, n: number) {
  assert.equal(response.statusCode, status, JSON.stringify(response.json()));
  const body = response.json<ErrorBody>();
  assert.equal(body.code, code);
  assert.equal(pincallErrorNumber(body.code), n);
}

describe('pincall', () => {
  test('a mobile number gets a 6-digit pin, a fixed line 5; the right pin verifies it', async () => {
    const { accessToken } = await t.signup();
    const mobile = await start(accessToken, freshNumber());
    assert.equal(mobile.statusCode, 200, mobile.body);
    assert.equal(mobile.json<{ pinLength: number }>().pinLength, 6);
    const { id } = mobile.json<{ id: number }>();
    const pin = await sentPin(accessToken, id);
    assert.match(pin, /^\d{6}$/);
    const verified = await verify(accessToken, id, pin);
    assert.equal(verified.statusCode, 200, verified.body);
    const view = verified.json<PincallVerification>();
    assert.equal(view.verified, true);
    assert.equal(view.countryCode, '49');
    assert.equal(`${view.preCode}${view.number}`.length, 11);

    const fixed = await start(accessToken, '+49 30 1234567', 'fixed');
    assert.equal(fixed.json<{ pinLength: number }>().pinLength, 5);
    assert.match(await sentPin(accessToken, fixed.json<{ id: number }>().id), /^\d{5}$/);
    const list = (await t.rest('GET', '/pincall/verifications', accessToken)).json<{
      verifications: PincallVerification[];
    }>();
    assert.deepEqual(
      list.verifications.map((v) => [v.type, v.verified]),
      [
        ['fixed', false],
        ['mobile', true],
      ],
    );
  });

  test('codes 1, 2, 3 and 5: a bad number, a country not allowed, a bad type, a blocked number', async () => {
    const { accessToken } = await t.signup();
    expectRefused(await start(accessToken, '0151 1234567'), 400, 'PHONE_INVALID', 1);
    expectRefused(await start(accessToken, '+49 abc'), 400, 'PHONE_INVALID', 1);
    expectRefused(await start(accessToken, '+1 212 555 0100'), 400, 'PHONE_COUNTRY_NOT_ALLOWED', 2);
    expectRefused(await start(accessToken, freshNumber(), 'carrier-pigeon'), 400, 'VERIFICATION_TYPE_INVALID', 3);
    await t.ctx.db.insert(blockedPhones).values({ phone: '4915199999999', reason: 'premium rate abuse' });
    expectRefused(await start(accessToken, '+49 151 99999999'), 400, 'PHONE_BLACKLISTED', 5);
  });

  test('code 6: a number verified by another guest is refused to everyone else', async () => {
    const first = await t.signup();
    const second = await t.signup();
    const phone = freshNumber();
    const mine = (await start(first.accessToken, phone)).json<{ id: number }>().id;
    // The second guest started before the first finished: her verify is refused too.
    const theirs = (await start(second.accessToken, phone)).json<{ id: number }>().id;
    assert.equal((await verify(first.accessToken, mine, await sentPin(first.accessToken, mine))).statusCode, 200);
    expectRefused(
      await verify(second.accessToken, theirs, await sentPin(second.accessToken, theirs)),
      409,
      'PHONE_NOT_UNIQUE',
      6,
    );
    expectRefused(await start(second.accessToken, phone), 409, 'PHONE_NOT_UNIQUE', 6);
  });

  test("code 7: an unknown id and another guest's id; and her outbox shows only her own pins", async () => {
    const owner = await t.signup();
    const intruder = await t.signup();
    const { id } = (await start(owner.accessToken, freshNumber())).json<{ id: number }>();
    const pin = await sentPin(owner.accessToken, id);
    expectRefused(await verify(intruder.accessToken, id, pin), 404, 'VERIFICATION_NOT_FOUND', 7);
    expectRefused(await verify(intruder.accessToken, 2_000_000_000, pin), 404, 'VERIFICATION_NOT_FOUND', 7);
    const outbox = (await t.rest('GET', '/pincall/sandbox/outbox', intruder.accessToken)).json<{ entries: [] }>();
    assert.deepEqual(outbox.entries, []);
    // The intruder's tries did not use up the owner's attempts.
    assert.equal((await verify(owner.accessToken, id, pin)).statusCode, 200);
  });

  test('codes 8, 9 and 4: a wrong pin, the attempt limit, and a pin that has expired', async () => {
    const { accessToken } = await t.signup();
    const { id } = (await start(accessToken, freshNumber())).json<{ id: number }>();
    const pin = await sentPin(accessToken, id);
    expectRefused(await verify(accessToken, id, pin, 'fixed'), 400, 'VERIFICATION_TYPE_INVALID', 3);
    for (let attempt = 1; attempt <= MAX_PIN_ATTEMPTS; attempt++)
      expectRefused(await verify(accessToken, id, wrong(pin)), 400, 'VERIFICATION_CODE_INVALID', 8);
    // The right pin after the limit is used up no longer counts.
    expectRefused(await verify(accessToken, id, pin), 429, 'VERIFICATION_ATTEMPTS_EXCEEDED', 9);

    const late = (await start(accessToken, freshNumber())).json<{ id: number }>().id;
    const latePin = await sentPin(accessToken, late);
    clock.advance(PIN_TTL_MS / 1000);
    expectRefused(await verify(accessToken, late, latePin), 410, 'VERIFICATION_TIMED_OUT', 4);
  });

  test('code 9: at most a few starts a day; code 10: the provider failing', async () => {
    const { accessToken } = await t.signup();
    for (let n = 0; n < MAX_STARTS_PER_DAY; n++)
      assert.equal((await start(accessToken, freshNumber())).statusCode, 200);
    expectRefused(await start(accessToken, freshNumber()), 429, 'VERIFICATION_ATTEMPTS_EXCEEDED', 9);
    clock.advance(24 * 60 * 60);
    assert.equal((await start(accessToken, freshNumber())).statusCode, 200);

    const other = await t.signup();
    expectRefused(
      await start(other.accessToken, SandboxPincallProvider.FAILING_NUMBER),
      503,
      'VERIFICATION_UNAVAILABLE',
      10,
    );
  });

  test('needs a logged-in guest', async () => {
    const response = await start(await t.anonymousToken(), freshNumber());
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<ErrorBody>().code, 'LOGIN_REQUIRED');
  });
});

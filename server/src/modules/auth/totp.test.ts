import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TOTP } from 'otpauth';
import type { AuthResponse, ErrorBody, TotpEnrolment } from '@velvet/contracts';
import { createTestApp, TEST_OPERATOR_PASSWORD, type TestApp } from '../../testing/app';
import { OPERATOR } from './operator';

let t: TestApp;
let now = Date.UTC(2026, 10, 24, 12, 0, 0);
before(async () => {
  t = await createTestApp();
  t.ctx.now = () => new Date(now);
});
after(() => t.close());

const login = (totp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/v1/auth/login',
    payload: { email: OPERATOR.email, password: TEST_OPERATOR_PASSWORD, ...(totp === undefined ? {} : { totp }) },
  });
const code = (secret: string, timestamp = now) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
const errorCode = (response: { json: <T>() => T }) => response.json<ErrorBody>().code;

test('an operator enrols a second factor; the login then needs its current code, once', async () => {
  const token = (await login()).json<AuthResponse>().accessToken;
  assert.deepEqual((await t.rest('GET', '/auth/totp', token)).json(), { enabled: false });

  const started = await t.rest('POST', '/auth/totp/start', token);
  assert.equal(started.statusCode, 200, started.body);
  const { secret, uri } = started.json<TotpEnrolment>();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.equal(
    uri,
    `otpauth://totp/Velvet:operator%40velvet.test?issuer=Velvet&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
  );
  // Not in force before it is confirmed.
  assert.equal((await login()).statusCode, 200);

  const wrong = await t.rest('POST', '/auth/totp/confirm', token, {
    code: '000000' === code(secret) ? '111111' : '000000',
  });
  assert.equal(wrong.statusCode, 400);
  assert.equal(errorCode(wrong), 'TOTP_INVALID');
  assert.deepEqual((await t.rest('GET', '/auth/totp', token)).json(), { enabled: false });
  const confirmed = await t.rest('POST', '/auth/totp/confirm', token, { code: code(secret) });
  assert.deepEqual(confirmed.json(), { enabled: true });
  assert.deepEqual((await t.rest('GET', '/auth/totp', token)).json(), { enabled: true });

  const without = await login();
  assert.equal(without.statusCode, 401);
  assert.equal(errorCode(without), 'TOTP_REQUIRED');
  const wrongCode = await login(code(secret, now + 10 * 60_000));
  assert.equal(wrongCode.statusCode, 401);
  assert.equal(errorCode(wrongCode), 'TOTP_INVALID');
  // The code used to confirm cannot log in: a code counts once.
  assert.equal(errorCode(await login(code(secret))), 'TOTP_INVALID');

  now += 30_000;
  const right = await login(code(secret));
  assert.equal(right.statusCode, 200, right.body);
  assert.equal(right.json<AuthResponse>().guest.email, OPERATOR.email);
  assert.equal(errorCode(await login(code(secret))), 'TOTP_INVALID');
  // One step of clock drift either way is accepted.
  now += 60_000;
  assert.equal((await login(code(secret, now - 30_000))).statusCode, 200);
});

test('wrong codes count as failed logins: the account then has to wait', async () => {
  // The first test left the operator with a second factor.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await login('123456')).statusCode);
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
  now += 10 * 60_000;
});

test('guests cannot enrol', async () => {
  const { accessToken } = await t.signup();
  for (const [method, url] of [
    ['GET', '/auth/totp'],
    ['POST', '/auth/totp/start'],
  ] as const) {
    const response = await t.rest(method, url, accessToken);
    assert.equal(response.statusCode, 403);
    assert.equal(errorCode(response), 'FORBIDDEN');
  }
  assert.equal(errorCode(await t.rest('GET', '/auth/totp', await t.anonymousToken())), 'LOGIN_REQUIRED');
});

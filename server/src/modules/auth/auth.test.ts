import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { guests } from './schema';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const expectError = (response: { statusCode: number; json: <T>() => T }, statusCode: number, code: string) => {
  assert.equal(response.statusCode, statusCode);
  const body = response.json<ErrorBody>();
  assert.equal(body.statusCode, statusCode);
  assert.equal(body.code, code);
  assert.ok(body.message.length > 0);
};

describe('anonymous', () => {
  test('gives a token of a visitor who is not logged in', async () => {
    const response = await post('/auth/anonymous');
    assert.equal(response.statusCode, 200);
    const { accessToken, guest } = response.json<AuthResponse>();
    assert.ok(accessToken.split('.').length === 3);
    assert.equal(guest.flags.loggedIn, false);
    assert.equal(guest.flags.anonymous, true);
    assert.equal(guest.email, null);
  });
});

describe('signup', () => {
  test('creates a guest with a lower-cased email and an argon2id hash with the OWASP parameters', async () => {
    const response = await post('/auth/signup', {
      email: 'Mia.Signup@Example.COM',
      password: 'long enough passphrase',
      name: 'MiaSignup',
    });
    assert.equal(response.statusCode, 200, response.body);
    const { guest } = response.json<AuthResponse>();
    assert.equal(guest.email, 'mia.signup@example.com');
    assert.equal(guest.name, 'MiaSignup');
    assert.equal(guest.flags.loggedIn, true);
    assert.deepEqual(guest.balance, { amount: 0, formatted: '0\u00a0VXC' });
    const [row] = await t.ctx.db.select().from(guests).where(eq(guests.id, guest.id));
    const [, algorithm, , parameters] = row!.passwordHash!.split('$');
    assert.equal(algorithm, 'argon2id');
    assert.deepEqual(Object.fromEntries(parameters!.split(',').map((p) => p.split('='))), {
      m: '19456',
      t: '2',
      p: '1',
    });
  });

  test('keeps the language of the call as the guest language', async () => {
    const response = await post('/auth/signup?language=de', {
      email: 'lang@example.com',
      password: 'long enough passphrase',
      name: 'Sprachig',
    });
    assert.equal(response.json<AuthResponse>().guest.language, 'de');
  });

  test('refuses an email against the spec rule', async () => {
    for (const email of ['no-at-sign', 'a@b', 'a@b.c', 'a b@c.de', '@example.com']) {
      expectError(
        await post('/auth/signup', { email, password: 'long enough passphrase', name: `N${email.length}x` }),
        400,
        'INVALID_EMAIL',
      );
    }
  });

  test('accepts a bracketed IP as domain', async () => {
    const response = await post('/auth/signup', {
      email: 'ip@[10.0.0.1]',
      password: 'long enough passphrase',
      name: 'IpGuest',
    });
    assert.equal(response.statusCode, 200, response.body);
  });

  test('refuses short and whitespace-only passwords with PASSWORD_TOO_SHORT', async () => {
    // 11 characters; 12 spaces; 8 spaces; 11 characters that are 22 UTF-16 units (counted as characters)
    for (const password of ['1234567', 'abcdefghijk', ' '.repeat(12), ' '.repeat(8), '😀'.repeat(11)]) {
      expectError(
        await post('/auth/signup', { email: 'short@example.com', password, name: 'Shorty' }),
        400,
        'PASSWORD_TOO_SHORT',
      );
    }
  });

  test('refuses breached passwords with PASSWORD_BREACHED, whatever their case', async () => {
    for (const password of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y', '123qweasdzxc']) {
      expectError(
        await post('/auth/signup', { email: 'breached@example.com', password, name: 'Breached' }),
        400,
        'PASSWORD_BREACHED',
      );
    }
    // 'password' and '12345678' are breached too, but refused first for their length.
    for (const password of ['password', '12345678']) {
      expectError(
        await post('/auth/signup', { email: 'breached@example.com', password, name: 'Breached' }),
        400,
        'PASSWORD_TOO_SHORT',
      );
    }
    const [row] = await t.ctx.db.select().from(guests).where(eq(guests.email, 'breached@example.com'));
    assert.equal(row, undefined);
  });

  test('accepts 12 characters of any kind and refuses more than 128', async () => {
    const twelve = await post('/auth/signup', {
      email: 'twelve@example.com',
      password: 'zq9 vv7 pp3!',
      name: 'Twelve',
    });
    assert.equal(twelve.statusCode, 200, twelve.body);
    const long = await post('/auth/signup', { email: 'long@example.com', password: 'x'.repeat(129), name: 'Longer' });
    expectError(long, 400, 'VALIDATION_FAILED');
    const longest = await post('/auth/signup', {
      email: 'longest@example.com',
      password: 'y'.repeat(128),
      name: 'Longest',
    });
    assert.equal(longest.statusCode, 200, longest.body);
  });

  test('refuses a taken email, whatever its case', async () => {
    await t.signup({ email: 'taken@example.com', name: 'FirstTaken' });
    expectError(
      await post('/auth/signup', {
        email: 'TAKEN@example.com',
        password: 'long enough passphrase',
        name: 'SecondTaken',
      }),
      409,
      'EMAIL_TAKEN',
    );
  });

  test('refuses a taken name, whatever its case', async () => {
    await t.signup({ name: 'Unique Name' });
    expectError(
      await post('/auth/signup', {
        email: 'other@example.com',
        password: 'long enough passphrase',
        name: 'unique name',
      }),
      409,
      'NAME_TAKEN',
    );
  });

  test('refuses missing fields, a short name and malformed JSON with 400', async () => {
    expectError(
      await post('/auth/signup', { email: 'x@example.com', password: 'long enough passphrase' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post('/auth/signup', { email: 'x@example.com', password: 'long enough passphrase', name: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await post('/auth/signup'), 400, 'VALIDATION_FAILED');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectError(malformed, 400, 'VALIDATION_FAILED');
  });
});

describe('login', () => {
  test('answers a token for the right password, with any case of the email', async () => {
    const { guest } = await t.signup({ email: 'login@example.com', password: 'my secret phrase 1' });
    const response = await post('/auth/login', { email: 'Login@Example.com', password: 'my secret phrase 1' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<AuthResponse>().guest.id, guest.id);
  });

  test('gives the same answer for a wrong password and an unknown email', async () => {
    await t.signup({ email: 'wrong@example.com', password: 'my secret phrase 1' });
    const wrongPassword = await post('/auth/login', { email: 'wrong@example.com', password: 'my secret phrase 2' });
    const unknownEmail = await post('/auth/login', { email: 'nobody@example.com', password: 'my secret phrase 1' });
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    expectError(unknownEmail, 401, 'INVALID_CREDENTIALS');
    assert.deepEqual(wrongPassword.json(), unknownEmail.json());
  });

  test('30 wrong passwords: 429 after the 5th, the right one refused while waiting, accepted after', async () => {
    const realClock = t.ctx.now;
    const start = Date.now();
    t.ctx.now = () => new Date(start);
    try {
      await t.signup({ email: 'victim@example.com', password: 'the right passphrase' });
      const attempt = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/rest/v1/auth/login',
          remoteAddress: '198.51.100.7',
          payload: { email: 'victim@example.com', password },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await attempt(`wrong guess ${i}`)).statusCode);
      assert.deepEqual(statuses, [...Array(5).fill(401), ...Array(25).fill(429)]);
      const locked = await attempt('the right passphrase');
      expectError(locked, 429, 'RATE_LIMITED');
      assert.equal(locked.headers['retry-after'], '30');

      // The wait is 30 s: just before it the right password is still refused, just after it gets in.
      t.ctx.now = () => new Date(start + 29_000);
      expectError(await attempt('the right passphrase'), 429, 'RATE_LIMITED');
      t.ctx.now = () => new Date(start + 30_000);
      assert.equal((await attempt('the right passphrase')).statusCode, 200);
      // A success forgets the account's failures: five wrong ones are again answered 401.
      for (let i = 0; i < 5; i++) expectError(await attempt(`again ${i}`), 401, 'INVALID_CREDENTIALS');
      // Each further failure doubles the wait: 6 failures -> 60 s.
      expectError(await attempt('the right passphrase'), 429, 'RATE_LIMITED');
      t.ctx.now = () => new Date(start + 60_000);
      expectError(await attempt('still wrong'), 401, 'INVALID_CREDENTIALS');
      const doubled = await attempt('the right passphrase');
      expectError(doubled, 429, 'RATE_LIMITED');
      assert.equal(doubled.headers['retry-after'], '60');
    } finally {
      t.ctx.now = realClock;
    }
  });

  test('20 failures from one address make every account wait there, other addresses not', async () => {
    const realClock = t.ctx.now;
    const start = Date.now();
    t.ctx.now = () => new Date(start);
    try {
      await t.signup({ email: 'bystander@example.com', password: 'bystander passphrase' });
      const attempt = (email: string, password: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/rest/v1/auth/login', remoteAddress, payload: { email, password } });
      // Four wrong passwords on each of five accounts: no account reaches its limit, the address does.
      for (let i = 0; i < 20; i++) {
        const response = await attempt(`spray-${i % 5}@example.com`, `guess ${i}`, '203.0.113.9');
        expectError(response, 401, 'INVALID_CREDENTIALS');
      }
      expectError(await attempt('bystander@example.com', 'bystander passphrase', '203.0.113.9'), 429, 'RATE_LIMITED');
      assert.equal((await attempt('bystander@example.com', 'bystander passphrase', '203.0.113.10')).statusCode, 200);
    } finally {
      t.ctx.now = realClock;
    }
  });

  test('an anonymous visitor cannot log in (no password)', async () => {
    expectError(await post('/auth/login', { email: '', password: '' }), 401, 'INVALID_CREDENTIALS');
  });
});

describe('me', () => {
  test('reads the token from the header or the accessToken query parameter', async () => {
    const { accessToken, guest } = await t.signup();
    const byHeader = await t.app.inject({
      url: '/rest/v1/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const byQuery = await t.app.inject({ url: `/rest/v1/auth/me?accessToken=${accessToken}` });
    assert.equal(byHeader.json<AuthResponse>().guest.id, guest.id);
    assert.equal(byQuery.json<AuthResponse>().guest.id, guest.id);
  });

  test('refuses no token, and an invalid one', async () => {
    expectError(await t.app.inject({ url: '/rest/v1/auth/me' }), 401, 'UNAUTHORIZED');
    expectError(
      await t.app.inject({ url: '/rest/v1/auth/me', headers: { authorization: 'Bearer not.a.token' } }),
      401,
      'TOKEN_INVALID',
    );
  });
});

describe('signup limit', () => {
  test('a sixth sign-up from one address within the hour is answered 429 RATE_LIMITED', async () => {
    const limited = await createTestApp({ config: { signupsPerAddressPerHour: 5 } });
    try {
      const signupFrom = (i: number, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/rest/v1/auth/signup',
          remoteAddress,
          payload: { email: `flood-${i}@example.com`, password: 'flooding passphrase', name: `Flood ${i}` },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await signupFrom(i, '192.0.2.1')).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = await signupFrom(99, '192.0.2.1');
      expectError(refused, 429, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await signupFrom(100, '192.0.2.2')).statusCode, 200);
      const [row] = await limited.ctx.db.select().from(guests).where(eq(guests.email, 'flood-7@example.com'));
      assert.equal(row, undefined);
    } finally {
      await limited.close();
    }
  });
});

describe('anonymous session limit', () => {
  test('one address opens a bounded number of anonymous sessions an hour; another address is not held up', async () => {
    const limited = await createTestApp({ config: { anonymousSessionsPerAddressPerHour: 3 } });
    try {
      const openFrom = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/rest/v1/auth/anonymous', remoteAddress });
      const before = (await limited.ctx.db.select({ id: guests.id }).from(guests)).length;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await openFrom('192.0.2.7')).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
      expectError(await openFrom('192.0.2.7'), 429, 'RATE_LIMITED');
      assert.equal((await openFrom('192.0.2.8')).statusCode, 200);
      const after = (await limited.ctx.db.select({ id: guests.id }).from(guests)).length;
      assert.equal(after - before, 4, 'a refused call makes no guest row');
    } finally {
      await limited.close();
    }
  });
});

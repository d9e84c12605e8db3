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
      password: 'long enough',
      name: 'MiaSignup',
    });
    assert.equal(response.statusCode, 200, response.body);
    const { guest } = response.json<AuthResponse>();
    assert.equal(guest.email, 'mia.signup@example.com');
    assert.equal(guest.name, 'MiaSignup');
    assert.equal(guest.flags.loggedIn, true);
    assert.deepEqual(guest.balance, { amount: 0, formatted: '0 VXC' });
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
      password: 'long enough',
      name: 'Sprachig',
    });
    assert.equal(response.json<AuthResponse>().guest.language, 'de');
  });

  test('refuses an email against the spec rule', async () => {
    for (const email of ['no-at-sign', 'a@b', 'a@b.c', 'a b@c.de', '@example.com']) {
      expectError(
        await post('/auth/signup', { email, password: 'long enough', name: `N${email.length}x` }),
        400,
        'INVALID_EMAIL',
      );
    }
  });

  test('accepts a bracketed IP as domain', async () => {
    const response = await post('/auth/signup', { email: 'ip@[10.0.0.1]', password: 'long enough', name: 'IpGuest' });
    assert.equal(response.statusCode, 200, response.body);
  });

  test('refuses a short password', async () => {
    expectError(
      await post('/auth/signup', { email: 'short@example.com', password: '1234567', name: 'Shorty' }),
      400,
      'PASSWORD_TOO_SHORT',
    );
  });

  test('refuses a taken email, whatever its case', async () => {
    await t.signup({ email: 'taken@example.com', name: 'FirstTaken' });
    expectError(
      await post('/auth/signup', { email: 'TAKEN@example.com', password: 'long enough', name: 'SecondTaken' }),
      409,
      'EMAIL_TAKEN',
    );
  });

  test('refuses a taken name, whatever its case', async () => {
    await t.signup({ name: 'Unique Name' });
    expectError(
      await post('/auth/signup', { email: 'other@example.com', password: 'long enough', name: 'unique name' }),
      409,
      'NAME_TAKEN',
    );
  });

  test('refuses missing fields, a short name and malformed JSON with 400', async () => {
    expectError(
      await post('/auth/signup', { email: 'x@example.com', password: 'long enough' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post('/auth/signup', { email: 'x@example.com', password: 'long enough', name: 'x' }),
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
    const { guest } = await t.signup({ email: 'login@example.com', password: 'my secret 1' });
    const response = await post('/auth/login', { email: 'Login@Example.com', password: 'my secret 1' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<AuthResponse>().guest.id, guest.id);
  });

  test('gives the same answer for a wrong password and an unknown email', async () => {
    await t.signup({ email: 'wrong@example.com', password: 'my secret 1' });
    const wrongPassword = await post('/auth/login', { email: 'wrong@example.com', password: 'my secret 2' });
    const unknownEmail = await post('/auth/login', { email: 'nobody@example.com', password: 'my secret 1' });
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    expectError(unknownEmail, 401, 'INVALID_CREDENTIALS');
    assert.deepEqual(wrongPassword.json(), unknownEmail.json());
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

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ErrorBody } from '@velvet/contracts';
import { createTestApp, TEST_OPERATOR_PASSWORD, type TestApp } from '../../testing/app';
import { ensureOperator, OPERATOR } from './operator';
import { guests } from './schema';

const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const login = (t: TestApp, password: string) =>
  t.app.inject({ method: 'POST', url: '/rest/v1/auth/login', payload: { email: OPERATOR.email, password } });

/** Runs the operator's start step again on the app's database with another OPERATOR_PASSWORD, as a restart does. */
async function restartWith(t: TestApp, operatorPassword: string | undefined): Promise<string> {
  let printed = '';
  await ensureOperator({ ...t.ctx, config: { ...t.config, operatorPassword } }, (text) => (printed += text));
  return printed;
}

test('a first start without OPERATOR_PASSWORD prints a random password once; no known password works', async () => {
  // What the start writes to stdout is kept (and still passed on).
  let console = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    console += String(chunk);
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
  const t = await createTestApp({ config: { operatorPassword: undefined } }).finally(() => {
    process.stdout.write = write;
  });
  try {
    const password = /Password \(shown only this once\): (\S+)/.exec(console)?.[1];
    assert.ok(password && password.length >= 24, console);
    assert.equal((await login(t, password)).statusCode, 200);
    // A later start on the same database prints nothing.
    assert.equal(await restartWith(t, undefined), '');
    const [row] = await t.ctx.db.select().from(guests).where(eq(guests.email, OPERATOR.email));
    assert.ok(row?.operator);
    assert.match(row.passwordHash!, /^\$argon2id\$/);
    for (const known of ['velvet-operator', TEST_OPERATOR_PASSWORD, 'operator', '']) {
      const response = await login(t, known);
      assert.equal(response.statusCode, 401, known);
      assert.equal(response.json<ErrorBody>().code, 'INVALID_CREDENTIALS');
    }
  } finally {
    await t.close();
  }
});

test('the printed password is random, shown in full, and logs in; it is never shown again', async () => {
  const t = await createTestApp();
  try {
    // A database without the operator, as on a first start.
    await t.ctx.db.delete(guests).where(eq(guests.email, OPERATOR.email));
    const first = await restartWith(t, undefined);
    const password = /Password \(shown only this once\): (\S+)/.exec(first)?.[1];
    assert.ok(password && password.length >= 24, first);
    assert.match(first, /operator@velvet\.test/);
    assert.equal((await login(t, password)).statusCode, 200);
    // A later start keeps it and prints nothing.
    assert.equal(await restartWith(t, undefined), '');
    assert.equal((await login(t, password)).statusCode, 200);
    // Another first start makes another password.
    await t.ctx.db.delete(guests).where(eq(guests.email, OPERATOR.email));
    const second = /Password \(shown only this once\): (\S+)/.exec(await restartWith(t, undefined))?.[1];
    assert.ok(second && second !== password);
  } finally {
    await t.close();
  }
});

test('OPERATOR_PASSWORD is the password of the first start; a later start with another one sets it', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-operator-'));
  dirs.push(dataDir);
  const t = await createTestApp({ dataDir });
  try {
    assert.equal((await login(t, TEST_OPERATOR_PASSWORD)).statusCode, 200);
    const session = (await login(t, TEST_OPERATOR_PASSWORD)).json<{ accessToken: string }>().accessToken;
    assert.equal(await restartWith(t, 'a brand new operator phrase'), '');
    assert.equal((await login(t, TEST_OPERATOR_PASSWORD)).statusCode, 401);
    assert.equal((await login(t, 'a brand new operator phrase')).statusCode, 200);
    // Setting it ends the sessions of the old password.
    const me = await t.app.inject({ url: '/rest/v1/auth/me', headers: { authorization: `Bearer ${session}` } });
    assert.equal(me.json<ErrorBody>().code, 'TOKEN_INVALID');
    // Without OPERATOR_PASSWORD a restart leaves it alone.
    await restartWith(t, undefined);
    assert.equal((await login(t, 'a brand new operator phrase')).statusCode, 200);
  } finally {
    await t.close();
  }
});

test('an OPERATOR_PASSWORD against the password policy stops the start', async () => {
  const t = await createTestApp();
  try {
    await assert.rejects(restartWith(t, 'qwerty123456'), /OPERATOR_PASSWORD is refused: .*breaches/);
    await assert.rejects(restartWith(t, ' '.repeat(12)), /OPERATOR_PASSWORD is refused/);
  } finally {
    await t.close();
  }
});

import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { DrizzleQueryError } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/app';

const lines: string[] = [];
let t: TestApp;
before(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream: { write: (line: string) => lines.push(line) } });
});
after(() => t.close());

const logged = () => lines.join('');

describe('request logging an operator can keep', () => {
  test('answered requests write nothing at info', async () => {
    lines.length = 0;
    for (let i = 0; i < 100; i++) {
      assert.equal((await t.app.inject({ url: '/rest/v1/alive' })).statusCode, 200);
      assert.equal((await t.app.inject({ url: '/rest/v1/no-such-route' })).statusCode, 404);
    }
    console.log(`log volume for 200 requests at info: ${logged().length} bytes`);
    assert.equal(logged(), '');
  });

  test('a login with a NUL in its e-mail writes neither the e-mail nor the password', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login?accessToken=secret-token-in-url',
      headers: { authorization: 'Bearer secret-bearer' },
      payload: { email: 'victim\u0000@example.com', password: 'hunter2 hunter2' },
    });
    assert.ok(response.statusCode >= 400, response.body);
    for (const secret of ['victim', 'hunter2', 'secret-token-in-url', 'secret-bearer']) {
      assert.ok(!logged().includes(secret), `${secret} in ${logged()}`);
    }
  });

  test('a failed query is logged with its SQL, never its parameters, the driver detail or the values it quotes', () => {
    lines.length = 0;
    const driver = Object.assign(new Error('invalid input syntax for type integer: "victim@example.com"'), {
      code: '22P02',
      detail: 'Key (email)=(victim@example.com) already exists.',
    });
    const error = new DrizzleQueryError('select * from guests where email = $1', ['victim@example.com'], driver);
    t.app.log.error({ err: error, body: { email: 'victim@example.com', password: 'hunter2' } }, 'request failed');
    const [line] = lines.map((text) => JSON.parse(text) as { err: { message: string; cause: { code: string } } });
    assert.ok(line);
    assert.equal(line.err.message, 'Failed query: select * from guests where email = $1');
    assert.equal(line.err.cause.code, '22P02');
    assert.ok(!logged().includes('victim'), logged());
    assert.ok(!logged().includes('hunter2'), logged());
  });

  test('a server error is logged with its status, and the error once', async () => {
    lines.length = 0;
    const down = mock.method(t.ctx.db, 'select', () => {
      throw new Error('the database is down');
    });
    try {
      assert.equal((await t.app.inject({ url: '/rest/v1/actors/list/cams' })).statusCode, 500);
    } finally {
      down.mock.restore();
    }
    const logs = lines.map((text) => JSON.parse(text) as { msg: string; status?: number; err?: { message: string } });
    assert.deepEqual(
      logs.map((line) => [line.msg, line.status ?? line.err?.message]),
      [
        ['request failed', 'the database is down'],
        ['answered with a server error', 500],
      ],
    );
  });

  test('a refused structured query writes nothing at info; a resolver failing is an error', async () => {
    lines.length = 0;
    const aliases = `{ ${Array.from({ length: 11 }, (_, index) => `a${index}: version`).join(' ')} }`;
    for (const query of [aliases, '{ noSuchField }', 'not a query']) {
      const response = await t.app.inject({ method: 'POST', url: '/feed/graphql', payload: { query } });
      assert.ok(response.statusCode < 500, response.body);
    }
    assert.equal(logged(), '');
    const down = mock.method(t.ctx.db, 'select', () => {
      throw new Error('the database is down');
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/feed/graphql',
        payload: { query: '{ feed(first: 5) { totalCount } }' },
      });
      assert.ok(response.json<{ errors?: unknown[] }>().errors?.length, response.body);
    } finally {
      down.mock.restore();
    }
    const logs = lines.map((text) => JSON.parse(text) as { level: number; msg: string; err?: { message: string } });
    assert.deepEqual(
      logs.map((line) => [line.level, line.msg, line.err?.message]),
      [[50, 'structured query failed', 'the database is down']],
    );
  });
});

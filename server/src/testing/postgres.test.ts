import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPostgres } from './postgres';

/** A machine without PostgreSQL: an install folder with no major version in it. */
let empty: string;
before(async () => {
  empty = await mkdtemp(path.join(tmpdir(), 'velvet-no-postgres-'));
});
after(() => rm(empty, { recursive: true, force: true }));

describe('the throw-away PostgreSQL of the tests, when PostgreSQL is not installed', () => {
  for (const CI of ['true', '1', 'yes']) {
    it(`fails the suite in CI (CI=${CI}): a skipped suite would pass there unseen`, async () => {
      await assert.rejects(startPostgres({ installRoot: empty, env: { CI } }), /no PostgreSQL in .*apt-get install/);
    });
  }

  for (const CI of [undefined, '', '0', 'false']) {
    it(`answers null with a warning outside CI (CI=${String(CI)}), so the suite skips`, async (t) => {
      const warn = t.mock.method(console, 'warn', () => {});
      assert.equal(await startPostgres({ installRoot: empty, env: CI === undefined ? {} : { CI } }), null);
      assert.equal(warn.mock.callCount(), 1);
      assert.match(String(warn.mock.calls[0]!.arguments[0]), /^PostgreSQL tests skipped: no PostgreSQL in /);
    });
  }
});

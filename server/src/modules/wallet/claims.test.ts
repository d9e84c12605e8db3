import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { releaseDeadClaims } from './idempotency';
import { walletIdempotencyKeys } from './schema';

const postgres = await startPostgres();
after(() => postgres?.stop());

test(
  'a process joining running ones releases only the claims of processes that are gone',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  async () => {
    const databaseUrl = await postgres!.createDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-claims-'));
    const apps: TestApp[] = [];
    try {
      const first = await createTestApp({ dataDir, config: { databaseUrl } });
      apps.push(first);
      const claim = (claimedBy: string | null) => ({
        scope: `payment.sandbox.charge:${randomUUID()}`,
        key: randomUUID(),
        requestHash: 'hash',
        claimedBy,
      });
      // A request of the first process still runs; a process killed meanwhile left one; an old row names none.
      const running = claim(first.ctx.leases.processId);
      const left = [claim('123'), claim(null)];
      await first.ctx.db.insert(walletIdempotencyKeys).values([running, ...left]);
      // Read through the newest process: the first closes its connections below.
      const keys = () =>
        apps
          .at(-1)!
          .ctx.db.select({ key: walletIdempotencyKeys.key })
          .from(walletIdempotencyKeys)
          .where(inArray(walletIdempotencyKeys.key, [running.key, ...left.map((row) => row.key)]))
          .then((rows) => rows.map((row) => row.key));

      // The second process starts beside the first (its wallet releases claims as it prepares).
      const second = await createTestApp({ dataDir, config: { databaseUrl } });
      apps.push(second);
      assert.equal(second.ctx.leases.startedAlone, false);
      assert.notEqual(second.ctx.leases.processId, first.ctx.leases.processId);
      assert.deepEqual(
        (await second.ctx.leases.running()).sort(),
        [first.ctx.leases.processId, second.ctx.leases.processId].sort(),
      );
      assert.deepEqual(await keys(), [running.key], "the running process's claim stays, the others' go");

      // Once the first has stopped, its claims are released too.
      await first.close();
      apps.shift();
      assert.equal(await releaseDeadClaims(second.ctx), 1);
      assert.deepEqual(await keys(), []);
    } finally {
      for (const app of apps) await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);

import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import pino from 'pino';
import pg from 'pg';
import { startPostgres } from '../testing/postgres';
import { LEASE_NAMESPACE, LEASE_RETRY_MS, leaseKey, openLeases, type Leases } from './leases';

const log = pino({ level: 'silent' });

/** The backends holding a lease's advisory lock. */
async function holders(client: pg.Client, name: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_locks where locktype = 'advisory' and granted and classid = $1 and objid = $2 and objsubid = 2",
    [LEASE_NAMESPACE, leaseKey(name) >>> 0],
  );
  return rows.map((row) => row.pid);
}

/** Resolves once `condition` holds, checking every 20 ms; fails after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A job counting its runs, and the leases' holder. */
function counted(leases: Leases, name: string, intervalMs = 50) {
  const job = { runs: 0, stop: () => {} };
  job.stop = leases.repeat(name, intervalMs, async () => {
    job.runs++;
  });
  return job;
}

describe('leases on PGlite (one process)', () => {
  test('every lease is held at once and runs at once, then every interval, never overlapping', async () => {
    const leases = openLeases(undefined, log);
    assert.equal(leases.startedAlone, true);
    let running = 0;
    let overlapped = false;
    let runs = 0;
    let finish: () => void = () => {};
    const stop = leases.repeat('slow', 10, async () => {
      runs++;
      overlapped ||= running > 0;
      running++;
      await new Promise<void>((resolve) => (finish = resolve));
      running--;
    });
    assert.equal(runs, 1, 'the first run starts at once');
    assert.deepEqual(leases.held(), ['slow']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(runs, 1, 'no second run while the first is going');
    finish();
    await until(() => runs === 2, 'the next run');
    finish();
    stop();
    assert.deepEqual(leases.held(), []);
    assert.equal(overlapped, false);
    await leases.close();
  });
});

const postgres = await startPostgres();
after(() => postgres?.stop());

describe(
  'leases on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () => {
    // First in its file: Node warns of a deprecation once per process.
    test('queries on the lease connection never overlap: jobs stopped together unlock one after another', async () => {
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const url = await postgres!.createDatabase();
      const leases = openLeases(url, log);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await leases.join(async () => {});
        const jobs = Array.from({ length: 10 }, (_, i) => counted(leases, `job ${i}`));
        await until(() => leases.held().length === jobs.length, 'every lease is held');
        for (const job of jobs) job.stop();
        // Answered after the unlocks queued before it.
        await leases.running();
        for (let i = 0; i < jobs.length; i++) assert.deepEqual(await holders(admin, `job ${i}`), []);
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
        assert.deepEqual(
          warnings.filter((warning) => warning.includes('already executing a query')),
          [],
        );
      } finally {
        process.off('warning', onWarning);
        await admin.end();
        await leases.close();
      }
    });

    test('every process holds an id of its own while it runs; the list of those running drops one that stopped', async () => {
      const url = await postgres!.createDatabase();
      const [first, second] = [openLeases(url, log), openLeases(url, log)] as const;
      try {
        await Promise.all([first.join(async () => {}), second.join(async () => {})]);
        assert.notEqual(first.processId, second.processId);
        assert.deepEqual((await first.running()).sort(), [first.processId, second.processId].sort());
        await second.close();
        assert.deepEqual(await first.running(), [first.processId]);
      } finally {
        await first.close();
        await second.close();
      }
    });

    test('of two holders one wins; the other takes over within 5 s when its connection dies', async (c) => {
      const url = await postgres!.createDatabase();
      const first = openLeases(url, log);
      const second = openLeases(url, log);
      try {
        await first.join(async () => {});
        await second.join(async () => {});
        assert.equal(first.startedAlone, true, 'the first process starts alone');
        assert.equal(second.startedAlone, false, 'the second joins a running one');

        const a = counted(first, 'billing');
        await until(() => a.runs > 0, 'the first holder runs the job');
        const b = counted(second, 'billing');
        // The second asks every LEASE_RETRY_MS: after three rounds it still has not run once.
        await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_RETRY_MS));
        assert.equal(b.runs, 0, 'only one holder runs the job');
        assert.deepEqual(second.held(), []);
        assert.deepEqual(first.held(), ['billing']);

        // The holder's connection dies (as with kill -9 of its process): PostgreSQL ends its session.
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          const [holder, ...others] = await holders(admin, 'billing');
          assert.equal(others.length, 0, 'one session holds the lease');
          const diedAt = performance.now();
          await admin.query('select pg_terminate_backend($1)', [holder]);
          await until(() => first.held().length === 0, 'the first holder stops the work of a lease it lost');
          const stoppedAt = a.runs;
          // The first process is gone for good; the second takes over within 5 s.
          await first.close();
          await until(() => b.runs > 0, 'the second runs the job', 5000);
          const takeover = performance.now() - diedAt;
          assert.ok(takeover < 5000, `the job runs again within 5 s (${Math.round(takeover)} ms)`);
          c.diagnostic(`the lease moved ${Math.round(takeover)} ms after its holder's connection died`);
          assert.equal(a.runs, stoppedAt, 'the first ran nothing after it lost the lease');
          const [next] = await holders(admin, 'billing');
          assert.ok(next !== undefined && next !== holder);
        } finally {
          await admin.end();
        }
        a.stop();
        b.stop();
      } finally {
        await first.close();
        await second.close();
      }
    });

    test('a stopped job and a closed holder hand the lease over; of two starting together one starts alone', async () => {
      const url = await postgres!.createDatabase();
      const first = openLeases(url, log);
      const second = openLeases(url, log);
      try {
        await Promise.all([first.join(async () => {}), second.join(async () => {})]);
        assert.equal(
          [first.startedAlone, second.startedAlone].filter(Boolean).length,
          1,
          'of two processes starting together, one starts alone',
        );
        const a = counted(first, 'renewals');
        await until(() => first.held().length === 1, 'the first holds the lease');
        const b = counted(second, 'renewals');
        const stoppedAt = performance.now();
        a.stop();
        await until(() => b.runs > 0, 'the second runs the job after the first stopped it', 5000);
        assert.ok(performance.now() - stoppedAt < 5000);

        // The holder closes (a process ending): the first takes the lease back.
        const c = counted(first, 'renewals');
        await second.close();
        await until(() => c.runs > 0, 'the first runs the job again after the holder ended', 5000);
        c.stop();
        // A process starting now finds one running: it is no cold start.
        const third = openLeases(url, log);
        await third.join(async () => {});
        assert.equal(third.startedAlone, false);
        await third.close();
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { FailureThrottle, MemoryThrottleStore, RedisThrottleStore, type ThrottleStore } from './throttle';

const rule = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 5000, windowMs: 60_000 };
/** A port of this test's own (the cluster tests take 18730 to 18737). */
const REDIS_PORT = 18738;
const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());
const skipRedis = !inCi && !existsSync('/usr/bin/redis-server') ? 'redis-server not installed' : false;

/** The same rules, whichever store counts: one process's memory, or Redis shared by several. */
function behaves(name: string, open: () => ThrottleStore, options: { skip?: string | false } = {}) {
  describe(name, options, () => {
    let round = 0;
    /** A throttle of its own per test: Redis keeps what earlier tests counted. */
    const throttle = (overrides: Partial<typeof rule> = {}) =>
      new FailureThrottle(`test-${name}-${round++}`, { ...rule, ...overrides });

    test('waits after the free failures, doubling per further failure up to the cap; a wait counts nothing', async () => {
      const store = open();
      const key = throttle().key('k');
      let now = 0;
      const waits: number[] = [];
      for (let i = 0; i < 12; i++) {
        const wait = await store.attempt([key], now);
        waits.push(wait);
        now += wait;
      }
      assert.deepEqual(waits, [0, 0, 0, 1000, 0, 2000, 0, 4000, 0, 5000, 0, 5000]);
    });

    test('several keys wait together: none waiting counts all, one waiting counts none', async () => {
      const store = open();
      const strict = throttle({ freeFailures: 1 }).key('account');
      const loose = throttle().key('address');
      assert.equal(await store.attempt([strict, loose], 0), 0);
      assert.equal(await store.attempt([strict, loose], 0), 1000, 'the strict key waits');
      // The loose key was counted once only: two more free failures of its own.
      assert.equal(await store.attempt([loose], 0), 0);
      assert.equal(await store.attempt([loose], 0), 0);
      assert.equal(await store.attempt([loose], 0), 1000);
    });

    test('an undone failure lifts the wait it caused; reset forgets the key; other keys are apart', async () => {
      const store = open();
      const kind = throttle();
      for (let i = 0; i < 3; i++) await store.attempt([kind.key('k')], 0);
      assert.equal(await store.attempt([kind.key('k')], 0), 1000);
      assert.equal(await store.attempt([kind.key('other')], 0), 0);
      await store.undo([kind.key('k')]);
      assert.equal(await store.attempt([kind.key('k')], 0), 0, 'counted again: three failures');
      await store.reset([kind.key('k')]);
      await store.attempt([kind.key('k')], 0);
      assert.equal(await store.attempt([kind.key('k')], 0), 0);
    });

    test('failures older than the window are forgotten, but not while a wait runs', async () => {
      const store = open();
      const key = throttle({ maxDelayMs: 120_000, firstDelayMs: 120_000 }).key('k');
      for (let i = 0; i < 3; i++) await store.attempt([key], 0);
      // Past the window, still waiting.
      assert.equal(await store.attempt([key], 61_000), 59_000);
      // Wait over and the window passed: a fresh start, two free failures before the next wait.
      assert.equal(await store.attempt([key], 120_000), 0);
      assert.equal(await store.attempt([key], 120_000), 0);
      assert.equal(await store.attempt([key], 120_000), 0);
      assert.equal(await store.attempt([key], 120_000), 120_000);
    });

    test('parallel attempts are each counted before any is answered', async () => {
      const store = open();
      const key = throttle().key('k');
      const waits = await Promise.all(Array.from({ length: 10 }, () => store.attempt([key], 0)));
      assert.deepEqual(
        waits.filter((wait) => wait === 0).length,
        3,
        'three free failures, then every other attempt waits',
      );
    });
  });
}

behaves('the throttle of one process', () => new MemoryThrottleStore());

describe('on Redis', { skip: skipRedis }, () => {
  let server: ReturnType<typeof spawn>;
  const connections: Redis[] = [];
  before(() => {
    server = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
  });
  after(() => {
    for (const connection of connections) connection.disconnect();
    server.kill('SIGTERM');
  });
  // Two connections, as two processes: each attempt goes through the next one.
  let turn = 0;
  const stores = () => {
    if (connections.length === 0)
      connections.push(new Redis(`redis://127.0.0.1:${REDIS_PORT}`), new Redis(`redis://127.0.0.1:${REDIS_PORT}`));
    return connections.map((connection) => new RedisThrottleStore(connection));
  };
  behaves('the throttle shared by processes', () => {
    const [first, second] = stores();
    const pick = () => (turn++ % 2 ? first! : second!);
    return {
      attempt: (keys, now) => pick().attempt(keys, now),
      undo: (keys) => pick().undo(keys),
      reset: (keys) => pick().reset(keys),
    };
  });
});

test('many keys: forgotten ones are swept out as new ones come', async () => {
  const store = new MemoryThrottleStore();
  const kind = new FailureThrottle('sweep', rule);
  for (let i = 0; i < 25_000; i++) await store.attempt([kind.key(`old-${i}`)], 0);
  // An hour later every old key is forgotten; adding new ones sweeps them out.
  for (let i = 0; i < 20_000; i++) await store.attempt([kind.key(`new-${i}`)], 3_600_000);
  const size = (store as unknown as { entries: Map<string, unknown> }).entries.size;
  assert.ok(size <= 20_000, `kept ${size} keys`);
});

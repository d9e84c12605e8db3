import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import { registryEndpoints } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { LocalBus, RedisBus } from './bus';
import { Processes } from './processes';

const log = pino({ level: 'silent' });
/** A port of this test's own (the cluster test takes 18730 to 18735). */
const REDIS_PORT = 18736;
const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());
const skipRedis = !inCi && !existsSync('/usr/bin/redis-server') ? 'redis-server not installed' : false;

describe('the bus of one process alone', () => {
  test('runs the handlers of a topic at once, in order, and one failing handler stops neither the others nor the sender', () => {
    const bus = new LocalBus('solo', log);
    const seen: string[] = [];
    bus.subscribe<string>('a', () => {
      throw new Error('broken handler');
    });
    bus.subscribe<string>('a', (payload) => seen.push(payload));
    bus.subscribe<string>('b', (payload) => seen.push(`b:${payload}`));
    bus.publish('a', 'one');
    bus.publish('b', 'two');
    bus.publish('a', 'three');
    assert.deepEqual(seen, ['one', 'b:two', 'three']);
  });
});

describe('the bus between processes on Redis', { skip: skipRedis }, () => {
  const url = `redis://127.0.0.1:${REDIS_PORT}`;
  let redis: ReturnType<typeof spawn>;
  const buses: RedisBus[] = [];
  before(async () => {
    redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    // ioredis queues the commands of connect until Redis listens.
    for (const name of ['p1', 'p2']) buses.push(await RedisBus.connect(name, url, log));
  });
  after(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    redis.kill('SIGTERM');
  });

  test("another process gets one process's messages once each and in order; the sender runs its own at once", async () => {
    const [p1, p2] = buses as [RedisBus, RedisBus];
    const atP1: number[] = [];
    const atP2: number[] = [];
    p1.subscribe<number>('count', (n) => atP1.push(n));
    const all = new Promise<void>((resolve) =>
      p2.subscribe<number>('count', (n) => {
        atP2.push(n);
        if (atP2.length === 200) resolve();
      }),
    );
    for (let n = 0; n < 200; n++) p1.publish('count', n);
    assert.equal(atP1.length, 200, 'the sender ran its handlers synchronously');
    await all;
    const expected = Array.from({ length: 200 }, (_, n) => n);
    assert.deepEqual(atP2, expected);
    // A marker sent after them arrives after them: p1 did not get its own messages a second time.
    await new Promise<void>((resolve) => {
      p1.subscribe('marker', () => resolve());
      p2.publish('marker', null);
    });
    assert.deepEqual(atP1, expected);
  });

  test('the processes list every heartbeat, a process without one for a while as silent', async () => {
    const [p1, p2] = buses as [RedisBus, RedisBus];
    let now = 1_000_000;
    const first = new Processes(
      p1,
      () => ({ sockets: 4, draining: false }),
      () => now,
      now,
    );
    const second = new Processes(
      p2,
      () => ({ sockets: 0, draining: true }),
      () => now,
      now,
    );
    await Promise.all([first.beat(), second.beat()]);
    assert.deepEqual(
      (await first.list()).map(({ instance, sockets, state }) => ({ instance, sockets, state })),
      [
        { instance: 'p1', sockets: 4, state: 'ok' },
        { instance: 'p2', sockets: 0, state: 'draining' },
      ],
    );
    now += 10_000;
    await first.beat();
    assert.deepEqual(
      (await second.list()).map(({ instance, state }) => ({ instance, state })),
      [
        { instance: 'p1', state: 'ok' },
        { instance: 'p2', state: 'silent' },
      ],
    );
    await second.stop();
    assert.deepEqual(
      (await first.list()).map(({ instance }) => instance),
      ['p1'],
      'a process that stops takes itself off the list',
    );
    await first.stop();
  });
});

describe('the server processes in the operator registry', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t?.close());

  test('a process alone lists itself as healthy for operators; others are refused', async () => {
    const answer = await t.rest('GET', registryEndpoints.processes.path, await t.operatorToken());
    assert.equal(answer.statusCode, 200, answer.body);
    const { items } = answer.json<{ items: Array<{ instance: string; state: string; sockets: number }> }>();
    assert.deepEqual(
      items.map(({ instance, state, sockets }) => ({ instance, state, sockets })),
      [{ instance: t.config.instanceName, state: 'ok', sockets: 0 }],
    );
    const { accessToken } = await t.signup();
    assert.equal((await t.rest('GET', registryEndpoints.processes.path, accessToken)).statusCode, 403);
    assert.equal((await t.rest('GET', registryEndpoints.processes.path)).statusCode, 401);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pino } from 'pino';
import type { Database } from '../db/database';
import { LocalBus } from './bus';
import { GuestMemory } from './guest-memory';

/** The database's identity is all the memory reads of it (it keeps answers per database); the clock stands still. */
const reader = { db: {} as Database, now: () => new Date(0) };

/** A computation that answers `value` once `finish` is called, counting how often it started. */
function gated(value: string) {
  let finish = () => {};
  const started = { count: 0 };
  const compute = () => {
    started.count++;
    return new Promise<string>((resolve) => (finish = () => resolve(value)));
  };
  return { compute, started, finish: () => finish() };
}

test('reads arriving while an answer is computed share it, and the answer is kept', async () => {
  const memory = new GuestMemory<string>('test-shared', 60_000);
  const first = gated('page 1');
  const reads = [1, 2, 3].map(() => memory.read(reader, 'guest-a', 'page', first.compute));
  first.finish();
  assert.deepEqual(await Promise.all(reads), ['page 1', 'page 1', 'page 1']);
  assert.equal(first.started.count, 1);
  assert.equal(await memory.read(reader, 'guest-a', 'page', gated('never').compute), 'page 1');
});

test('a read after the guest is forgotten never waits for a computation that started before', async () => {
  const memory = new GuestMemory<string>('test-forget', 60_000);
  const bus = new LocalBus('test', pino({ level: 'silent' }));
  memory.share(bus);
  const before = gated('before the change');
  const early = memory.read(reader, 'guest-b', 'page', before.compute);
  memory.forget('guest-b');
  const after = gated('after the change');
  const late = memory.read(reader, 'guest-b', 'page', after.compute);
  after.finish();
  before.finish();
  assert.equal(await early, 'before the change');
  assert.equal(await late, 'after the change');
  // The one that overlapped the forgetting is not kept; the one after it is.
  assert.equal(await memory.read(reader, 'guest-b', 'page', gated('never').compute), 'after the change');
  // Another process's announcement forgets too.
  bus.publish('test-forget', 'guest-b');
  const announced = gated('announced');
  const read = memory.read(reader, 'guest-b', 'page', announced.compute);
  announced.finish();
  assert.equal(await read, 'announced');
});

test("forgetting one guest does not stop another's answer computed meanwhile from being kept", async () => {
  const memory = new GuestMemory<string>('test-other', 60_000);
  const hers = gated('her page');
  const read = memory.read(reader, 'guest-c', 'page', hers.compute);
  memory.forget('guest-d');
  hers.finish();
  assert.equal(await read, 'her page');
  assert.equal(await memory.read(reader, 'guest-c', 'page', async () => 'computed again'), 'her page');
});

test("an answer runs out by the server's clock, and the answers that ran out are let go", async () => {
  const memory = new GuestMemory<string>('test-clock', 1_000);
  let at = 0;
  const clocked = { db: reader.db, now: () => new Date(at) };
  assert.equal(await memory.read(clocked, 'guest-e', 'page 1', async () => 'first'), 'first');
  at = 999;
  assert.equal(await memory.read(clocked, 'guest-e', 'page 1', async () => 'computed again'), 'first');
  at = 1_000;
  assert.equal(await memory.read(clocked, 'guest-e', 'page 1', async () => 'second'), 'second');
  at = 2_500;
  assert.equal(await memory.read(clocked, 'guest-e', 'page 2', async () => 'other page'), 'other page');
  at = 2_400;
  // Kept until 2,000, it was let go when page 2 was kept at 2,500: turning the clock back does not bring it back.
  assert.equal(await memory.read(clocked, 'guest-e', 'page 1', async () => 'third'), 'third');
});

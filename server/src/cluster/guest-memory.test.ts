import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pino } from 'pino';
import type { Database } from '../db/database';
import { LocalBus } from './bus';
import { GuestMemory } from './guest-memory';

/** Only its identity matters here: the memory keeps answers per database. */
const db = {} as Database;

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
  const reads = [1, 2, 3].map(() => memory.read(db, 'guest-a', 'page', first.compute));
  first.finish();
  assert.deepEqual(await Promise.all(reads), ['page 1', 'page 1', 'page 1']);
  assert.equal(first.started.count, 1);
  assert.equal(await memory.read(db, 'guest-a', 'page', gated('never').compute), 'page 1');
});

test('a read after the guest is forgotten never waits for a computation that started before', async () => {
  const memory = new GuestMemory<string>('test-forget', 60_000);
  const bus = new LocalBus('test', pino({ level: 'silent' }));
  memory.share(bus);
  const before = gated('before the change');
  const early = memory.read(db, 'guest-b', 'page', before.compute);
  memory.forget('guest-b');
  const after = gated('after the change');
  const late = memory.read(db, 'guest-b', 'page', after.compute);
  after.finish();
  before.finish();
  assert.equal(await early, 'before the change');
  assert.equal(await late, 'after the change');
  // The one that overlapped the forgetting is not kept; the one after it is.
  assert.equal(await memory.read(db, 'guest-b', 'page', gated('never').compute), 'after the change');
  // Another process's announcement forgets too.
  bus.publish('test-forget', 'guest-b');
  const announced = gated('announced');
  const read = memory.read(db, 'guest-b', 'page', announced.compute);
  announced.finish();
  assert.equal(await read, 'announced');
});

test("forgetting one guest does not stop another's answer computed meanwhile from being kept", async () => {
  const memory = new GuestMemory<string>('test-other', 60_000);
  const hers = gated('her page');
  const read = memory.read(db, 'guest-c', 'page', hers.compute);
  memory.forget('guest-d');
  hers.finish();
  assert.equal(await read, 'her page');
  assert.equal(await memory.read(db, 'guest-c', 'page', async () => 'computed again'), 'her page');
});

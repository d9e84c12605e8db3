import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FailureThrottle } from './throttle';

const rule = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 5000, windowMs: 60_000 };

test('waits after the free failures, doubling per further failure up to the cap', () => {
  const throttle = new FailureThrottle(rule);
  let now = 0;
  const waits: number[] = [];
  for (let i = 0; i < 7; i++) {
    now += throttle.waitMs('k', now);
    throttle.fail('k', now);
    waits.push(throttle.waitMs('k', now));
  }
  assert.deepEqual(waits, [0, 0, 1000, 2000, 4000, 5000, 5000]);
});

test('an undone failure lifts the wait it caused; reset forgets the key; other keys are apart', () => {
  const throttle = new FailureThrottle(rule);
  for (let i = 0; i < 3; i++) throttle.fail('k', 0);
  assert.equal(throttle.waitMs('k', 0), 1000);
  assert.equal(throttle.waitMs('other', 0), 0);
  throttle.undo('k');
  assert.equal(throttle.waitMs('k', 0), 0);
  throttle.fail('k', 0);
  throttle.reset('k');
  throttle.fail('k', 0);
  assert.equal(throttle.waitMs('k', 0), 0);
});

test('failures older than the window are forgotten, but not while a wait runs', () => {
  const throttle = new FailureThrottle({ ...rule, maxDelayMs: 120_000, firstDelayMs: 120_000 });
  for (let i = 0; i < 3; i++) throttle.fail('k', 0);
  // Past the window, still waiting.
  assert.equal(throttle.waitMs('k', 61_000), 59_000);
  // Wait over and the window passed: a fresh start, two free failures before the next wait.
  throttle.fail('k', 120_000);
  throttle.fail('k', 120_000);
  assert.equal(throttle.waitMs('k', 120_000), 0);
});

test('many keys: forgotten ones are swept out as new ones come', () => {
  const throttle = new FailureThrottle(rule);
  for (let i = 0; i < 25_000; i++) throttle.fail(`old-${i}`, 0);
  // An hour later every old key is forgotten; adding new ones sweeps them out.
  for (let i = 0; i < 20_000; i++) throttle.fail(`new-${i}`, 3_600_000);
  const size = (throttle as unknown as { entries: Map<string, unknown> }).entries.size;
  assert.ok(size <= 20_000, `kept ${size} keys`);
});

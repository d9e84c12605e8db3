import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sharedLoads } from '.';

describe('the loads shared between renders', () => {
  test('each answer is loaded once for every render in the ttl, those asking meanwhile wait for that load', async () => {
    let now = 1_000_000;
    const shared = sharedLoads(2_000, () => now);
    let calls = 0;
    let release: (value: string) => void = () => undefined;
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = shared.load('k', load);
    const second = shared.load('k', load);
    assert.equal(shared.kept('k'), undefined, 'nothing kept while it loads');
    release('answer');
    assert.deepEqual(await Promise.all([first, second]), ['answer', 'answer']);
    assert.equal(calls, 1);
    assert.deepEqual(shared.kept('k'), { value: 'answer', at: 1_000_000 });
    now += 1_999;
    assert.equal(await shared.load('k', load), 'answer');
    assert.equal(calls, 1);
    now += 2;
    // Past its time it still goes out at once, while one reload runs; the next render gets the reloaded answer.
    assert.deepEqual(shared.kept('k'), { value: 'answer', at: 1_000_000 });
    assert.equal(await shared.load('k', load), 'answer');
    assert.equal(await shared.load('k', load), 'answer');
    assert.equal(calls, 2);
    release('newer');
    assert.equal(await shared.load('k', load), 'answer', 'until the reload is done');
    // The reload settles within this turn of the event loop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    assert.equal(await shared.load('k', load), 'newer');
    assert.equal(calls, 2);
    // Never older than twice the ttl: past that it is loaded again before it goes out.
    now += 4_001;
    assert.equal(shared.kept('k'), undefined);
    const again = shared.load('k', load);
    release('newest');
    assert.equal(await again, 'newest');
    assert.equal(calls, 3);
  });

  test('a failed load is not kept, and a ttl of 0 shares nothing', async () => {
    const shared = sharedLoads(2_000, () => 0);
    await assert.rejects(
      shared.load('k', () => Promise.reject(new Error('down'))),
      /down/,
    );
    assert.equal(shared.kept('k'), undefined);
    assert.equal(await shared.load('k', () => Promise.resolve(1)), 1);
    const off = sharedLoads(0, () => 0);
    let calls = 0;
    await off.load('k', () => Promise.resolve(++calls));
    await off.load('k', () => Promise.resolve(++calls));
    assert.equal(calls, 2);
    assert.equal(off.kept('k'), undefined);
  });
});

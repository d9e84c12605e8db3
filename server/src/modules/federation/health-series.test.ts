import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { remoteLoads } from './schema';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const MINUTE = 60_000;

function seriesRules(name: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`the remote health over time on ${name}`, { skip }, () => {
    let t: TestApp;
    let operator: string;
    before(async () => {
      t = await open();
      t.ctx.now = () => new Date(NOW);
      operator = await t.operatorToken();
    });
    after(() => t?.close());

    const row = (minutesAgo: number, channel: string, outcome: string, durationMs: number, extra = {}) => ({
      at: new Date(NOW - minutesAgo * MINUTE),
      tenantId: 'velvet',
      remote: 'mf-tv',
      version: channel === 'canary' ? '2.0.0' : '1.0.0',
      channel,
      outcome,
      stage: outcome === 'failure' ? 'entry' : null,
      durationMs,
      visitor: 'v',
      ...extra,
    });
    const series = (query: string, token = operator) => t.rest('GET', `/federation/health/series${query}`, token);

    test('loads per channel per stretch: failure share and median load time, canary beside pinned', async () => {
      await t.ctx.db.insert(remoteLoads).values([
        // 60 minutes in 30 stretches of 2 minutes, aligned to the epoch: 11:00-11:02 ... 11:58-12:00.
        row(59, 'pinned', 'success', 100),
        row(59, 'pinned', 'success', 300),
        row(58.5, 'canary', 'failure', 9_000),
        row(58.5, 'canary', 'success', 700),
        row(1, 'pinned', 'failure', 50),
        row(1, 'pinned', 'success', 120),
        row(1, 'pinned', 'failure', 10, { source: 'server', stage: 'server-throws' }),
        // Out of the window, another remote, another tenant.
        row(61, 'pinned', 'success', 100),
        { ...row(1, 'pinned', 'success', 100), remote: 'mf-feed' },
        { ...row(1, 'pinned', 'success', 100), tenantId: 'amora' },
      ]);
      const answer = await series('?tenant=velvet&remote=mf-tv&minutes=60');
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), {
        bucketMinutes: 2,
        points: [
          { at: '2026-06-01T11:00:00.000Z', channel: 'canary', loads: 2, failures: 1, failureShare: 0.5, p50Ms: 700 },
          { at: '2026-06-01T11:00:00.000Z', channel: 'pinned', loads: 2, failures: 0, failureShare: 0, p50Ms: 200 },
          {
            at: '2026-06-01T11:58:00.000Z',
            channel: 'pinned',
            loads: 3,
            failures: 2,
            failureShare: 2 / 3,
            p50Ms: 120,
          },
        ],
      });
      const day = (await series('?remote=mf-tv&minutes=1440')).json<{ bucketMinutes: number; points: unknown[] }>();
      assert.equal(day.bucketMinutes, 48);
      assert.ok(day.points.length <= 30);
    });

    test('operators only; bad input is 400', async () => {
      assert.equal((await series('?remote=mf-tv', '')).statusCode, 401);
      const guest = await t.signup();
      const refused = await series('?remote=mf-tv', guest.accessToken);
      assert.deepEqual([refused.statusCode, refused.json<{ code: string }>().code], [403, 'FORBIDDEN']);
      for (const query of ['', '?remote=mf-none', '?remote=mf-tv&minutes=0', '?remote=mf-tv&minutes=99999']) {
        const bad = await series(query);
        assert.deepEqual([bad.statusCode, bad.json<{ code: string }>().code], [400, 'VALIDATION_FAILED'], query);
      }
    });
  });
}

await onEachDatabase(seriesRules);

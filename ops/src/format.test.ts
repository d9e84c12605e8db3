import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DeploymentLogEntry } from '@velvet/contracts';
import { describeHealth, describeLogEntry } from './format';

const entry = (overrides: Partial<DeploymentLogEntry>): DeploymentLogEntry => ({
  id: 1,
  at: '2026-11-22T08:00:00.000Z',
  actor: 'operator@velvet.test',
  action: 'pin',
  tenant: 'velvet',
  remote: 'mf-tv',
  version: '0.2.0',
  previousVersion: '0.1.0',
  detail: null,
  ...overrides,
});

test('an auto-rollback says in words why the canary ended', () => {
  const line = describeLogEntry(
    entry({
      actor: 'server',
      action: 'auto-rollback',
      version: '0.1.0',
      previousVersion: '0.2.0',
      detail: { loads: 12, failures: 3, failureShare: 0.25, minLoads: 10, threshold: 0.25, canaryPercent: 30 },
    }),
  );
  assert.equal(
    line,
    '2026-11-22T08:00:00.000Z  server                 auto-rollback velvet mf-tv 0.1.0 (was 0.2.0): canary ended, ' +
      '3 of 12 loads failed (25 %; limit 25 % of at least 10 loads)',
  );
});

test('other entries keep their detail as JSON, actions aligned', () => {
  assert.equal(
    describeLogEntry(entry({ action: 'canary', detail: { percent: 20 } })),
    '2026-11-22T08:00:00.000Z  operator@velvet.test   canary        velvet mf-tv 0.2.0 (was 0.1.0) {"percent":20}',
  );
});

test('a health line gives loads, failure share, times and the last failure', () => {
  assert.equal(
    describeHealth({
      tenant: 'amora',
      remote: 'mf-feed',
      version: '0.2.0',
      channel: 'canary',
      loads: 40,
      failures: 1,
      failureShare: 0.025,
      p50Ms: 85,
      p95Ms: 240,
      lastFailure: {
        at: '2026-11-22T08:12:03.000Z',
        stage: 'chunk',
        error: 'ChunkLoadError: Loading chunk 12 failed.',
      },
      counted: { loads: 40, failures: 1 },
    }),
    'amora      mf-feed      0.2.0 canary: 40 loads, 1 failed (2.5 %), p50 85 ms, p95 240 ms; ' +
      'last failure 2026-11-22T08:12:03.000Z at chunk: ChunkLoadError: Loading chunk 12 failed.',
  );
});

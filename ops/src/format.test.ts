import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DeploymentLogEntry } from '@velvet/contracts';
import { describeLogEntry } from './format';

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

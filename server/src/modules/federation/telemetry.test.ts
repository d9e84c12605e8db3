import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  CANARY_AUTO_ROLLBACK,
  MAX_LOAD_REPORTS,
  deploymentLogEntry,
  pageOf,
  remoteHealth,
  tenantRemote,
  type ErrorBody,
  type RemoteDescriptor,
  type RemoteLoadReport,
} from '@velvet/contracts';
import { loadConfig } from '../../config';
import { TEST_OPERATOR_PASSWORD, createTestApp, type TestApp } from '../../testing/app';
import { fixtureRepo } from '../../testing/fixtures';
import { startPostgres } from '../../testing/postgres';
import { OPERATOR } from './operator';
import { remoteStoreDir } from './store';
import { remoteLoads, tenantRemotes } from './schema';
import { reachesThreshold } from './telemetry';
import { inCanary } from './canary';

const tv: RemoteDescriptor = {
  name: 'mf-tv',
  federationName: 'mf_tv',
  platform: '^1',
  feature: 'tv',
  routes: ['tvProgram'],
  slots: ['home.TV'],
};
const feed: RemoteDescriptor = { ...tv, name: 'mf-feed', federationName: 'mf_feed', feature: 'feed', slots: [] };

interface Site {
  t: TestApp;
  repoRoot: string;
  operatorToken: string;
}

/** A server with mf-tv 1.0.0 and mf-feed 1.0.0 built, and 2.0.0 of both published for canaries. */
async function openSite(config: Partial<TestApp['config']> = {}): Promise<Site> {
  const repoRoot = await fixtureRepo([
    { descriptor: tv, version: '1.0.0' },
    { descriptor: feed, version: '1.0.0' },
  ]);
  // Shared reads kept a minute: a canary ended by the server must still reach the next manifest at once.
  const t = await createTestApp({ config: { repoRoot, visitorCacheMs: 60_000, ...config } });
  for (const descriptor of [tv, feed]) {
    const folder = path.join(remoteStoreDir(t.config), descriptor.name, '2.0.0');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'remote.json'), JSON.stringify(descriptor));
  }
  const login = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/auth/login',
    payload: { email: OPERATOR.email, password: TEST_OPERATOR_PASSWORD },
  });
  assert.equal(login.statusCode, 200, login.body);
  return { t, repoRoot, operatorToken: login.json<{ accessToken: string }>().accessToken };
}
const closeSite = async (site: Site) => {
  await site.t.close();
  await rm(site.repoRoot, { recursive: true, force: true });
};

const load = (overrides: Partial<RemoteLoadReport> = {}): RemoteLoadReport => ({
  remote: 'mf-tv',
  version: '1.0.0',
  channel: 'pinned',
  outcome: 'success',
  stage: null,
  durationMs: 120,
  error: null,
  ...overrides,
});
const failure = (overrides: Partial<RemoteLoadReport> = {}) =>
  load({ outcome: 'failure', stage: 'entry', error: 'ScriptNetworkError', ...overrides });

let addressCounter = 0;
/** Each call comes from its own client address unless told, so the rate limit only bites where a test wants it. */
function report(
  site: Site,
  loads: unknown,
  options: { tenant?: string; visitor?: string; remoteAddress?: string } = {},
) {
  return site.t.app.inject({
    method: 'POST',
    url: `/rest/v1/federation/telemetry/loads${options.tenant ? `?tenant=${options.tenant}` : ''}`,
    remoteAddress: options.remoteAddress ?? `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`,
    payload: { visitor: options.visitor ?? 'visitor-1', loads },
  });
}

function assertError(response: { statusCode: number; body: string }, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal((JSON.parse(response.body) as ErrorBody).code, code);
}

async function operatorCall(site: Site, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return site.t.app.inject({
    method,
    url: `/rest/v1/federation${url}`,
    headers: { authorization: `Bearer ${site.operatorToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function health(site: Site, query = '') {
  const response = await operatorCall(site, 'GET', `/health${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ items: unknown[] }>().items.map((item) => remoteHealth.parse(item));
}

async function startCanary(site: Site, tenant: string, remote: string, percent = 50) {
  const response = await operatorCall(site, 'PUT', `/tenants/${tenant}/remotes/${remote}/canary`, {
    version: '2.0.0',
    percent,
  });
  assert.equal(response.statusCode, 200, response.body);
}

async function pointer(site: Site, tenant: string, remote: string) {
  const [row] = await site.t.ctx.db
    .select()
    .from(tenantRemotes)
    .where(and(eq(tenantRemotes.tenantId, tenant), eq(tenantRemotes.remote, remote)));
  return row!;
}

async function autoRollbacks(site: Site, tenant: string, remote: string) {
  const response = await operatorCall(site, 'GET', `/deployments?tenant=${tenant}&remote=${remote}&pageSize=100`);
  assert.equal(response.statusCode, 200, response.body);
  return pageOf(deploymentLogEntry)
    .parse(response.json())
    .items.filter((entry) => entry.action === 'auto-rollback');
}

const canaryFailure = (remote: RemoteLoadReport['remote'] = 'mf-tv') =>
  failure({ remote, version: '2.0.0', channel: 'canary' });
const canarySuccess = (remote: RemoteLoadReport['remote'] = 'mf-tv') =>
  load({ remote, version: '2.0.0', channel: 'canary' });

describe('load reports: bad input is a clear 4xx', () => {
  let site: Site;
  before(async () => {
    site = await openSite();
  });
  after(() => closeSite(site));

  test('a valid batch is stored for the tenant of the request', async () => {
    const response = await report(site, [load(), failure({ remote: 'mf-feed' })], { tenant: 'amora' });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { accepted: 2 });
    const rows = await site.t.ctx.db.select().from(remoteLoads);
    assert.deepEqual(
      rows.map((row) => [row.tenantId, row.remote, row.outcome, row.stage, row.visitor]),
      [
        ['amora', 'mf-tv', 'success', null, 'visitor-1'],
        ['amora', 'mf-feed', 'failure', 'entry', 'visitor-1'],
      ],
    );
  });

  test('an empty batch, too many reports, unknown remotes, stages or negative times are 400', async () => {
    assertError(await report(site, []), 400, 'VALIDATION_FAILED');
    const tooMany = Array.from({ length: MAX_LOAD_REPORTS + 1 }, () => load());
    assertError(await report(site, tooMany), 400, 'VALIDATION_FAILED');
    assertError(await report(site, [load({ remote: 'mf-nope' as never })]), 400, 'VALIDATION_FAILED');
    assertError(await report(site, [failure({ stage: 'lunch' as never })]), 400, 'VALIDATION_FAILED');
    assertError(await report(site, [load({ durationMs: -1 })]), 400, 'VALIDATION_FAILED');
    assertError(await report(site, [load({ error: 'x'.repeat(501) })]), 400, 'VALIDATION_FAILED');
    assertError(await report(site, [load()], { visitor: '' }), 400, 'VALIDATION_FAILED');
    assertError(await report(site, [load()], { tenant: 'nope' }), 404, 'NOT_FOUND');
  });

  test('a body over 64 KiB is 413, broken JSON or plain text 400', async () => {
    const response = await site.t.app.inject({
      method: 'POST',
      url: '/rest/v1/federation/telemetry/loads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ visitor: 'v', loads: [load()], padding: 'x'.repeat(70 * 1024) }),
    });
    assert.equal(response.statusCode, 413, response.body);
    const broken = await site.t.app.inject({
      method: 'POST',
      url: '/rest/v1/federation/telemetry/loads',
      headers: { 'content-type': 'application/json' },
      payload: '{"visitor":',
    });
    assert.equal(broken.statusCode, 400, broken.body);
    const text = await site.t.app.inject({
      method: 'POST',
      url: '/rest/v1/federation/telemetry/loads',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assertError(text, 400, 'VALIDATION_FAILED');
  });

  test('more than 240 batches a minute from one address are 429 RATE_LIMITED; other addresses go on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 240; i++)
      statuses.push((await report(site, [load()], { remoteAddress: '10.9.9.9' })).statusCode);
    assert.deepEqual(statuses, Array(240).fill(200));
    assertError(await report(site, [load()], { remoteAddress: '10.9.9.9' }), 429, 'RATE_LIMITED');
    assert.equal((await report(site, [load()], { remoteAddress: '10.9.9.10' })).statusCode, 200);
  });

  test('the health view is for operators only', async () => {
    const anonymous = await site.t.app.inject({ url: '/rest/v1/federation/health' });
    assertError(anonymous, 401, 'UNAUTHORIZED');
    const guest = await site.t.signup();
    const forbidden = await site.t.app.inject({
      url: '/rest/v1/federation/health',
      headers: { authorization: `Bearer ${guest.accessToken}` },
    });
    assertError(forbidden, 403, 'FORBIDDEN');
    assertError(await operatorCall(site, 'GET', '/health?minutes=0'), 400, 'VALIDATION_FAILED');
    assertError(await operatorCall(site, 'GET', '/health?minutes=100000'), 400, 'VALIDATION_FAILED');
  });
});

describe('health', () => {
  let site: Site;
  before(async () => {
    site = await openSite();
  });
  after(() => closeSite(site));

  test('aggregates per tenant, remote, version and channel: counts, share, p50/p95 of successes, last failure', async () => {
    const durations = Array.from({ length: 20 }, (_, i) => (i + 1) * 10); // 10 … 200 ms
    await report(
      site,
      durations.map((durationMs) => load({ durationMs })),
    );
    await report(site, [failure({ durationMs: 5_000, stage: 'timeout', error: 'timed out' })]);
    await report(site, [failure({ stage: 'chunk', error: 'Loading chunk 12 failed' })]);
    await report(site, [canarySuccess(), canaryFailure()]);
    await report(site, [load({ remote: 'mf-feed' })], { tenant: 'amora' });

    const items = await health(site);
    assert.deepEqual(
      items.map((item) => [item.tenant, item.remote, item.version, item.channel, item.loads, item.failures]),
      [
        ['amora', 'mf-feed', '1.0.0', 'pinned', 1, 0],
        ['velvet', 'mf-tv', '1.0.0', 'pinned', 22, 2],
        ['velvet', 'mf-tv', '2.0.0', 'canary', 2, 1],
      ],
    );
    const pinned = items[1]!;
    assert.equal(pinned.failureShare, 2 / 22);
    // percentile_cont over 10 … 200: the median 105, the 95th percentile 190.5, rounded half to even (failures left out).
    assert.equal(pinned.p50Ms, 105);
    assert.equal(pinned.p95Ms, 190);
    assert.deepEqual([pinned.lastFailure?.stage, pinned.lastFailure?.error], ['chunk', 'Loading chunk 12 failed']);
    assert.equal(items[0]!.lastFailure, null);

    assert.deepEqual(
      (await health(site, '?tenant=amora')).map((item) => item.remote),
      ['mf-feed'],
    );
  });

  test('only the last `minutes` count; a group with failures only has no times', async () => {
    await site.t.ctx.db.insert(remoteLoads).values({
      at: new Date(Date.now() - 2 * 60 * 60_000),
      tenantId: 'velvet',
      remote: 'mf-feed',
      version: '0.9.0',
      channel: 'pinned',
      outcome: 'success',
      durationMs: 50,
      visitor: 'old',
    });
    await report(site, [failure({ remote: 'mf-feed', version: '1.0.0', stage: 'manifest' })]);
    const lastHour = (await health(site, '?tenant=velvet&minutes=60')).filter((item) => item.remote === 'mf-feed');
    assert.deepEqual(
      lastHour.map((item) => [item.version, item.loads, item.failureShare, item.p50Ms, item.p95Ms]),
      [['1.0.0', 1, 1, null, null]],
    );
    const threeHours = (await health(site, '?tenant=velvet&minutes=180')).filter((item) => item.remote === 'mf-feed');
    assert.deepEqual(
      threeHours.map((item) => item.version),
      ['0.9.0', '1.0.0'],
    );
  });
});

describe('canary auto-rollback', () => {
  let site: Site;
  before(async () => {
    site = await openSite();
  });
  after(() => closeSite(site));

  test('the threshold: at least minLoads, and a failure share at or above the limit', () => {
    const threshold = CANARY_AUTO_ROLLBACK;
    assert.equal(reachesThreshold(9, 9, threshold), false);
    assert.equal(reachesThreshold(10, 2, threshold), false);
    assert.equal(reachesThreshold(12, 3, threshold), true);
    assert.equal(reachesThreshold(0, 0, { minLoads: 0, failureShare: 0.25 }), false);
    assert.equal(reachesThreshold(30, 3, { minLoads: 10, failureShare: 0.1 }), true);
  });

  test('below minLoads a canary never rolls back, even when every load failed', async () => {
    await startCanary(site, 'velvet', 'mf-tv');
    for (let i = 0; i < CANARY_AUTO_ROLLBACK.minLoads - 1; i++) await report(site, [canaryFailure()]);
    assert.equal((await pointer(site, 'velvet', 'mf-tv')).canaryVersion, '2.0.0');
    assert.deepEqual(await autoRollbacks(site, 'velvet', 'mf-tv'), []);
  });

  test('exactly at the failure share it rolls back, once, with the figures in the log', async (c: TestContext) => {
    await startCanary(site, 'amora', 'mf-tv', 30);
    // 9 successes, then failures one by one: 10 loads / 1 failure, 11 / 2, then 12 / 3 = exactly 25 %.
    await report(
      site,
      Array.from({ length: 9 }, () => canarySuccess()),
      { tenant: 'amora' },
    );
    // Loads of the pinned version and of the other tenant do not count towards this canary.
    await report(site, [failure(), failure(), failure()], { tenant: 'amora' });
    for (let i = 0; i < 2; i++) await report(site, [canaryFailure()], { tenant: 'amora' });
    assert.equal((await pointer(site, 'amora', 'mf-tv')).canaryVersion, '2.0.0');
    const started = performance.now();
    assert.equal((await report(site, [canaryFailure()], { tenant: 'amora' })).statusCode, 200);
    const milliseconds = Math.round(performance.now() - started);
    const after = await pointer(site, 'amora', 'mf-tv');
    assert.deepEqual(
      [after.version, after.canaryVersion, after.canaryPercent, after.canarySince],
      ['1.0.0', null, 0, null],
    );
    await report(site, [canaryFailure(), canaryFailure()], { tenant: 'amora' });
    const entries = await autoRollbacks(site, 'amora', 'mf-tv');
    assert.equal(entries.length, 1);
    assert.deepEqual(
      [entries[0]!.actor, entries[0]!.version, entries[0]!.previousVersion],
      ['server', '1.0.0', '2.0.0'],
    );
    assert.deepEqual(
      { ...entries[0]!.detail, since: undefined },
      {
        loads: 12,
        failures: 3,
        failureShare: 0.25,
        minLoads: 10,
        threshold: 0.25,
        canaryPercent: 30,
        since: undefined,
      },
    );
    // velvet's canary of the same remote (test above) is untouched.
    assert.equal((await pointer(site, 'velvet', 'mf-tv')).canaryVersion, '2.0.0');
    // The manifest serves the pinned version to every visitor again, canary bucket or not.
    const visitor = Array.from({ length: 100 }, (_, i) => `v${i}`).find((v) => inCanary('amora', 'mf-tv', v, 30))!;
    const manifest = await site.t.app.inject({ url: `/rest/v1/federation/manifest?tenant=amora&visitor=${visitor}` });
    const served = manifest.json<{ remotes: Array<{ name: string; version: string; channel: string }> }>();
    assert.deepEqual(
      served.remotes.filter((r) => r.name === 'mf-tv').map((r) => [r.version, r.channel]),
      [['1.0.0', 'pinned']],
    );
    c.diagnostic(`threshold report to rolled-back pointer: ${milliseconds} ms (one request)`);
  });

  test('a new canary counts afresh: failures of the ended one do not end it', async () => {
    await startCanary(site, 'amora', 'mf-tv', 30);
    await report(site, [canarySuccess()], { tenant: 'amora' });
    const pin = await pointer(site, 'amora', 'mf-tv');
    assert.equal(pin.canaryVersion, '2.0.0');
    // Raising the share keeps counting from the same start.
    await startCanary(site, 'amora', 'mf-tv', 60);
    assert.deepEqual((await pointer(site, 'amora', 'mf-tv')).canarySince, pin.canarySince);
  });

  test('the threshold comes from the environment, validated at start', () => {
    const env = { DATA_DIR: site.t.config.dataDir };
    assert.deepEqual(loadConfig(env).canaryAutoRollback, CANARY_AUTO_ROLLBACK);
    assert.deepEqual(
      loadConfig({ ...env, CANARY_ROLLBACK_MIN_LOADS: '3', CANARY_ROLLBACK_FAILURE_SHARE: '0.5' }).canaryAutoRollback,
      { minLoads: 3, failureShare: 0.5 },
    );
    assert.throws(() => loadConfig({ ...env, CANARY_ROLLBACK_FAILURE_SHARE: '1.5' }), /CANARY_ROLLBACK_FAILURE_SHARE/);
    assert.throws(() => loadConfig({ ...env, CANARY_ROLLBACK_FAILURE_SHARE: '0' }), /CANARY_ROLLBACK_FAILURE_SHARE/);
    assert.throws(() => loadConfig({ ...env, CANARY_ROLLBACK_MIN_LOADS: '0' }), /CANARY_ROLLBACK_MIN_LOADS/);
  });
});

/** Reports arriving together end a canary once, on each database the server runs on. */
function concurrentReports(database: string, open: () => Promise<Site>, skip: string | false) {
  describe(`canary auto-rollback under concurrent reports on ${database}`, { skip }, () => {
    let site: Site;
    before(async () => {
      site = await open();
    });
    after(() => closeSite(site));

    test('40 failure reports at once roll the canary back exactly once', async (c: TestContext) => {
      await startCanary(site, 'velvet', 'mf-feed');
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => report(site, [canaryFailure('mf-feed')], { visitor: `visitor-${i}` })),
      );
      const milliseconds = Math.round(performance.now() - started);
      assert.deepEqual(
        responses.map((r) => r.statusCode),
        Array(40).fill(200),
      );
      const entries = await autoRollbacks(site, 'velvet', 'mf-feed');
      assert.equal(entries.length, 1);
      const pin = tenantRemote.shape.canaryVersion.parse((await pointer(site, 'velvet', 'mf-feed')).canaryVersion);
      assert.equal(pin, null);
      c.diagnostic(`${database}: 40 concurrent failure reports, 1 auto-rollback, ${milliseconds} ms`);
    });
  });
}

concurrentReports('PGlite', () => openSite(), false);
const postgres = await startPostgres();
after(() => postgres?.stop());
concurrentReports(
  'PostgreSQL',
  async () => openSite({ databaseUrl: await postgres!.createDatabase() }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

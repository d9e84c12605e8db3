import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  CANARY_AUTO_ROLLBACK,
  MAX_LOAD_REPORTS,
  deploymentLogEntry,
  federationManifest,
  pageOf,
  remoteHealth,
  tenantRemote,
  type ErrorBody,
  type RemoteDescriptor,
  type RemoteLoadReport,
} from '@velvet/contracts';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/app';
import { fixtureRepo, NO_MENUS, fixtureRoute } from '../../testing/fixtures';
import { startPostgres } from '../../testing/postgres';
import { remoteStoreDir } from './store';
import { remoteLoads, tenantRemotes } from './schema';
import { REPORT_TOKEN_TTL_MS } from './reportToken';
import { SERVER_RENDER_VISITOR, reachesThreshold } from './telemetry';
import { inCanary } from './canary';
import { recordServerRender, type ServerRenderReport } from '.';

const tv: RemoteDescriptor = {
  name: 'mf-tv',
  federationName: 'mf_tv',
  platform: '^1',
  feature: 'tv',
  routes: [fixtureRoute('tvProgram', 'tv/program')],
  ...NO_MENUS,
  slots: ['home.TV'],
};
const feed: RemoteDescriptor = {
  ...tv,
  name: 'mf-feed',
  federationName: 'mf_feed',
  feature: 'feed',
  routes: [fixtureRoute('feedStart', 'feed')],
  slots: [],
};

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
  return { t, repoRoot, operatorToken: await t.operatorToken() };
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
  options: {
    tenant?: string;
    visitor?: string;
    token?: string;
    remoteAddress?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return site.t.app.inject({
    method: 'POST',
    url: `/rest/v1/federation/telemetry/loads${options.tenant ? `?tenant=${options.tenant}` : ''}`,
    remoteAddress: options.remoteAddress ?? `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`,
    ...(options.headers ? { headers: options.headers } : {}),
    payload: { visitor: options.visitor ?? 'visitor-1', loads, ...(options.token ? { token: options.token } : {}) },
  });
}

interface Page {
  tenant: string;
  visitor: string;
  token: string;
  /** The channel the manifest gave this page for the remote asked about. */
  channel: string | undefined;
}

/** One page load: the manifest this visitor gets, with its report token. */
async function openPage(site: Site, tenant: string, visitor: string, remote = 'mf-tv'): Promise<Page> {
  const response = await site.t.app.inject({ url: `/rest/v1/federation/manifest?tenant=${tenant}&visitor=${visitor}` });
  assert.equal(response.statusCode, 200, response.body);
  const manifest = federationManifest.parse(response.json());
  assert.ok(manifest.reportToken);
  const channel = manifest.remotes.find((r) => r.name === remote)?.channel;
  return { tenant, visitor, token: manifest.reportToken, channel };
}

let visitorCounter = 0;
/** Page loads of `count` distinct visitors the server puts in the canary of `remote` (at `percent`). */
async function canaryPages(site: Site, tenant: string, remote: string, percent: number, count: number) {
  const pages: Page[] = [];
  while (pages.length < count) {
    const visitor = `visitor-${++visitorCounter}`;
    if (!inCanary(tenant, remote, visitor, percent)) continue;
    const page = await openPage(site, tenant, visitor, remote);
    assert.equal(page.channel, 'canary');
    pages.push(page);
  }
  return pages;
}

/** A page load's reports, sent as the shell sends them: with its visitor and token. */
const reportFrom = (site: Site, page: Page, loads: unknown, headers?: Record<string, string>) =>
  report(site, loads, {
    tenant: page.tenant,
    visitor: page.visitor,
    token: page.token,
    ...(headers ? { headers } : {}),
  });

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

describe('server renders count like browser loads', () => {
  let site: Site;
  before(async () => {
    site = await openSite();
  });
  after(() => closeSite(site));

  const render = (overrides: Partial<ServerRenderReport> = {}): ServerRenderReport => ({
    tenant: 'velvet',
    remote: 'mf-tv',
    version: '1.0.0',
    channel: 'pinned',
    outcome: 'success',
    stage: null,
    durationMs: 12.6,
    error: null,
    ...overrides,
  });
  const renderFailure = (overrides: Partial<ServerRenderReport> = {}) =>
    render({ outcome: 'failure', stage: 'throws', error: 'TypeError: x is undefined', ...overrides });

  test('the health view counts their failures, shown as server-<stage>; its times stay browsers\u2019', async () => {
    await report(site, [load({ durationMs: 100 }), load({ durationMs: 100 }), load({ durationMs: 100 })]);
    await recordServerRender(site.t.ctx, render());
    await recordServerRender(site.t.ctx, renderFailure({ stage: null }));
    await recordServerRender(site.t.ctx, renderFailure({ stage: 'timeout', error: 'x'.repeat(2_000) }));
    const [item] = await health(site, '?tenant=velvet');
    assert.deepEqual(
      [item?.remote, item?.channel, item?.loads, item?.failures, item?.p50Ms, item?.p95Ms],
      ['mf-tv', 'pinned', 6, 2, 100, 100],
    );
    assert.deepEqual([item?.lastFailure?.stage, item?.lastFailure?.error?.length], ['server-timeout', 500]);
    // The pinned version's loads never count towards an auto-rollback, the server's no more than a browser's.
    assert.deepEqual(item?.counted, { loads: 0, failures: 0 });
    const rows = await site.t.ctx.db.select().from(remoteLoads).where(eq(remoteLoads.source, 'server'));
    assert.deepEqual(
      rows.map((row) => [row.visitor, row.outcome, row.stage, row.durationMs, row.counted]),
      [
        [SERVER_RENDER_VISITOR, 'success', null, 13, false],
        [SERVER_RENDER_VISITOR, 'failure', 'server-throws', 13, false],
        [SERVER_RENDER_VISITOR, 'failure', 'server-timeout', 13, false],
      ],
    );
  });

  test('a canary\u2019s failed server renders end it with its browsers\u2019 loads, as failed browser loads do', async () => {
    await startCanary(site, 'velvet', 'mf-feed', 50);
    const canary = { remote: 'mf-feed', version: '2.0.0', channel: 'canary' } as const;
    // Failed renders of the pinned version count for nothing.
    for (let i = 0; i < 10; i++) await recordServerRender(site.t.ctx, renderFailure({ remote: 'mf-feed' }));
    // Six browsers' page loads and one server render succeed, then two renders fail: 9 loads, 2 failures.
    for (const page of await canaryPages(site, 'velvet', 'mf-feed', 50, 6))
      await reportFrom(site, page, [canarySuccess('mf-feed')]);
    await recordServerRender(site.t.ctx, render(canary));
    await recordServerRender(site.t.ctx, renderFailure({ ...canary, stage: 'missing' }));
    await recordServerRender(site.t.ctx, renderFailure({ ...canary, stage: 'incompatible' }));
    assert.equal((await pointer(site, 'velvet', 'mf-feed')).canaryVersion, '2.0.0');
    // The tenth load, a third failure: 30 % of 10 loads reaches the threshold.
    await recordServerRender(site.t.ctx, renderFailure({ ...canary, stage: 'timeout' }));
    assert.equal((await pointer(site, 'velvet', 'mf-feed')).canaryVersion, null);
    const entries = await autoRollbacks(site, 'velvet', 'mf-feed');
    assert.deepEqual(
      entries.map((entry) => [entry.actor, entry.detail?.loads, entry.detail?.failures]),
      [['server', 10, 3]],
    );
    // The next manifest serves the pinned version, though the tenant directory keeps reads a minute.
    const visitor = Array.from({ length: 100 }, (_, i) => `v${i}`).find((v) => inCanary('velvet', 'mf-feed', v, 50))!;
    const manifest = await site.t.app.inject({ url: `/rest/v1/federation/manifest?tenant=velvet&visitor=${visitor}` });
    const feed = federationManifest.parse(manifest.json()).remotes.find((r) => r.name === 'mf-feed');
    assert.deepEqual([feed?.version, feed?.channel], ['1.0.0', 'pinned']);
    const [canaryHealth] = (await health(site, '?tenant=velvet')).filter((item) => item.channel === 'canary');
    assert.deepEqual(canaryHealth?.counted, { loads: 10, failures: 3 });
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
    for (const page of await canaryPages(site, 'velvet', 'mf-tv', 50, CANARY_AUTO_ROLLBACK.minLoads - 1))
      assert.equal((await reportFrom(site, page, [canaryFailure()])).statusCode, 200);
    assert.equal((await pointer(site, 'velvet', 'mf-tv')).canaryVersion, '2.0.0');
    assert.deepEqual(await autoRollbacks(site, 'velvet', 'mf-tv'), []);
  });

  test('exactly at the failure share it rolls back, once, with the figures in the log', async (c: TestContext) => {
    await startCanary(site, 'amora', 'mf-tv', 30);
    // 9 page loads with successes, then failures one by one: 10 loads / 1 failure, 11 / 2, then 12 / 3 = 25 %.
    const pages = await canaryPages(site, 'amora', 'mf-tv', 30, 14);
    for (const page of pages.slice(0, 9)) await reportFrom(site, page, [canarySuccess()]);
    // Loads of the pinned version and of the other tenant do not count towards this canary.
    await reportFrom(site, pages[0]!, [failure(), failure(), failure()]);
    for (const page of pages.slice(9, 11)) await reportFrom(site, page, [canaryFailure()]);
    assert.equal((await pointer(site, 'amora', 'mf-tv')).canaryVersion, '2.0.0');
    const started = performance.now();
    assert.equal((await reportFrom(site, pages[11]!, [canaryFailure()])).statusCode, 200);
    const milliseconds = Math.round(performance.now() - started);
    const after = await pointer(site, 'amora', 'mf-tv');
    assert.deepEqual(
      [after.version, after.canaryVersion, after.canaryPercent, after.canarySince],
      ['1.0.0', null, 0, null],
    );
    // Pages that loaded the canary before it ended report later: the ended canary is not rolled back again.
    for (const page of pages.slice(12)) await reportFrom(site, page, [canaryFailure()]);
    const entries = await autoRollbacks(site, 'amora', 'mf-tv');
    assert.equal(entries.length, 1);
    // 14 canary page loads counted; the pinned failures of the first page are stored but count for nothing.
    const [amoraCanary] = (await health(site, '?tenant=amora')).filter((item) => item.channel === 'canary');
    assert.deepEqual(amoraCanary?.counted, { loads: 14, failures: 5 });
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
    const [page] = await canaryPages(site, 'amora', 'mf-tv', 30, 1);
    await reportFrom(site, page!, [canarySuccess()]);
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

describe('forged load reports never end a canary', () => {
  let site: Site;
  before(async () => {
    site = await openSite();
    await startCanary(site, 'velvet', 'mf-tv');
  });
  after(() => closeSite(site));

  const fifty = () => Array.from({ length: MAX_LOAD_REPORTS }, () => canaryFailure());
  const counted = async () =>
    (await site.t.ctx.db.select().from(remoteLoads).where(eq(remoteLoads.counted, true))).length;
  const stillRunning = async () => {
    assert.equal((await pointer(site, 'velvet', 'mf-tv')).canaryVersion, '2.0.0');
    assert.deepEqual(await autoRollbacks(site, 'velvet', 'mf-tv'), []);
  };

  test('the manifest gives a named visitor a report token, and none without a visitor', async () => {
    const page = await openPage(site, 'velvet', 'someone');
    assert.match(page.token, /^[\w-]+\.[\w-]+$/);
    assert.notEqual((await openPage(site, 'velvet', 'someone')).token, page.token, 'a fresh nonce per page load');
    const anonymous = await site.t.app.inject({ url: '/rest/v1/federation/manifest?tenant=velvet' });
    assert.equal(federationManifest.parse(anonymous.json()).reportToken, undefined);
  });

  test('fifty failures in one batch without a token are stored for health but count for nothing', async (c) => {
    const response = await report(site, fifty());
    assert.deepEqual(response.json(), { accepted: MAX_LOAD_REPORTS });
    const canary = (await health(site)).find((item) => item.channel === 'canary');
    assert.equal(canary?.failures, MAX_LOAD_REPORTS);
    assert.deepEqual(canary?.counted, { loads: 0, failures: 0 });
    assert.equal(await counted(), 0);
    await stillRunning();
    c.diagnostic('50 forged failures in one POST: canary still running');
  });

  test('a forged, altered, foreign or expired token counts for nothing', async () => {
    const [page] = await canaryPages(site, 'velvet', 'mf-tv', 50, 1);
    const [payload, signature] = page!.token.split('.') as [string, string];
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...grant, visitor: 'attacker' })).toString('base64url');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const [visitor, token] of [
      ['attacker', `${forged}.${signature}`],
      [page!.visitor, `${payload}.${flipped}`],
      [page!.visitor, 'not-a-token'],
      // A real token sent for another visitor.
      ['attacker', page!.token],
    ] as const)
      assert.equal((await report(site, fifty(), { visitor, token })).statusCode, 200);
    // A real token sent to another tenant.
    const amora = await report(site, [canaryFailure()], {
      tenant: 'amora',
      visitor: page!.visitor,
      token: page!.token,
    });
    assert.equal(amora.statusCode, 200);
    // A real token after it expired.
    const realNow = site.t.ctx.now;
    site.t.ctx.now = () => new Date(Date.now() + REPORT_TOKEN_TTL_MS + 1000);
    try {
      assert.equal((await reportFrom(site, page!, [canaryFailure()])).statusCode, 200);
    } finally {
      site.t.ctx.now = realNow;
    }
    assert.equal(await counted(), 0);
    await stillRunning();
  });

  test('the token of a visitor outside the canary counts for nothing', async () => {
    const outside = Array.from({ length: 200 }, (_, i) => `outside-${i}`)
      .filter((visitor) => !inCanary('velvet', 'mf-tv', visitor, 50))
      .slice(0, 12);
    for (const visitor of outside) {
      const page = await openPage(site, 'velvet', visitor);
      assert.equal(page.channel, 'pinned');
      assert.equal((await reportFrom(site, page, fifty())).statusCode, 200);
    }
    assert.equal(await counted(), 0);
    await stillRunning();
  });

  test('one page load counts once: fifty failures in a batch, and the batch replayed, are one load', async () => {
    const [page] = await canaryPages(site, 'velvet', 'mf-tv', 50, 1);
    const first = await reportFrom(site, page!, fifty());
    assert.deepEqual(first.json(), { accepted: MAX_LOAD_REPORTS });
    for (let i = 0; i < 10; i++) await reportFrom(site, page!, fifty());
    assert.equal(await counted(), 1);
    await stillRunning();
  });

  test('rotating X-Forwarded-For neither lifts the limit of a token nor makes reports count', async (c) => {
    const [page] = await canaryPages(site, 'velvet', 'mf-tv', 50, 1);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const headers = { 'x-forwarded-for': `203.0.113.${i}` };
      statuses.push((await reportFrom(site, page!, [canaryFailure()], headers)).statusCode);
    }
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(200));
    assert.deepEqual(statuses.slice(20), Array(10).fill(429));
    // Without a token, every rotated address is stored and still counts for nothing.
    for (let i = 0; i < 30; i++)
      await report(site, fifty(), { remoteAddress: '10.8.8.8', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
    assert.equal(await counted(), 2);
    await stillRunning();
    c.diagnostic(`one token from 30 forwarded addresses: ${statuses.filter((s) => s === 200).length} accepted`);
  });

  test('genuine failures of ten canary visitors still end it', async () => {
    for (const page of await canaryPages(site, 'velvet', 'mf-tv', 50, 10))
      await reportFrom(site, page, [canaryFailure()]);
    assert.equal((await pointer(site, 'velvet', 'mf-tv')).canaryVersion, null);
    assert.equal((await autoRollbacks(site, 'velvet', 'mf-tv')).length, 1);
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
      const pages = await canaryPages(site, 'velvet', 'mf-feed', 50, 40);
      const started = performance.now();
      const responses = await Promise.all(pages.map((page) => reportFrom(site, page, [canaryFailure('mf-feed')])));
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

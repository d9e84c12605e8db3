import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  CANARY_AUTO_ROLLBACK,
  CONTRACTS_VERSION,
  deploymentLogEntry,
  federationManifest,
  pageOf,
  remoteHealth,
  type FederationManifest,
  type RemoteDescriptor,
  type RemoteLoadReport,
} from '@velvet/contracts';
import { expect, OPERATOR, scrollThroughHome, test } from './fixtures';

const run = promisify(execFile);
const REPO_ROOT = join(import.meta.dirname, '..', '..');
const TELEMETRY = '/rest/v1/federation/telemetry/loads';

async function operatorToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/rest/v1/auth/login', { data: OPERATOR });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The load reports the page sends (beacons), as the server receives them. */
function collectLoadReports(page: Page): RemoteLoadReport[] {
  const reports: RemoteLoadReport[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes(TELEMETRY)) return;
    reports.push(...(request.postDataJSON() as { loads: RemoteLoadReport[] }).loads);
  });
  return reports;
}

async function manifestFor(request: APIRequestContext, query: string): Promise<FederationManifest> {
  const response = await request.get(`/rest/v1/federation/manifest?${query}`);
  expect(response.status()).toBe(200);
  return federationManifest.parse(await response.json());
}

test('the white-label tenant shows neither the routes nor the widgets of mf-specials', async ({ page, baseURL }) => {
  // Found by its host name, as in production.
  const amora = `http://amora.localhost:${new URL(baseURL!).port}`;
  await page.goto(`${amora}/en/`);
  await scrollThroughHome(page);
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await expect(page.locator('[data-widget="home.TV"]')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Amora');
  for (const block of ['Dailybonus', 'Contests', 'Blog'])
    await expect(page.locator(`[data-home-block="${block}"]`)).toHaveCount(0);
  await expect(page.locator('[data-remote-widget="mf-specials"]')).toHaveCount(0);
  await expect(page.locator('a[href="/en/contests/"]')).toHaveCount(0);

  // The tenant's route table holds no page of a remote it has switched off: the server sends the visitor to the
  // start page (a guest's status bar says why), which loads nothing of mf-specials.
  const specialsRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mf-specials/')) specialsRequests.push(request.url());
  });
  const contests = await page.goto(`${amora}/en/contests/`);
  expect(contests?.status()).toBe(200);
  expect(contests?.request().redirectedFrom()?.url()).toBe(`${amora}/en/contests/`);
  expect(page.url()).toBe(`${amora}/en/`);
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await expect(page.locator('[data-remote="mf-specials"]')).toHaveCount(0);
  await page.goto(`${amora}/es/`);
  await scrollThroughHome(page);
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await expect(page.locator('[data-remote-widget="mf-specials"]')).toHaveCount(0);
  expect(specialsRequests).toEqual([]);

  // The main tenant still has them.
  await page.goto('/en/contests/');
  await expect(page.locator('[data-remote="mf-specials"]')).toBeVisible();
});

/**
 * Opens mf-tv's page with mf-tv's descriptor changed in the manifest the browser gets, so that the shell refuses it:
 * its route shows the fallback, its refusal is reported as `incompatible`, and home runs without it, fetching not a
 * byte of mf-tv. Answers mf-tv's load report.
 */
async function refusedTv(page: Page, change: (descriptor: RemoteDescriptor) => RemoteDescriptor) {
  await page.route('**/rest/v1/federation/manifest**', async (route) => {
    const response = await route.fetch();
    const manifest = federationManifest.parse(await response.json());
    for (const remote of manifest.remotes) {
      // The build wrote the range of the contracts it was made with into its remote.json.
      expect([remote.name, remote.descriptor.contracts]).toEqual([remote.name, `^${CONTRACTS_VERSION}`]);
      if (remote.name === 'mf-tv') remote.descriptor = change(remote.descriptor);
    }
    await route.fulfill({ response, json: manifest });
  });
  const entries: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/mf-tv/')) entries.push(r.url());
  });
  const reports = collectLoadReports(page);

  await page.goto('/en/tv/program/');
  await expect(page.locator('[data-remote-fallback="mf-tv"]')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect
    .poll(() => reports.find((report) => report.remote === 'mf-tv'))
    .toMatchObject({ outcome: 'failure', stage: 'incompatible', channel: 'pinned' });

  await page.goto('/en/');
  await scrollThroughHome(page);
  await expect(page.locator('[data-widget="home.TOP"]')).toBeVisible();
  await expect(page.locator('[data-widget="home.TV"]')).toHaveCount(0);
  expect(entries).toEqual([]);
  return reports.find((report) => report.remote === 'mf-tv')!;
}

test('a remote needing another platform API is refused: fallback on its routes, reported as incompatible', async ({
  page,
  request,
}) => {
  const report = await refusedTv(page, (descriptor) => ({ ...descriptor, platform: '^2' }));
  expect(report.error).toContain('^2');

  // Operators see it in the health view.
  const token = await operatorToken(request);
  await expect
    .poll(async () => {
      const health = await request.get('/rest/v1/federation/health?tenant=velvet&minutes=5', {
        headers: { authorization: `Bearer ${token}` },
      });
      const items = ((await health.json()) as { items: unknown[] }).items.map((item) => remoteHealth.parse(item));
      return items.find((item) => item.remote === 'mf-tv' && item.lastFailure?.stage === 'incompatible') !== undefined;
    })
    .toBe(true);
});

test('a remote built against contracts the shell does not offer is refused: fallback, reported as incompatible', async ({
  page,
}) => {
  const report = await refusedTv(page, (descriptor) => ({ ...descriptor, contracts: '^99.0.0' }));
  expect(report.error).toBe(`needs @velvet/contracts ^99.0.0; this shell offers ${CONTRACTS_VERSION}`);
});

test('a remote whose entry times out shows its fallback while the rest works', async ({ page, expectFailure }) => {
  test.setTimeout(90_000);
  // The entry never answers: the shell gives up after its time limit.
  await page.route('**/remotes/mf-feed/*/remoteEntry.js', () => undefined);
  expectFailure(/mf-feed|Federation Runtime|RUNTIME-|timed out/);
  const reports = collectLoadReports(page);

  await page.goto('/en/feed/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('[data-remote-fallback="mf-feed"]')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => reports.find((report) => report.remote === 'mf-feed'), { timeout: 10_000 })
    .toMatchObject({ outcome: 'failure', stage: 'timeout' });
  expect(reports.find((report) => report.remote === 'mf-feed')!.durationMs).toBeGreaterThanOrEqual(9_000);

  await page.goto('/en/tv/livestream/');
  await expect(page.locator('[data-remote="mf-tv"]')).toBeVisible();
});

test('a remote whose entry file changed after it was stored is refused by its integrity; the rest works', async ({
  page,
  request,
  expectFailure,
}) => {
  // Every entry the manifest names carries the sha384 of the file the store serves.
  for (const remote of (await manifestFor(request, 'tenant=velvet')).remotes) {
    const entry = await request.get(`/remotes/${remote.name}/${remote.version}/remoteEntry.js`);
    const digest = `sha384-${createHash('sha384')
      .update(await entry.body())
      .digest('base64')}`;
    expect(remote.integrity, remote.name).toBe(digest);
  }
  // The browser gets mf-feed's entry with one line added, as a changed file in the store would give it.
  await page.route('**/remotes/mf-feed/*/remoteEntry.js', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: 200, headers, body: `${await response.text()}\nwindow.__tampered = true;` });
  });
  expectFailure(/mf-feed|Federation Runtime|RUNTIME-|integrity|ScriptNetworkError/);
  const reports = collectLoadReports(page);

  await page.goto('/en/feed/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('[data-remote-fallback="mf-feed"]')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => reports.find((report) => report.remote === 'mf-feed'))
    .toMatchObject({ outcome: 'failure', stage: 'entry' });
  // The changed script never ran.
  expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBeUndefined();

  await page.goto('/en/tv/livestream/');
  await expect(page.locator('[data-remote="mf-tv"]')).toBeVisible();
});

test('a remote whose lazy chunk is missing shows its fallback and is retried; the rest works', async ({
  page,
  expectFailure,
}) => {
  // Manifest and entry load; every other file of mf-feed (the chunks of its modules) is gone.
  let chunkRequests = 0;
  const chunks = /\/remotes\/mf-feed\/[^/]+\/(?!remoteEntry\.js|mf-manifest\.json|remote\.json)[^/]+\.js$/;
  await page.route(chunks, (route) => {
    chunkRequests += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  expectFailure(/mf-feed|Federation Runtime|RUNTIME-|ChunkLoadError|Loading chunk/);
  expectFailure(/Failed to load resource: the server responded with a status of 404/);
  expectFailure(/404 GET .*\/remotes\/mf-feed\//);
  const reports = collectLoadReports(page);

  await page.goto('/en/feed/');
  await expect(page.locator('[data-remote-fallback="mf-feed"]')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect
    .poll(() => reports.find((report) => report.remote === 'mf-feed'))
    .toMatchObject({ outcome: 'failure', stage: 'chunk' });
  // Retried with backoff (1 s, then 2 s): the chunk is asked for again.
  const first = chunkRequests;
  await expect.poll(() => chunkRequests, { timeout: 5_000 }).toBeGreaterThan(first);
  // Once the chunk is back the feed mounts in place of the fallback.
  await page.unroute(chunks);
  await expect(page.locator('[data-remote="mf-feed"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-remote-fallback="mf-feed"]')).toHaveCount(0);
});

test('a failing canary is rolled back by the server once enough browsers report failed loads', async ({
  page,
  request,
  expectFailure,
}) => {
  test.setTimeout(120_000);
  const token = await operatorToken(request);
  const asOperator = { authorization: `Bearer ${token}` };
  // Publish the built mf-tv again under a canary version, as `ops deploy` would.
  const pinned = (await manifestFor(request, 'tenant=velvet')).remotes.find((r) => r.name === 'mf-tv')!.version;
  const canary = `${pinned.split('-')[0]}-canary.${Date.now()}`;
  const { stdout: archive } = await run('tar', ['-czf', '-', '-C', join(REPO_ROOT, 'mf-tv', 'dist'), '.'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const upload = await request.post(`/rest/v1/federation/remotes/mf-tv/versions/${canary}`, {
    headers: { ...asOperator, 'content-type': 'application/gzip' },
    data: archive,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const started = await request.put('/rest/v1/federation/tenants/velvet/remotes/mf-tv/canary', {
    headers: asOperator,
    data: { version: canary, percent: 50 },
  });
  expect(started.status()).toBe(200);

  // Visitors whose bucket falls into the canary, as the server decides it.
  const canaryVisitors: string[] = [];
  for (let i = 0; canaryVisitors.length < CANARY_AUTO_ROLLBACK.minLoads; i++) {
    const visitor = `e2e-canary-${i}`;
    const served = (await manifestFor(request, `tenant=velvet&visitor=${visitor}`)).remotes.find(
      (r) => r.name === 'mf-tv',
    )!;
    if (served.channel === 'canary') canaryVisitors.push(visitor);
  }

  // The canary's build is broken for browsers: its files answer 503.
  await page.route(`**/remotes/mf-tv/${canary}/**`, (route) => route.fulfill({ status: 503, body: 'down' }));
  expectFailure(/mf-tv|Federation Runtime|RUNTIME-/);
  expectFailure(/Failed to load resource: the server responded with a status of 503/);
  const reports = collectLoadReports(page);

  const canaryStartedAt = Date.now();
  for (const [index, visitor] of canaryVisitors.entries()) {
    // The browser's visitor id, set on a page of the site that does not start the shell.
    await page.goto('/rest/v1/alive');
    await page.evaluate((id) => window.localStorage.setItem('velvet.visitor', id), visitor);
    await page.goto('/en/tv/program/');
    await expect(page.locator('[data-remote-fallback="mf-tv"]')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    // The page sends its reports a moment after the loads.
    await expect
      .poll(() => reports.filter((r) => r.remote === 'mf-tv' && r.version === canary && r.outcome === 'failure'))
      .toHaveLength(index + 1);
  }

  // The server ended the canary by itself: logged with its figures, every visitor gets the pinned version.
  let rolledBackAt = 0;
  const rolledBackSeenAt = Date.now();
  await expect
    .poll(async () => {
      const log = await request.get('/rest/v1/federation/deployments?tenant=velvet&remote=mf-tv', {
        headers: asOperator,
      });
      const entry = pageOf(deploymentLogEntry)
        .parse(await log.json())
        .items.find((e) => e.action === 'auto-rollback' && e.previousVersion === canary);
      if (entry) rolledBackAt = Date.parse(entry.at);
      return entry?.detail;
    })
    .toMatchObject({ loads: CANARY_AUTO_ROLLBACK.minLoads, failures: CANARY_AUTO_ROLLBACK.minLoads });
  // The server's own clock: the report that reached the threshold was stored, then the canary ended.
  const health = await request.get('/rest/v1/federation/health?tenant=velvet&minutes=10', { headers: asOperator });
  const canaryHealth = ((await health.json()) as { items: unknown[] }).items
    .map((item) => remoteHealth.parse(item))
    .find((item) => item.remote === 'mf-tv' && item.version === canary)!;
  expect([canaryHealth.channel, canaryHealth.loads, canaryHealth.failureShare]).toEqual(['canary', 10, 1]);
  const afterThreshold = rolledBackAt - Date.parse(canaryHealth.lastFailure!.at);
  expect(afterThreshold).toBeGreaterThanOrEqual(0);
  console.log(
    `canary auto-rollback: ${canaryVisitors.length} failing page loads in ${rolledBackSeenAt - canaryStartedAt} ms; ` +
      `ended ${afterThreshold} ms after the report that reached the threshold was stored`,
  );
  const served = (await manifestFor(request, `tenant=velvet&visitor=${canaryVisitors[0]}`)).remotes.find(
    (r) => r.name === 'mf-tv',
  )!;
  expect([served.version, served.channel]).toEqual([pinned, 'pinned']);

  // The same browser gets the working version on its next page load.
  await page.goto('/en/tv/program/');
  await expect(page.locator('[data-remote="mf-tv"]')).toBeVisible();

  // And the operator CLI lists it.
  const { stdout } = await run(join(REPO_ROOT, 'ops', 'node_modules', '.bin', 'tsx'), ['src/main.ts', 'deployments'], {
    cwd: join(REPO_ROOT, 'ops'),
    env: { ...process.env, VELVET_URL: new URL(page.url()).origin, VELVET_OPERATOR_PASSWORD: OPERATOR.password },
  });
  expect(stdout).toMatch(
    new RegExp(
      `server\\s+auto-rollback\\s+velvet mf-tv ${pinned} \\(was ${canary.replace(/\./g, '\\.')}\\): canary ended`,
    ),
  );
});

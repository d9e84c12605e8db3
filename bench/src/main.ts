// `npm run bench`: measures the built site on loopback and prints every figure beside its budget, so a change
// that costs speed or bytes shows. Flags: --quick (one run per page metric, short load tests, fewer clients),
// --scale (section 6, the 50,000-performer seed on PGlite and PostgreSQL; takes minutes), --only=1,2,…
// Section 7 tries the cheap attacks of a hostile visitor against a fresh server; section 8 runs Lighthouse with server
// rendering on and off; section 9 loads the server's HTML; section 10 (--cluster) runs the site as three processes
// behind HAProxy on PostgreSQL and Redis with 10,000 sockets; section 11 measures the messenger between 1,000 guest
// sockets and the performers' side.
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { OPERATOR, benchAttacks } from './attacks';
import { launchChromium } from './browser';
import { benchLighthouse } from './lighthouse';
import { benchCluster } from './cluster';
import { benchFanout } from './fanout';
import { benchHttp } from './http';
import { benchMessenger } from './messenger';
import { startPostgres } from '../../server/src/testing/postgres';
import { benchBytes, benchFederationCost, benchPages, benchVitals } from './pages';
import { BENCH_DIR, REPO_ROOT } from './processes';
import { Report } from './report';
import { benchScale } from './scale';
import { benchServerHtml, type HtmlSite } from './server-html';
import { startVelvet, tempDir, type BenchServer } from './servers';
import { buildSingleBundle } from './single';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const scale = args.includes('--scale');
const cluster = args.includes('--cluster');
const onlyArg = args.find((arg) => arg.startsWith('--only='));
const sections = new Set(
  onlyArg
    ? onlyArg.slice('--only='.length).split(',').map(Number)
    : [1, 2, 3, 4, 5, ...(scale ? [6] : []), 7, 8, 9, ...(cluster ? [10] : []), 11],
);
const runs = quick ? 1 : 5;
const lighthouseRuns = quick ? 1 : 3;
const loadSeconds = quick ? 5 : 10;
const renders = quick ? 2_000 : 10_000;
const fanoutLevels = quick ? [1_000] : [1_000, 5_000, 10_000];

const report = new Report();
const started = Date.now();
console.log(`Velvet bench — ${quick ? 'quick' : 'full'} run; sections ${[...sections].join(', ')}`);
if (!scale) console.log('(section 6, the 50,000-performer scale seed on PGlite and PostgreSQL, runs with --scale)');
if (!sections.has(10))
  console.log('(section 10, three processes behind HAProxy with 10,000 sockets, runs with --cluster)');

const copyData = async (from: string, to: string) => {
  await cp(from, to, { recursive: true, filter: (file) => !file.endsWith('pglite.pid') });
  return to;
};

/**
 * A freshly seeded data directory. BENCH_SEEDED_DIR keeps one seeded directory between runs (the seed takes
 * minutes): copied when it exists, made and kept there when not. Delete it when the seed changes.
 */
async function seededDataDir(): Promise<string> {
  const kept = process.env.BENCH_SEEDED_DIR;
  if (kept && existsSync(path.join(kept, 'pglite'))) {
    console.log(`(seeded data copied from ${kept})`);
    return copyData(kept, await tempDir('data'));
  }
  const seeding = await startVelvet({ keepData: true });
  console.log(`(site seeded in ${((seeding.seedMs ?? 0) / 1000).toFixed(1)} s on a fresh data directory)`);
  await seeding.stop();
  if (kept) await copyData(seeding.dataDir, kept);
  return seeding.dataDir;
}

const servers: BenchServer[] = [];

/**
 * Sections 4 and 9 on the embedded PGlite site and on a PostgreSQL started here and seeded the same way. Section 9
 * restarts each site's server with other settings, so it comes last.
 */
async function benchOnBothDatabases(pglite: HtmlSite['server']): Promise<void> {
  const sites: HtmlSite[] = [{ database: 'PGlite', server: pglite }];
  const postgres = await startPostgres();
  try {
    if (postgres) {
      const server = await startVelvet({ env: { DATABASE_URL: await postgres.createDatabase() } });
      servers.push(server);
      console.log(`(PostgreSQL site seeded in ${((server.seedMs ?? 0) / 1000).toFixed(1)} s)`);
      sites.push({ database: 'PostgreSQL', server });
    } else report.note('PostgreSQL is not installed here: sections 4 and 9 measured on PGlite only');
    if (sections.has(4)) {
      await benchHttp(
        report,
        sites.map((site) => ({ database: site.database, url: site.server.url })),
        loadSeconds,
      );
    }
    if (sections.has(9)) await benchServerHtml(report, sites, { seconds: loadSeconds, renders, quick });
  } finally {
    await stopAll();
    await postgres?.stop();
  }
}
async function stopAll(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

try {
  const needsSite = [1, 2, 3, 4, 8, 9].some((section) => sections.has(section));
  if (needsSite) {
    const siteData = await seededDataDir();
    // The single-bundle server of section 3 gets a copy of the same seeded data (never of an open database).
    const singleData = sections.has(3) ? await copyData(siteData, await tempDir('single-data')) : null;
    // So does the server with server rendering off that section 8 measures beside it.
    const unrenderedData = sections.has(8) ? await copyData(siteData, await tempDir('unrendered-data')) : null;
    const site = await startVelvet({ dataDir: siteData });
    servers.push(site);
    const pages = await benchPages(site.url);
    const needsBrowser = [1, 2, 3].some((section) => sections.has(section));
    const browser = needsBrowser ? await launchChromium() : null;
    try {
      if (browser && sections.has(1)) await benchBytes(report, browser, site.url, pages);
      if (browser && sections.has(2)) await benchVitals(report, browser, site.url, pages, runs);
      if (browser && singleData) {
        const singleRoot = await buildSingleBundle();
        const single = await startVelvet({
          dataDir: singleData,
          env: { BENCH_REPO_ROOT: singleRoot },
          alsoRemove: [singleRoot],
        });
        servers.push(single);
        await benchFederationCost(report, browser, site.url, single.url, runs);
        await single.stop();
        servers.splice(servers.indexOf(single), 1);
      }
    } finally {
      await browser?.close();
    }
    if (unrenderedData) {
      const unrendered = await startVelvet({ dataDir: unrenderedData, env: { SERVER_RENDER: 'off' } });
      servers.push(unrendered);
      await benchLighthouse(report, { on: site.url, off: unrendered.url }, pages, lighthouseRuns);
      await unrendered.stop();
      servers.splice(servers.indexOf(unrendered), 1);
    }
    if (sections.has(4) || sections.has(9)) await benchOnBothDatabases(site);
    await stopAll();
  }
  if (sections.has(5)) await benchFanout(report, fanoutLevels);
  if (sections.has(7)) {
    const target = await startVelvet({ env: { OPERATOR_PASSWORD: OPERATOR.password } });
    servers.push(target);
    await benchAttacks(report, target, loadSeconds);
    await stopAll();
  }
  if (sections.has(11)) await benchMessenger(report, quick);
  if (sections.has(6)) await benchScale(report, loadSeconds);
  if (sections.has(10)) await benchCluster(report, { seconds: loadSeconds, quick });
} catch (error) {
  report.note(`the run stopped early: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

const { met, missed } = report.tally();
const file = await report.write(path.join(BENCH_DIR, 'results'), {
  quick,
  sections: [...sections],
  seconds: Math.round((Date.now() - started) / 1000),
});
console.log(`\nfigures written to ${path.relative(REPO_ROOT, file)}`);
console.log(`budgets: ${met} met, ${missed} missed`);

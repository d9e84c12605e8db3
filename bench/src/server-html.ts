// Section 9: the HTML of the pages as the server answers it, under load on loopback: home from the visitors'
// shared cache, then, with the page cache off, every answer a full render of pages of the seeded site (their data
// shared for the visitors' cache time, as every anonymous visitor's is), and the server's memory after many renders.
import { load, type Request } from './http';
import type { Report } from './report';
import type { VelvetServer } from './servers';
import type { MemoryReply } from './ipc';

const HTML_CONNECTIONS = 50;

const BUDGETS = {
  cachedHomeRps: 2_000,
  renderRps: 150,
  renderP99Ms: 150,
  memoryGrowthMb: 50,
};

/** How many pages of each of the sitemap's other parts (performers, videos, albums, ...) the mix takes, its first. */
const PER_PART = 5;

/** What a browser sends for a page: the server may answer compressed, and that work is part of the answer. */
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip, deflate' };

const page = (path: string): Request => ({ method: 'GET', path, headers: BROWSER_HEADERS });

/** A seeded site on one database: started with the default caches, restarted here with the page cache off. */
export interface HtmlSite {
  database: string;
  server: VelvetServer;
}

export interface HtmlCounts {
  /** Length of each throughput run. */
  seconds: number;
  /** Renders between the two memory readings. */
  renders: number;
  quick: boolean;
}

/** The markers of server rendering in a page's HTML; a page without them is the shell's HTML alone. */
export function renderedMarkup(html: string): { root: boolean; server: number; client: number } {
  return {
    root: /<div\b(?=[^>]*\bid="root")(?=[^>]*\bdata-ssr\b)[^>]*>/.test(html),
    server: html.match(/\bdata-ssr="server"/g)?.length ?? 0,
    client: html.match(/\bdata-ssr="client"/g)?.length ?? 0,
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    match[1]!.trim().replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => XML_ENTITIES[name]!),
  );

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * The mixed pages of the render load, read from the site's sitemap: every English page of its fixed pages (home,
 * the performer lists, the video grid, the TV programme, ...) and the first English pages of each of its other
 * parts (performers, videos, albums, categories, TV shows, blog posts), by path.
 */
async function sitemapPages(base: string): Promise<{ paths: string[]; parts: string[] }> {
  const paths: string[] = [];
  const parts: string[] = [];
  for (const file of locations(await text(`${base}/sitemap.xml`))) {
    const part = /\/sitemaps\/([^/]+?)(-\d+)?\.xml$/.exec(new URL(file).pathname)?.[1] ?? file;
    const english = locations(await text(`${base}${new URL(file).pathname}`))
      .map((location) => new URL(location))
      .filter((url) => url.pathname.startsWith('/en/'))
      .map((url) => url.pathname + url.search);
    const taken = part === 'pages' ? english : english.slice(0, Math.max(0, PER_PART - countOf(parts, part)));
    paths.push(...taken);
    parts.push(...taken.map(() => part));
  }
  return { paths, parts };
}

const countOf = (list: readonly string[], value: string) => list.filter((entry) => entry === value).length;

/** Each page asked once as a browser would: the pages that answer 200 with HTML, and what their HTML holds. */
async function checkPages(
  base: string,
  paths: readonly string[],
): Promise<{ ok: string[]; failed: string[]; rendered: number; outlets: { server: number; client: number } }> {
  const ok: string[] = [];
  const failed: string[] = [];
  let rendered = 0;
  const outlets = { server: 0, client: 0 };
  for (const path of paths) {
    const response = await fetch(`${base}${path}`, { headers: BROWSER_HEADERS });
    const html = await response.text();
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/html')) {
      failed.push(`${path} (${response.status})`);
      continue;
    }
    ok.push(path);
    const markup = renderedMarkup(html);
    if (markup.root) rendered++;
    outlets.server += markup.server;
    outlets.client += markup.client;
  }
  return { ok, failed, rendered, outlets };
}

const MB = 1024 * 1024;
const failures = (result: { errors: number; non2xx: number; total: number }) =>
  result.errors + result.non2xx ? `${result.errors + result.non2xx} of ${result.total} answers failed` : undefined;

/** Home from the shared cache on the server as started: the answer most visitors of a busy site get. */
async function cachedHome(report: Report, site: HtmlSite, seconds: number): Promise<void> {
  const home = page('/');
  const answer = await fetch(`${site.server.url}/`, { headers: BROWSER_HEADERS });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`home answered ${answer.status}`);
  const header = (name: string) => answer.headers.get(name) ?? 'none';
  report.note(
    `${site.database}: home answers Cache-Control ${header('cache-control')}, Server-Timing ${header('server-timing')}, Content-Encoding ${header('content-encoding')}`,
  );
  await load(site.server.url, home, Math.min(3, seconds), { connections: HTML_CONNECTIONS }); // warm-up
  const result = await load(site.server.url, home, seconds, { connections: HTML_CONNECTIONS });
  const name = `${site.database}: home, shared cache`;
  report.add(
    `${name}: requests/s`,
    result.rps,
    'req/s',
    { kind: 'min', limit: BUDGETS.cachedHomeRps },
    failures(result),
  );
  report.add(`${name}: p99`, result.p99, 'ms');
}

/**
 * Mixed pages on the server restarted with the page cache off: every answer is rendered for its request, with the
 * loads' answers the renders share for the visitors' cache time.
 */
async function fullRenders(
  report: Report,
  server: VelvetServer,
  database: string,
  pages: readonly Request[],
  counts: HtmlCounts,
): Promise<void> {
  const options = { connections: HTML_CONNECTIONS };
  await load(server.url, pages, Math.min(3, counts.seconds), options); // warm-up: JIT, prepared statements
  const result = await load(server.url, pages, counts.seconds, options);
  const name = `${database}: mixed pages, PAGE_CACHE_MS=0`;
  report.add(`${name}: requests/s`, result.rps, 'req/s', { kind: 'min', limit: BUDGETS.renderRps }, failures(result));
  report.add(`${name}: p99`, result.p99, 'ms', { kind: 'max', limit: BUDGETS.renderP99Ms });
  // The runs above were the warm-up; the server collects garbage before each reading.
  const before = await server.memory();
  const renders = await load(server.url, pages, counts.seconds, { ...options, amount: counts.renders });
  const after = await server.memory();
  const growth = (key: 'heapUsed' | 'heapTotal' | 'external' | 'rss') => (after[key] - before[key]) / MB;
  const held = (memory: MemoryReply) => memory.heapUsed + memory.external;
  const afterRenders = `after ${counts.renders.toLocaleString('en-US')} renders`;
  // What a leak grows is what the server still holds after a full collection: V8's live heap and the memory outside
  // it (buffers, PGlite's WebAssembly memory). The RSS also carries the heap pages V8 keeps free after collecting
  // and what the native allocator keeps of freed memory (compression's encoders, ICU): it moves by a hundred MB
  // and more from one reading to the next with the live memory flat, so it is reported beside, not held to the budget.
  report.add(
    `${database}: server memory held after a full GC, growth ${afterRenders}`,
    (held(after) - held(before)) / MB,
    'MB',
    { kind: 'max', limit: BUDGETS.memoryGrowthMb },
    failures(renders) ??
      `of which V8's live heap ${growth('heapUsed').toFixed(1)} MB, outside it (buffers, WebAssembly) ${growth('external').toFixed(1)} MB`,
  );
  report.add(`${database}: server RSS after warm-up`, before.rss / MB, 'MB');
  report.add(
    `${database}: server RSS growth ${afterRenders}`,
    growth('rss'),
    'MB',
    undefined,
    `of which V8's heap kept, used or not, ${growth('heapTotal').toFixed(1)} MB; the rest native`,
  );
}

/**
 * Section 9 on each site: home from the shared cache on the server as started, then the same server restarted
 * with the page cache off (`PAGE_CACHE_MS=0`) for the full renders and the memory. The restarted server is stopped
 * here; the site's server is no longer running afterwards.
 */
export async function benchServerHtml(report: Report, sites: readonly HtmlSite[], counts: HtmlCounts): Promise<void> {
  report.begin(
    `9. Server HTML: home from the shared cache, mixed pages each rendered (PAGE_CACHE_MS=0) (autocannon, ${HTML_CONNECTIONS} connections, ${counts.seconds} s each; memory after ${counts.renders.toLocaleString('en-US')} renders)`,
  );
  if (counts.quick) report.note('quick run: shorter loads and fewer renders than a full run');
  for (const site of sites) {
    const pages = await mixedPages(report, site);
    await cachedHome(report, site, counts.seconds);
    const uncached = await site.server.restart({ PAGE_CACHE_MS: '0' });
    try {
      await fullRenders(report, uncached, site.database, pages, counts);
    } finally {
      await uncached.stop();
    }
  }
}

/** The site's mixed pages that answer with HTML, named in the report with what their HTML holds. */
async function mixedPages(report: Report, site: HtmlSite): Promise<Request[]> {
  const mix = await sitemapPages(site.server.url);
  const checked = await checkPages(site.server.url, mix.paths);
  const byPart = [...new Set(mix.parts)].map((part) => `${countOf(mix.parts, part)} ${part}`).join(', ');
  const { database } = site;
  report.note(`${database}: mixed pages: ${checked.ok.length} English pages of the sitemap (${byPart})`);
  if (checked.failed.length) report.note(`${database}: left out, not answered with HTML: ${checked.failed.join(', ')}`);
  report.note(
    checked.rendered
      ? `${database}: ${checked.rendered} of ${checked.ok.length} pages carry server-rendered markup; remote parts rendered on the server ${checked.outlets.server}, left to the browser ${checked.outlets.client}`
      : `${database}: none of the ${checked.ok.length} pages carries server-rendered markup: the figures are those of the shell's HTML`,
  );
  if (!checked.ok.length) throw new Error(`${database}: no page of the sitemap answered with HTML`);
  return checked.ok.map(page);
}

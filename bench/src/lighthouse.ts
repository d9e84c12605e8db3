import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { get } from 'node:http';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';
import { CHROMIUM_EXECUTABLE, CHROMIUM_FLAGS, type BenchPage } from './browser';
import { kb, median, type Budget, type Report } from './report';
import { renderedMarkup } from './server-html';
import { tempDir } from './servers';

/** The pages measured here, by their names in `benchPages`. */
const PAGES = ['home', 'performer profile', 'video grid'];

const BUDGETS = {
  lcp: 1_500,
  fcp: 1_000,
  tbt: 100,
  cls: 0.02,
  performance: 95,
  seo: 100,
  accessibility: 95,
  homeJsKb: 170,
};

/**
 * Chromium for Lighthouse, which drives it over the DevTools port: the bench's flags, new headless mode, and those
 * of the flags chrome-launcher starts Chrome with for the Lighthouse CLI that bear on the trace: the measured tab is
 * never throttled as a background one, and RenderDocument stays off as Lighthouse's launcher keeps it.
 * `--remote-debugging-port=0` lets Chromium pick a free port and print it.
 */
async function launchForLighthouse(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = await tempDir('chromium');
  const child = spawn(
    CHROMIUM_EXECUTABLE,
    [
      ...CHROMIUM_FLAGS,
      '--headless=new',
      '--disable-features=RenderDocument',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      '--disable-background-timer-throttling',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    // Chromium's helper processes can still be writing into the profile as the browser's own process ends: the
    // removal that meets a folder filled again meanwhile (ENOTEMPTY) tries once more, as fs.rm offers for it.
    await rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port: ${output}`)), 30_000);
      // Read stderr to its end: a full pipe would stop Chromium.
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before opening its DevTools port: ${output.slice(-1_000)}`));
      });
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

interface Audited {
  lcp: number | null;
  fcp: number | null;
  tbt: number | null;
  cls: number | null;
  performance: number | null;
  seo: number | null;
  accessibility: number | null;
  /** Scripts the page loaded before Lighthouse saw it idle, with their transfer size (headers included). */
  scripts: { url: string; transferSize: number }[];
  /** Content-Encoding of each script's response as Chromium received it. */
  encodings: Map<string, string | null>;
  /** Audits of the SEO and accessibility categories that failed. */
  failed: string[];
  benchmarkIndex: number;
  warnings: string[];
}

const score = (category: Result.Category | undefined) =>
  category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);

function encodingsOf(result: RunnerResult): Map<string, string | null> {
  const encodings = new Map<string, string | null>();
  for (const event of result.artifacts.DevtoolsLog) {
    if (event.method !== 'Network.responseReceived') continue;
    const { url, headers } = event.params.response;
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    encodings.set(url, encoding ? String(encoding[1]) : null);
  }
  return encodings;
}

/** A run that Lighthouse itself could not complete (it asks to run again), with its error code. */
class LighthouseRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One Lighthouse run with its defaults, which are a phone's: an emulated Moto G Power screen and simulated
 * throttling (the page loads at full speed and the metrics are computed for a slow 4G network and a 4x slower CPU).
 */
async function audit(url: string): Promise<Audited> {
  const chromium = await launchForLighthouse();
  try {
    const flags: Flags = {
      port: chromium.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'seo', 'accessibility'],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRunError(lhr.runtimeError.code, `Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items;
    const failed = (['seo', 'accessibility'] as const).flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}/${ref.id}`),
    );
    return {
      lcp: metric('largest-contentful-paint'),
      fcp: metric('first-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      performance: score(lhr.categories.performance),
      seo: score(lhr.categories.seo),
      accessibility: score(lhr.categories.accessibility),
      scripts: (requests ?? [])
        .filter((item) => item.resourceType === 'Script' && String(item.url).startsWith('http'))
        .map((item) => ({ url: String(item.url), transferSize: Number(item.transferSize ?? 0) })),
      encodings: encodingsOf(result),
      failed,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings,
    };
  } finally {
    await chromium.close();
  }
}

/** A response's body as it came over the wire (not decoded), with its Content-Encoding. */
function rawGet(url: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if ((response.statusCode ?? 0) >= 400) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? null });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * A script's size in brotli: the body the server sends to a browser that accepts only brotli, or, when the
 * server sends it otherwise, the plain file compressed here at brotli's highest quality (11), as a build would.
 */
async function brotliSize(url: string): Promise<{ bytes: number; servedAs: string | null }> {
  const served = await rawGet(url, 'br');
  if (served.encoding === 'br') return { bytes: served.body.length, servedAs: 'br' };
  const plain = await rawGet(url, 'identity');
  const compressed = brotliCompressSync(plain.body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.body.length },
  });
  return { bytes: compressed.length, servedAs: served.encoding };
}

const medianOf = (runs: Audited[], key: Exclude<keyof Audited, 'scripts' | 'encodings' | 'failed' | 'warnings'>) =>
  median(runs.map((run) => run[key]).filter((value): value is number => value !== null));

/** The same pages on two servers of the same seed: server rendering on (the default) and off (`SERVER_RENDER=off`). */
export interface RenderingSites {
  on: string;
  off: string;
}

const ratio = (on: number | null, off: number | null) => (on !== null && off ? on / off : null);

/**
 * Section 8: home, a performer's profile and a video grid under Lighthouse's mobile defaults, the median of
 * `runs` runs per metric and score, with server rendering on against the phone's budgets and beside the same page
 * with it off (the runs alternate, so both see the same minutes of the machine's load); then the JavaScript a
 * first visit to home loads, in brotli.
 */
export async function benchLighthouse(
  report: Report,
  sites: RenderingSites,
  pages: BenchPage[],
  runs: number,
): Promise<void> {
  report.begin(
    `8. Pages on a phone: Lighthouse's mobile defaults (Moto G Power, simulated slow 4G and 4x CPU; median of ${runs}), server rendering on and off`,
  );
  const measured = pages.filter((page) => PAGES.includes(page.name));
  const audited = { on: new Map<string, Audited[]>(), off: new Map<string, Audited[]>() };
  const repeated: string[] = [];
  // A run Lighthouse could not complete is made again, twice at most, and named below.
  const auditOnce = async (base: string, page: BenchPage, attempt = 1): Promise<Audited> => {
    try {
      return await audit(`${base}${page.path}`);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt > 2) throw error;
      repeated.push(`${page.name}${base === sites.off ? ', rendering off' : ''} (${error.code})`);
      return auditOnce(base, page, attempt + 1);
    }
  };
  for (let run = 0; run < runs; run++) {
    for (const page of measured) {
      for (const side of ['on', 'off'] as const) {
        const pageRuns = audited[side].get(page.name) ?? [];
        pageRuns.push(await auditOnce(sites[side], page));
        audited[side].set(page.name, pageRuns);
      }
    }
  }
  for (const page of measured) {
    const on = audited.on.get(page.name)!;
    const off = audited.off.get(page.name)!;
    const row = (name: string, unit: string, key: Parameters<typeof medianOf>[1], budget: Budget) => {
      const values = [medianOf(on, key), medianOf(off, key)];
      return { name, unit, budget, values: [...values, ratio(values[0]!, values[1]!)] };
    };
    report.table(
      [
        'server rendering on',
        { name: 'SERVER_RENDER=off', budgeted: false },
        { name: 'on / off', budgeted: false, unit: 'x' },
      ],
      [
        row('LCP', 'ms', 'lcp', { kind: 'max', limit: BUDGETS.lcp }),
        row('FCP', 'ms', 'fcp', { kind: 'max', limit: BUDGETS.fcp }),
        row('TBT', 'ms', 'tbt', { kind: 'max', limit: BUDGETS.tbt }),
        row('CLS', '', 'cls', { kind: 'max', limit: BUDGETS.cls }),
        row('performance score', 'of 100', 'performance', { kind: 'min', limit: BUDGETS.performance }),
        row('SEO score', 'of 100', 'seo', { kind: 'min', limit: BUDGETS.seo }),
        row('accessibility score', 'of 100', 'accessibility', { kind: 'min', limit: BUDGETS.accessibility }),
      ],
      page.name,
    );
  }
  const all = [...audited.on.values(), ...audited.off.values()].flat();
  if (repeated.length) report.note(`runs Lighthouse could not complete and made again: ${repeated.join(', ')}`);
  report.note(`Lighthouse's benchmark index of this machine: median ${medianOf(all, 'benchmarkIndex')?.toFixed(0)}`);
  for (const warning of new Set(all.flatMap((run) => run.warnings))) report.note(`Lighthouse: ${warning}`);
  for (const side of ['on', 'off'] as const) {
    for (const page of measured) {
      const failed = new Set(audited[side].get(page.name)!.flatMap((run) => run.failed));
      const label = side === 'on' ? page.name : `${page.name}, rendering off`;
      if (failed.size) report.note(`${label}: failed audits ${[...failed].join(', ')}`);
    }
  }
  report.note(await markupNote(sites.on, measured));
  await reportHomeJs(report, audited.on.get('home') ?? [], audited.off.get('home') ?? []);
}

/** Whether the pages the server rendered carry server-rendered markup, as the figures with it on must be read. */
async function markupNote(base: string, pages: BenchPage[]): Promise<string> {
  const rendered: string[] = [];
  for (const page of pages) {
    const response = await fetch(`${base}${page.path}`);
    if (renderedMarkup(await response.text()).root) rendered.push(page.name);
  }
  return rendered.length === pages.length
    ? 'with server rendering on, every page measured carries server-rendered markup'
    : `with server rendering on, ${pages.length - rendered.length} of ${pages.length} pages measured were the shell's HTML without server-rendered markup`;
}

/**
 * The brotli bytes of every script of each home run (the median of the runs), with server rendering on against
 * the budget and off beside it, and how the scripts were served.
 */
async function reportHomeJs(report: Report, homeRuns: Audited[], offRuns: Audited[]): Promise<void> {
  const sizes = new Map<string, { bytes: number; servedAs: string | null }>();
  const measure = async (runs: Audited[]) => {
    const totals: number[] = [];
    const recorded: number[] = [];
    for (const run of runs) {
      let total = 0;
      for (const script of run.scripts) {
        if (!sizes.has(script.url)) sizes.set(script.url, await brotliSize(script.url));
        total += sizes.get(script.url)!.bytes;
      }
      totals.push(kb(total));
      recorded.push(kb(run.scripts.reduce((sum, script) => sum + script.transferSize, 0)));
    }
    return { brotli: median(totals), recorded: median(recorded), scripts: runs[0]?.scripts ?? [] };
  };
  const on = await measure(homeRuns);
  report.add(
    'home, first visit: JS, brotli',
    on.brotli,
    'KB',
    { kind: 'max', limit: BUDGETS.homeJsKb },
    `${on.scripts.length} scripts`,
  );
  report.add("home, first visit: JS, Lighthouse's transfer sizes", on.recorded, 'KB', undefined, 'headers included');
  const onSizes = new Map(sizes);
  const off = await measure(offRuns);
  report.add(
    'home, first visit, SERVER_RENDER=off: JS, brotli',
    off.brotli,
    'KB',
    undefined,
    `${off.scripts.length} scripts`,
  );
  const notBrotli = [...onSizes].filter(([, size]) => size.servedAs !== 'br');
  report.note(
    notBrotli.length
      ? `the server sent ${notBrotli.length} of ${onSizes.size} scripts without brotli (${notBrotli.map(([url, size]) => `${new URL(url).pathname}: ${size.servedAs ?? 'plain'}`).join(', ')}); their figure is brotli at quality 11 computed here`
      : `the server sends all ${onSizes.size} scripts brotli-compressed`,
  );
  const chromium = on.scripts.map((script) => homeRuns[0]!.encodings.get(script.url) ?? 'plain');
  const received = [...new Set(chromium)].map(
    (encoding) => `${chromium.filter((e) => e === encoding).length} ${encoding}`,
  );
  report.note(`Chromium received the scripts as ${received.join(', ')}`);
}

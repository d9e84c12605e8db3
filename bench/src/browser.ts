import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';

/** Debian's Chromium (Playwright cannot download browsers here); CHROMIUM_PATH names another. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of e2e/playwright.config.ts: no sandbox and no GPU in a container, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_FLAGS });
}

export interface BenchPage {
  name: string;
  path: string;
}

export type ByteGroup = 'shell' | 'remoteEntry' | 'remote' | 'shared';

export interface Transfer {
  url: string;
  kind: 'js' | 'css';
  group: ByteGroup;
  /** The remote a /remotes/ file belongs to. */
  remote: string | null;
  /** Bytes on the wire (encoded body). */
  encoded: number;
  encoding: string | null;
}

/** Which files of a remote build are shared-module fallbacks, read from its mf-manifest.json. */
const sharedFiles = new Map<string, Promise<Set<string>>>();
function sharedFilesOf(base: string): Promise<Set<string>> {
  let files = sharedFiles.get(base);
  if (!files) {
    files = fetch(`${base}mf-manifest.json`)
      .then(
        (response) => response.json() as Promise<{ shared: { assets: { js: { sync: string[]; async: string[] } } }[] }>,
      )
      .then(
        (manifest) => new Set(manifest.shared.flatMap((entry) => [...entry.assets.js.sync, ...entry.assets.js.async])),
      )
      .catch(() => new Set<string>());
    sharedFiles.set(base, files);
  }
  return files;
}

async function classify(response: Response): Promise<Transfer | null> {
  const url = new URL(response.url());
  const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
  const type = response.request().resourceType();
  if (!kind && type !== 'script' && type !== 'stylesheet') return null;
  const sizes = await response.request().sizes();
  const encoding = (await response.headerValue('content-encoding')) ?? null;
  const base = {
    url: url.pathname,
    kind: kind ?? (type === 'script' ? ('js' as const) : ('css' as const)),
    encoded: sizes.responseBodySize,
    encoding,
  };
  const remoteMatch = /^\/remotes\/([^/]+)\/[^/]+\/(.+)$/.exec(url.pathname);
  if (!remoteMatch) return { ...base, group: 'shell', remote: null };
  const [, remote, file] = remoteMatch as unknown as [string, string, string];
  if (file === 'remoteEntry.js') return { ...base, group: 'remoteEntry', remote };
  const shared = await sharedFilesOf(`${url.origin}${url.pathname.slice(0, url.pathname.length - file.length)}`);
  return { ...base, group: shared.has(file) ? 'shared' : 'remote', remote };
}

/**
 * Loads a page in a fresh context (empty cache) and waits until the page settled: the load event, no
 * request for a second, then the transfers of scripts and style sheets with their encoded sizes.
 */
export async function measureTransfers(browser: Browser, url: string): Promise<Transfer[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Promise<Transfer | null>[] = [];
    page.on('response', (response) => pending.push(classify(response).catch(() => null)));
    await page.goto(url, { waitUntil: 'load' });
    await settle(context);
    return (await Promise.all(pending)).filter((transfer): transfer is Transfer => transfer !== null);
  } finally {
    await context.close();
  }
}

/** Waits until no HTTP request started or finished for `quietMs` (the socket does not count), at most `maxMs`. */
export async function settle(context: BrowserContext, quietMs = 1_500, maxMs = 30_000): Promise<void> {
  let last = Date.now();
  let inflight = 0;
  const start = () => {
    inflight++;
    last = Date.now();
  };
  const end = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  context.on('request', start);
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline && (inflight > 0 || Date.now() - last < quietMs)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  context.off('request', start);
  context.off('requestfinished', end);
  context.off('requestfailed', end);
}

export interface Vitals {
  fcp: number | null;
  lcp: number | null;
  tbt: number;
  cls: number;
}

/**
 * FCP, LCP, TBT and CLS observed in the page (PerformanceObserver, buffered): TBT sums the part over 50 ms of
 * every long task that starts after FCP; CLS sums layout shifts without recent input (the page is not touched).
 */
const VITALS_SCRIPT = `(() => {
  const vitals = { fcp: null, lcp: null, cls: 0, longTasks: [] };
  window.__benchVitals = vitals;
  const observe = (type, callback) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(callback)).observe({ type, buffered: true }); } catch {}
  };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { vitals.lcp = entry.startTime; });
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) vitals.cls += entry.value; });
  observe('longtask', (entry) => { vitals.longTasks.push([entry.startTime, entry.duration]); });
})();`;

/** Mobile throttling as Lighthouse's: 4x CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const THROTTLING = { cpu: 4, latencyMs: 150, downloadBps: 1_600_000, uploadBps: 750_000 };

export async function measureVitals(browser: Browser, url: string): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(VITALS_SCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBps / 8,
      uploadThroughput: THROTTLING.uploadBps / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await settle(context, 2_000, 60_000);
    const raw = await page.evaluate(
      () =>
        (
          window as unknown as {
            __benchVitals: { fcp: number | null; lcp: number | null; cls: number; longTasks: [number, number][] };
          }
        ).__benchVitals,
    );
    const tbt = raw.longTasks
      .filter(([start]) => raw.fcp !== null && start >= raw.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcp: raw.fcp, lcp: raw.lcp, tbt, cls: raw.cls };
  } finally {
    await context.close();
  }
}

import type { Browser } from '@playwright/test';
import { measureTransfers, measureVitals, THROTTLING, type BenchPage, type Transfer, type Vitals } from './browser';
import { kb, median, type Report } from './report';

const HOME_JS_BUDGET_KB = 170;
const LCP_BUDGET_MS = 1_500;
const TBT_BUDGET_MS = 150;
const CLS_BUDGET = 0.05;
const FEDERATION_RATIO_BUDGET = 1.1;

/** Home, a performer's profile, a video grid, the messenger and the TV livestream (English paths). */
export async function benchPages(base: string): Promise<BenchPage[]> {
  const response = await fetch(`${base}/rest/v1/actors/list/cams?pageSize=1`);
  const list = (await response.json()) as { items: { name: string }[] };
  const actor = list.items[0]?.name;
  if (!actor) throw new Error('the seed has no performer to open');
  return [
    { name: 'home', path: '/' },
    { name: 'performer profile', path: `/en/amateur/${encodeURIComponent(actor)}` },
    { name: 'video grid', path: '/en/videos' },
    { name: 'messenger', path: '/en/messenger' },
    { name: 'TV livestream', path: '/en/tv/livestream' },
  ];
}

const sum = (transfers: Transfer[], filter: (t: Transfer) => boolean) =>
  kb(transfers.filter(filter).reduce((total, transfer) => total + transfer.encoded, 0));

export async function benchBytes(
  report: Report,
  browser: Browser,
  base: string,
  pages: BenchPage[],
): Promise<Record<string, Transfer[]>> {
  report.begin('1. Bytes on first load (encoded as sent; an empty cache per page)');
  const byPage: Record<string, Transfer[]> = {};
  const entries = new Map<string, number>();
  let uncompressed = 0;
  let files = 0;
  for (const page of pages) {
    const transfers = await measureTransfers(browser, `${base}${page.path}`);
    byPage[page.name] = transfers;
    const js = (t: Transfer) => t.kind === 'js';
    report.add(
      `${page.name}: JS total`,
      sum(transfers, js),
      'KB',
      page.name === 'home' ? { kind: 'max', limit: HOME_JS_BUDGET_KB } : undefined,
      `${transfers.filter(js).length} files`,
    );
    report.add(
      `${page.name}:   shell`,
      sum(transfers, (t) => js(t) && t.group === 'shell'),
      'KB',
    );
    report.add(
      `${page.name}:   remote entries`,
      sum(transfers, (t) => t.group === 'remoteEntry'),
      'KB',
    );
    report.add(
      `${page.name}:   remote chunks`,
      sum(transfers, (t) => js(t) && t.group === 'remote'),
      'KB',
    );
    report.add(
      `${page.name}:   shared chunks`,
      sum(transfers, (t) => js(t) && t.group === 'shared'),
      'KB',
    );
    report.add(
      `${page.name}: CSS total`,
      sum(transfers, (t) => t.kind === 'css'),
      'KB',
    );
    for (const transfer of transfers) {
      files++;
      if (!transfer.encoding && transfer.encoded > 1024) uncompressed++;
      if (transfer.group === 'remoteEntry' && transfer.remote) entries.set(transfer.remote, transfer.encoded);
    }
  }
  for (const [remote, bytes] of [...entries].sort()) report.add(`remote entry ${remote}`, kb(bytes), 'KB');
  if (uncompressed)
    report.note(`${uncompressed} of ${files} script and style files over 1 KB were sent without compression`);
  else report.note('every script and style file over 1 KB was sent compressed');
  return byPage;
}

function medianVitals(runs: Vitals[]): Vitals {
  const pick = (key: keyof Vitals) => median(runs.map((run) => run[key]).filter((v): v is number => v !== null));
  return { fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt') ?? 0, cls: pick('cls') ?? 0 };
}

const throttlingLabel = `${THROTTLING.cpu}x CPU, ${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downloadBps / 1e6} Mbps`;

export async function benchVitals(
  report: Report,
  browser: Browser,
  base: string,
  pages: BenchPage[],
  runs: number,
): Promise<void> {
  report.begin(`2. Page metrics in Chromium (${throttlingLabel}; median of ${runs})`);
  for (const page of pages) {
    const measured: Vitals[] = [];
    for (let run = 0; run < runs; run++) measured.push(await measureVitals(browser, `${base}${page.path}`));
    const vitals = medianVitals(measured);
    report.add(`${page.name}: FCP`, vitals.fcp, 'ms');
    report.add(`${page.name}: LCP`, vitals.lcp, 'ms', { kind: 'max', limit: LCP_BUDGET_MS });
    report.add(`${page.name}: TBT`, vitals.tbt, 'ms', { kind: 'max', limit: TBT_BUDGET_MS });
    report.add(`${page.name}: CLS`, vitals.cls, '', { kind: 'max', limit: CLS_BUDGET });
  }
}

/** Home federated and home as one bundle, measured alternately so both see the same machine load. */
export async function benchFederationCost(
  report: Report,
  browser: Browser,
  federated: string,
  single: string,
  runs: number,
): Promise<void> {
  report.begin(
    `3. Cost of federation: home federated vs. the same shell and remotes as one bundle (median of ${runs})`,
  );
  const js = (transfers: Transfer[]) => sum(transfers, (t) => t.kind === 'js');
  const federatedBytes = js(await measureTransfers(browser, `${federated}/`));
  const singleBytes = js(await measureTransfers(browser, `${single}/`));
  const federatedRuns: Vitals[] = [];
  const singleRuns: Vitals[] = [];
  for (let run = 0; run < runs; run++) {
    federatedRuns.push(await measureVitals(browser, `${federated}/`));
    singleRuns.push(await measureVitals(browser, `${single}/`));
  }
  const federatedLcp = medianVitals(federatedRuns).lcp;
  const singleLcp = medianVitals(singleRuns).lcp;
  report.add('home JS, federated', federatedBytes, 'KB');
  report.add('home JS, one bundle', singleBytes, 'KB');
  report.add('home JS ratio federated / one bundle', federatedBytes / singleBytes, 'x', {
    kind: 'max',
    limit: FEDERATION_RATIO_BUDGET,
  });
  report.add('home LCP, federated', federatedLcp, 'ms');
  report.add('home LCP, one bundle', singleLcp, 'ms');
  report.add(
    'home LCP ratio federated / one bundle',
    federatedLcp !== null && singleLcp ? federatedLcp / singleLcp : null,
    'x',
    { kind: 'max', limit: FEDERATION_RATIO_BUDGET },
  );
}

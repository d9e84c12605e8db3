import { MAX_LOAD_REPORTS, telemetryEndpoints } from '@velvet/contracts';
import { beaconSender, createLoadReporter, type LoadReportBatch } from './loadReports';
import { manifestRemote } from './testShell';

const tv = { ...manifestRemote('mf-tv', ['home.TV']), version: '1.2.0', channel: 'canary' as const };
const feed = manifestRemote('mf-feed', ['home.Feed']);

describe('load reports', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the loads of a page together a short while after the first, as the contract wants them', async () => {
    const sent: LoadReportBatch[] = [];
    const reporter = createLoadReporter({
      visitor: 'v-1',
      token: 'page-token',
      send: (batch) => sent.push(batch),
      delayMs: 2000,
    });
    reporter.succeeded(tv, 123.4);
    reporter.failed(feed, 'entry', 80, new Error('ScriptNetworkError'));
    await jest.advanceTimersByTimeAsync(1999);
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(telemetryEndpoints.reportLoads.body!.parse(sent[0])).toEqual({
      visitor: 'v-1',
      token: 'page-token',
      loads: [
        {
          remote: 'mf-tv',
          version: '1.2.0',
          channel: 'canary',
          outcome: 'success',
          stage: null,
          durationMs: 123,
          error: null,
        },
        {
          remote: 'mf-feed',
          version: '1.0.0',
          channel: 'pinned',
          outcome: 'failure',
          stage: 'entry',
          durationMs: 80,
          error: 'Error: ScriptNetworkError',
        },
      ],
    });
  });

  it('reports one load per remote however many widgets use it, and the same failure once across retries', async () => {
    const sent: LoadReportBatch[] = [];
    const reporter = createLoadReporter({ visitor: 'v', send: (batch) => sent.push(batch) });
    for (let i = 0; i < 5; i++) reporter.succeeded(tv, 10);
    for (let i = 0; i < 5; i++) reporter.failed(feed, 'timeout', 10_000, 'timed out');
    reporter.succeeded(feed, 30);
    await jest.runAllTimersAsync();
    expect(sent.flatMap((batch) => batch.loads).map((load) => [load.remote, load.outcome, load.stage])).toEqual([
      ['mf-tv', 'success', null],
      ['mf-feed', 'failure', 'timeout'],
      ['mf-feed', 'success', null],
    ]);
  });

  it('flushes at once when the page goes away, in batches of at most MAX_LOAD_REPORTS', () => {
    const sent: LoadReportBatch[] = [];
    const reporter = createLoadReporter({ visitor: 'v', send: (batch) => sent.push(batch) });
    const stages = ['manifest', 'entry', 'expose', 'mount', 'chunk', 'incompatible', 'timeout'] as const;
    for (let i = 0; i < 8; i++)
      for (const stage of stages) reporter.failed({ ...tv, version: `1.0.${i}` }, stage, 1, 'x'.repeat(900));
    reporter.flush();
    expect(sent.map((batch) => batch.loads.length)).toEqual([MAX_LOAD_REPORTS, 56 - MAX_LOAD_REPORTS]);
    expect(sent.every((batch) => telemetryEndpoints.reportLoads.body!.safeParse(batch).success)).toBe(true);
    reporter.flush();
    expect(sent).toHaveLength(2);
  });

  it('beacons JSON, and falls back to a keep-alive fetch when the beacon is refused', async () => {
    const beacons: Array<[string, Blob]> = [];
    const fetchMock = jest.fn(async () => new Response('{}'));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const batch: LoadReportBatch = { visitor: 'v', loads: [] };
    beaconSender('/rest/v1/federation/telemetry/loads', {
      sendBeacon: (url, data) => beacons.push([String(url), data as Blob]) > 0,
    })(batch);
    expect(beacons[0]![0]).toBe('/rest/v1/federation/telemetry/loads');
    expect(beacons[0]![1].type).toBe('application/json');
    expect(fetchMock).not.toHaveBeenCalled();
    beaconSender('/r', { sendBeacon: () => false })(batch);
    expect(fetchMock).toHaveBeenCalledWith('/r', expect.objectContaining({ method: 'POST', keepalive: true }));
  });
});

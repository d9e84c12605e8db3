import { MAX_LOAD_REPORTS, type ManifestRemote, type RemoteLoadReport, type RemoteLoadStage } from '@velvet/contracts';

/** The body of `telemetryEndpoints.reportLoads`. */
export interface LoadReportBatch {
  visitor: string;
  /** The manifest's report token of this page load: without it the loads never count towards a canary rollback. */
  token?: string;
  loads: RemoteLoadReport[];
}

export interface LoadReporter {
  /** The remote's code loaded (the first module of it on this page; later ones are the same load). */
  succeeded(remote: ManifestRemote, durationMs: number): void;
  /** A step failed; the same failure of the same remote is reported once per page, however often it is retried. */
  failed(remote: ManifestRemote, stage: RemoteLoadStage, durationMs: number, error: unknown): void;
  /** Sends what is queued now (the page is going away). */
  flush(): void;
}

export interface LoadReporterOptions {
  visitor: string;
  /** The manifest's `reportToken`, sent with every batch of this page. */
  token?: string | undefined;
  /** Sends one batch; must not throw. */
  send: (batch: LoadReportBatch) => void;
  /** How long reports wait for others of the same page before they go together. */
  delayMs?: number;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

/**
 * Collects the remote loads of one page and sends them in batches: a short while after the first one, and whatever
 * is left when the page is hidden or left. Each remote's success and each kind of failure is reported once per page,
 * so widgets of one remote and retries with backoff do not multiply the reports.
 */
export function createLoadReporter(options: LoadReporterOptions): LoadReporter {
  const delayMs = options.delayMs ?? 2_000;
  const reported = new Set<string>();
  let queue: RemoteLoadReport[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length) {
      options.send({
        visitor: options.visitor,
        ...(options.token ? { token: options.token } : {}),
        loads: queue.slice(0, MAX_LOAD_REPORTS),
      });
      queue = queue.slice(MAX_LOAD_REPORTS);
    }
  };
  const add = (key: string, report: RemoteLoadReport) => {
    if (reported.has(key)) return;
    reported.add(key);
    queue.push(report);
    timer ??= setTimeout(flush, delayMs);
  };
  const base = (remote: ManifestRemote, durationMs: number) => ({
    remote: remote.name,
    version: remote.version,
    channel: remote.channel ?? ('pinned' as const),
    durationMs: Math.min(Math.max(Math.round(durationMs), 0), 600_000),
  });

  return {
    succeeded: (remote, durationMs) =>
      add(`${remote.name}@${remote.version}:success`, {
        ...base(remote, durationMs),
        outcome: 'success',
        stage: null,
        error: null,
      }),
    failed: (remote, stage, durationMs, error) =>
      add(`${remote.name}@${remote.version}:${stage}`, {
        ...base(remote, durationMs),
        outcome: 'failure',
        stage,
        error: errorText(error),
      }),
    flush,
  };
}

/**
 * Sends a batch the way that survives the page being closed: a beacon, or a keep-alive fetch where beacons are
 * missing or refused.
 */
export function beaconSender(url: string, navigator: Pick<Navigator, 'sendBeacon'> | undefined = globalThis.navigator) {
  return (batch: LoadReportBatch) => {
    const body = JSON.stringify(batch);
    if (navigator?.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
      () => undefined,
    );
  };
}

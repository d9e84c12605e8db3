import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import type { RemoteLoadStage } from '@velvet/contracts';

/** Why one step of loading a remote failed; `remote` is its federation (container) name. */
export interface RemoteLoadFailure {
  remote: string;
  stage: RemoteLoadStage;
  error: string;
}

export interface DeliveryPluginOptions {
  /** How long a manifest fetch or an entry script may take before it counts as failed (stage `timeout`). */
  timeoutMs: number;
  /** Called for each failed step; the runtime then rejects the load, and the host retries it later. */
  onFailure: (failure: RemoteLoadFailure) => void;
  /**
   * The Subresource Integrity the registry took of the script at this absolute URL, when it is a remote's entry. The
   * runtime also creates the scripts of chunks through the same hook, so the URL, not the remote, decides.
   */
  integrity?: (url: string) => string | undefined;
}

const message = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
const isTimeout = (error: unknown) =>
  (error instanceof Error || error instanceof DOMException) &&
  (error.name === 'TimeoutError' || /timed out/i.test(error.message));
/** webpack's error for a chunk it could not load (a missing file of a build, a network failure). */
const isChunkError = (error: unknown) =>
  error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .+ failed/.test(error.message));

/**
 * The Module Federation runtime plugin of the shell: manifests are fetched past the HTTP cache with a time limit,
 * entry scripts get the same limit and the integrity the registry took of them (Subresource Integrity), and each
 * failed step is reported with its stage — manifest, entry, a missing chunk of an exposed module, the module itself, or a timeout — so the
 * host can show a fallback and report the load.
 */
export function deliveryPlugin(options: DeliveryPluginOptions): ModuleFederationRuntimePlugin {
  const fail = (remote: string, stage: RemoteLoadStage, error: unknown) =>
    options.onFailure({ remote, stage, error: message(error).slice(0, 500) });
  return {
    name: 'velvet-delivery',
    async fetch(url, init) {
      // The manifest names the hashed chunks of a version: always revalidated, never waited on for ever.
      const response = await fetch(url, {
        ...init,
        cache: 'no-cache',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
    createScript({ url, remoteInfo }) {
      // Only remote scripts: one that hangs fails after the time limit instead of the runtime's 20 s.
      if (!remoteInfo) return;
      const integrity = options.integrity?.(new URL(url, document.baseURI).href);
      if (!integrity) return { timeout: options.timeoutMs };
      // The entry must be the very file the registry hashed: the browser refuses any other (a failed `entry`).
      const script = document.createElement('script');
      script.src = url;
      script.setAttribute('integrity', integrity);
      script.crossOrigin = 'anonymous';
      return { script, timeout: options.timeoutMs };
    },
    afterLoadManifest(args) {
      if (args.error) fail(args.moduleInfo.name, isTimeout(args.error) ? 'timeout' : 'manifest', args.error);
    },
    afterLoadEntry(args) {
      if (args.error && !args.recovered)
        fail(args.remoteInfo.name, isTimeout(args.error) ? 'timeout' : 'entry', args.error);
    },
    afterGetExpose(args) {
      if (args.error) fail(args.moduleInfo.name, isChunkError(args.error) ? 'chunk' : 'expose', args.error);
    },
    afterExecuteFactory(args) {
      if (args.error) fail(args.moduleInfo.name, isChunkError(args.error) ? 'chunk' : 'expose', args.error);
    },
  };
}

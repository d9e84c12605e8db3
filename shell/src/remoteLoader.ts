import type { ManifestRemote } from '@velvet/contracts';
import type { RemoteLoadFailure } from '@velvet/federation';
import type { LoadReporter } from './loadReports';

export type ExposedModule = 'app' | 'widgets';

export interface RemoteLoaderOptions {
  /** The federation runtime's loadRemote. */
  loadRemote: (id: string) => Promise<unknown>;
  reporter: LoadReporter;
  now?: () => number;
}

/**
 * Loads the exposed modules of remotes through the federation runtime and reports each load. The runtime plugin
 * (`deliveryPlugin`) tells which step failed through `recordFailure`; a failure it did not see counts as the
 * exposed module's.
 */
export function createRemoteLoader(options: RemoteLoaderOptions) {
  const now = options.now ?? (() => performance.now());
  /** The latest failure per federation name, numbered so a load only takes one that happened while it ran. */
  const failures = new Map<string, RemoteLoadFailure & { sequence: number }>();
  let sequence = 0;

  const load = async <T>(remote: ManifestRemote, module: ExposedModule): Promise<T> => {
    const federationName = remote.descriptor.federationName;
    const started = now();
    const before = sequence;
    try {
      const loaded = (await options.loadRemote(`${federationName}/${module}`)) as ({ default?: T } & T) | null;
      if (!loaded) throw new Error(`${remote.name}/${module} did not load`);
      options.reporter.succeeded(remote, now() - started);
      return (loaded.default ?? loaded) as T;
    } catch (error) {
      const seen = failures.get(federationName);
      const failure = seen && seen.sequence > before ? seen : null;
      options.reporter.failed(remote, failure?.stage ?? 'expose', now() - started, failure?.error ?? error);
      throw error;
    }
  };

  return {
    load,
    recordFailure: (failure: RemoteLoadFailure) => failures.set(failure.remote, { ...failure, sequence: ++sequence }),
  };
}

import { loggerEndpoints, type Endpoint, type EndpointInput } from '@velvet/contracts';
import { ApiError, type RestCall } from '@velvet/sdk';

/** Log posts kept while off line; older ones give way to newer ones beyond this. */
export const MAX_QUEUED_LOGS = 50;

export interface NetworkLogger {
  /** Posts a log entry now, or keeps it until the browser is back on line when it is off line or the post fails on the way. */
  log<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): void;
  /** Stops listening to the browser's network events. */
  dispose(): void;
}

/**
 * The shell's log posts (socket errors, the browser's network status): off line they are queued, in order, and
 * sent when the browser says it is back. Going off line is itself logged (`logger/browserOnline`), with the
 * return, once the network is there to carry both. A post the server answered, even with an error, is not kept:
 * only one that never arrived is.
 */
export function createNetworkLogger({ rest, window: win }: { rest: RestCall; window: Window }): NetworkLogger {
  let queue: (() => Promise<unknown>)[] = [];
  const keep = (post: () => Promise<unknown>) => {
    queue = [...queue, post].slice(-MAX_QUEUED_LOGS);
  };
  const send = (post: () => Promise<unknown>) => {
    if (!win.navigator.onLine) return keep(post);
    void post().catch((error: unknown) => {
      if (!(error instanceof ApiError)) keep(post);
    });
  };
  const log = <E extends Endpoint>(endpoint: E, input: EndpointInput<E>) => send(() => rest(endpoint, input));
  const status = (value: 'online' | 'offline') => () =>
    rest(loggerEndpoints.browserOnline, { body: { status: value } });

  const offline = () => keep(status('offline'));
  const online = () => {
    const waiting = [...queue, status('online')];
    queue = [];
    for (const post of waiting) send(post);
  };
  win.addEventListener('offline', offline);
  win.addEventListener('online', online);
  return {
    log,
    dispose: () => {
      win.removeEventListener('offline', offline);
      win.removeEventListener('online', online);
    },
  };
}

import { loggerEndpoints } from '@velvet/contracts';
import { ApiError, type RestCall } from '@velvet/sdk';
import { MAX_QUEUED_LOGS, createNetworkLogger } from './networkLogger';

/** The browser's network switch: `navigator.onLine` and the window's online/offline events. */
function network(initial: boolean) {
  let online = initial;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  return {
    set(value: boolean) {
      online = value;
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
  };
}

const socketError = (errorCode: number) => ({ errorCode, type: 'connectionClosed' as const, reason: '' });

describe('the network logger', () => {
  afterEach(() => jest.restoreAllMocks());

  it('posts at once on line; off line it keeps the posts in order and sends them, and both changes, on reconnect', async () => {
    const net = network(true);
    const posted: [string, unknown][] = [];
    const rest = jest.fn(async (endpoint: { path: string }, input: { body: unknown }) => {
      posted.push([endpoint.path, input.body]);
      return { logged: true };
    }) as unknown as RestCall;
    const logger = createNetworkLogger({ rest, window });
    logger.log(loggerEndpoints.websocketConnectionError, { body: socketError(1006) });
    expect(posted).toEqual([['/logger/websocketConnectionError', socketError(1006)]]);

    net.set(false);
    logger.log(loggerEndpoints.websocketConnectionError, { body: socketError(4000) });
    logger.log(loggerEndpoints.vxmessengerError, { body: { message: 'did not load' } });
    expect(posted).toHaveLength(1);

    net.set(true);
    expect(posted).toEqual([
      ['/logger/websocketConnectionError', socketError(1006)],
      ['/logger/browserOnline', { status: 'offline' }],
      ['/logger/websocketConnectionError', socketError(4000)],
      ['/logger/vxmessengerError', { message: 'did not load' }],
      ['/logger/browserOnline', { status: 'online' }],
    ]);
    // Nothing is sent twice on the next reconnect.
    net.set(true);
    expect(posted.filter(([path]) => path === '/logger/vxmessengerError')).toHaveLength(1);
    logger.dispose();
  });

  it('keeps a post that never arrived for the reconnect, not one the server answered with an error', async () => {
    const net = network(true);
    let attempts = 0;
    const rest = jest.fn(async (endpoint: { path: string }) => {
      attempts += 1;
      if (endpoint.path === '/logger/vxmessengerError') throw new ApiError(400, 'VALIDATION_FAILED', 'bad');
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { logged: true };
    }) as unknown as RestCall;
    const logger = createNetworkLogger({ rest, window });
    logger.log(loggerEndpoints.websocketConnectionError, { body: socketError(1006) });
    logger.log(loggerEndpoints.vxmessengerError, { body: { message: 'refused' } });
    await Promise.resolve();
    await Promise.resolve();
    net.set(true);
    const paths = (rest as jest.Mock).mock.calls.map(([endpoint]) => (endpoint as { path: string }).path);
    expect(paths).toEqual([
      '/logger/websocketConnectionError',
      '/logger/vxmessengerError',
      '/logger/websocketConnectionError',
      '/logger/browserOnline',
    ]);
    logger.dispose();
  });

  it('keeps the newest posts when the queue is full', () => {
    const net = network(false);
    const sent: number[] = [];
    const rest = jest.fn(async (_endpoint: unknown, input: { body: { errorCode?: number } }) => {
      if (input.body.errorCode !== undefined) sent.push(input.body.errorCode);
      return { logged: true };
    }) as unknown as RestCall;
    const logger = createNetworkLogger({ rest, window });
    for (let code = 1; code <= MAX_QUEUED_LOGS + 5; code += 1)
      logger.log(loggerEndpoints.websocketConnectionError, { body: socketError(code) });
    net.set(true);
    expect(sent).toHaveLength(MAX_QUEUED_LOGS);
    expect(sent[0]).toBe(6);
    expect(sent.at(-1)).toBe(MAX_QUEUED_LOGS + 5);
    logger.dispose();
  });
});

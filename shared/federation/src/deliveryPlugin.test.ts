/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliveryPlugin, type RemoteLoadFailure } from './deliveryPlugin';

let server: Server;
let base: string;
const cacheHeaders: Array<string | undefined> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    cacheHeaders.push(request.headers['cache-control']);
    // Never answers: the plugin's own timeout is what ends the request.
    if (request.url === '/slow') return;
    if (request.url === '/missing') return void response.writeHead(404).end('{"code":"NOT_FOUND"}');
    response.setHeader('content-type', 'application/json');
    response.end('{"id":"mf_tv"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function plugin(timeoutMs = 300) {
  const failures: RemoteLoadFailure[] = [];
  return { failures, plugin: deliveryPlugin({ timeoutMs, onFailure: (failure) => failures.push(failure) }) };
}
type Hook<K extends keyof ReturnType<typeof deliveryPlugin>> = NonNullable<ReturnType<typeof deliveryPlugin>[K]>;
const fetchHook = (p: ReturnType<typeof deliveryPlugin>) =>
  p.fetch as unknown as (url: string, init: RequestInit) => Promise<Response>;

describe('the delivery runtime plugin', () => {
  it('fetches manifests past the HTTP cache', async () => {
    const { plugin: p } = plugin();
    const response = await fetchHook(p)(`${base}/ok`, {});
    await expect(response.json()).resolves.toEqual({ id: 'mf_tv' });
    // The fetch standard's "no-cache" mode: revalidate, sent as max-age=0.
    expect(cacheHeaders.at(-1)).toBe('max-age=0');
  });

  it('gives up on a manifest that does not arrive in time, and refuses an error answer', async () => {
    const { plugin: p } = plugin(300);
    const started = Date.now();
    await expect(fetchHook(p)(`${base}/slow`, {})).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(fetchHook(p)(`${base}/missing`, {})).rejects.toThrow(`${base}/missing answered 404`);
  });

  it('limits the time of entry scripts only', () => {
    const { plugin: p } = plugin(300);
    const createScript = p.createScript as unknown as Hook<'createScript'>;
    expect(
      createScript({ url: '/remotes/mf-tv/1.0.0/remoteEntry.js', remoteInfo: { name: 'mf_tv' } } as never),
    ).toEqual({
      timeout: 300,
    });
    expect(createScript({ url: '/other.js' } as never)).toBeUndefined();
  });

  it('names the stage of each failure: manifest, timeout, entry, chunk, expose', async () => {
    const { plugin: p, failures } = plugin();
    const emit = (hook: keyof typeof p, args: object) => (p[hook] as (a: object) => void)(args);
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    emit('afterLoadManifest', { moduleInfo: { name: 'mf_tv' }, error: new Error('answered 503') });
    emit('afterLoadManifest', { moduleInfo: { name: 'mf_tv' }, error: timeout });
    emit('afterLoadManifest', { moduleInfo: { name: 'mf_tv' } });
    emit('afterLoadEntry', {
      remoteInfo: { name: 'mf_feed' },
      error: new Error('ScriptNetworkError: Script "x" timed out.'),
    });
    emit('afterLoadEntry', { remoteInfo: { name: 'mf_feed' }, error: new Error('ScriptNetworkError: Failed to load') });
    emit('afterLoadEntry', { remoteInfo: { name: 'mf_feed' }, error: new Error('x'), recovered: true });
    const chunk = Object.assign(new Error('Loading chunk 310 failed.\n(missing: /remotes/x.js)'), {
      name: 'ChunkLoadError',
    });
    emit('afterGetExpose', { moduleInfo: { name: 'mf_media' }, error: chunk });
    emit('afterGetExpose', { moduleInfo: { name: 'mf_media' }, error: new Error('RUNTIME-014') });
    emit('afterExecuteFactory', { moduleInfo: { name: 'mf_media' }, error: new TypeError('x is undefined') });
    expect(failures.map((f) => [f.remote, f.stage])).toEqual([
      ['mf_tv', 'manifest'],
      ['mf_tv', 'timeout'],
      ['mf_feed', 'timeout'],
      ['mf_feed', 'entry'],
      ['mf_media', 'chunk'],
      ['mf_media', 'expose'],
      ['mf_media', 'expose'],
    ]);
    expect(failures[4]!.error).toMatch(/^ChunkLoadError: Loading chunk 310 failed/);
  });
});

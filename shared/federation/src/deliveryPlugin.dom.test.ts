import { deliveryPlugin } from './deliveryPlugin';

type CreateScript = (args: {
  url: string;
  remoteInfo?: { name: string };
}) => { script?: HTMLScriptElement; timeout?: number } | undefined;

describe('the delivery runtime plugin in the page', () => {
  const entry = `${window.location.origin}/remotes/mf-tv/1.0.0/remoteEntry.js`;
  const createScript = deliveryPlugin({
    timeoutMs: 300,
    onFailure: () => undefined,
    integrity: (url) => (url === entry ? 'sha384-abc' : undefined),
  }).createScript as unknown as CreateScript;

  it("loads a remote's entry with the integrity the registry took of it, as a CORS request", () => {
    const made = createScript({ url: '/remotes/mf-tv/1.0.0/remoteEntry.js', remoteInfo: { name: 'mf_tv' } });
    expect(made?.timeout).toBe(300);
    expect(made?.script).toBeInstanceOf(HTMLScriptElement);
    expect(made?.script?.getAttribute('integrity')).toBe('sha384-abc');
    expect(made?.script?.getAttribute('crossorigin')).toBe('anonymous');
    expect(made?.script?.src).toBe(entry);
  });

  it("leaves the remote's chunks, a remote without an integrity and other scripts as the runtime makes them", () => {
    for (const url of ['/remotes/mf-tv/1.0.0/211.8e38e3c7.js', '/remotes/mf-feed/1.0.0/remoteEntry.js'])
      expect(createScript({ url, remoteInfo: { name: 'mf_tv' } })).toEqual({ timeout: 300 });
    expect(createScript({ url: '/other.js' })).toBeUndefined();
  });
});

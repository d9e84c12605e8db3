import { deliveryPlugin } from './deliveryPlugin';

type CreateScript = (args: {
  url: string;
  remoteInfo?: { name: string };
}) => { script?: HTMLScriptElement; timeout?: number } | undefined;

describe('the delivery runtime plugin in the page', () => {
  const integrities: Record<string, string> = { mf_tv: 'sha384-abc' };
  const createScript = deliveryPlugin({
    timeoutMs: 300,
    onFailure: () => undefined,
    integrity: (remote) => integrities[remote],
  }).createScript as unknown as CreateScript;

  it("loads a remote's entry with the integrity the registry took of it, as a CORS request", () => {
    const made = createScript({ url: '/remotes/mf-tv/1.0.0/remoteEntry.js', remoteInfo: { name: 'mf_tv' } });
    expect(made?.timeout).toBe(300);
    expect(made?.script).toBeInstanceOf(HTMLScriptElement);
    expect(made?.script?.getAttribute('integrity')).toBe('sha384-abc');
    expect(made?.script?.getAttribute('crossorigin')).toBe('anonymous');
    expect(made?.script?.src).toBe(`${window.location.origin}/remotes/mf-tv/1.0.0/remoteEntry.js`);
  });

  it('leaves a remote without an integrity and other scripts as the runtime makes them', () => {
    expect(createScript({ url: '/remotes/mf-feed/1.0.0/remoteEntry.js', remoteInfo: { name: 'mf_feed' } })).toEqual({
      timeout: 300,
    });
    expect(createScript({ url: '/other.js' })).toBeUndefined();
  });
});

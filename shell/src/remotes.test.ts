import type { FederationManifest } from '@velvet/contracts';
import { registerRemoteApps } from './apps';
import { remoteForRoute, resolveTenant, selectRemotes } from './remotes';
import { manifestRemote } from './testShell';

const tenant: FederationManifest['tenant'] = {
  id: 'velvet',
  brand: 'Velvet',
  logoUrl: '',
  languages: ['de', 'en', 'nl', 'es'],
  theme: {},
  features: { tv: true, feed: false },
  footerLinks: [],
};

describe('boot: choosing remotes', () => {
  const manifest: FederationManifest = {
    tenant,
    remotes: [
      manifestRemote('mf-chat', ['home.TOP']),
      manifestRemote('mf-tv', ['home.TV'], '^2'),
      manifestRemote('mf-feed', ['home.Feed']),
      manifestRemote('mf-media', [], '>=1.0.0 <1.1'),
    ],
  };

  it('refuses a remote whose platform range the shell does not satisfy, and switched-off remotes', () => {
    const { accepted, refused } = selectRemotes(manifest, '1.0.0');
    expect(accepted.map((r) => r.name)).toEqual(['mf-chat', 'mf-media']);
    expect(refused.map(({ remote, reason }) => [remote.name, reason])).toEqual([
      ['mf-tv', 'platform'],
      ['mf-feed', 'disabled'],
    ]);
    expect(selectRemotes(manifest, '1.1.0').accepted.map((r) => r.name)).toEqual(['mf-chat']);
  });

  it('registers one application per accepted remote, active on the routes it owns', () => {
    const { accepted } = selectRemotes(manifest, '1.0.0');
    const registered: { name: string; activeWhen: (location: Location) => boolean }[] = [];
    registerRemoteApps({
      remotes: accepted,
      platform: {} as never,
      outlet: document.createElement('div'),
      loadApp: () => Promise.reject(new Error('not loaded in this test')),
      renderFallback: () => () => undefined,
      register: ((config: { name: string; activeWhen: (location: Location) => boolean }) =>
        registered.push(config)) as never,
    });
    expect(registered.map((r) => r.name)).toEqual(['mf-chat', 'mf-media']);
    const at = (pathname: string) => ({ pathname }) as Location;
    const chat = registered[0]!;
    expect(chat.activeWhen(at('/de/neue-girls/'))).toBe(true);
    expect(chat.activeWhen(at('/en/amateur/anna/'))).toBe(true);
    expect(chat.activeWhen(at('/en/'))).toBe(false);
    expect(chat.activeWhen(at('/en/amateur/anna/videos/42/'))).toBe(false);
    expect(registered[1]!.activeWhen(at('/en/amateur/anna/videos/42/'))).toBe(true);
    // a refused remote's routes mount nothing
    expect(registered.some((r) => r.activeWhen(at('/en/tv/program/')))).toBe(false);
  });

  it('registers a remote refused for its platform range too: its routes mount its fallback, nothing loads', async () => {
    const { accepted, refused } = selectRemotes(manifest, '1.0.0');
    const incompatible = refused.filter(({ reason }) => reason === 'platform').map(({ remote }) => remote);
    const registered: {
      name: string;
      activeWhen: (location: Location) => boolean;
      app: () => Promise<{ mount: (props: unknown) => Promise<void> }>;
    }[] = [];
    const loadApp = jest.fn(() => Promise.reject(new Error('not loaded in this test')));
    registerRemoteApps({
      remotes: accepted,
      refused: incompatible,
      platform: {} as never,
      outlet: document.createElement('div'),
      loadApp,
      renderFallback: (remote, element) => {
        element.setAttribute('data-fallback-of', remote);
        return () => element.removeAttribute('data-fallback-of');
      },
      register: ((config: (typeof registered)[number]) => registered.push(config)) as never,
    });
    const tv = registered.find((r) => r.name === 'mf-tv')!;
    expect(tv.activeWhen({ pathname: '/en/tv/program/' } as Location)).toBe(true);
    const element = document.createElement('div');
    await (await tv.app()).mount({ domElement: element, platform: {} });
    expect(element.getAttribute('data-fallback-of')).toBe('mf-tv');
    expect(loadApp).not.toHaveBeenCalled();
  });

  it('maps routes to the running remote that owns them', () => {
    const { accepted } = selectRemotes(manifest, '1.0.0');
    expect(remoteForRoute('cams', accepted)?.name).toBe('mf-chat');
    expect(remoteForRoute('tvProgram', accepted)).toBeNull();
    expect(remoteForRoute('home', accepted)).toBeNull();
  });

  it('asks for the ?tenant= tenant, remembered for the tab, and else leaves it to the host name', () => {
    sessionStorage.clear();
    expect(resolveTenant({ search: '' }, sessionStorage)).toBeUndefined();
    expect(resolveTenant({ search: '?tenant=nightowl' }, sessionStorage)).toBe('nightowl');
    expect(resolveTenant({ search: '' }, sessionStorage)).toBe('nightowl');
  });
});

import type { FederationManifest } from '@velvet/contracts';
import type { Lifecycles, MountProps } from '@velvet/federation';
import { registerRemoteApps } from './apps';
import { remoteForRoute, resolveTenant, selectRemotes } from './remotes';
import { serverParts } from './serverState';
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

/** The platform API and @velvet/contracts versions the shell offers in these tests. */
const offer = { platform: '1.0.0', contracts: '0.1.4' };

describe('boot: choosing remotes', () => {
  const manifest: FederationManifest = {
    tenant,
    remotes: [
      manifestRemote('mf-chat', ['home.TOP']),
      manifestRemote('mf-tv', ['home.TV'], '^2'),
      manifestRemote('mf-feed', ['home.Feed']),
      manifestRemote('mf-media', [], '>=1.0.0 <1.1', '^0.1.0'),
      manifestRemote('mf-specials', ['home.Contests'], '^1', '^0.2.0'),
    ],
  };

  it('refuses a remote whose platform range the shell does not satisfy, and switched-off remotes', () => {
    const { accepted, refused } = selectRemotes(manifest, offer);
    expect(accepted.map((r) => r.name)).toEqual(['mf-chat', 'mf-media']);
    expect(refused.map(({ remote, reason }) => [remote.name, reason])).toEqual([
      ['mf-tv', 'platform'],
      ['mf-feed', 'disabled'],
      ['mf-specials', 'contracts'],
    ]);
    expect(selectRemotes(manifest, { ...offer, platform: '1.1.0' }).accepted.map((r) => r.name)).toEqual(['mf-chat']);
  });

  it('refuses a remote built against @velvet/contracts the shell does not offer, saying what it needs', () => {
    const { refused } = selectRemotes(manifest, offer);
    expect(refused.find(({ remote }) => remote.name === 'mf-specials')).toMatchObject({
      reason: 'contracts',
      detail: 'needs @velvet/contracts ^0.2.0; this shell offers 0.1.4',
    });
    expect(refused.find(({ remote }) => remote.name === 'mf-tv')?.detail).toBe(
      'needs platform ^2; this shell offers 1.0.0',
    );
    // A shell with newer contracts in the range runs it; one outside the 0.1 range refuses mf-media as well.
    expect(selectRemotes(manifest, { ...offer, contracts: '0.2.3' }).accepted.map((r) => r.name)).toEqual([
      'mf-chat',
      'mf-specials',
    ]);
  });

  it('registers one application per accepted remote, active on the routes it owns', () => {
    const { accepted } = selectRemotes(manifest, offer);
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

  it('registers a remote refused for its platform or contracts range too: its routes mount its fallback, nothing loads', async () => {
    const { accepted, refused } = selectRemotes(manifest, offer);
    const incompatible = refused.filter(({ reason }) => reason !== 'disabled').map(({ remote }) => remote);
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
    for (const [name, pathname] of [
      ['mf-tv', '/en/tv/program/'],
      ['mf-specials', '/de/wettbewerbe/'],
    ] as const) {
      const app = registered.find((r) => r.name === name)!;
      expect(app.activeWhen({ pathname } as Location)).toBe(true);
      const element = document.createElement('div');
      await (await app.app()).mount({ domElement: element, platform: {} });
      expect(element.getAttribute('data-fallback-of')).toBe(name);
    }
    expect(loadApp).not.toHaveBeenCalled();
  });

  it("hands the server's answers to the first mount of the page's remote, whatever single-spa asks for its props before", async () => {
    const { accepted } = selectRemotes(manifest, offer);
    const chat = accepted.find((remote) => remote.name === 'mf-chat')!;
    const queries = { mutations: [], queries: [] };
    const mounted: unknown[] = [];
    const registered: {
      name: string;
      app: () => Promise<Lifecycles>;
      customProps: () => Record<string, unknown>;
    }[] = [];
    registerRemoteApps({
      remotes: accepted,
      platform: {} as never,
      outlet: document.createElement('div'),
      loadApp: async () => ({
        bootstrap: async () => undefined,
        mount: async (props) => void mounted.push(props.serverState),
        unmount: async () => undefined,
      }),
      renderFallback: () => () => undefined,
      serverParts: serverParts({
        tenant: 'velvet',
        remotes: [`mf-chat@${chat.version}`],
        outlet: { remote: 'mf-chat', version: chat.version, queries },
        slots: {},
      }),
      register: ((config: (typeof registered)[number]) => registered.push(config)) as never,
    });
    const app = registered.find((r) => r.name === 'mf-chat')!;
    // single-spa reads the props for the load and the bootstrap before the mount, and again for each later mount.
    const props = () => app.customProps() as unknown as MountProps;
    props();
    const lifecycles = await app.app();
    await lifecycles.bootstrap(props());
    await lifecycles.mount(props());
    await lifecycles.unmount(props());
    await lifecycles.mount(props());
    expect(mounted).toEqual([queries, undefined]);
  });

  it('maps routes to the running remote that owns them', () => {
    const { accepted } = selectRemotes(manifest, offer);
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

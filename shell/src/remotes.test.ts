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

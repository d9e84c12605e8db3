import { registerApplication } from 'single-spa';
import { matchPath } from '@velvet/i18n';
import type { ManifestRemote, PlatformApi } from '@velvet/contracts';
import type { Lifecycles } from '@velvet/federation';
import type { ServerParts } from './serverState';
import { remoteForRoute } from './remotes';
import { refusedLifecycles, resilientLifecycles } from './resilient';

export interface RegisterAppsOptions {
  remotes: readonly ManifestRemote[];
  /** Remotes the shell refused (platform or contracts range): their routes show the fallback and load nothing. */
  refused?: readonly ManifestRemote[];
  platform: PlatformApi;
  /** The layout's outlet: each remote mounts into its own child of it. */
  outlet: HTMLElement;
  loadApp: (remote: ManifestRemote) => Promise<Lifecycles>;
  renderFallback: (remote: string, element: HTMLElement) => () => void;
  register?: typeof registerApplication;
  /** The parts the server rendered: the first mount of the page's remote hydrates its part. */
  serverParts?: ServerParts;
  onError?: (remote: ManifestRemote, error: unknown, phase: 'load' | 'mount') => void;
}

function outletFor(outlet: HTMLElement, name: string): HTMLElement {
  let element = outlet.querySelector<HTMLElement>(`:scope > [data-outlet="${name}"]`);
  if (!element) {
    element = outlet.ownerDocument.createElement('div');
    element.setAttribute('data-outlet', name);
    outlet.appendChild(element);
  }
  return element;
}

/**
 * One single-spa application per running remote, active while the URL's route is owned by it. The app never
 * fails to load: its lifecycles show a fallback and retry while the remote itself cannot be loaded.
 */
export function registerRemoteApps(options: RegisterAppsOptions): void {
  const register = options.register ?? registerApplication;
  const takeServerState = (remote: ManifestRemote) => {
    const serverState = options.serverParts?.take('outlet', remote);
    return serverState ? { serverState } : {};
  };
  const refused = options.refused ?? [];
  const routed = [...options.remotes, ...refused];
  for (const remote of routed) {
    const renderFallback = (element: HTMLElement) => options.renderFallback(remote.name, element);
    const lifecycles = refused.includes(remote)
      ? refusedLifecycles(renderFallback)
      : resilientLifecycles({
          load: () => options.loadApp(remote),
          renderFallback,
          onError: (error, phase) => options.onError?.(remote, error, phase),
        });
    register({
      name: remote.name,
      // single-spa reads customProps for every lifecycle (load, bootstrap, mount, unmount): the server's answers,
      // handed out once, go to the mount, the only lifecycle that hydrates.
      app: async () => ({
        ...lifecycles,
        mount: (props) => lifecycles.mount({ ...props, ...takeServerState(remote) }),
      }),
      activeWhen: (location) => {
        const route = matchPath(location.pathname);
        return route !== null && remoteForRoute(route.name, routed)?.name === remote.name;
      },
      customProps: () => ({ platform: options.platform, domElement: outletFor(options.outlet, remote.name) }),
    });
  }
}

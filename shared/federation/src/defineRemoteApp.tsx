import React, { type ComponentType, type ReactElement } from 'react';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import type { Language, PlatformApi, RemoteName, SlotName, SlotProps } from '@velvet/contracts';
import { RemoteProviders } from './providers';
import { scopePlatform } from './scope';
import { concurrentRoots } from './concurrentRoots';

/** Translations a remote ships for its own i18next namespace (the remote's name). */
export type RemoteLocales = Record<Language, Record<string, unknown>>;
/**
 * A remote's translations as its builds ship them: one language at a time (a JSON chunk each), so a page downloads
 * only its language's strings.
 */
export type LocaleLoader = (language: Language) => Promise<{ default: Record<string, unknown> }>;

/** What the shell passes when it mounts an application or a parcel. */
export interface MountProps {
  platform: PlatformApi;
  domElement: HTMLElement;
  /**
   * The answers the server rendered `domElement`'s content with (`data-ssr="server"`): the mount hydrates that
   * content with them instead of rendering afresh, and asks for none of them again.
   */
  serverState?: DehydratedState;
  [key: string]: unknown;
}

/** What the server renders a remote's root with: its platform and the query cache it fills and serializes. */
export interface ServerRenderProps {
  platform: PlatformApi;
  queryClient: QueryClient;
  /** A widget's slot props. */
  [key: string]: unknown;
}

export interface Lifecycles {
  bootstrap: (props: MountProps) => Promise<void>;
  mount: (props: MountProps) => Promise<void>;
  unmount: (props: MountProps) => Promise<void>;
}

/** A remote's application or widget: its lifecycles, and the same tree for the server's render. */
export interface RemoteLifecycles extends Lifecycles {
  /**
   * The root element the mount renders, for the server: the same tree, so the browser can hydrate it (once the
   * remote's strings in the platform's language are loaded).
   */
  serverElement: (props: ServerRenderProps) => Promise<ReactElement>;
}

interface RootProps {
  platform: PlatformApi;
}

/** The marker on a mount's element whose content the server rendered (`server`) or left to the browser. */
export const SERVER_RENDERED = 'data-ssr';

function Fallback({ remote, error }: { remote: string; error: Error }): ReactElement {
  return (
    <div data-remote-error={remote} role="alert" className="vv-remote-fallback">
      <p>{error.message}</p>
    </div>
  );
}

/** The languages of each namespace a loader has filled, per i18next instance (the server has one per language). */
const loadedLocales = new WeakMap<object, Set<string>>();

/**
 * Adds the remote's strings in `language` to its namespace, once per i18next instance. Merged: the shell may have
 * put the descriptor's menu labels there before the code loaded. `silent` adds them without the store's `added`
 * event, on which every translated component of the page renders again, synchronously and in one task: right for
 * strings that arrive before anything shown reads them.
 */
async function loadLocale(
  platform: PlatformApi,
  namespace: string,
  locales: LocaleLoader,
  language: Language,
  silent = false,
) {
  const loaded = loadedLocales.get(platform.i18n) ?? new Set<string>();
  loadedLocales.set(platform.i18n, loaded);
  const key = `${language}:${namespace}`;
  if (loaded.has(key)) return;
  const { default: resources } = await locales(language);
  platform.i18n.addResourceBundle(language, namespace, resources, true, false, { silent });
  loaded.add(key);
}

/** A component whose code loads on first use: a widget's, in a chunk of its own. */
export type ComponentLoader<P> = () => Promise<ComponentType<P>>;

/** `load` asked once; a failed load (a chunk that did not arrive) is asked again by the next caller. */
function loadOnce<P>(load: ComponentLoader<P>): ComponentLoader<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * single-spa lifecycles for one React component: platform context, i18n namespace, an error boundary that
 * keeps a crash inside the remote, and teardown of every bus subscription on unmount. The component's code and the
 * remote's strings load side by side before its first render, in the browser and on the server.
 */
function defineLifecycles<P extends object>(
  remote: RemoteName,
  loadComponent: ComponentLoader<P & RootProps>,
  locales: LocaleLoader,
  rootAttributes: Record<string, string>,
): RemoteLifecycles {
  const scopes = new WeakMap<HTMLElement, () => void>();
  const component = loadOnce(loadComponent);
  /** Set before the first render: mount and serverElement wait for it. */
  let Component: ComponentType<P & RootProps> | undefined;
  const ready = async (platform: PlatformApi, silent: boolean) => {
    const [loaded] = await Promise.all([
      component(),
      loadLocale(platform, remote, locales, platform.i18n.language as Language, silent),
    ]);
    Component = loaded;
  };
  type Props = P & RootProps & { serverState?: DehydratedState; queryClient?: QueryClient };
  const Root = ({ serverState, queryClient, ...props }: Props) => {
    const Loaded = Component!;
    return (
      <RemoteProviders platform={props.platform} remote={remote} serverState={serverState} queryClient={queryClient}>
        <div {...rootAttributes}>
          <Loaded {...(props as P & RootProps)} />
        </div>
      </RemoteProviders>
    );
  };
  // Read by single-spa-react while it mounts: hydrate what the server rendered, else render afresh.
  let hydrating = false;
  const react = singleSpaReact<MountProps>({
    React,
    ReactDOMClient: concurrentRoots,
    rootComponent: Root as unknown as ComponentType<MountProps & AppProps>,
    domElementGetter: (props) => props.domElement,
    errorBoundary: (error) => <Fallback remote={remote} error={error} />,
    renderType: () => (hydrating ? 'hydrateRoot' : 'createRoot'),
  });
  return {
    bootstrap: (props) => react.bootstrap(props as never) as Promise<void>,
    mount: async (props) => {
      const { platform, domElement } = props;
      // Before the remote's first render, and nothing else on the page reads its strings in this language yet (the
      // shell's menus read the descriptor's labels, there already): no component needs to render again for them.
      await ready(platform, true);
      // A language chosen while mounted: its strings are added when they arrive (the components re-render then).
      const onLanguage = (language: string) => void loadLocale(platform, remote, locales, language as Language);
      platform.i18n.on('languageChanged', onLanguage);
      const scope = scopePlatform(platform);
      scopes.set(domElement, () => {
        platform.i18n.off('languageChanged', onLanguage);
        scope.dispose();
      });
      hydrating = props.serverState !== undefined && domElement.getAttribute(SERVER_RENDERED) === 'server';
      try {
        return await (react.mount({ ...props, platform: scope.platform } as never) as Promise<void>);
      } finally {
        hydrating = false;
      }
    },
    unmount: async (props) => {
      await (react.unmount(props as never) as Promise<void>);
      scopes.get(props.domElement)?.();
      scopes.delete(props.domElement);
    },
    serverElement: async (props) => {
      await ready(props.platform, false);
      return <Root {...(props as Props)} />;
    },
  };
}

/** The `./app` module of a remote: mounted by the shell at the routes the remote owns. */
export function defineRemoteApp(options: {
  name: RemoteName;
  App: ComponentType<RootProps>;
  locales: LocaleLoader;
}): RemoteLifecycles {
  const { App } = options;
  return defineLifecycles(options.name, () => Promise.resolve(App), options.locales, { 'data-remote': options.name });
}

/**
 * The `./widgets` module of a remote: one parcel per slot it fills, each getting its slot's props (SLOT_PROPS). Each
 * widget's code is loaded when its slot is first filled (`() => import('./Widget')...`), so a page carries the
 * widgets it shows and not every widget of the remote.
 */
export function defineWidgets<S extends SlotName>(options: {
  name: RemoteName;
  widgets: { [K in S]: ComponentLoader<RootProps & SlotProps<K>> };
  locales: LocaleLoader;
}): Record<S, RemoteLifecycles> {
  const entries = Object.entries(options.widgets) as [S, ComponentLoader<RootProps>][];
  return Object.fromEntries(
    entries.map(([slot, loadWidget]) => [
      slot,
      defineLifecycles(options.name, loadWidget, options.locales, {
        'data-widget': slot,
        'data-remote-widget': options.name,
      }),
    ]),
  ) as Record<S, RemoteLifecycles>;
}

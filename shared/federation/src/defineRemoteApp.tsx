import React, { type ComponentType, type ReactElement } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
import type { PlatformApi, RemoteName, SlotName, SlotProps } from '@velvet/contracts';
import { RemoteProviders } from './providers';
import { scopePlatform } from './scope';

/** Translations a remote ships for its own i18next namespace (the remote's name). */
export type RemoteLocales = Record<'de' | 'en' | 'nl' | 'es', Record<string, unknown>>;

/** What the shell passes when it mounts an application or a parcel. */
export interface MountProps {
  platform: PlatformApi;
  domElement: HTMLElement;
  [key: string]: unknown;
}

export interface Lifecycles {
  bootstrap: (props: MountProps) => Promise<void>;
  mount: (props: MountProps) => Promise<void>;
  unmount: (props: MountProps) => Promise<void>;
}

interface RootProps {
  platform: PlatformApi;
}

function Fallback({ remote, error }: { remote: string; error: Error }): ReactElement {
  return (
    <div data-remote-error={remote} role="alert" className="vv-remote-fallback">
      <p>{error.message}</p>
    </div>
  );
}

/** Merged into the namespace: the shell may have put the descriptor's menu labels there before the code loaded. */
function addLocales(platform: PlatformApi, namespace: string, locales: RemoteLocales) {
  for (const [language, resources] of Object.entries(locales)) {
    platform.i18n.addResourceBundle(language, namespace, resources, true, false);
  }
}

/**
 * single-spa lifecycles for one React component: platform context, i18n namespace, an error boundary that
 * keeps a crash inside the remote, and teardown of every bus subscription on unmount.
 */
function defineLifecycles<P extends object>(
  remote: RemoteName,
  Component: ComponentType<P & RootProps>,
  locales: RemoteLocales,
  rootAttributes: Record<string, string>,
): Lifecycles {
  const scopes = new WeakMap<HTMLElement, () => void>();
  const Root = (props: P & RootProps) => (
    <RemoteProviders platform={props.platform} remote={remote}>
      <div {...rootAttributes}>
        <Component {...props} />
      </div>
    </RemoteProviders>
  );
  const react = singleSpaReact<MountProps>({
    React,
    ReactDOMClient,
    rootComponent: Root as unknown as ComponentType<MountProps & AppProps>,
    domElementGetter: (props) => props.domElement,
    errorBoundary: (error) => <Fallback remote={remote} error={error} />,
  });
  return {
    bootstrap: (props) => react.bootstrap(props as never) as Promise<void>,
    mount: (props) => {
      addLocales(props.platform, remote, locales);
      const scope = scopePlatform(props.platform);
      scopes.set(props.domElement, scope.dispose);
      return react.mount({ ...props, platform: scope.platform } as never) as Promise<void>;
    },
    unmount: async (props) => {
      await (react.unmount(props as never) as Promise<void>);
      scopes.get(props.domElement)?.();
      scopes.delete(props.domElement);
    },
  };
}

/** The `./app` module of a remote: mounted by the shell at the routes the remote owns. */
export function defineRemoteApp(options: {
  name: RemoteName;
  App: ComponentType<RootProps>;
  locales: RemoteLocales;
}): Lifecycles {
  return defineLifecycles(options.name, options.App, options.locales, { 'data-remote': options.name });
}

/** The `./widgets` module of a remote: one parcel per slot it fills, each getting its slot's props (SLOT_PROPS). */
export function defineWidgets<S extends SlotName>(options: {
  name: RemoteName;
  widgets: { [K in S]: ComponentType<RootProps & SlotProps<K>> };
  locales: RemoteLocales;
}): Record<S, Lifecycles> {
  const entries = Object.entries(options.widgets) as [S, ComponentType<RootProps>][];
  return Object.fromEntries(
    entries.map(([slot, Widget]) => [
      slot,
      defineLifecycles(options.name, Widget, options.locales, {
        'data-widget': slot,
        'data-remote-widget': options.name,
      }),
    ]),
  ) as Record<S, Lifecycles>;
}

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ManifestRemote, Tenant } from '@velvet/contracts';
import { createI18n } from '@velvet/i18n';
import type { RestCall, SocketClient } from '@velvet/sdk';
import { createSlotHost, type LoadWidgets } from '@velvet/federation';
import { createMockPlatform, type MockPlatformOptions } from '@velvet/testing';
import { mountRootParcel } from 'single-spa';
import { shellResources } from './locales';
import { createRouter } from './router';
import { createSessionStore } from './session';
import { createUiStore } from './uiStore';
import { createConsentStore } from './consent';
import { createInstallPrompt } from './installPrompt';
import { fallbackRenderer } from './resilient';
import { ShellContext, type Shell } from './layout/ShellContext';

/** A remote entry as the manifest lists it. */
export function manifestRemote(
  name: ManifestRemote['name'],
  slots: ManifestRemote['descriptor']['slots'],
  platform = '^1',
  contracts?: string,
): ManifestRemote {
  const federationName = name.replace('-', '_');
  return {
    name,
    version: '1.0.0',
    entry: `/remotes/${name}/1.0.0/mf-manifest.json`,
    descriptor: {
      name,
      federationName,
      platform,
      feature: name.slice(3),
      routes: [],
      menus: [],
      messages: { de: {}, en: {}, nl: {}, es: {} },
      slots,
      breadcrumbs: [],
      contracts,
    },
  };
}

export interface TestShellOptions {
  rest?: RestCall;
  remotes?: ManifestRemote[];
  loadWidgets?: LoadWidgets;
  language?: 'de' | 'en' | 'nl' | 'es';
  tenant?: Partial<Tenant>;
  /** More options of the mock platform (its REST answers, a logged-in guest). */
  platform?: MockPlatformOptions;
}

/**
 * The shell's real stores around a test's REST answers and widgets, and `wrap`, which puts an element inside them
 * with the shell's translations.
 */
export function createTestShell(options: TestShellOptions = {}) {
  const i18n = createI18n(options.language ?? 'en', shellResources);
  const platform = createMockPlatform({
    ...options.platform,
    language: options.language ?? 'en',
    ...(options.tenant ? { tenant: options.tenant } : {}),
  });
  // The platform's consent is the shell's own store, as in the browser, so the banner and the remotes agree.
  const consent = createConsentStore(document);
  platform.consent = consent.consent;
  const rest: RestCall = options.rest ?? (() => Promise.reject(new Error('no REST in this test')));
  const remotes = options.remotes ?? [];
  const shell: Shell = {
    platform,
    session: createSessionStore({ rest, storage: window.localStorage }),
    router: createRouter({ window, storage: window.sessionStorage }),
    ui: createUiStore(),
    consent,
    install: createInstallPrompt(window, document),
    slots: createSlotHost({
      remotes,
      mountParcel: mountRootParcel,
      loadWidgets: options.loadWidgets ?? (() => Promise.reject(new Error('no widgets in this test'))),
      platform: () => platform,
      renderFallback: (remote, target) => fallbackRenderer(remote, () => i18n.t('shell:remote.failed'))(target),
    }),
    socket: platform.bus as unknown as SocketClient,
    remotes,
    refused: [],
    outlet: document.createElement('div'),
    prerendered: new Map(),
    legal: null,
    seoText: null,
    i18n,
  };
  const wrap = (element: ReactElement) => (
    <I18nextProvider i18n={i18n} defaultNS="shell">
      <ShellContext.Provider value={shell}>{element}</ShellContext.Provider>
    </I18nextProvider>
  );
  return { shell, platform, wrap };
}

/** An element rendered inside the shell's real stores (createTestShell). */
export function renderInShell(element: ReactElement, options: TestShellOptions = {}) {
  const { shell, platform, wrap } = createTestShell(options);
  return { ...render(wrap(element)), shell, platform };
}

import { createContext, useCallback, useContext } from 'react';
import { useBrowserStore, useConsentOf } from '@velvet/federation';
import type { BehaviorSubject } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import {
  visitorSession,
  type GuestSession,
  type LegalText,
  type ManifestRemote,
  type PlatformApi,
  type ConsentCategory,
  type PlatformSlots,
  type SlotName,
} from '@velvet/contracts';
import type { SocketClient } from '@velvet/sdk';
import type { SessionStore } from '../session';
import type { ShellRouter } from '../router';
import type { UiStore } from '../uiStore';
import type { ConsentStore } from '../consent';
import type { InstallPrompt } from '../installPrompt';
import type { ServedSeoText } from '../serverState';

/** Everything the layout needs: the platform it hands to remotes plus the shell's own stores. */
export interface Shell {
  platform: PlatformApi;
  session: SessionStore;
  router: ShellRouter;
  ui: UiStore;
  /** The visitor's cookie consent (also the platform's `consent`) and the banner's way to change it. */
  consent: ConsentStore;
  /** The browser's offer to install the site as an app, while there is one. */
  install: InstallPrompt;
  /** The slot host (also the platform's `slots`), with the shell's fallback and reports. */
  slots: PlatformSlots;
  socket: SocketClient;
  /** The remotes that run (enabled and compatible). */
  remotes: readonly ManifestRemote[];
  /** Enabled remotes refused for their platform range: their routes show the fallback. */
  refused: readonly ManifestRemote[];
  /**
   * Where single-spa mounts the active remote; the layout attaches it. On the server: the HTML of the remote's
   * part, which the browser's shell then takes as its outlet.
   */
  outlet: HTMLElement | string;
  /**
   * The slots whose widget the server rendered, each with its HTML on the server (the browser keeps the HTML it got
   * until the widget hydrates it, so its value there is empty).
   */
  prerendered: ReadonlyMap<SlotName, string>;
  /** The legal text a legal page was rendered with on the server (the browser hydrates with the same one). */
  legal: LegalText | null;
  /** The SEO text the page was rendered with on the server (the browser hydrates with the same one). */
  seoText: ServedSeoText | null;
  i18n: I18n;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell() outside the shell');
  return shell;
}

/**
 * The current value of a BehaviorSubject, re-rendering on change. The server renders with its stores' values, which
 * start as the browser's do (from the URL, or empty), so hydration reads the subject itself; a value that differs
 * per visitor takes `serverValue` instead, which the server render and the hydration both show.
 */
export function useSubject<T>(subject: BehaviorSubject<T>, serverValue: T = subject.value): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [subject],
  );
  return useBrowserStore(subscribe, () => subject.value, serverValue);
}

/**
 * The guest's session for the layout. Pages are rendered once for every visitor, so the server render and the
 * hydration show the visitor session of the page's language, and React renders again with the guest's own session
 * right after hydration: personal parts (name, balance, VIP flag, login buttons) fill in then. Before the session
 * has started the visitor session stands in too.
 */
export function useSession(): GuestSession {
  const { session, router } = useShell();
  const visitor = visitorSession(useSubject(router.route$).language);
  const current = useSubject(session.session$, null);
  return current ?? visitor;
}

/**
 * Whether the visitor consents to a category, for the shell's own parts (the same answer remotes get from
 * `useConsent` of @velvet/federation): false for the optional ones on the server and while hydrating.
 */
export function useConsent(category: ConsentCategory): boolean {
  return useConsentOf(useShell().consent.consent, category);
}

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import type { ManifestRemote, PlatformApi, PlatformSlots } from '@velvet/contracts';
import type { SocketClient } from '@velvet/sdk';
import type { SessionStore } from '../session';
import type { ShellRouter } from '../router';
import type { UiStore } from '../uiStore';

/** Everything the layout needs: the platform it hands to remotes plus the shell's own stores. */
export interface Shell {
  platform: PlatformApi;
  session: SessionStore;
  router: ShellRouter;
  ui: UiStore;
  /** The slot host (also the platform's `slots`), with the shell's fallback and reports. */
  slots: PlatformSlots;
  socket: SocketClient;
  /** The remotes that run (enabled and compatible). */
  remotes: readonly ManifestRemote[];
  /** Enabled remotes refused for their platform range: their routes show the fallback. */
  refused: readonly ManifestRemote[];
  /** Where single-spa mounts the active remote; the layout attaches it. */
  outlet: HTMLElement;
  i18n: I18n;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell() outside the shell');
  return shell;
}

/** The current value of a BehaviorSubject, re-rendering on change. */
export function useSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => subject.value,
  );
}

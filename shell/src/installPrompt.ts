import { BehaviorSubject } from 'rxjs';
import { readCookie } from './consent';

/** The cookie that keeps the install prompt away after "not now" (a necessary one: it only remembers a dismissal). */
export const INSTALL_DISMISSED_COOKIE = 'hbip';
/** A dismissed install prompt comes back after a week. */
export const INSTALL_DISMISSED_SECONDS = 7 * 24 * 3600;

/** Chromium's event that offers installing the site as an app (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The browser's offer to install the site (its web app manifest makes it installable), held from the moment it
 * comes, which may be before the layout is hydrated: the prompt shows it unless the visitor said "not now" within
 * the last 7 days. Installing or dismissing ends the offer for this page.
 */
export function createInstallPrompt(window: Pick<Window, 'addEventListener'>, document: Pick<Document, 'cookie'>) {
  const offer$ = new BehaviorSubject<InstallPromptEvent | null>(null);
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini bar would show too: the site asks in its own words, at a moment it chooses.
    event.preventDefault();
    if (readCookie(document.cookie, INSTALL_DISMISSED_COOKIE) === null) offer$.next(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => offer$.next(null));
  return {
    offer$,
    install: async () => {
      const offer = offer$.value;
      if (!offer) return;
      offer$.next(null);
      await offer.prompt();
    },
    dismiss: () => {
      document.cookie = `${INSTALL_DISMISSED_COOKIE}=1; path=/; max-age=${INSTALL_DISMISSED_SECONDS}; samesite=lax`;
      offer$.next(null);
    },
  };
}
export type InstallPrompt = ReturnType<typeof createInstallPrompt>;

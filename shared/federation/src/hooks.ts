import { useCallback, useSyncExternalStore } from 'react';
import { useObservableState } from 'observable-hooks';
import {
  VISITOR_TIME_ZONE,
  visitorSession,
  type ConsentCategory,
  type CurrentRoute,
  type Guest,
  type GuestSession,
  type Language,
  type PlatformConsent,
} from '@velvet/contracts';
import { usePlatform } from './context';
import { useHydrated } from './concurrentRoots';

/** The current route; re-renders on navigation. */
export function useCurrentRoute(): CurrentRoute {
  const { router } = usePlatform();
  return useObservableState(router.route$, router.current());
}

/**
 * The current session; re-renders on login, logout and balance pushes. Pages are rendered on the server once for
 * every visitor, so the server render and the hydration read the visitor session of the page's language; React
 * renders again with the guest's own session right after hydration, which is when personal parts fill in.
 */
export function useSession(): GuestSession {
  const { session } = usePlatform();
  const language = useLanguage();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = session.session$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [session],
  );
  return useBrowserStore(subscribe, () => session.current(), visitorSession(language));
}

export function useGuest(): Guest {
  return useSession().guest;
}

export function useLoggedIn(): boolean {
  return useGuest().flags.loggedIn;
}

/**
 * Whose data a load key names: the logged-in guest's id, and '' for everyone not logged in, who all get the same
 * answers. The server renders a shared page with the visitor's data under the same key, so an anonymous visitor's
 * browser reuses it after hydration instead of loading it again; a login or logout still changes the key.
 */
export function useGuestKey(): string {
  const guest = useGuest();
  return guest.flags.loggedIn ? guest.id : '';
}

export function useLanguage(): Language {
  return useCurrentRoute().language;
}

const unchanging = () => () => undefined;

/**
 * A value only the browser knows (its time zone, its storage): the server render and the hydration use
 * `serverValue`, so the markup matches; React renders again with `read()` right after hydration, and a part mounted
 * later in the browser reads it at once. `read` answers an equal value each time (a string, a number, one object).
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useBrowserStore(unchanging, read, serverValue);
}

/**
 * A store's value that the server renders as `serverValue`: that value during hydration, the store's own from
 * when its root has hydrated (React renders the change in a transition, in slices; see concurrentRoots) or at once
 * in a part rendered in the browser. Until then the snapshot is the server's value, so React finds nothing changed
 * after hydration and renders nothing again synchronously.
 */
export function useBrowserStore<T>(subscribe: (onChange: () => void) => () => void, read: () => T, serverValue: T): T {
  const hydrated = useHydrated();
  const server = () => serverValue;
  return useSyncExternalStore(subscribe, hydrated ? read : server, server);
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The time zone to show times in: the browser's, after VISITOR_TIME_ZONE on the server and during hydration. */
export function useTimeZone(): string {
  return useBrowserValue(browserTimeZone, VISITOR_TIME_ZONE);
}

/**
 * The current time (ms), moved on every `intervalMs` and rounded down to it; null on the server and during
 * hydration, which must not show a time the browser's first render would not match (a countdown, "on air now").
 */
export function useNow(intervalMs: number): number | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const timer = setInterval(onChange, intervalMs);
      return () => clearInterval(timer);
    },
    [intervalMs],
  );
  return useBrowserStore<number | null>(subscribe, () => Math.floor(Date.now() / intervalMs) * intervalMs, null);
}

/**
 * Whether a consent category is granted, for a part that holds the consent itself (the shell): false for the
 * optional categories on the server and while hydrating (a shared page knows no visitor's cookie), the visitor's
 * answer right after, and again on every change of her mind.
 */
export function useConsentOf(consent: PlatformConsent, category: ConsentCategory): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = consent.consent$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [consent],
  );
  return useBrowserStore(subscribe, () => consent.allows(category), category === 'necessary');
}

/** Whether the visitor consents to a category (`functional` for remembered searches, `analytics` for tracking). */
export function useConsent(category: ConsentCategory): boolean {
  return useConsentOf(usePlatform().consent, category);
}

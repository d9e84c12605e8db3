import { useCallback, useSyncExternalStore } from 'react';
import { useObservableState } from 'observable-hooks';
import { visitorSession, type CurrentRoute, type Guest, type GuestSession, type Language } from '@velvet/contracts';
import { usePlatform } from './context';

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
  return useSyncExternalStore(
    subscribe,
    () => session.current(),
    () => visitorSession(language),
  );
}

export function useGuest(): Guest {
  return useSession().guest;
}

export function useLoggedIn(): boolean {
  return useGuest().flags.loggedIn;
}

export function useLanguage(): Language {
  return useCurrentRoute().language;
}

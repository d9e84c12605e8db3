import { useObservableState } from 'observable-hooks';
import type { CurrentRoute, Guest, GuestSession, Language } from '@velvet/contracts';
import { usePlatform } from './context';

/** The current route; re-renders on navigation. */
export function useCurrentRoute(): CurrentRoute {
  const { router } = usePlatform();
  return useObservableState(router.route$, router.current());
}

/** The current session; re-renders on login, logout and balance pushes. */
export function useSession(): GuestSession {
  const { session } = usePlatform();
  return useObservableState(session.session$, session.current());
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

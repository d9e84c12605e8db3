import { useEffect, useState } from 'react';
import { usePlatform } from '@velvet/federation';
import type { GuestSession } from '@velvet/contracts';

/** The current guest session, re-rendering on login and logout. */
export function useSession(): GuestSession {
  const platform = usePlatform();
  const [session, setSession] = useState(() => platform.session.current());
  useEffect(() => {
    const subscription = platform.session.session$.subscribe(setSession);
    return () => subscription.unsubscribe();
  }, [platform]);
  return session;
}

import { useEffect, useState } from 'react';
import { usePlatform } from '@velvet/federation';
import type { CurrentRoute } from '@velvet/contracts';

/** The current route, re-rendering on navigation. */
export function useRoute(): CurrentRoute {
  const platform = usePlatform();
  const [route, setRoute] = useState(() => platform.router.current());
  useEffect(() => {
    const subscription = platform.router.route$.subscribe(setRoute);
    return () => subscription.unsubscribe();
  }, [platform]);
  return route;
}

import { useCallback, useEffect, useRef } from 'react';
import { usePlatform } from '@velvet/federation';
import type { RouteArgs, RouteName } from '@velvet/contracts';
import type { LinkTarget } from '@velvet/ui';

/** A link into the route table: a real href, routed in-page on a plain click. */
export function useRouteLink(): (name: RouteName, args?: RouteArgs) => LinkTarget {
  const { router } = usePlatform();
  return useCallback(
    (name, args) => ({ href: router.href(name, args), onNavigate: () => router.navigate(name, args) }),
    [router],
  );
}

/** Calls `onChange(actorId, isOnline)` for every actorOnline / actorOffline push while mounted. */
export function useActorOnlineChanges(onChange: (actorId: number, isOnline: boolean) => void): void {
  const { bus } = usePlatform();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const online = bus.on('actorOnline').subscribe((message) => onChangeRef.current(message.actorId, true));
    const offline = bus.on('actorOffline').subscribe((message) => onChangeRef.current(message.actorId, false));
    return () => {
      online.unsubscribe();
      offline.unsubscribe();
    };
  }, [bus]);
}

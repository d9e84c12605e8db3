import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLoaded, usePlatform } from '@velvet/federation';
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

/**
 * useLoaded plus `update`, which edits the cached answer of `key` in place (socket pushes, a pinned favourite),
 * so the change is still there when the visitor comes back to it. The kit caches an answer under `[key]`.
 */
export function useLiveLoaded<T>(key: string, load: () => Promise<T>) {
  const loaded = useLoaded(key, load);
  const queryClient = useQueryClient();
  const update = useCallback(
    (change: (data: T) => T) =>
      queryClient.setQueryData<T>([key], (data) => (data === undefined ? undefined : change(data))),
    [queryClient, key],
  );
  return { ...loaded, update };
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

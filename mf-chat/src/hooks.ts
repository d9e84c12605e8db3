import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { usePlatform } from '@velvet/federation';
import type { CurrentRoute, GuestSession, RouteArgs, RouteName } from '@velvet/contracts';
import type { LinkTarget } from '@velvet/ui';

/** The latest value of an observable that also offers a synchronous `current()`. */
function useCurrent<T>(source: Observable<T>, current: () => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = source.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [source],
  );
  return useSyncExternalStore(subscribe, current);
}

export function useRoute(): CurrentRoute {
  const { router } = usePlatform();
  return useCurrent(router.route$, router.current);
}

export function useSession(): GuestSession {
  const { session } = usePlatform();
  return useCurrent(session.session$, session.current);
}

/** A link into the route table: a real href, routed in-page on a plain click. */
export function useRouteLink(): (name: RouteName, args?: RouteArgs) => LinkTarget {
  const { router } = usePlatform();
  return useCallback(
    (name, args) => ({ href: router.href(name, args), onNavigate: () => router.navigate(name, args) }),
    [router],
  );
}

export type Loaded<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | null; error: unknown };

/**
 * Loads data whenever `key` changes; only the newest request's answer is applied, so a fast click through
 * pages never shows an older page last. `update` edits the loaded data in place (e.g. from socket pushes).
 */
export function useLoad<T>(key: string, load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  /** The last answer and the request it belongs to; a newer request shows as loading over the older data. */
  const [answer, setAnswer] = useState<{ requestKey: string; data: T | null; error: unknown; failed: boolean }>({
    requestKey: '',
    data: null,
    error: null,
    failed: false,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    let current = true;
    loadRef.current().then(
      (data) => current && setAnswer({ requestKey, data, error: null, failed: false }),
      (error: unknown) =>
        current && setAnswer((previous) => ({ requestKey, data: previous.data, error, failed: true })),
    );
    return () => {
      current = false;
    };
  }, [requestKey]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setAnswer((previous) => (previous.data === null ? previous : { ...previous, data: change(previous.data) }));
  }, []);
  const state: Loaded<T> =
    answer.requestKey !== requestKey
      ? { status: 'loading', data: answer.data }
      : answer.failed
        ? { status: 'error', data: answer.data, error: answer.error }
        : { status: 'ready', data: answer.data as T };
  return { ...state, retry, update };
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

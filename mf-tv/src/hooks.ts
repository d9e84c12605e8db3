import { useCallback, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { CurrentRoute, Guest } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';

/** The latest value of an observable, starting from `initial`. */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = source$.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source$]);
  return value;
}

export function useCurrentRoute(): CurrentRoute {
  const { router } = usePlatform();
  return useObservable(router.route$, router.current());
}

export function useGuest(): Guest {
  const { session } = usePlatform();
  return useObservable(session.session$, session.current()).guest;
}

export type Loaded<T> =
  { status: 'loading'; data?: T } | { status: 'done'; data: T } | { status: 'error'; error: unknown; data?: T };

/**
 * Runs `load` whenever `key` changes (or on retry) and keeps the last data while the next one loads, so a
 * grid does not jump on paging. Answers for an outdated key are dropped.
 */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded<T> & { for?: string }>({ status: 'loading' });
  const requestKey = `${key}#${attempt}`;
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: 'done', data, for: requestKey }),
      (error: unknown) =>
        current && setState((previous) => ({ status: 'error', error, data: previous.data, for: requestKey })),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure every render; the key says when it loads something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loaded: Loaded<T> = state.for === requestKey ? state : { status: 'loading', data: state.data };
  return { ...loaded, retry };
}

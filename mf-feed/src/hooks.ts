import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { Guest } from '@velvet/contracts';
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

export function useGuest(): Guest {
  const { session } = usePlatform();
  return useObservable(session.session$, session.current()).guest;
}

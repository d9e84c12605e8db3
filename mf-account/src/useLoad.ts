import { useEffect, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'ready'; data: T };

/** Runs a request on mount (and on retry), ignoring answers that arrive after unmount. */
export function useLoad<T>(request: () => Promise<T>): Load<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; data?: T; failed?: boolean } | null>(null);
  useEffect(() => {
    let active = true;
    request()
      .then((data) => active && setResult({ attempt, data }))
      .catch(() => active && setResult({ attempt, failed: true }));
    return () => {
      active = false;
    };
    // The request is fixed for the component's lifetime; only a retry runs it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (!result || result.attempt !== attempt) return { state: 'loading' };
  if (result.failed) return { state: 'failed', retry: () => setAttempt((n) => n + 1) };
  return { state: 'ready', data: result.data as T };
}

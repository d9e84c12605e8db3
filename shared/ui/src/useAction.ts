import { useState } from 'react';

/** What a view shows of an action it runs: whether (and which) one runs, and the last one's failure in words. */
export interface Action<K extends string> {
  /** An action runs: its buttons show busy and its inputs wait. */
  busy: boolean;
  /** The key of the action that runs ('' when run without one), null when none runs. */
  running: K | '' | null;
  /** The last failure in words, cleared when the next action starts. */
  error: string | null;
  /** Runs `action` (a request, mostly) as `key`; answers whether it succeeded. */
  run: (action: () => Promise<unknown>, key?: K) => Promise<boolean>;
  /** Shows a failure found before anything was sent (input the form refuses), or clears it with null. */
  fail: (text: string | null) => void;
}

/**
 * The one shape of every form's submit and button's request: busy while it runs (with a key where a view runs
 * several, such as one per table row), the failure in the caller's words after it (`errorText`, which reads the
 * server's stable error code), cleared by the next run. With `staysBusy` a success leaves it busy: the action led
 * away from the page, and nothing may be sent twice meanwhile.
 */
export function useAction<K extends string = string>(
  errorText: (failure: unknown) => string,
  options: { staysBusy?: boolean } = {},
): Action<K> {
  const [running, setRunning] = useState<K | '' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, key: K | '' = '') => {
    setRunning(key);
    setError(null);
    try {
      await action();
      if (!options.staysBusy) setRunning(null);
      return true;
    } catch (failure) {
      setError(errorText(failure));
      setRunning(null);
      return false;
    }
  };
  return { busy: running !== null, running, error, run, fail: setError };
}

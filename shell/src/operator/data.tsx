import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@velvet/contracts';
import { ErrorState, Spinner, type PagerLabels } from '@velvet/ui';

// The console uses only what the shell's first chunk already has (react, the @velvet/* packages): a data
// library or the remote kit imported here would become shared modules the shell provides eagerly at boot.

/** Counts registry changes made from the console: every loaded view loads again after one. */
const Changes = createContext<{ count: number; changed: () => void }>({ count: 0, changed: () => undefined });

export function ChangesProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const changed = useCallback(() => setCount((value) => value + 1), []);
  return <Changes.Provider value={{ count, changed }}>{children}</Changes.Provider>;
}

/** Call after a change the registry accepted. */
export const useChanged = () => useContext(Changes).changed;

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  retry: () => void;
  /** Puts the server's newer answer in place without loading again. */
  set: (data: T) => void;
}

/**
 * Loads what `key` names, again when the key changes, after every registry change and on retry; the previous
 * data stays on screen while the next answer loads, so a table does not jump while paging.
 */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const { count } = useContext(Changes);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({ data: undefined, error: null });
  useEffect(() => {
    let active = true;
    load().then(
      (data) => active && setState({ data, error: null }),
      (error: unknown) => active && setState((previous) => ({ data: previous.data, error })),
    );
    return () => {
      active = false;
    };
    // `load` is a new function each render; the key names everything it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, count, attempt]);
  return {
    ...state,
    retry: () => setAttempt((value) => value + 1),
    set: (data) => setState({ data, error: null }),
  };
}

/** The loading and failed states of a loaded value; `children` once it is there. */
export function LoadState<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('common');
  if (loaded.error) {
    return <ErrorState title={t('errorTitle')} text={t('errorText')} retryLabel={t('retry')} onRetry={loaded.retry} />;
  }
  if (loaded.data === undefined) return <Spinner label={t('loading')} />;
  return <>{children(loaded.data)}</>;
}

export function usePagerLabels(): PagerLabels {
  const { t } = useTranslation('common');
  return {
    navigation: t('pager.navigation'),
    previous: t('pager.previous'),
    next: t('pager.next'),
    page: (page) => t('pager.page', { page }),
  };
}

/** The page's language, for dates and numbers. */
export function useLanguage(): Language {
  return useTranslation().i18n.language as Language;
}

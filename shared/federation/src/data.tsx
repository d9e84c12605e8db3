import type { ReactNode } from 'react';
import { createContext, useCallback, useContext } from 'react';
import { keepPreviousData, QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@velvet/sdk';
import { EmptyState, ErrorState, Spinner, type PagerLabels } from '@velvet/ui';
import { COMMON_NAMESPACE } from '@velvet/i18n';

/** One query cache per mounted remote: results are kept per request key until the remote is unmounted. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network faults and 5xx get two more tries.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}

/**
 * While the server renders a page: the loads a render pass asked for. The server fetches them into the pass's query
 * cache and renders again, until a pass asks for nothing new; a load that failed is left to the browser.
 */
export interface ServerLoads {
  want(key: string, load: () => Promise<unknown>): void;
}
export const ServerLoadsContext = createContext<ServerLoads | null>(null);

export type Loaded<T> =
  { status: 'loading'; data?: T } | { status: 'done'; data: T } | { status: 'error'; error: unknown; data?: T };

export interface LoadedControls<T> {
  retry: () => void;
  /** Changes the loaded answer in place (a socket push, a saved form), so it stays changed when revisited. */
  update: (change: (data: T) => T) => void;
  /** Loads again in the background, e.g. when a push says the answer is out of date. */
  reload: () => void;
}

/**
 * Loads what `key` names and keeps the previous data while the next key loads, so a grid does not jump on
 * paging. The key must name everything the request depends on.
 */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> & LoadedControls<T> {
  const serverLoads = useContext(ServerLoadsContext);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [key], queryFn: load, placeholderData: keepPreviousData });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const update = useCallback(
    (change: (data: T) => T) =>
      queryClient.setQueryData<T>([key], (data) => (data === undefined ? data : change(data))),
    [queryClient, key],
  );
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: [key] }), [queryClient, key]);
  const controls = { retry, update, reload };
  // On the server what is not loaded yet is loading (the browser, whose cache starts with the server's answers,
  // renders the same): the server fetches it before its next pass, or leaves it to the browser.
  if (serverLoads && query.data === undefined) {
    serverLoads.want(key, load);
    return { status: 'loading', ...controls };
  }
  if (query.isError) return { status: 'error', error: query.error, data: query.data, ...controls };
  if (query.isSuccess && !query.isPlaceholderData) return { status: 'done', data: query.data, ...controls };
  return { status: 'loading', data: query.data, ...controls };
}

/**
 * The loading, failed and not-found states of a loaded value; renders `children` with the data once there,
 * and keeps showing the previous data while the next one loads.
 */
export function LoadState<T>({
  loaded,
  notFound,
  placeholder,
  children,
}: {
  loaded: Loaded<T> & Pick<LoadedControls<T>, 'retry'>;
  /** Title shown for a 404; the common "not found" text otherwise. */
  notFound?: string;
  /** The content's empty shape while it loads (instead of a spinner), so nothing below it moves on arrival. */
  placeholder?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(COMMON_NAMESPACE);
  if (loaded.status === 'error') {
    if (loaded.error instanceof ApiError && loaded.error.status === 404) {
      return <EmptyState title={notFound ?? t('notFoundTitle')} text={t('notFoundText')} />;
    }
    return <ErrorState title={t('errorTitle')} text={t('errorText')} retryLabel={t('retry')} onRetry={loaded.retry} />;
  }
  if (loaded.data === undefined)
    return placeholder ? (
      <div role="status" aria-busy="true">
        <span className="vv-visually-hidden">{t('loading')}</span>
        {placeholder}
      </div>
    ) : (
      <Spinner label={t('loading')} />
    );
  return <>{children(loaded.data)}</>;
}

/**
 * The pager's labels in the current language. A page with more than one pager names the list each one pages
 * (`of`), so every navigation landmark has a name of its own.
 */
export function usePagerLabels(of?: string): PagerLabels {
  const { t } = useTranslation(COMMON_NAMESPACE);
  return {
    navigation: of === undefined ? t('pager.navigation') : t('pager.navigationOf', { name: of }),
    previous: t('pager.previous'),
    next: t('pager.next'),
    page: (page) => t('pager.page', { page }),
  };
}

import type { ReactNode } from 'react';
import { createContext, useCallback, useContext } from 'react';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  keepPreviousData,
  QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type DehydratedState,
  type InfiniteData,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@velvet/sdk';
import { EmptyState, ErrorState, Spinner, type PagerLabels } from '@velvet/ui';
import type { LivePlayerText } from '@velvet/ui/player';
import { COMMON_NAMESPACE } from '@velvet/i18n';

/** One query cache per mounted remote: results are kept per request key until the remote is unmounted. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A failed load shows at once, with the error view and its retry button. Only a load that got no answer at
        // all (fetch rejects with a TypeError when the connection drops) is asked once more, after a moment: such a
        // blip mostly passes by then. An answer is not asked again by itself: a 4xx will not change, and a failing
        // server is not asked more by every guest; a timeout has been waited for long enough.
        retry: (failures, error) => error instanceof TypeError && failures < 1,
        retryDelay: 300,
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

/** A load that answered 404: the thing asked for does not exist, which asking again will not change. */
const isMissing = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/**
 * The answers a server render's query cache holds, for the page's state: its successes and the loads that answered
 * 404 (the page shows its not-found view), each error as the fields `hydrateLoads` makes an ApiError of again (JSON
 * keeps neither its class nor its message).
 */
export function dehydrateLoads(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isMissing(query.state.error),
  });
  for (const query of state.queries) {
    const { error } = query.state;
    // A plain object where the state's type says Error: it is JSON on its way, and an ApiError again in hydrateLoads.
    if (isMissing(error))
      query.state.error = {
        name: 'ApiError',
        status: error.status,
        code: error.code,
        message: error.message,
      } as unknown as Error;
  }
  return state;
}

/** Fills a browser's query cache with a server render's answers (`dehydrateLoads`), its 404s as ApiErrors again. */
export function hydrateLoads(queryClient: QueryClient, state: DehydratedState): void {
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error as Partial<Pick<ApiError, 'name' | 'status' | 'code' | 'message'>> | null;
      if (error?.name !== 'ApiError' || error.status === undefined || error.code === undefined) return query;
      return {
        ...query,
        state: { ...query.state, error: new ApiError(error.status, error.code, error.message ?? '') },
      };
    }),
  });
}

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
  const query = useQuery({
    queryKey: [key],
    queryFn: load,
    placeholderData: keepPreviousData,
    // A 404 (one the server rendered the page with, say) is not asked again when a view mounts: it shows not-found.
    retryOnMount: !isMissing(queryClient.getQueryState([key])?.error),
  });
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
  // renders the same): the server fetches it before its next pass, or leaves it to the browser. A 404 is an answer:
  // the page shows its not-found view, and so does the browser, whose cache gets the 404 too.
  if (serverLoads && query.data === undefined && !(query.isError && isMissing(query.error))) {
    serverLoads.want(key, load);
    return { status: 'loading', ...controls };
  }
  if (query.isError) return { status: 'error', error: query.error, data: query.data, ...controls };
  if (query.isSuccess && !query.isPlaceholderData) return { status: 'done', data: query.data, ...controls };
  return { status: 'loading', data: query.data, ...controls };
}

/** The changes made to a paged query's pages while a load of them runs (`update`), for that load's answer. */
const changesWhileLoading = new WeakMap<object, { load: Promise<unknown>; changes: ((pages: never) => unknown)[] }>();

export interface LoadedPages<T> {
  /** The pages loaded so far, in order; none until the first one is there. */
  pages: T[];
  /** Loading the first page or the next one, or the last of them failed. */
  status: 'loading' | 'idle' | 'error';
  hasNextPage: boolean;
  /** Loads the page after the last one (after a failed page, that page again); false when it failed. */
  loadMore: () => Promise<boolean>;
  /** Loads the pages again (after the first page failed, say). */
  reload: () => void;
  /**
   * Changes the loaded pages in place (a liked post, a pushed tipping goal, a posted comment), so they stay changed
   * when revisited and when a load that is running lands. A change that leaves every page as it was changes nothing.
   */
  update: (change: (pages: T[]) => T[]) => void;
}

/**
 * Loads what `key` names page by page: the first page like `useLoaded` (the server renders it and the browser
 * hydrates it without asking again), the pages after it in the browser. `next` gives the page parameter after the
 * loaded pages, or undefined after the last one. The key must name everything the request depends on; another key
 * starts over, and an answer for an older key is never shown.
 */
export function useLoadedPages<T, P>(
  key: string,
  load: (param: P) => Promise<T>,
  first: P,
  next: (last: T, pages: T[]) => P | undefined,
): LoadedPages<T> {
  const serverLoads = useContext(ServerLoadsContext);
  const queryClient = useQueryClient();
  const query = useInfiniteQuery<T, Error, InfiniteData<T, P>, string[], P>({
    queryKey: [key],
    queryFn: ({ pageParam }) => load(pageParam as P),
    initialPageParam: first,
    getNextPageParam: (last, pages) => next(last, pages),
    // Pushes and the guest's own changes keep the loaded pages current; loading them again in the background would
    // ask for every page, one after the other, and move the list under the reader. They stay as loaded until the key
    // changes, the list is reloaded, or the cache lets them go.
    staleTime: Infinity,
    // Except after the browser was off line: the pushes it missed meanwhile are caught up by loading them again.
    refetchOnReconnect: 'always',
  });
  const { fetchNextPage, refetch } = query;
  const loadMore = useCallback(async () => !(await fetchNextPage()).isFetchNextPageError, [fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);
  const update = useCallback(
    (change: (pages: T[]) => T[]) => {
      const cache = queryClient.getQueryCache();
      const cached = cache.find<InfiniteData<T, P>>({ queryKey: [key], exact: true });
      const data = cached?.state.data;
      if (!cached || data === undefined) return;
      const pages = change(data.pages);
      if (pages.length === data.pages.length && pages.every((page, index) => page === data.pages[index])) return;
      queryClient.setQueryData<InfiniteData<T, P>>([key], { ...data, pages });
      const load = cached.promise;
      if (cached.state.fetchStatus === 'idle' || !load) return;
      // A running load answers with the pages it started from and would put them back over the change: the changes
      // made while it runs are applied to its answer as it lands, in order. Cancelling and starting it again would
      // ask once per push, and never answer while pushes keep coming.
      const pending = changesWhileLoading.get(cached);
      if (pending?.load === load) {
        pending.changes.push(change);
        return;
      }
      const changes = [change];
      changesWhileLoading.set(cached, { load, changes });
      const stop = cache.subscribe((event) => {
        if (event.query !== cached) return;
        if (event.type === 'removed') return stop();
        if (event.type !== 'updated') return;
        // Done once that load landed, failed or was cancelled; one that replaced it started from the changed pages.
        if (cached.state.fetchStatus !== 'idle' && cached.promise === load) return;
        stop();
        const answer = cached.state.data;
        if (event.action.type === 'success' && !event.action.manual && cached.promise === load && answer)
          queryClient.setQueryData<InfiniteData<T, P>>([key], {
            ...answer,
            pages: changes.reduce((changed, apply) => apply(changed), answer.pages),
          });
      });
    },
    [queryClient, key],
  );
  const controls = { loadMore, reload, update };
  // As in useLoaded: the server fetches the first page (in the shape the browser's paged query keeps) before its
  // next pass, or leaves it to the browser.
  if (serverLoads && query.data === undefined) {
    serverLoads.want(key, async () => ({ pages: [await load(first)], pageParams: [first] }));
    return { pages: [], status: 'loading', hasNextPage: false, ...controls };
  }
  const status = query.isPending || query.isFetchingNextPage ? 'loading' : query.isError ? 'error' : 'idle';
  return { pages: query.data?.pages ?? [], status, hasNextPage: query.hasNextPage, ...controls };
}

/**
 * The items of a paged list's pages, each id once, where it first shows. Pages asked by offset or cursor shift when
 * an item is added meanwhile, so the next page can repeat the last one shown; the offsets still count every answer.
 */
export function distinctById<I extends { id: string | number }>(items: readonly I[]): I[] {
  const seen = new Set<I['id']>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
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

/** The live player's texts in the current language. */
export function usePlayerText(): (key: LivePlayerText) => string {
  const { t } = useTranslation(COMMON_NAMESPACE);
  return useCallback((key: LivePlayerText) => t(`player.${key}`), [t]);
}

import { useCallback, useEffect, useState } from 'react';
import { feedOperations, type FeedConnection, type FeedPost, type FeedVariables } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';

export interface FeedPages {
  posts: FeedPost[];
  totalCount: number;
  hasNextPage: boolean;
  status: 'loading' | 'idle' | 'error';
  /** Loads the page after the last one (cursor paging with first/after); after an error it tries again. */
  loadMore: () => void;
  /** Loads the first page again (e.g. after an error). */
  reload: () => void;
  /** Puts a post the server answered (after a like) in place of the shown one. */
  replacePost: (post: FeedPost) => void;
  /** Changes every shown post, e.g. the following flag of all posts of one model. */
  updatePosts: (change: (post: FeedPost) => FeedPost) => void;
}

interface State {
  /** The request the state belongs to; state of an older one is never shown. */
  for: string;
  posts: FeedPost[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
  status: FeedPages['status'];
}
const initial = (request: string): State => ({
  for: request,
  posts: [],
  totalCount: 0,
  endCursor: null,
  hasNextPage: false,
  status: 'loading',
});

const withPage = (state: State, feed: FeedConnection): State => ({
  ...state,
  // A post published meanwhile can shift a page; a post is never shown twice.
  posts: [...state.posts, ...feed.nodes.filter((post) => !state.posts.some((shown) => shown.id === post.id))],
  totalCount: feed.totalCount,
  endCursor: feed.pageInfo.endCursor,
  hasNextPage: feed.pageInfo.hasNextPage,
  status: 'idle',
});

/**
 * The feed for one set of variables, page by page. Other variables (or another `restartKey`, e.g. the login
 * state) start over; answers for an outdated request are dropped.
 */
export function useFeedPages(variables: FeedVariables, restartKey = ''): FeedPages {
  const { api } = usePlatform();
  const key = JSON.stringify(variables);
  const [reloads, setReloads] = useState(0);
  const request = `${key}|${restartKey}|${reloads}`;
  const [state, setState] = useState<State>(() => initial(request));
  const fetchPage = useCallback(
    async (after: string | null) =>
      (await api.feed(feedOperations.feed, { ...(JSON.parse(key) as FeedVariables), after })).feed,
    [api, key],
  );

  useEffect(() => {
    let active = true;
    fetchPage(null).then(
      (feed) => active && setState(withPage(initial(request), feed)),
      () => active && setState({ ...initial(request), status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [fetchPage, request]);

  const current = state.for === request ? state : initial(request);
  const forCurrent = (change: (previous: State) => State) =>
    setState((previous) => (previous.for === request ? change(previous) : previous));

  return {
    posts: current.posts,
    totalCount: current.totalCount,
    hasNextPage: current.hasNextPage,
    status: current.status,
    loadMore: () => {
      if (current.status === 'loading' || !current.hasNextPage) return;
      forCurrent((previous) => ({ ...previous, status: 'loading' }));
      fetchPage(current.endCursor).then(
        (feed) => forCurrent((previous) => withPage(previous, feed)),
        () => forCurrent((previous) => ({ ...previous, status: 'error' })),
      );
    },
    reload: () => setReloads((count) => count + 1),
    replacePost: (post) =>
      forCurrent((previous) => ({
        ...previous,
        posts: previous.posts.map((shown) => (shown.id === post.id ? post : shown)),
      })),
    updatePosts: (change) => forCurrent((previous) => ({ ...previous, posts: previous.posts.map(change) })),
  };
}

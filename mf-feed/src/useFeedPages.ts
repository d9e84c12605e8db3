import { useCallback } from 'react';
import { feedOperations, type FeedConnection, type FeedPost, type FeedVariables } from '@velvet/contracts';
import { distinctById, useLoadedPages, usePlatform } from '@velvet/federation';

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

/**
 * The feed for one set of variables, page by page: the first page is rendered by the server, the next ones load in
 * the browser. Other variables (or another `restartKey`, e.g. the login state) start over; answers for an outdated
 * request are dropped.
 */
export function useFeedPages(variables: FeedVariables, restartKey = ''): FeedPages {
  const { api } = usePlatform();
  const key = JSON.stringify(variables);
  const pages = useLoadedPages<FeedConnection, string | null>(
    `feed|${key}|${restartKey}`,
    async (after) => (await api.feed(feedOperations.feed, { ...(JSON.parse(key) as FeedVariables), after })).feed,
    null,
    (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : undefined),
  );
  const { update } = pages;
  const updatePosts = useCallback(
    (change: (post: FeedPost) => FeedPost) =>
      update((loaded) =>
        loaded.map((page) => {
          const nodes = page.nodes.map(change);
          // A page none of whose posts changed stays as it was, so a push for a post not shown changes nothing.
          return nodes.every((post, index) => post === page.nodes[index]) ? page : { ...page, nodes };
        }),
      ),
    [update],
  );
  // A post published meanwhile can shift a page; a post is never shown twice.
  const posts = distinctById(pages.pages.flatMap((page) => page.nodes));
  return {
    posts,
    totalCount: pages.pages.at(-1)?.totalCount ?? 0,
    hasNextPage: pages.hasNextPage,
    status: pages.status,
    loadMore: () => {
      if (pages.status === 'loading' || !pages.hasNextPage) return;
      void pages.loadMore();
    },
    reload: pages.reload,
    replacePost: (post) => updatePosts((shown) => (shown.id === post.id ? post : shown)),
    updatePosts,
  };
}

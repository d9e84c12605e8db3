import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedVariables } from '@velvet/contracts';
import { useGuest, useLanguage, useLoggedIn } from '@velvet/federation';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { Button, EmptyState, ErrorState, Spinner } from '@velvet/ui';
import { PostCard } from './PostCard';
import { useFeedPages } from './useFeedPages';
import { useLiveGoals } from './useLiveGoals';
import { usePostActions } from './usePostActions';

/** A ref that calls `onVisible` whenever its element scrolls into view (where the browser can tell). */
function useWhenVisible(onVisible: () => void) {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  return useCallback((target: HTMLDivElement | null) => {
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && callback.current(),
      { rootMargin: '600px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
}

/**
 * Posts of the feed for some variables, paged with first/after: the next page loads as the end of the list
 * scrolls into view, or with the "load more" button. Reloads when the guest logs in or out or her age is verified.
 */
export function FeedList({
  variables,
  label,
  emptyTitle,
  pageable = true,
}: {
  variables: FeedVariables;
  label: string;
  emptyTitle: string;
  pageable?: boolean;
}) {
  const { t } = useTranslation();
  const { t: common } = useTranslation(COMMON_NAMESPACE);
  const loggedIn = useLoggedIn();
  // rated pictures come blurred or not by the guest's verification: an avsSet loads the feed again
  const verified = useGuest().flags.avs;
  // posts' texts in the page's language where the model translated them
  const language = useLanguage();
  const pages = useFeedPages({ ...variables, language }, `${loggedIn}|${verified}`);
  const actions = usePostActions(pages);
  useLiveGoals(pages.updatePosts);
  const end = useWhenVisible(() => pageable && pages.status === 'idle' && pages.loadMore());
  if (pages.status === 'error' && !pages.posts.length) {
    return (
      <ErrorState
        title={common('errorTitle')}
        text={common('errorText')}
        retryLabel={common('retry')}
        onRetry={pages.reload}
      />
    );
  }
  if (pages.status === 'idle' && !pages.posts.length) return <EmptyState title={emptyTitle} />;
  return (
    <div className="mf-feed-list">
      <ul aria-label={label} aria-busy={pages.status === 'loading' || undefined}>
        {pages.posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} actions={actions} />
          </li>
        ))}
      </ul>
      <div ref={end} />
      {pages.status === 'loading' ? <Spinner label={common('loading')} /> : null}
      {pages.status === 'error' ? (
        <ErrorState title={common('errorTitle')} retryLabel={common('retry')} onRetry={pages.loadMore} />
      ) : null}
      {pageable && pages.status === 'idle' && pages.hasNextPage ? (
        <Button variant="secondary" onClick={pages.loadMore}>
          {t('feed.loadMore', { shown: pages.posts.length, total: pages.totalCount })}
        </Button>
      ) : null}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEED_FILTERS,
  FEED_FILTER_VARIABLES,
  FEED_OWN_FILTERS,
  FEED_PAGE_SIZE,
  FEED_TABS,
  feedOperations,
  type FeedFilter,
  type FeedTab,
  type FeedTotals,
} from '@velvet/contracts';
import { InPageIncentive, useCurrentRoute, useLoggedIn, usePlatform } from '@velvet/federation';
import { LoginPrompt } from '@velvet/ui';
import { FeedList } from './FeedList';
import { PostDetail } from './PostDetail';

/** How many posts each filter finds among all posts (the mixed tab). */
const countOf = (totals: FeedTotals, filter: FeedFilter): number =>
  ({
    ALL: totals.totalCount,
    CLIP_POSTS: totals.clips,
    PHOTO_POSTS: totals.photos,
    TEXT_POSTS: totals.texts,
    BOUGHT: totals.boughtClips + totals.boughtPhotos,
    LIKED: totals.liked,
    COMMENTED: totals.commented,
  })[filter];

/** The feed's totals, loaded in the browser (the guest's own counts are personal) and again on login or logout. */
function useTotals(): FeedTotals | null {
  const { api } = usePlatform();
  const loggedIn = useLoggedIn();
  const [totals, setTotals] = useState<FeedTotals | null>(null);
  useEffect(() => {
    let active = true;
    api.feed(feedOperations.totals, {}).then(
      (answer) => active && setTotals(answer.totals),
      // the filters work without their counts
      () => active && setTotals(null),
    );
    return () => {
      active = false;
    };
  }, [api, loggedIn]);
  return totals;
}

/**
 * The feed page: one model's posts (profile), every model's (mixed) or only the guest's favourites, narrowed by a filter (post kinds,
 * or the guest's bought, liked and commented posts). The route feedPost shows one post over it. The inPage incentives
 * the operator defined for the page's route are above it.
 */
export function FeedPage() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const route = useCurrentRoute();
  const loggedIn = useLoggedIn();
  const profileId = route.name === 'feedProfile' ? route.args.modelId : undefined;
  const tabs = FEED_TABS.filter((name) => name !== 'profile' || profileId);
  const [chosen, setTab] = useState<FeedTab | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : profileId ? 'profile' : 'mixed';
  const [filter, setFilter] = useState<FeedFilter>('ALL');
  const totals = useTotals();
  const needsLogin = tab === 'favorite' || FEED_OWN_FILTERS.includes(filter);
  const variables = {
    first: FEED_PAGE_SIZE,
    ...(tab === 'favorite' ? { follows: true } : { mode: 'MIXED' as const }),
    ...(tab === 'profile' ? { modelId: profileId } : {}),
    ...FEED_FILTER_VARIABLES[filter],
  };
  return (
    <section className="mf-feed">
      <InPageIncentive />
      <h1>{t('feed.title')}</h1>
      <div role="tablist" aria-label={t('feed.tabs')} className="mf-feed-tabs">
        {tabs.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {t(`feed.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('feed.filters')} className="mf-feed-filters">
        {FEED_FILTERS.map((name) => (
          <button key={name} type="button" aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {t(`feed.filter.${name}`)}
            {totals && tab === 'mixed' && (loggedIn || !FEED_OWN_FILTERS.includes(name)) ? (
              <span className="mf-feed-count"> ({countOf(totals, name)})</span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`feed.tab.${tab}`)}>
        {needsLogin && !loggedIn ? (
          <LoginPrompt
            text={tab === 'favorite' ? t('feed.favoritesLogin') : t('feed.ownLogin')}
            buttonLabel={t('login')}
            ui={ui}
          />
        ) : (
          <FeedList
            variables={variables}
            label={t(`feed.tab.${tab}`)}
            emptyTitle={tab === 'favorite' && filter === 'ALL' ? t('feed.favoritesEmpty') : t('feed.empty')}
          />
        )}
      </div>
      {route.name === 'feedPost' && route.args.postId ? <PostDetail postId={route.args.postId} /> : null}
    </section>
  );
}

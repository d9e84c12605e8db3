import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_PAGE_SIZE, FEED_TABS, type FeedTab } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { LoginPrompt } from '@velvet/ui';
import { FeedList } from './FeedList';

/** The feed page: every model's posts (mixed) or only the guest's favourites (needs login). */
export function FeedPage() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [tab, setTab] = useState<FeedTab>('mixed');
  return (
    <section className="mf-feed">
      <h1>{t('feed.title')}</h1>
      <div role="tablist" aria-label={t('feed.tabs')} className="mf-feed-tabs">
        {FEED_TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {t(`feed.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`feed.tab.${tab}`)}>
        {tab === 'mixed' ? (
          <FeedList
            key="mixed"
            variables={{ first: FEED_PAGE_SIZE, mode: 'MIXED' }}
            label={t('feed.tab.mixed')}
            emptyTitle={t('feed.empty')}
          />
        ) : loggedIn ? (
          <FeedList
            key="favorite"
            variables={{ first: FEED_PAGE_SIZE, follows: true }}
            label={t('feed.tab.favorite')}
            emptyTitle={t('feed.favoritesEmpty')}
          />
        ) : (
          <LoginPrompt text={t('feed.favoritesLogin')} buttonLabel={t('login')} ui={ui} />
        )}
      </div>
    </section>
  );
}

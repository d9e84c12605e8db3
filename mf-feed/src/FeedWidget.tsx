import { useTranslation } from 'react-i18next';
import { useRouteLink } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { FeedList } from './FeedList';

export const HOME_FEED_POSTS = 3;

/** Home timeline block "Feed": the newest posts and a link to the feed. */
export function FeedWidget() {
  const { t } = useTranslation();
  const more = useRouteLink()('feed');
  return (
    <Section title={t('home.title')} more={more && { ...more, label: t('home.more') }}>
      <FeedList
        variables={{ first: HOME_FEED_POSTS }}
        label={t('home.title')}
        emptyTitle={t('feed.empty')}
        pageable={false}
      />
    </Section>
  );
}

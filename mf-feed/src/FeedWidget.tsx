import { useTranslation } from 'react-i18next';
import { usePlatform } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { FeedList } from './FeedList';

export const HOME_FEED_POSTS = 3;

/** Home timeline block "Feed": the newest posts and a link to the feed. */
export function FeedWidget() {
  const { t } = useTranslation();
  const { router } = usePlatform();
  return (
    <Section
      title={t('home.title')}
      more={{ label: t('home.more'), href: router.href('feed'), onNavigate: () => router.navigate('feed') }}
    >
      <FeedList
        variables={{ first: HOME_FEED_POSTS }}
        label={t('home.title')}
        emptyTitle={t('feed.empty')}
        pageable={false}
      />
    </Section>
  );
}

import { useTranslation } from 'react-i18next';
import type { SlotProps } from '@velvet/contracts';
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

/** A performer's profile tab "Feed": her own posts, paged as on the feed page, and a link to her feed there. */
export function ProfileFeedWidget({ actorId, actorName }: SlotProps<'actorProfile.feed'>) {
  const { t } = useTranslation();
  const modelId = String(actorId);
  const more = useRouteLink()('feedProfile', { modelId });
  return (
    <Section
      title={t('profile.title', { name: actorName })}
      more={more && { ...more, label: t('profile.more', { name: actorName }) }}
    >
      <FeedList
        variables={{ modelId }}
        label={t('profile.title', { name: actorName })}
        emptyTitle={t('profile.empty', { name: actorName })}
      />
    </Section>
  );
}

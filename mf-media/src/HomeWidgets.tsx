import { useTranslation } from 'react-i18next';
import type { RouteName, VideoCategory } from '@velvet/contracts';
import { useRouteLink } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { Jumbotron } from './Jumbotron';
import { VideoGrid } from './VideoGrid';

/** A home-timeline block: a few tiles of one category and a link to its full area. */
function HomeBlock({
  title,
  category,
  area,
  count,
}: {
  title: string;
  category: VideoCategory;
  area: RouteName;
  count: number;
}) {
  const { t } = useTranslation();
  const more = useRouteLink()(area);
  return (
    <Section title={title} more={more && { ...more, label: t('home.more') }}>
      <VideoGrid category={category} label={title} pageSize={count} showFilter={false} />
    </Section>
  );
}

export function Trends() {
  const { t } = useTranslation();
  return <HomeBlock title={t('home.trends')} category="trending" area="videoTrends" count={5} />;
}
export function Videostation() {
  const { t } = useTranslation();
  const more = useRouteLink()('videos');
  return <Jumbotron title={t('home.videostation')} more={more && { ...more, label: t('home.more') }} />;
}
export function WelcomeClips() {
  const { t } = useTranslation();
  return <HomeBlock title={t('home.welcomeClips')} category="free" area="freeClips" count={5} />;
}

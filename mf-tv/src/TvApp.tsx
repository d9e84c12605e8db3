import { ArticlePage } from './ArticlePage';
import { LateNightPage } from './LateNightPage';
import { LivestreamPage } from './LivestreamPage';
import { ProgramPage } from './ProgramPage';
import { SeriesOverviewPage } from './SeriesOverviewPage';
import { SeriesPage } from './SeriesPage';
import { SeriesVideosPage } from './SeriesVideosPage';
import { TvNav } from './TvNav';
import { VideoPage } from './VideoPage';
import { InPageIncentive, PageBreadcrumbs, useCurrentRoute } from '@velvet/federation';

function TvPage() {
  const { name, args } = useCurrentRoute();
  switch (name) {
    case 'tvLivestream':
      return <LivestreamPage key="live" type="live" />;
    case 'tvPremiumLivestream':
      return <LivestreamPage key="premium" type="premium" />;
    case 'tvLateNight':
      return <LateNightPage />;
    case 'tvSeries':
      return <SeriesPage key={args.series} seriesKey={args.series ?? ''} />;
    case 'tvSeriesVideos':
      return <SeriesVideosPage key={args.key} seriesKey={args.key ?? ''} />;
    case 'tvVideo':
      return <VideoPage key={args.episodeId} seriesKey={args.key ?? ''} videoId={args.episodeId ?? ''} />;
    case 'tvArticle':
      return <ArticlePage key={args.slug} slug={args.slug ?? ''} />;
    case 'tvProgram':
      return <ProgramPage />;
    default:
      return <SeriesOverviewPage />;
  }
}

/**
 * The TV area: the inPage incentives the operator defined for the page's route, its sub-navigation, the trail of the
 * current page (the server's) and the page.
 */
export function TvApp() {
  return (
    <div className="mf-tv">
      <InPageIncentive />
      <TvNav />
      <PageBreadcrumbs />
      <TvPage />
    </div>
  );
}

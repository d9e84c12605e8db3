import { LateNightPage } from './LateNightPage';
import { LivestreamPage } from './LivestreamPage';
import { ProgramPage } from './ProgramPage';
import { SeriesOverviewPage } from './SeriesOverviewPage';
import { SeriesPage } from './SeriesPage';
import { SeriesVideosPage } from './SeriesVideosPage';
import { TvNav } from './TvNav';
import { useCurrentRoute } from '@velvet/federation';

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
    case 'tvProgram':
      return <ProgramPage />;
    default:
      return <SeriesOverviewPage />;
  }
}

/** The TV area: its sub-navigation and the page of the current route. */
export function TvApp() {
  return (
    <div className="mf-tv">
      <TvNav />
      <TvPage />
    </div>
  );
}

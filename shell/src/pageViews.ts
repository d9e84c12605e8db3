import { distinctUntilChanged, type Observable } from 'rxjs';
import { PAGE_VIEW_EVENT, type CurrentRoute, type TrackEvent } from '@velvet/contracts';

export interface PageViewOptions {
  route$: Observable<CurrentRoute>;
  /** The platform's `telemetry.track`, which sends only with analytics consent. */
  track: (event: Omit<TrackEvent, 'timestamp'>) => void;
  /** Counts a visit of a performer's profile; called only with analytics consent. */
  profileVisit: (actorName: string) => void;
  allowsAnalytics: () => boolean;
}

/**
 * Every page the visitor opens is a page view of its route, and a performer's profile also a visit of hers, for the
 * operators' analytics; the same page again in another language (a language switch) is no new view.
 */
export function trackPageViews({ route$, track, profileVisit, allowsAnalytics }: PageViewOptions) {
  return route$
    .pipe(distinctUntilChanged((a, b) => a.name === b.name && JSON.stringify(a.args) === JSON.stringify(b.args)))
    .subscribe((route) => {
      track({ ...PAGE_VIEW_EVENT, data: { route: route.name } });
      const actorName = route.name === 'actorProfile' ? route.args['actorName'] : undefined;
      if (typeof actorName === 'string' && allowsAnalytics()) profileVisit(actorName);
    });
}

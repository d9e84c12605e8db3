import { BehaviorSubject } from 'rxjs';
import type { CurrentRoute } from '@velvet/contracts';
import { trackPageViews } from './pageViews';

describe('page views', () => {
  it('tracks each page once, a profile also as a visit of the performer, and no profile visit without consent', () => {
    const route$ = new BehaviorSubject<CurrentRoute>({ name: 'home', args: {}, language: 'en' });
    const track = jest.fn();
    const profileVisit = jest.fn();
    let analytics = true;
    const subscription = trackPageViews({ route$, track, profileVisit, allowsAnalytics: () => analytics });
    route$.next({ name: 'home', args: {}, language: 'de' });
    route$.next({ name: 'actorProfile', args: { actorName: 'anna' }, language: 'de' });
    analytics = false;
    route$.next({ name: 'actorProfile', args: { actorName: 'bea' }, language: 'de' });
    expect(track.mock.calls.map(([event]) => event)).toEqual([
      { context: 'navigation', action: 'pageView', data: { route: 'home' } },
      { context: 'navigation', action: 'pageView', data: { route: 'actorProfile' } },
      { context: 'navigation', action: 'pageView', data: { route: 'actorProfile' } },
    ]);
    expect(profileVisit.mock.calls).toEqual([['anna']]);
    subscription.unsubscribe();
  });
});

import path from 'node:path';
import { loggerEndpoints } from '@velvet/contracts';
import { requireOperator, route } from '../../http/endpoint';
import type { ServerModule } from '../module';
import { analyticsReport, pruneTrackingEvents, storeTrackEvent, trackProfileVisit } from './service';

const PRUNE_EVENTS_MS = 60 * 60 * 1000;

/**
 * Tracking events browsers send with analytics consent, stored as they come; page views and performer profile
 * visits are also summed per day for the operators' analytics.
 */
export const trackingModule: ServerModule = {
  name: 'tracking',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    route(app, loggerEndpoints.track, async ({ body, auth }) => {
      await storeTrackEvent(ctx.db, auth?.guestId ?? null, body, ctx.now());
      return { tracked: true as const };
    });
    route(app, loggerEndpoints.trackActorProfileVisit, async ({ body }) => ({
      tracked: await trackProfileVisit(ctx.db, body.actorName, ctx.now()),
    }));
    route(app, loggerEndpoints.analytics, async ({ query, auth, request }) => {
      if (request.authError) throw request.authError;
      requireOperator(auth);
      return analyticsReport(ctx.db, query);
    });
  },
  start: (ctx) =>
    ctx.leases.repeat('tracking: pruning events', PRUNE_EVENTS_MS, () => pruneTrackingEvents(ctx.db, ctx.now())),
};

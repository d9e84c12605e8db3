import path from 'node:path';
import type { ServerModule } from '../module';
import { pushRoutes, pushWorkerRoutes } from './routes';
import { notifyPerformerOnline } from '../notifications/service';
import { pushPerformerOnline, vapidKeys } from './service';

/**
 * Web push: the server's VAPID keys, browsers' subscriptions per guest with their events, the service worker
 * scripts, and the pushes themselves (a favourite performer coming on line, operators' campaigns and news).
 */
export const pushModule: ServerModule = {
  name: 'push',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  hooks: (ctx) => ({
    // The schedule job does not wait for push services: each performer's pushes go out on their own.
    // The schedule's one hook for a favourite on line also writes the notification centre's entries.
    performersOnline: (performers) => {
      for (const performer of performers) {
        void pushPerformerOnline(ctx, performer).catch((error: unknown) =>
          ctx.log.error({ err: error, actorId: performer.id }, 'push: telling favourites failed'),
        );
        void notifyPerformerOnline(ctx, performer).catch((error: unknown) =>
          ctx.log.error({ err: error, actorId: performer.id }, 'notifications: telling favourites failed'),
        );
      }
    },
  }),
  prepare: async (ctx) => {
    await vapidKeys(ctx.db);
  },
  routes: pushRoutes,
  rootRoutes: pushWorkerRoutes,
};

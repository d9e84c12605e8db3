import path from 'node:path';
import type { ServerModule } from '../module';
import { restrictRatedPerformers } from './age';
import { favoritesSocket } from './favorites';
import { performerRoutes } from './routes';
import { startScheduleJob } from './schedule';
import { searchRoutes } from './search-routes';
import { seedPerformers } from './seed';
import { ensureOnlineSchedule, seedOnlineSchedule } from './seed-schedule';
import { seedSearch } from './seed-search';

/**
 * The catalogue: performers, their profiles, categories, search, geo places, online schedules and top cams.
 * Other modules read it through its functions (catalogue.ts, service.ts, favorites.ts, schedule.ts), not its
 * tables.
 *
 * Its tables were first created by the chat and messenger modules' migrations; its own first migration creates
 * only what is missing, so data directories those ran in keep working, and it runs before theirs (module order).
 */
export const performersModule: ServerModule = {
  name: 'performers',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: (ctx) => async (app) => {
    for (const area of [performerRoutes, searchRoutes]) await app.register(area(ctx));
  },
  prepare: async (ctx) => {
    await ensureOnlineSchedule(ctx.db);
    await restrictRatedPerformers(ctx);
  },
  socket: favoritesSocket,
  seed: async (ctx, options) => {
    await seedPerformers(ctx, options);
    await seedOnlineSchedule(ctx.db);
    await seedSearch(ctx);
    await restrictRatedPerformers(ctx);
  },
  // A living site: performers on and off line by their schedule.
  start: startScheduleJob,
};

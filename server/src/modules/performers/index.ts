import type { ServerModule } from '../module';
import { favoritesSocket } from './favorites';
import { performerRoutes } from './routes';
import { startScheduleJob } from './schedule';
import { searchRoutes } from './search-routes';
import { seedPerformers } from './seed';
import { ensureOnlineSchedule, seedOnlineSchedule } from './seed-schedule';
import { seedSearch } from './seed-search';

/**
 * The catalogue: performers, their profiles, categories, search, geo places, online schedules and top cams.
 * Other modules read it through its functions (service.ts, favorites.ts, schedule.ts), not its tables.
 *
 * No migrations folder: its tables were created by the chat module's migrations 0000-0003, which existing data
 * directories record as applied in `__migrations_chat`; moving that SQL here would run it a second time there.
 */
export const performersModule: ServerModule = {
  name: 'performers',
  routes: (ctx) => async (app) => {
    for (const area of [performerRoutes, searchRoutes]) await app.register(area(ctx));
  },
  prepare: async (ctx) => {
    await ensureOnlineSchedule(ctx.db);
  },
  socket: favoritesSocket,
  seed: async (ctx, options) => {
    await seedPerformers(ctx, options);
    await seedOnlineSchedule(ctx.db);
    await seedSearch(ctx);
  },
  // A living site: performers on and off line by their schedule.
  start: startScheduleJob,
};

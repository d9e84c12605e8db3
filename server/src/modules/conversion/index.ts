import path from 'node:path';
import type { ServerModule } from '../module';
import { conversionRoutes } from './routes';
import { seedIncentives } from './seed';
import { conversionChatEnds } from './service';

/**
 * Conversion incentives: offers operators define per tenant, shown in a region of the page when their event
 * happens (a page load, a preview's end), closed for a while per group; and the conversion chat's countdown.
 */
export const conversionModule: ServerModule = {
  name: 'conversion',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: conversionRoutes,
  seed: (ctx) => seedIncentives(ctx),
  hooks: (ctx) => ({ conversionChatEnds: (guestId) => conversionChatEnds(ctx.db, guestId, ctx.now()) }),
};

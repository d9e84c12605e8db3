import path from 'node:path';
import type { ServerModule } from '../module';
import { accountGraphql } from './graphql';
import { accountRoutes } from './routes';
import { seedAccount } from './seed';
import { chatVoucherMinutes } from './vouchers';

/** The guest's personal area: benefits and vouchers, and the demo guest account. */
export const accountModule: ServerModule = {
  name: 'account',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  graphql: accountGraphql,
  routes: accountRoutes,
  hooks: (ctx) => ({
    voucherChatMinutes: (guestId) => chatVoucherMinutes(ctx.db, guestId, ctx.now()),
  }),
  seed: ({ db, now }, { scale }) => seedAccount(db, scale, now().getTime()),
};

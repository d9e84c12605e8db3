import type { ServerModule } from './module';
import { authModule } from './auth';
import { guestModule } from './guest';
import { walletModule } from './wallet';
import { federationModule } from './federation';
import { loggerModule } from './logger';
import { chatModule } from './chat';
import { mediaModule } from './media';
import { tvModule } from './tv';
import { feedModule } from './feed';
import { messengerModule } from './messenger';
import { specialsModule } from './specials';
import { accountModule } from './account';

/**
 * Every domain of the server in dependency order: migrations, routes, seeds and jobs run in this order, so a
 * module may reference the tables of the modules before it (e.g. everything references guests and actors).
 */
export const MODULES: readonly ServerModule[] = [
  authModule,
  guestModule,
  // Coins: every later module may move them (purchases, paid chat).
  walletModule,
  federationModule,
  // Browser reports (socket errors, tracking) rather than a domain; no tables.
  loggerModule,
  chatModule,
  mediaModule,
  tvModule,
  feedModule,
  messengerModule,
  specialsModule,
  accountModule,
];

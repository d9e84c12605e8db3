import type { ServerModule } from './module';
import { authModule } from './auth';
import { guestModule } from './guest';
import { walletModule } from './wallet';
import { subscriptionsModule } from './subscriptions';
import { federationModule } from './federation';
import { loggerModule } from './logger';
import { performersModule } from './performers';
import { chatModule } from './chat';
import { mediaModule } from './media';
import { tvModule } from './tv';
import { feedModule } from './feed';
import { messengerModule } from './messenger';
import { specialsModule } from './specials';
import { accountModule } from './account';
import { mailModule } from './mail';
import { lifecycleModule } from './lifecycle';
import { seoModule } from './seo';
import { pushModule } from './push';
import { notificationsModule } from './notifications';
import { legalModule } from './legal';
import { renderModule } from './render';
import { avsModule } from './avs';
import { searchModule } from './search';
import { trackingModule } from './tracking';
import { surveyModule } from './survey';
import { codesModule } from './codes';
import { conversionModule } from './conversion';

/**
 * Every domain of the server in dependency order: migrations, routes, seeds and jobs run in this order, so a
 * module may reference the tables of the modules before it (e.g. everything references guests and actors).
 * Each module lists what it imports in its module.json; a lint rule keeps that graph one way and acyclic, and
 * modules.test.ts that every module comes after its dependencies here.
 */
export const MODULES: readonly ServerModule[] = [
  authModule,
  // Coins: every later module may move them (purchases, paid chat).
  walletModule,
  guestModule,
  // Age verification: content modules read the guest's status through auth; revoking ends chats by a hook.
  avsModule,
  // VIP and TV subscriptions: their payments go through the wallet's ledger, their flags onto the guest.
  subscriptionsModule,
  federationModule,
  // Browser reports (socket errors, network status) rather than a domain; no tables.
  loggerModule,
  // The catalogue every module selling a performer's time or media reads.
  performersModule,
  // Tracking events and their daily sums: page views, and profile visits of the catalogue's performers.
  trackingModule,
  // The feedback survey and feature feedback of guests.
  surveyModule,
  // Notifications: the modules owning an event (a performer's message, a favourite on line) write them here.
  notificationsModule,
  // Vouchers and benefits: chats take show tickets, the messenger free messages and gifts from them.
  accountModule,
  chatModule,
  mediaModule,
  tvModule,
  messengerModule,
  specialsModule,
  // The feed: its contest posts show performers' contest entries (specials).
  feedModule,
  // The global search: asks the catalogue modules above (performers, media, TV, the blog) for their hits.
  searchModule,
  // Web push: a favourite performer on line (the schedule's hook), operators' campaigns and news.
  pushModule,
  // Conversion incentives per tenant: shown by route and event, on the videos and albums of media.
  conversionModule,
  legalModule,
  // Mails of every module's guests: verification, password reset, newsletters.
  mailModule,
  // Preferences, data protection, picture, phone, locks, export and deletion: reads every guest's rows above.
  lifecycleModule,
  // Bonus codes, promo codes and scratch cards: grant through the rewards of specials, need the phone check above.
  codesModule,
  // robots.txt and the sitemap: reads the pages of the catalogue modules above.
  seoModule,
  // Pages rendered on the server with the tenant's remote versions.
  renderModule,
];

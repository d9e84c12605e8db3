import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/**
 * The server's VAPID key pair (P-256, base64url), made on the first start and kept: every browser subscription
 * names the public key, so a new pair would silence them all.
 */
export const webPushKeys = pgTable('web_push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One browser's push subscription of a guest: where to send (the push service's endpoint, unique: a browser
 * subscribes one guest at a time), the keys to encrypt for, the encoding it understands, the events it wants and
 * the language its texts are written in. The token lets the service worker move it to a renewed subscription.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    encoding: text('encoding').notNull(),
    token: text('token').notNull().unique(),
    language: text('language').notNull(),
    actorOnline: boolean('actor_online').notNull().default(true),
    campaigns: boolean('campaigns').notNull().default(true),
    news: boolean('news').notNull().default(true),
    created: timestamp('created', { withTimezone: true }).notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull(),
  },
  (table) => [index('web_push_subscriptions_guest').on(table.guestId)],
);
export type WebPushSubscriptionRow = typeof webPushSubscriptions.$inferSelect;

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/**
 * Every mail the server sends, written before it goes out so none is lost: `queued` waits for its attempt
 * (`next_attempt_at`), `sending` is claimed by a sender until its lease runs out, `sent` went out over SMTP,
 * `kept` stays here for the operator console (no SMTP configured), `failed` gave up after its attempts.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    guestId: uuid('guest_id').references(guestKey, { onDelete: 'set null' }),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    /** Cleared once sent over SMTP: the links in it are single-use secrets of the recipient. */
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    created: timestamp('created', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'sending')`),
    index('mail_outbox_created').on(table.created),
  ],
);
export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The tokens of links in mails, stored as their SHA-256 only: a copy of this table opens no account. Each
 * is used once (`used_at`) and expires; `email` is the address it was sent to.
 */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    hash: text('hash').primaryKey(),
    purpose: text('purpose').notNull(),
    guestId: uuid('guest_id').references(guestKey, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The newsletter of a confirmation or unsubscribe link. */
    newsletterType: integer('newsletter_type'),
    created: timestamp('created', { withTimezone: true }).notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('mail_tokens_email_purpose').on(table.email, table.purpose, table.created)],
);

/** The address a guest proved to own by following a verification link; verified while it is the guest's email. */
export const verifiedAddresses = pgTable('mail_verified_addresses', {
  guestId: uuid('guest_id').primaryKey().references(guestKey, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/** Newsletter subscriptions by address (double opt-in: `pending` until the confirmation link is followed). */
export const newsletterSubscriptions = pgTable(
  'mail_newsletter_subscriptions',
  {
    email: text('email').notNull(),
    typeId: integer('type_id').notNull(),
    state: text('state').notNull(),
    language: text('language').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Why the address left (the unsubscribe page's reasons). */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.email, table.typeId] })],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Everyone who holds a token: anonymous visitors (no email, no password) and signed-up guests.
 * Flags that other domains decide (VIP, TV subscription, age verification, ...) live here so one row answers
 * the guest shape of the contracts; those modules update them.
 */
export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; null for anonymous visitors. */
    email: text('email').unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    anonymous: boolean('anonymous').notNull().default(false),
    operator: boolean('operator').notNull().default(false),
    language: text('language').notNull().default('en'),
    avatarUrl: text('avatar_url'),
    locked: boolean('locked').notNull().default(false),
    vip: boolean('vip').notNull().default(false),
    vxselect: boolean('vxselect').notNull().default(false),
    tvSubscriber: boolean('tv_subscriber').notNull().default(false),
    formerTvSubscriber: boolean('former_tv_subscriber').notNull().default(false),
    payingCustomer: boolean('paying_customer').notNull().default(false),
    avsStatus: text('avs_status').notNull().default('unknown'),
    newsletter: boolean('newsletter').notNull().default(false),
    showDataProtection: boolean('show_data_protection').notNull().default(true),
    /** The confirmed TOTP secret (base32): set, the login asks for a code. */
    totpSecret: text('totp_secret'),
    /** A secret handed out for enrolment, in force once a code from it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique regardless of case, so "Anna" and "anna" cannot both exist.
  (table) => [uniqueIndex('guests_name_lower_unique').on(sql`lower(${table.name})`)],
);

export type GuestRow = typeof guests.$inferSelect;

/**
 * One row per issued token (its `sid` claim). A session ends at its expiry or earlier by logout or a lock of its
 * guest; the server keeps the ended ones that have not expired yet in memory and refuses their tokens.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    ended: timestamp('ended', { withTimezone: true }),
  },
  (table) => [index('auth_sessions_guest').on(table.guestId), index('auth_sessions_ended').on(table.ended)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/** The guest's preferences (savePreferences): short named values. */
export const preferences = pgTable('lifecycle_preferences', {
  guestId: uuid('guest_id').primaryKey().references(guestKey, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, string | number | boolean>>().notNull().default({}),
  updated: timestamp('updated', { withTimezone: true }).notNull(),
});

/** Every acceptance of the data protection notice (alone or with the terms): which version, when. */
export const consents = pgTable(
  'lifecycle_consents',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    kind: text('kind').$type<'dataProtection' | 'termsAndDataProtection'>().notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lifecycle_consents_guest').on(table.guestId, table.acceptedAt)],
);

/** Operators' locks: who locked whom, why and when, and when the lock ended. */
export const locks = pgTable(
  'lifecycle_locks',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    lockedBy: uuid('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    unlockedBy: uuid('unlocked_by'),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
  },
  (table) => [index('lifecycle_locks_guest').on(table.guestId, table.lockedAt)],
);

/** Phone verifications by pin; the pin is kept only until the verification ends. */
export const pincalls = pgTable(
  'lifecycle_pincalls',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    type: text('type').$type<'mobile' | 'fixed'>().notNull(),
    /** E.164 without the plus, e.g. 4915112345678. */
    phone: text('phone').notNull(),
    countryCode: text('country_code').notNull(),
    pin: text('pin'),
    attempts: integer('attempts').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('lifecycle_pincalls_guest').on(table.guestId, table.created),
    // One guest per verified number: the database decides between two guests verifying it at once.
    uniqueIndex('lifecycle_pincalls_verified_phone')
      .on(table.phone)
      .where(sql`${table.verified}`),
  ],
);

/** Numbers no pin is sent to (abuse, premium rate), E.164 without the plus. */
export const blockedPhones = pgTable('lifecycle_blocked_phones', {
  phone: text('phone').primaryKey(),
  reason: text('reason').notNull(),
});

/**
 * Sessions of deleted accounts: their guest row and its session rows are gone, so the server reads them from here
 * at start and keeps refusing their tokens until they expire.
 */
export const deletedSessions = pgTable('lifecycle_deleted_sessions', {
  sid: uuid('sid').primaryKey(),
  expires: timestamp('expires', { withTimezone: true }).notNull(),
});

import { integer, pgTable, primaryKey, serial, text, timestamp, index, uuid } from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';
import { performerKey } from '../performers/catalogue';

/** Benefits granted to a guest (voucher types 1 to 10); counts sum over the valid ones. */
export const vouchers = pgTable(
  'account_vouchers',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    amount: integer('amount').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** The bonus code a bonus-code voucher (type 9) redeems; null for every other type. */
    code: text('code'),
  },
  (table) => [index('account_vouchers_guest').on(table.guestId)],
);

/** Performers a voucher is limited to (none: any performer). */
export const voucherActors = pgTable(
  'account_voucher_actors',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.voucherId, table.actorId] })],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/**
 * A guest's VIP or TV subscription. It runs in periods: `period` counts them, and a renewal moves it on only
 * from the period it read, so two renewals of one period cannot both happen. One running subscription per guest
 * and kind; a trial once per guest. A purchase is first a `pending` row that takes that place before the card is
 * charged, so a purchase that loses a race loses it before any money moves.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    kind: text('kind').$type<'vip' | 'tv'>().notNull(),
    /** The plan bought first (a trial renews as the plan it names). */
    plan: text('plan').notNull(),
    trial: boolean('trial').notNull().default(false),
    status: text('status').$type<'pending' | 'active' | 'cancelled' | 'expired'>().notNull(),
    /** The provider's saved card the renewals charge (known once the first period is paid). */
    paymentMethod: text('payment_method'),
    /** The purchase request's operation key: its retry finds this subscription instead of buying again. */
    operationKey: text('operation_key'),
    period: integer('period').notNull().default(1),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** EUR cents of the next renewal. */
    nextPriceCents: integer('next_price_cents').notNull(),
    /** When the guest asked to cancel and was shown the cancellation offer (the status bar offers it until answered). */
    cancelRequested: timestamp('cancel_requested', { withTimezone: true }),
    /** The answer to the cancellation offer; once answered, asking to cancel cancels. */
    offer: text('offer').$type<'accepted' | 'declined'>(),
    /** Why an expired subscription ended: cancelled by the guest, or its renewal's payment was declined. */
    endReason: text('end_reason').$type<'cancelled' | 'declined'>(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('subscriptions_running_unique')
      .on(table.guestId, table.kind)
      .where(sql`${table.status} in ('pending', 'active', 'cancelled')`),
    uniqueIndex('subscriptions_operation_key').on(table.operationKey),
    uniqueIndex('subscriptions_trial_once')
      .on(table.guestId)
      .where(sql`${table.trial}`),
    index('subscriptions_due').on(table.periodEnd),
    check('subscriptions_kind', sql`${table.kind} in ('vip', 'tv')`),
    check('subscriptions_status', sql`${table.status} in ('pending', 'active', 'cancelled', 'expired')`),
    check('subscriptions_paid_method', sql`${table.status} = 'pending' or ${table.paymentMethod} is not null`),
    check('subscriptions_offer', sql`${table.offer} in ('accepted', 'declined')`),
  ],
);

/** Each period paid: the provider's reference and the ledger's transfer of it. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    amountEurCents: integer('amount_eur_cents').notNull(),
    providerReference: text('provider_reference').notNull(),
    transferId: uuid('transfer_id').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.period] })],
);

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/**
 * One age verification a guest started: open (the provider's checkout is waiting for the guest), pending (the
 * provider is deciding), then accepted or rejected by the provider, and an accepted one revoked by an operator.
 * The guest's current status is the guest row's (auth); these rows are the history and the provider's side.
 */
export const avsChecks = pgTable(
  'avs_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    /** Where the provider sends the guest's browser back (a path of this site). */
    forwardUrl: text('forward_url').notNull(),
    /** The guest's language at the checkout: the provider's messages are in it. */
    language: text('language').notNull(),
    rejectMessage: text('reject_message'),
    /** Sandbox: when a pending check's decision is due (the provider then calls back). */
    decideAt: timestamp('decide_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull(),
    decided: timestamp('decided', { withTimezone: true }),
  },
  (table) => [index('avs_checks_guest').on(table.guestId), index('avs_checks_due').on(table.status, table.decideAt)],
);

/** Every provider callback applied, by the provider's event id: a replayed event is refused. */
export const avsCallbackEvents = pgTable('avs_callback_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  checkId: uuid('check_id').notNull(),
  received: timestamp('received', { withTimezone: true }).notNull(),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One account per owner: a guest's coins, a performer's earnings, the system's sources and sinks (the sandbox
 * provider that coins come from, the platform's share) and holds: coins set aside from a guest for a running
 * paid chat, owned by the chat (the guest's balance does not include them). `balance` is the sum of the account's entries, kept in
 * the same transaction as the entries so it can be locked and checked; a guest can never go below zero.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<'guest' | 'performer' | 'system' | 'hold'>().notNull(),
    /** Guest uuid, actor id or system name, as text. */
    ownerId: text('owner_id').notNull(),
    /** Hundredths of a coin. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_accounts_owner_unique').on(table.kind, table.ownerId),
    check('wallet_accounts_kind', sql`${table.kind} in ('guest', 'performer', 'system', 'hold')`),
    check('wallet_accounts_guest_not_negative', sql`${table.kind} <> 'guest' or ${table.balance} >= 0`),
    check('wallet_accounts_hold_not_negative', sql`${table.kind} <> 'hold' or ${table.balance} >= 0`),
  ],
);

/** One movement of coins; its entries sum to zero. Never updated or deleted. */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reason: text('reason').notNull(),
    /** A transfer with the same scope and key is made once; a retry finds the first. */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: text('idempotency_key'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('wallet_transfers_idempotency_unique').on(table.idempotencyScope, table.idempotencyKey)],
);

/** The legs of a transfer: signed amounts in hundredths. Never updated or deleted. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => walletTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => walletAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('wallet_entries_transfer').on(table.transferId),
    index('wallet_entries_account').on(table.accountId),
    check('wallet_entries_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);

/**
 * Answers of money-moving POSTs by idempotency key (Stripe's semantics): the first request claims the key with
 * the hash of its parameters; when it ends its status and body are stored and every retry gets them back.
 */
export const walletIdempotencyKeys = pgTable(
  'wallet_idempotency_keys',
  {
    /** The endpoint and the caller: keys of different guests never meet. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** When the running request claimed the key; a claim older than the lease is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server process (its id of this start) running the request; a start releases the claims of processes gone. */
    claimedBy: text('claimed_by'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/**
 * A guest's deposit limits in EUR cents (null: none), per rolling 24 hours and 30 days. A raise waits for its
 * cooling period in the pending columns; the row is also what concurrent deposits of the guest lock.
 */
export const walletDepositLimits = pgTable('wallet_deposit_limits', {
  guestId: text('guest_id').primaryKey(),
  daily: integer('daily'),
  monthly: integer('monthly'),
  pendingDaily: integer('pending_daily'),
  pendingMonthly: integer('pending_monthly'),
  /** When the pending values take effect; null: nothing pending. */
  pendingFrom: timestamp('pending_from', { withTimezone: true }),
});

/**
 * Every deposit attempt (a card charge for coins) by our reference: pending from before the charge until it is
 * credited or declined. Pending and credited ones count towards the limits, so parallel charges never exceed them.
 * An automatic recharge the guest's limits refused is kept as refused (never charged, counting towards nothing):
 * nobody waits for its answer, so the status bar tells it, and its reference is not tried again.
 */
export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    reference: text('reference').primaryKey(),
    guestId: text('guest_id').notNull(),
    amountEurCents: integer('amount_eur_cents').notNull(),
    status: text('status').$type<'pending' | 'credited' | 'declined' | 'refused'>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('wallet_deposits_guest').on(table.guestId, table.created),
    check('wallet_deposits_status', sql`${table.status} in ('pending', 'credited', 'declined', 'refused')`),
    check('wallet_deposits_amount_positive', sql`${table.amountEurCents} > 0`),
  ],
);

/**
 * Automatic recharge: when the guest's balance falls below `threshold` (hundredths of a coin), the saved card is
 * charged `amountEurCents`. `teaserState` is the guest's answer to the teaser that offers it.
 */
export const walletAutoRecharge = pgTable('wallet_auto_recharge', {
  guestId: text('guest_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  amountEurCents: integer('amount_eur_cents').notNull(),
  threshold: integer('threshold').notNull(),
  teaserState: text('teaser_state').$type<'open' | 'closed'>().notNull().default('open'),
});

/**
 * The built-in sandbox provider's own record of the charges it answered, as a real provider keeps them on its side:
 * the first answer per reference of ours is final, so asking again (a retry, or a settlement after a restart)
 * answers the same charge. A reference closed before any charge is recorded as declined.
 */
export const walletSandboxCharges = pgTable(
  'wallet_sandbox_charges',
  {
    reference: text('reference').primaryKey(),
    providerReference: text('provider_reference').notNull(),
    status: text('status').$type<'succeeded' | 'declined'>().notNull(),
    paymentMethod: text('payment_method'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('wallet_sandbox_charges_status', sql`${table.status} in ('succeeded', 'declined')`)],
);

/**
 * On-top bonuses waiting for the guest's next top-up (a promo code's): `source` names what offered it, once per
 * guest. The top-up that reaches a tier's `from` (coins credited) adds that tier's `amount` coins from the platform
 * in its own transaction and sets `grantedAt`, so a bonus is given once, by the first top-up that earns it.
 */
export const walletTopUpBonuses = pgTable(
  'wallet_topup_bonuses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    guestId: text('guest_id').notNull(),
    source: text('source').notNull(),
    tiers: jsonb('tiers').$type<{ from: number; amount: number }[]>().notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    grantedCoins: integer('granted_coins'),
  },
  (table) => [
    unique('wallet_topup_bonuses_guest_source').on(table.guestId, table.source),
    index('wallet_topup_bonuses_waiting')
      .on(table.guestId)
      .where(sql`${table.grantedAt} is null`),
  ],
);

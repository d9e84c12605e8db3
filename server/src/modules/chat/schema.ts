import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  jsonb,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TextInEveryLanguage } from '@velvet/contracts';
import { performerKey } from '../performers/catalogue';

/**
 * Live chats. A guest has at most one active chat (partial unique index): concurrent starts cannot both win.
 * Money: `heldAmount` is what the chat's hold account holds for the coming slice; billed slices are in
 * chat_billing_slices.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    guestId: text('guest_id').notNull(),
    actorId: integer('actor_id').notNull().references(performerKey),
    chatType: text('chat_type').notNull(),
    /** active or ended. */
    status: text('status').notNull().default('active'),
    sequenceNumber: integer('sequence_number').notNull(),
    /** Hundredths of a coin per minute, fixed at start. */
    pricePerMinute: integer('price_per_minute').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the chat ends by itself (preview, text countdown), else null. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    exitCode: integer('exit_code'),
    heldAmount: integer('held_amount').notNull().default(0),
    billedSeconds: integer('billed_seconds').notNull().default(0),
    billedAmount: integer('billed_amount').notNull().default(0),
    usedToyControl: boolean('used_toy_control').notNull().default(false),
    /**
     * The videochat voucher that pays the chat's first minutes and how many it took at the start: slices below
     * `voucherMinutes` cost the guest nothing (the platform pays the performer her share); minutes the chat does
     * not reach go back to the voucher at its end.
     */
    voucherId: integer('voucher_id'),
    voucherMinutes: integer('voucher_minutes').notNull().default(0),
    /**
     * The last time a server process held a socket of the guest, written by every process for its own guests
     * with a running chat: the process billing the chat may hold none of them.
     */
    guestSeenAt: timestamp('guest_seen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_sessions_one_active_per_guest')
      .on(table.guestId)
      .where(sql`${table.status} = 'active'`),
    index('chat_sessions_actor').on(table.actorId, table.status),
    index('chat_sessions_status').on(table.status),
  ],
);

/** One billed slice of a chat: (chat, index) is unique, so no slice is billed twice, also across restarts. */
export const chatBillingSlices = pgTable(
  'chat_billing_slices',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chatSessions.id),
    sliceIndex: integer('slice_index').notNull(),
    seconds: integer('seconds').notNull(),
    amount: integer('amount').notNull(),
    transferId: text('transfer_id'),
    billedAt: timestamp('billed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.sliceIndex] })],
);

/** The last start attempt number per guest (spec: wrong sequence number). */
export const chatStartSequences = pgTable('chat_start_sequences', {
  guestId: text('guest_id').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chatSessions.id),
    /** actor, guest or system. */
    senderType: text('sender_type').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_chat').on(table.chatId, table.id)],
);

/** Spec `survey/chatexit`: one answer per chat. */
export const chatExitSurveys = pgTable('chat_exit_surveys', {
  chatId: text('chat_id')
    .primaryKey()
    .references(() => chatSessions.id),
  guestId: text('guest_id').notNull(),
  actorId: integer('actor_id').notNull(),
  chatType: text('chat_type').notNull(),
  rating: integer('rating').notNull(),
  feedback: text('feedback').notNull(),
  currentUrl: text('current_url').notNull(),
  mobile: boolean('mobile').notNull(),
  isAnonymousVoicecall: boolean('is_anonymous_voicecall').notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ticket shows and cam shows (spec: platform 1502, status ok for the cam show list). */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    /** M manual, C chat ticket, P purchased ticket. */
    creationType: text('creation_type').notNull().default('C'),
    /** Guest-facing texts in every language of the site. */
    title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
    description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
    postBuyInfo: jsonb('post_buy_info').$type<TextInEveryLanguage>().notNull(),
    /** Hundredths of a coin; 0 is a free show. */
    price: integer('price').notNull(),
    seats: integer('seats').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    platformId: integer('platform_id').notNull().default(1502),
    status: text('status').notNull().default('ok'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isAutoFeatured: boolean('is_auto_featured').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    bonusCode: text('bonus_code'),
    /** Set once the start invitations went out, so a restart does not send them twice. */
    invitationsSentAt: timestamp('invitations_sent_at', { withTimezone: true }),
    /** Set once the end of a started show was handled (show flag off, free show stop), once across restarts. */
    endHandledAt: timestamp('end_handled_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_tickets_actor').on(table.actorId, table.startsAt),
    index('chat_tickets_start').on(table.startsAt),
  ],
);

export const chatTicketHolders = pgTable(
  'chat_ticket_holders',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => chatTickets.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    creationType: text('creation_type').notNull(),
    /** The wallet transfer that paid the ticket, null for a free one. */
    transferId: text('transfer_id'),
    boughtAt: timestamp('bought_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.guestId] }),
    index('chat_ticket_holders_guest').on(table.guestId),
  ],
);

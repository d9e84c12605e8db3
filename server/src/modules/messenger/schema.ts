import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TextInEveryLanguage } from '@velvet/contracts';
import { guestKey } from '../auth/keys';
import { performerKey } from '../performers/catalogue';

/** One conversation between a guest and a performer. */
export const channels = pgTable(
  'messenger_channels',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    archived: boolean('archived').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    /** Messages from the performer the guest has not read yet. */
    unreadCount: integer('unread_count').notNull().default(0),
    freeMessagesAmount: integer('free_messages_amount').notNull().default(0),
    /** Hundredths of a coin per message. */
    messagePrice: integer('message_price').notNull(),
    isMessagingFree: boolean('is_messaging_free').notNull().default(false),
    lastMessageId: integer('last_message_id'),
    messageTimestamp: timestamp('message_timestamp', { withTimezone: true }).notNull().defaultNow(),
    lastViewedTimestamp: timestamp('last_viewed_timestamp', { withTimezone: true }),
    /** When the performer answers the guest's latest messages (null: nothing to answer). */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messenger_channels_guest_actor').on(table.guestId, table.actorId),
    index('messenger_channels_guest_time').on(table.guestId, table.messageTimestamp),
    index('messenger_channels_reply_due')
      .on(table.replyDueAt)
      .where(sql`${table.replyDueAt} is not null`),
  ],
);

/** A performer's messaging terms; a new conversation starts with them, and a change reaches her conversations. */
export const actorTerms = pgTable('messenger_actor_terms', {
  actorId: integer('actor_id').primaryKey().references(performerKey, { onDelete: 'cascade' }),
  /** Hundredths of a coin per message. */
  messagePrice: integer('message_price').notNull(),
  freeMessagesAmount: integer('free_messages_amount').notNull(),
  isMessagingFree: boolean('is_messaging_free').notNull().default(false),
});

/** The gift catalogue: names per language, price in hundredths of a coin. */
export const gifts = pgTable('messenger_gifts', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull(),
  names: jsonb('names').$type<TextInEveryLanguage>().notNull(),
  price: integer('price').notNull(),
  imageUrl: text('image_url').notNull(),
  active: boolean('active').notNull().default(true),
  /** Only VIP members may send it. */
  vip: boolean('vip').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  /** A toy control (the performer's toy at an intensity): how long it runs; null for every other gift. */
  toyDurationSeconds: integer('toy_duration_seconds'),
  /** A toy control in random mode: the intensity changes at random while it runs. */
  toyRandom: boolean('toy_random').notNull().default(false),
});

/** Gifts a guest bought and has not sent yet. */
export const boughtGifts = pgTable(
  'messenger_bought_gifts',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.guestId, table.giftId] }),
    check('messenger_bought_gifts_count', sql`${table.count} >= 0`),
  ],
);

export const messages = pgTable(
  'messenger_messages',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    senderType: text('sender_type', { enum: ['actor', 'guest', 'system'] }).notNull(),
    messageType: text('message_type').notNull(),
    text: text('text').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /** The guest's client's id of the message: one message (and one charge) per id in a channel. */
    clientMessageId: text('client_message_id'),
    /** Gift ids the message carries (an id twice: two of it). */
    giftIds: integer('gift_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * The media's file name below the messenger's folder of the data directory (a picture, clip or audio message):
     * every message has a file of its own, removed when the message is deleted.
     */
    imageFile: text('image_file'),
    /** What the file is (the contracts' MESSENGER_MEDIA_TYPES); null without a file. */
    mediaType: text('media_type', { enum: ['video', 'bitmap', 'audio'] }),
    /** A clip's or audio message's length in seconds. */
    durationSeconds: integer('duration_seconds'),
    /** Hundredths of a coin the message cost. */
    price: integer('price').notNull().default(0),
    /** A performer's media paid to open: its price in hundredths of a coin, until the guest opened it. */
    openPrice: integer('open_price').notNull().default(0),
    opened: boolean('opened').notNull().default(false),
    /** What a system message is about (a chat's type and length, a top-up's amount); null for others. */
    data: jsonb('data').$type<Record<string, string | number>>(),
  },
  (table) => [
    index('messenger_messages_channel').on(table.channelId, table.id),
    uniqueIndex('messenger_messages_client_id').on(table.channelId, table.clientMessageId),
  ],
);

/** A guest's private note on a performer: one per guest and performer. */
export const actorNotes = pgTable(
  'messenger_actor_notes',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.guestId, table.actorId] })],
);

/** A guest's relations to performers (the kinds of RELATION_TYPES); stored once each. */
export const relations = pgTable(
  'messenger_relations',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    relationTypeId: integer('relation_type_id').notNull(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.guestId, table.relationTypeId, table.actorId] })],
);

/**
 * Media files of deleted messages, written by a trigger on every deletion (a guest's account, a performer or a
 * channel deleted cascades to its messages) and removed from the disk by a job, as a transaction cannot.
 */
export const deletedMedia = pgTable('messenger_deleted_media', {
  file: text('file').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A toy control a guest bought for a performer's toy, as it runs there: one row per purchase (the request's
 * operation key, unique per guest), its state moved on by the toy job from the server clock.
 */
export const toyRuns = pgTable(
  'messenger_toy_runs',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The conversation's message that shows the run's state. */
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id),
    intensity: integer('intensity').notNull(),
    random: boolean('random').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Hundredths of a coin the guest paid for it (now or when she bought the gift). */
    price: integer('price').notNull(),
    /** Paid with a toy control she owned rather than with coins: what does not run gives the gift back. */
    paidWithGift: boolean('paid_with_gift').notNull().default(false),
    /** One of TOY_CONTROL_STATES. */
    state: text('state').notNull(),
    chatId: text('chat_id'),
    operationKey: text('operation_key').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    activeAt: timestamp('active_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messenger_toy_runs_operation').on(table.guestId, table.operationKey),
    index('messenger_toy_runs_running')
      .on(table.actorId, table.id)
      .where(sql`${table.state} in ('available', 'active', 'started')`),
  ],
);

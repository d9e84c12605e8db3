import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  },
  (table) => [
    uniqueIndex('messenger_channels_guest_actor').on(table.guestId, table.actorId),
    index('messenger_channels_guest_time').on(table.guestId, table.messageTimestamp),
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
  },
  (table) => [index('messenger_messages_channel').on(table.channelId, table.id)],
);

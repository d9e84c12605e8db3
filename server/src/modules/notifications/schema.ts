import { boolean, index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';

/**
 * A guest's notification: its type (a number, as the wire's hidden types are numbers), the values its text is
 * written from in the guest's language when it is shown, and whether she has read and seen it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    unread: boolean('unread').notNull().default(true),
    unseen: boolean('unseen').notNull().default(true),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [index('notifications_guest_created').on(table.guestId, table.created)],
);
export type NotificationRow = typeof notifications.$inferSelect;

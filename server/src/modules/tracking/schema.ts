import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { guestKey } from '../auth/keys';
import { performerKey } from '../performers/catalogue';

/** Every tracking event a browser sent with analytics consent, as it came; pruned after TRACKING_EVENTS_KEPT_MS. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    guestId: uuid('guest_id').references(guestKey, { onDelete: 'set null' }),
    context: text('context').notNull(),
    action: text('action').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** The browser's clock when it sent the event. */
    clientAt: timestamp('client_at', { withTimezone: true }),
  },
  (table) => [index('tracking_events_at').on(table.at)],
);

/** Page views per route and UTC day: one row a route a day, counted up as views arrive. */
export const pageVisits = pgTable(
  'tracking_page_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    visits: integer('visits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.route] })],
);

/** Profile visits per performer and UTC day. */
export const performerVisits = pgTable(
  'tracking_performer_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    visits: integer('visits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.actorId] })],
);

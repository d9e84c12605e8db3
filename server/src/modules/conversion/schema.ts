import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { IncentiveDefinition, TeaserDefinition } from '@velvet/contracts';
import { guestKey } from '../auth/keys';

/** The incentives operators defined, per tenant, with their texts in every language. */
export const conversionIncentives = pgTable(
  'conversion_incentives',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    region: text('region').notNull(),
    type: text('type').notNull(),
    event: text('event').notNull(),
    /** A page-load incentive's one route; null shows it on every page. */
    routeName: text('route_name'),
    audience: text('audience').notNull(),
    priority: integer('priority').notNull(),
    countdownMinutes: integer('countdown_minutes'),
    uniqueGroup: text('unique_group').notNull(),
    actionRoute: text('action_route'),
    texts: jsonb('texts').$type<IncentiveDefinition['texts']>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('conversion_incentives_tenant_event').on(t.tenantId, t.event)],
);

/** A guest closed an incentive of the group: the group stays away until `blockedUntil`. */
export const conversionBlocks = pgTable(
  'conversion_blocks',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    uniqueGroup: text('unique_group').notNull(),
    result: text('result').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.uniqueGroup] })],
);

/** A guest hid incentives of one type (the refill window) until `hiddenUntil`. */
export const conversionHiddenTypes = pgTable(
  'conversion_hidden_types',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    incentiveType: text('incentive_type').notNull(),
    hiddenUntil: timestamp('hidden_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.incentiveType] })],
);

/** When a guest was first shown an incentive with a countdown: its offer runs from then. */
export const conversionShown = pgTable(
  'conversion_shown',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    incentiveId: integer('incentive_id')
      .notNull()
      .references(() => conversionIncentives.id, { onDelete: 'cascade' }),
    firstShown: timestamp('first_shown', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.incentiveId] })],
);

/** Facts the page reported about a guest (device, referrer, landing route), the newest of each type. */
export const conversionGuestInfo = pgTable(
  'conversion_guest_info',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.type] })],
);

/** The end of a guest's conversion chat countdown; she is eligible while it lies ahead. */
export const conversionChats = pgTable('conversion_chats', {
  guestId: uuid('guest_id').primaryKey().references(guestKey, { onDelete: 'cascade' }),
  countdownEnds: timestamp('countdown_ends', { withTimezone: true }).notNull(),
});

/** The teasers operators placed on a tenant's pages, with their texts in every language. */
export const conversionTeasers = pgTable(
  'conversion_teasers',
  {
    id: serial('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    /** The one route it shows on; null shows it on every page. */
    routeName: text('route_name'),
    /** Arguments the route must have, all of them; empty for any. */
    routeArgs: jsonb('route_args').$type<Record<string, string>>().notNull(),
    position: integer('position').notNull(),
    actionRoute: text('action_route').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    texts: jsonb('texts').$type<TeaserDefinition['texts']>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('conversion_teasers_tenant_route').on(t.tenantId, t.routeName)],
);

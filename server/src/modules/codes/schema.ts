import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CodeBenefit, CodeKind } from '@velvet/contracts';

/** An operator's campaign: what its codes give, to whom and when. */
export const codeCampaigns = pgTable('codes_campaigns', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<CodeKind>().notNull(),
  welcome: boolean('welcome').notNull().default(false),
  benefits: jsonb('benefits').$type<CodeBenefit[]>().notNull(),
  requireMobileAuth: boolean('require_mobile_auth').notNull(),
  requireVip: boolean('require_vip').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** What guests type in (upper case): `remaining` redemptions left, null for unlimited; a scratch card has one. */
export const codes = pgTable(
  'codes_codes',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => codeCampaigns.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    remaining: integer('remaining'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('codes_codes_code').on(table.code), index('codes_codes_campaign').on(table.campaignId)],
);

/**
 * One row per guest and campaign she redeemed: the unique index makes parallel redemptions of hers wait and find
 * it taken; a second unique index on her welcome redemptions gives her one welcome bonus ever.
 */
export const codeRedemptions = pgTable(
  'codes_redemptions',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => codeCampaigns.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => codes.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull(),
    welcome: boolean('welcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('codes_redemptions_guest_campaign').on(table.guestId, table.campaignId),
    uniqueIndex('codes_redemptions_guest_welcome')
      .on(table.guestId)
      .where(sql`${table.welcome}`),
  ],
);

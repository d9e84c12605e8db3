import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A white-label site: its brand, languages, theme tokens, switched features and footer. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  logoUrl: text('logo_url').notNull(),
  /** Host names that select this tenant (besides ?tenant=). */
  hosts: jsonb('hosts').$type<string[]>().notNull().default([]),
  languages: jsonb('languages').$type<string[]>().notNull(),
  theme: jsonb('theme').$type<Record<string, string>>().notNull(),
  features: jsonb('features').$type<Record<string, boolean>>().notNull(),
  footerLinks: jsonb('footer_links').$type<{ key: string; href: string }[]>().notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/** Every build put into the remote store: what, when and by whom. Never updated. */
export const remoteDeployments = pgTable('remote_deployments', {
  id: serial('id').primaryKey(),
  remote: text('remote').notNull(),
  version: text('version').notNull(),
  deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
  deployedBy: text('deployed_by').notNull(),
});

/**
 * Which version of a remote a tenant loads. Canary columns are kept for staged roll-outs: a share of sessions
 * (canary_percent) gets canary_version instead.
 */
export const tenantRemotes = pgTable(
  'tenant_remotes',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    canaryVersion: text('canary_version'),
    canaryPercent: integer('canary_percent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.remote] })],
);

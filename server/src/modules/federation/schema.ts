import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
  /**
   * Subresource Integrity (sha384) of the build's remoteEntry.js, taken once when the build entered the store: the
   * manifest hands it to browsers, which refuse an entry file changed since.
   */
  entryIntegrity: text('entry_integrity'),
});

/**
 * Which version of a remote a tenant loads. A share of visitors (canary_percent, by a hash of the visitor id)
 * gets canary_version instead.
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
    /** When the running canary version started: only loads reported since then count towards its auto-rollback. */
    canarySince: timestamp('canary_since', { withTimezone: true }),
    /** Versions pinned before, newest last: a rollback pops the last one. */
    pinHistory: jsonb('pin_history').$type<string[]>().notNull().default([]),
    /** An operator's email, or 'startup': a restart moves only pins the server itself set, never an operator's. */
    updatedBy: text('updated_by').notNull().default('startup'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.remote] })],
);

/** The registry's audit log: every upload, pin, canary, promotion, rollback and feature switch. Never updated. */
export const federationChanges = pgTable('federation_changes', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  tenantId: text('tenant_id'),
  remote: text('remote'),
  version: text('version'),
  previousVersion: text('previous_version'),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
});

/**
 * Remote loads reported by browsers and the server's own renders of remotes (one row per load or render): the health
 * view and the canary auto-rollback read them.
 */
export const remoteLoads = pgTable(
  'remote_loads',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    tenantId: text('tenant_id').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    channel: text('channel').notNull(),
    outcome: text('outcome').notNull(),
    stage: text('stage'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    visitor: text('visitor').notNull(),
    /** 'browser' for a reported load, 'server' for a render of the remote's node build by this server. */
    source: text('source').notNull().default('browser'),
    /**
     * Whether the load counts towards its canary's auto-rollback: reported with a valid report token of a visitor
     * the server put in that canary, and the first report of its remote and version from that page load.
     */
    counted: boolean('counted').notNull().default(false),
    /** The report token's page-load nonce, on counted loads only: one counted load per page load and version. */
    pageLoad: text('page_load'),
  },
  (table) => [
    index('remote_loads_at').on(table.at),
    index('remote_loads_version').on(table.tenantId, table.remote, table.version, table.channel, table.at),
    uniqueIndex('remote_loads_page_load').on(table.tenantId, table.remote, table.version, table.pageLoad),
  ],
);

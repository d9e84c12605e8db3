import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The patterns guests searched for (the store-search-pattern call), counted per language: what visitors look for,
 * without who looked (a guest's own recent searches stay in her browser).
 */
export const searchPatterns = pgTable(
  'search_patterns',
  {
    language: text('language').notNull(),
    /** Trimmed and lower-cased, so one search is one row whatever its capitals. */
    pattern: text('pattern').notNull(),
    count: integer('count').notNull().default(1),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.language, t.pattern] })],
);

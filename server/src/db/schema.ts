import { pgTable, text, timestamp, doublePrecision } from 'drizzle-orm/pg-core';

/** One row per seed run: the demo data is made on the first start only. */
export const seedRuns = pgTable('seed_runs', {
  id: text('id').primaryKey(),
  scale: doublePrecision('scale').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});

import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LegalSection } from '@velvet/contracts';

/**
 * Every version of every legal document in every language. The texts are written in the code (texts/); each start
 * puts them here, so a version keeps its id (its download address) and earlier versions stay readable.
 */
export const legalTexts = pgTable(
  'legal_texts',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    language: text('language').notNull(),
    version: integer('version').notNull(),
    /** The day the version took effect, YYYY-MM-DD. */
    validFrom: text('valid_from').notNull(),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<LegalSection[]>().notNull(),
  },
  (table) => [uniqueIndex('legal_texts_version').on(table.type, table.language, table.version)],
);
export type LegalTextRow = typeof legalTexts.$inferSelect;

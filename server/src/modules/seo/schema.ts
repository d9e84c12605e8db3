import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * A performer's SEO text for one tag group of her videos, per language: what the page of her videos of that tag
 * says about them for search engines.
 */
export const actorSeoTexts = pgTable(
  'actor_seo_texts',
  {
    actorId: integer('actor_id').notNull(),
    tagGroup: text('tag_group').notNull(),
    language: text('language').notNull(),
    headline: text('headline').notNull(),
    /** Paragraphs, in order. */
    paragraphs: text('paragraphs').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.actorId, table.tagGroup, table.language] })],
);
export type ActorSeoTextRow = typeof actorSeoTexts.$inferSelect;

/**
 * The SEO text of a tag (a route's name) per language. The texts are written in the code (locales); each start
 * puts them here.
 */
export const seoTexts = pgTable(
  'seo_texts',
  {
    tag: text('tag').notNull(),
    language: text('language').notNull(),
    /** `{{brand}}` stands for the tenant's brand, filled in as the text is answered. */
    headline: text('headline').notNull(),
    /** Paragraphs, in order (`{{brand}}` as in the headline). */
    paragraphs: text('paragraphs').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.tag, table.language] })],
);
export type SeoTextRow = typeof seoTexts.$inferSelect;

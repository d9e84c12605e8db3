import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { performerKey } from '../performers/catalogue';

/** A TV format whose episodes make up the TV mediathek. */
export const tvSeries = pgTable('tv_series', {
  id: serial('id').primaryKey(),
  /** URL key (route argument), unique. */
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  previewImgUrl: text('preview_img_url').notNull(),
});

export const tvEpisodes = pgTable(
  'tv_episodes',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => tvSeries.id, { onDelete: 'cascade' }),
    episode: integer('episode').notNull(),
    title: text('title').notNull(),
    fsk: integer('fsk').notNull(),
    /** Seconds. */
    duration: integer('duration').notNull(),
    previewPicture: text('preview_picture').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('tv_episodes_series_idx').on(table.seriesId, table.episode)],
);

/** The broadcast schedule of both channels (live and premium); headline and text in German and English. */
export const tvProgram = pgTable(
  'tv_program',
  {
    id: serial('id').primaryKey(),
    /** 'live' or 'premium'. */
    type: text('type').notNull(),
    titleDe: text('title_de').notNull(),
    titleEn: text('title_en').notNull(),
    textDe: text('text_de').notNull(),
    textEn: text('text_en').notNull(),
    begin: timestamp('begin', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    imageUrl: text('image_url').notNull(),
    /** Part of the late-night show (spec: late-night show events). */
    lateNight: boolean('late_night').notNull().default(false),
  },
  (table) => [index('tv_program_type_begin_idx').on(table.type, table.begin)],
);

/** The performers hosting a programme entry. */
export const tvProgramActors = pgTable(
  'tv_program_actors',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => tvProgram.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.programId, table.actorId] })],
);

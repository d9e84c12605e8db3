import { sql } from 'drizzle-orm';
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
  uuid,
} from 'drizzle-orm/pg-core';
import type { TextInEveryLanguage } from '@velvet/contracts';
import { guestKey } from '../auth/keys';
import { performerKey } from '../performers/catalogue';

/**
 * A TV format whose episodes make up the TV mediathek. Its title is a brand name, the same in every language; its
 * description is written in every language of the site.
 */
export const tvSeries = pgTable('tv_series', {
  id: serial('id').primaryKey(),
  /** URL key (route argument), unique. */
  key: text('key').notNull().unique(),
  title: text('title').notNull(),
  description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
  previewImgUrl: text('preview_img_url').notNull(),
});

/** An episode of a series: its title written in every language of the site. */
export const tvEpisodes = pgTable(
  'tv_episodes',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => tvSeries.id, { onDelete: 'cascade' }),
    episode: integer('episode').notNull(),
    title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
    fsk: integer('fsk').notNull(),
    /** Seconds. */
    duration: integer('duration').notNull(),
    previewPicture: text('preview_picture').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** The public id of `tv/suggest/{hashId}`: derived from the id, so every row (old ones too) has one. */
    hashId: text('hash_id')
      .notNull()
      .generatedAlwaysAs(sql`substr(md5('tv-video-' || id::text), 1, 12)`)
      .unique(),
  },
  (table) => [index('tv_episodes_series_idx').on(table.seriesId, table.episode)],
);

/** Where a logged-in guest stopped watching a TV video, so the episode goes on from there on the next visit. */
export const tvWatchPositions = pgTable(
  'tv_watch_positions',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => tvEpisodes.id, { onDelete: 'cascade' }),
    /** Whole seconds into the video. */
    seconds: integer('seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.guestId, table.videoId] })],
);

/** A TV article (post): its texts in every language of the site. */
export const tvArticles = pgTable('tv_articles', {
  id: serial('id').primaryKey(),
  /** URL key (route argument), unique. */
  slug: text('slug').notNull().unique(),
  /** One of TV_ARTICLE_CATEGORIES. */
  category: text('category').notNull(),
  title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
  teaser: jsonb('teaser').$type<TextInEveryLanguage>().notNull(),
  body: jsonb('body').$type<TextInEveryLanguage>().notNull(),
  imageUrl: text('image_url').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

/** The performers an article is about: its similar models. */
export const tvArticleActors = pgTable(
  'tv_article_actors',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => tvArticles.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.actorId] })],
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

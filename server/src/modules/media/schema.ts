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
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TileGridSettings } from '@velvet/contracts';
import { guestKey } from '../auth/keys';
import { tsvector } from '../../db/text-search';
import { performerKey } from '../performers/catalogue';

/** Videos of the shop. Prices are hundredths of a coin; price below basePrice means on sale. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    ageRating: integer('age_rating').notNull().default(18),
    vip: boolean('vip').notNull().default(false),
    isVip30Offer: boolean('is_vip30_offer').notNull().default(false),
    free: boolean('free').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    classic: boolean('classic').notNull().default(false),
    camRecording: boolean('cam_recording').notNull().default(false),
    /** Editors' picks: the filter's isRecommended. */
    recommended: boolean('recommended').notNull().default(false),
    price: integer('price').notNull(),
    basePrice: integer('base_price').notNull(),
    currency: text('currency').notNull().default('VXC'),
    previewUrl: text('preview_url').notNull(),
    previewWidth: integer('preview_width').notNull(),
    previewHeight: integer('preview_height').notNull(),
    likes: integer('likes').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    /** Place in a video contest, if the video took part in one. */
    contestPlace: integer('contest_place'),
    /** Name of the generated clip pair that plays for this video (several videos share one); see clips.ts. */
    clip: text('clip'),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /**
     * The global search's words: title and description in the performer's own words (no one language, so without
     * stemming). Kept by the database, so matching and ranking read it instead of parsing every hit's text again.
     */
    searchText: tsvector('search_text').generatedAlwaysAs(sql`to_tsvector('simple', title || ' ' || description)`),
  },
  (t) => [
    index('videos_actor_idx').on(t.actorId),
    index('videos_search_text').using('gin', t.searchText),
    index('videos_released_idx').on(t.releasedAt),
    // The default orders of the grid's categories all and vip30 (top rated) and top (best selling), id breaking ties.
    index('videos_likes_idx').on(t.likes.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('videos_sales_idx').on(t.salesCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.tag] }), index('video_tags_tag_idx').on(t.tag)],
);

/** Photo albums: a performer's pictures, priced, rated and commented as one item. */
export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    ageRating: integer('age_rating').notNull().default(16),
    free: boolean('free').notNull().default(false),
    isVipContent: boolean('is_vip_content').notNull().default(false),
    price: integer('price').notNull(),
    basePrice: integer('base_price').notNull(),
    currency: text('currency').notNull().default('VXC'),
    previewUrl: text('preview_url').notNull(),
    previewWidth: integer('preview_width').notNull(),
    previewHeight: integer('preview_height').notNull(),
    totalViews: integer('total_views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /** The global search's words, as videos keep theirs. */
    searchText: tsvector('search_text').generatedAlwaysAs(sql`to_tsvector('simple', title || ' ' || description)`),
  },
  (t) => [index('albums_actor_idx').on(t.actorId), index('albums_search_text').using('gin', t.searchText)],
);

export const albumPictures = pgTable(
  'album_pictures',
  {
    id: serial('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
  },
  (t) => [index('album_pictures_album_idx').on(t.albumId, t.position)],
);

/**
 * A guest's media library (mediathek): one row per video or album the guest bought (PURCHASED) and one per
 * video or album pinned (PINNED). Archiving moves a row to the archive tab without ending the ownership.
 * The unique indexes make a purchase of something owned a no-op, however many run at once.
 */
export const mediaLibrary = pgTable(
  'media_library',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    mediaType: text('media_type').$type<'VIDEO' | 'PHOTO'>().notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'cascade' }),
    source: text('source').$type<'PURCHASED' | 'PINNED'>().notNull(),
    origin: text('origin').$type<'SHOP' | 'CHATCLIP'>().notNull().default('SHOP'),
    /** Received as a gift rather than bought (guestInfo.gifted). */
    gifted: boolean('gifted').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_library_guest_idx').on(t.guestId, t.addedAt),
    uniqueIndex('media_library_video_uq').on(t.guestId, t.videoId, t.source),
    uniqueIndex('media_library_album_uq').on(t.guestId, t.albumId, t.source),
  ],
);

/** A guest's like (5) or dislike (1) of an album; the album's counters move with it. */
export const albumRatings = pgTable(
  'album_ratings',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    rating: integer('rating').$type<1 | 5>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.guestId] })],
);

export const albumComments = pgTable(
  'album_comments',
  {
    id: serial('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('album_comments_album_idx').on(t.albumId, t.created),
    index('album_comments_guest_idx').on(t.albumId, t.guestId),
  ],
);

/** A guest's like (5) or dislike (1) of a performer's sedcards, which are rated as one album. */
export const sedcardRatings = pgTable(
  'sedcard_ratings',
  {
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    rating: integer('rating').$type<1 | 5>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.guestId] })],
);

/** Single album pictures a guest pinned. */
export const pinnedPictures = pgTable(
  'pinned_pictures',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    pictureId: integer('picture_id')
      .notNull()
      .references(() => albumPictures.id, { onDelete: 'cascade' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guestId, t.pictureId] }),
    index('pinned_pictures_guest_idx').on(t.guestId, t.pinnedAt),
  ],
);

/** Who opened an album: one row per logged-in guest and album, so each counts once into albums.total_views. */
export const albumViews = pgTable(
  'album_views',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.guestId] })],
);

/** A guest's like (5) or dislike (1) of one album picture; the picture's counters move with it. */
export const pictureRatings = pgTable(
  'picture_ratings',
  {
    pictureId: integer('picture_id')
      .notNull()
      .references(() => albumPictures.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    rating: integer('rating').$type<1 | 5>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pictureId, t.guestId] })],
);

/** What a guest (an anonymous token's too) keeps of a tile grid's look, per grid type. */
export const tileGridSettings = pgTable(
  'tile_grid_settings',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    settings: jsonb('settings').$type<TileGridSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guestId, t.type] })],
);

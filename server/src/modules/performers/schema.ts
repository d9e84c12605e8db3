import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  jsonb,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { guestKey } from '../auth/keys';
import { tsvector } from '../../db/text-search';

/** Performers (actors, models). Other modules reference them by id. */
export const actors = pgTable(
  'actors',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, URL-safe; unique. */
    name: text('name').notNull().unique(),
    displayName: text('display_name').notNull(),
    gender: text('gender').notNull(), // spec gender type: F, M, FM, FF, MM, S, T
    age: integer('age').notNull(),
    country: text('country').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull(),
    threeWords: text('three_words').notNull(),
    aboutMe: text('about_me').notNull(),
    avatarUrl: text('avatar_url').notNull(),
    isOnline: boolean('is_online').notNull().default(false),
    freeChat: boolean('free_chat').notNull().default(false),
    isTopAmateur: boolean('is_top_amateur').notNull().default(false),
    star: boolean('star').notNull().default(false),
    categoryId: integer('category_id').notNull().default(3),
    /** Hundredths of a coin per minute. */
    priceVideoChat: integer('price_video_chat').notNull(),
    priceVoyeurChat: integer('price_voyeur_chat').notNull(),
    priceSingleC2C: integer('price_single_c2c').notNull(),
    bannedCountryCodes: jsonb('banned_country_codes').$type<string[]>().notNull().default([]),
    isVoyeurChatAvailable: boolean('is_voyeur_chat_available').notNull().default(false),
    isLivePreviewEnabled: boolean('is_live_preview_enabled').notNull().default(true),
    favoriteCount: integer('favorite_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    registeredSince: timestamp('registered_since', { withTimezone: true }).notNull().defaultNow(),

    /** About-me texts by language code; `aboutMe` is the performer's own language and the fallback. */
    aboutMeTranslations: jsonb('about_me_translations').$type<Record<string, string>>().notNull().default({}),
    birthday: date('birthday'),
    /** Hundredths of a coin: per minute for chats and shows, per message for the messenger. */
    priceSingleChat: integer('price_single_chat').notNull().default(0),
    priceTicketShow: integer('price_ticket_show').notNull().default(0),
    priceMessage: integer('price_message').notNull().default(0),
    freeMessages: integer('free_messages').notNull().default(0),
    hasHd: boolean('has_hd').notNull().default(false),
    hasAudio: boolean('has_audio').notNull().default(false),
    isToyControlAvailable: boolean('is_toy_control_available').notNull().default(false),
    isVoyeurInSingleChatAllowed: boolean('is_voyeur_in_single_chat_allowed').notNull().default(false),
    isCurrentlyTicketShow: boolean('is_currently_ticket_show').notNull().default(false),
    isOnlineMobileVideocall: boolean('is_online_mobile_videocall').notNull().default(false),
    /** Ratings of 4 or 5 stars, for the satisfaction rate. */
    ratingGoodCount: integer('rating_good_count').notNull().default(0),
    /** When the performer last went on or off line. */
    onlineChangedAt: timestamp('online_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the performer says she is, for the location search (rounded to a few km), or unknown. */
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    zip: text('zip'),
    /** Points of the mobile video call ranking (top cams, videocall list). */
    rankingPointsVideoCall: integer('ranking_points_video_call').notNull().default(0),
    /** The age rating of her live cam: a chat with her needs the age check above the free rating of videos. */
    ageRating: integer('age_rating').notNull().default(16),
    /**
     * The mood search's words: names first, then the three words, then the about-me texts in every language.
     * Kept by the database, so a changed profile is found at once.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', name || ' ' || display_name), 'A') || setweight(to_tsvector('simple', three_words), 'B') || setweight(to_tsvector('simple', about_me), 'C') || setweight(jsonb_to_tsvector('simple', about_me_translations, '["string"]'), 'C')`,
    ),
  },
  (table) => [
    index('actors_online').on(table.isOnline, table.isTopAmateur),
    index('actors_search_vector').using('gin', table.searchVector),
    // The search's default order (rank): a page without a mood is read in index order.
    index('actors_rank').on(
      table.isOnline.desc().nullsFirst(),
      table.isTopAmateur.desc().nullsFirst(),
      table.favoriteCount.desc().nullsFirst(),
      table.id,
    ),
    // The location search's bounding box (radius) before the exact distance.
    index('actors_location').on(table.lat, table.long),
  ],
);

/** Performer categories (spec: default 3, newly registered 88) with their names per language. */
export const actorCategories = pgTable('actor_categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  previewUrl: text('preview_url').notNull(),
  position: integer('position').notNull().default(0),
});

/** Which categories a performer is listed in, besides her main `categoryId`. */
export const actorCategoryMembers = pgTable(
  'actor_category_members',
  {
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => actorCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.actorId, table.categoryId] }),
    index('actor_category_members_category').on(table.categoryId),
  ],
);

/** Sedcard pictures of a performer's profile, in display order. */
export const actorSedcards = pgTable(
  'actor_sedcards',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [index('actor_sedcards_actor').on(table.actorId, table.position)],
);

/** When a demo performer is on line: windows of the day in UTC minutes (0-1439); a window may wrap midnight. */
export const actorOnlineWindows = pgTable(
  'actor_online_windows',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (table) => [index('actor_online_windows_actor').on(table.actorId)],
);

/** German zip codes with their place, for `utility/getGeoLocationByZip` and the location search. */
export const geoZipCodes = pgTable('geo_zip_codes', {
  zip: text('zip').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  long: doublePrecision('long').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('DE'),
});

/** A logged-in guest's saved search conditions per search type (custom search, filter/delete). */
export const actorSearchStates = pgTable(
  'actor_search_states',
  {
    guestId: text('guest_id').notNull(),
    searchType: text('search_type').notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    /** The guest's last location used by the location search. */
    location: jsonb('location').$type<{ lat: number; long: number; zip: string | null; city: string | null }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guestId, table.searchType] })],
);

/** Performers a guest pinned as favourites (shown in the home Favorite block and the messenger). */
export const favoriteActors = pgTable(
  'favorite_actors',
  {
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guestId, table.actorId] })],
);

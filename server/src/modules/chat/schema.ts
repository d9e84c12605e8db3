import { boolean, integer, pgTable, serial, text, timestamp, jsonb } from 'drizzle-orm/pg-core';

/** Performers (actors, models). Other modules reference them by id. */
export const actors = pgTable('actors', {
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
});

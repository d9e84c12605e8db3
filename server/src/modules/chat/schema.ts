import {
  boolean,
  customType,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

/**
 * Live chats. A guest has at most one active chat (partial unique index): concurrent starts cannot both win.
 * Money: `heldAmount` is what the chat's hold account holds for the coming slice; billed slices are in
 * chat_billing_slices.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    guestId: text('guest_id').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id),
    chatType: text('chat_type').notNull(),
    /** active or ended. */
    status: text('status').notNull().default('active'),
    sequenceNumber: integer('sequence_number').notNull(),
    /** Hundredths of a coin per minute, fixed at start. */
    pricePerMinute: integer('price_per_minute').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the chat ends by itself (preview, text countdown), else null. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    exitCode: integer('exit_code'),
    heldAmount: integer('held_amount').notNull().default(0),
    billedSeconds: integer('billed_seconds').notNull().default(0),
    billedAmount: integer('billed_amount').notNull().default(0),
    usedToyControl: boolean('used_toy_control').notNull().default(false),
  },
  (table) => [
    uniqueIndex('chat_sessions_one_active_per_guest')
      .on(table.guestId)
      .where(sql`${table.status} = 'active'`),
    index('chat_sessions_actor').on(table.actorId, table.status),
    index('chat_sessions_status').on(table.status),
  ],
);

/** One billed slice of a chat: (chat, index) is unique, so no slice is billed twice, also across restarts. */
export const chatBillingSlices = pgTable(
  'chat_billing_slices',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chatSessions.id),
    sliceIndex: integer('slice_index').notNull(),
    seconds: integer('seconds').notNull(),
    amount: integer('amount').notNull(),
    transferId: text('transfer_id'),
    billedAt: timestamp('billed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.sliceIndex] })],
);

/** The last start attempt number per guest (spec: wrong sequence number). */
export const chatStartSequences = pgTable('chat_start_sequences', {
  guestId: text('guest_id').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chatSessions.id),
    /** actor, guest or system. */
    senderType: text('sender_type').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_chat').on(table.chatId, table.id)],
);

/** Spec `survey/chatexit`: one answer per chat. */
export const chatExitSurveys = pgTable('chat_exit_surveys', {
  chatId: text('chat_id')
    .primaryKey()
    .references(() => chatSessions.id),
  guestId: text('guest_id').notNull(),
  actorId: integer('actor_id').notNull(),
  chatType: text('chat_type').notNull(),
  rating: integer('rating').notNull(),
  feedback: text('feedback').notNull(),
  currentUrl: text('current_url').notNull(),
  mobile: boolean('mobile').notNull(),
  isAnonymousVoicecall: boolean('is_anonymous_voicecall').notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ticket shows and cam shows (spec: platform 1502, status ok for the cam show list). */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => actors.id, { onDelete: 'cascade' }),
    /** M manual, C chat ticket, P purchased ticket. */
    creationType: text('creation_type').notNull().default('C'),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    description: jsonb('description').$type<Record<string, string>>().notNull(),
    postBuyInfo: jsonb('post_buy_info').$type<Record<string, string>>().notNull(),
    /** Hundredths of a coin; 0 is a free show. */
    price: integer('price').notNull(),
    seats: integer('seats').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    platformId: integer('platform_id').notNull().default(1502),
    status: text('status').notNull().default('ok'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isAutoFeatured: boolean('is_auto_featured').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    bonusCode: text('bonus_code'),
    /** Set once the start invitations went out, so a restart does not send them twice. */
    invitationsSentAt: timestamp('invitations_sent_at', { withTimezone: true }),
    /** Set once the end of a started show was handled (show flag off, free show stop), once across restarts. */
    endHandledAt: timestamp('end_handled_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_tickets_actor').on(table.actorId, table.startsAt),
    index('chat_tickets_start').on(table.startsAt),
  ],
);

export const chatTicketHolders = pgTable(
  'chat_ticket_holders',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => chatTickets.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    creationType: text('creation_type').notNull(),
    /** The wallet transfer that paid the ticket, null for a free one. */
    transferId: text('transfer_id'),
    boughtAt: timestamp('bought_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.guestId] }),
    index('chat_ticket_holders_guest').on(table.guestId),
  ],
);

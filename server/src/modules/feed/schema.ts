import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { performerKey } from '../performers/catalogue';
import { guestKey } from '../auth/keys';

/** A model's post in the feed. Prices in coins (spec: feed currency is coins). */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    /** One of FEED_POST_TYPES. */
    type: text('type').notNull(),
    status: text('status').notNull().default('ONLINE'),
    pinned: boolean('pinned').notNull().default(false),
    title: text('title').notNull(),
    text: text('text').notNull(),
    views: integer('views').notNull().default(0),
    /** Like counter, changed with every row of feed_likes; seeded posts start with likes of demo visitors. */
    likes: integer('likes').notNull().default(0),
    paidContent: boolean('paid_content').notNull().default(false),
    fsk: integer('fsk').notNull().default(18),
    priceCoins: integer('price_coins').notNull().default(0),
    tippingGoalCoins: integer('tipping_goal_coins'),
    /** Sum of the tips on the post, raised in the transaction that books each tip (feed_tips); seeded posts start with tips of demo visitors. */
    tipsSumCoins: integer('tips_sum_coins').notNull().default(0),
    /** The clip of a clip post (a file name of the media clips; its poster is the post's one photo); null otherwise. */
    clip: text('clip'),
    clipSeconds: integer('clip_seconds'),
    /** Blurred picture shown instead of paid photos the guest has not bought. */
    teaserUrl: text('teaser_url'),
    /** A contest post's entry (specials' contest media): its picture and its contest are the entry's. */
    contestEntryId: integer('contest_entry_id'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    published: timestamp('published', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feed_posts_published_idx').on(table.published, table.id),
    index('feed_posts_actor_idx').on(table.actorId, table.published),
  ],
);

export const feedPostPhotos = pgTable(
  'feed_post_photos',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The same picture twice as wide, for screens with dense pixels (the photo's srcSet); null when there is none. */
    largeUrl: text('large_url'),
  },
  (table) => [index('feed_post_photos_post_idx').on(table.postId, table.position)],
);

export const feedLikes = pgTable(
  'feed_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.guestId] }), index('feed_likes_guest_idx').on(table.guestId)],
);

export const feedComments = pgTable(
  'feed_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    /** The comment this one answers (a reply); null for a comment on the post itself. */
    parentId: integer('parent_id').references((): AnyPgColumn => feedComments.id, { onDelete: 'cascade' }),
    /** The comment on the post that a reply's thread started with; null for such comments themselves. */
    conversationId: integer('conversation_id').references((): AnyPgColumn => feedComments.id, {
      onDelete: 'cascade',
    }),
    /** null for the model's own replies and for demo commenters without an account. */
    guestId: uuid('guest_id').references(guestKey, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    isCreator: boolean('is_creator').notNull().default(false),
    tipped: boolean('tipped').notNull().default(false),
    text: text('text').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When its author deleted it while it had replies: it stays as the placeholder their thread hangs on, its text
     * and author cleared; null for a live comment.
     */
    deleted: timestamp('deleted', { withTimezone: true }),
  },
  (table) => [
    index('feed_comments_post_idx').on(table.postId, table.created),
    index('feed_comments_guest_idx').on(table.guestId),
    index('feed_comments_conversation_idx').on(table.conversationId),
  ],
);

/** A post a guest bought: one row per guest and post, so a second purchase finds it owned and pays nothing. */
export const feedPurchases = pgTable(
  'feed_purchases',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    priceCoins: integer('price_coins').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.guestId] }),
    index('feed_purchases_guest_idx').on(table.guestId),
  ],
);

/** A guest's tip on a post, committed with its transfer in the ledger. */
export const feedTips = pgTable(
  'feed_tips',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    amountCoins: integer('amount_coins').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [index('feed_tips_post_guest_idx').on(table.postId, table.guestId)],
);

/**
 * A post's title and text in another language than its own (the post row holds the model's words in English, the
 * language every reader falls back to); one row per post and language, absent where the model wrote none.
 */
export const feedPostTexts = pgTable(
  'feed_post_texts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    /** One of the site's languages other than English. */
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.language] })],
);

/** A guest who opened a post: counted once per guest in the post's views. */
export const feedViews = pgTable(
  'feed_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.guestId] }), index('feed_views_guest_idx').on(table.guestId)],
);

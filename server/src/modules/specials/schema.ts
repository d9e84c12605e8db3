import {
  boolean,
  date,
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
import type { GameDayConfig, Language, RewardType, TextInEveryLanguage } from '@velvet/contracts';
import { guestKey } from '../auth/keys';
import { performerKey } from '../performers/catalogue';

/**
 * A guest-facing text of several paragraphs in every language of the site (one of a single paragraph is a
 * `TextInEveryLanguage`). Rows stored before Dutch was written got their Dutch from a migration.
 */
export type LocalizedParagraphs = Record<Language, string[]>;

export const dailyBonusOffers = pgTable(
  'specials_daily_bonus_offers',
  {
    id: serial('id').primaryKey(),
    /** The Berlin calendar day the offer is valid on. */
    date: date('date', { mode: 'string' }).notNull(),
    offer: text('offer').notNull(),
    title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
    description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
    imageUrl: text('image_url').notNull(),
    conditions: jsonb('conditions').$type<{ name: string; value: string }[]>().notNull(),
    effect: jsonb('effect').$type<{ name: string; value: number; unit: string; code: string | null }>().notNull(),
    quantity: integer('quantity').notNull(),
    purchased: integer('purchased').notNull().default(0),
    free: boolean('free').notNull().default(false),
    /** The video, wallpaper or gift the offer is about; the id refers to the other domain loosely. */
    content: jsonb('content').$type<{
      type: 'video' | 'wallpaper' | 'gift';
      id: number | null;
      title: TextInEveryLanguage;
      imageUrl: string;
    } | null>(),
    /** Hundredths of the currency. */
    priceValue: integer('price_value'),
    priceCurrency: text('price_currency'),
  },
  (t) => [index('specials_daily_bonus_offers_date').on(t.date)],
);

/**
 * The bonus models of a daily-bonus day: performers the day features beside its offers (shown with the offers,
 * each linking to her profile), in their order.
 */
export const dailyBonusModels = pgTable(
  'specials_daily_bonus_models',
  {
    date: date('date', { mode: 'string' }).notNull(),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.actorId] })],
);

export const contests = pgTable('specials_contests', {
  id: serial('id').primaryKey(),
  type: text('type').$type<'photo' | 'video'>().notNull(),
  title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
  description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
  previewUrl: text('preview_url').notNull(),
  start: timestamp('start', { withTimezone: true }).notNull(),
  end: timestamp('end', { withTimezone: true }).notNull(),
});

/** A performer's entry in a contest; `votes` is the running total of all guests' votes. */
export const contestMedia = pgTable(
  'specials_contest_media',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    albumId: integer('album_id'),
    title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
    previewUrl: text('preview_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    votes: integer('votes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('specials_contest_media_contest').on(t.contestId)],
);

/** One guest's vote on one entry; a guest has at most CONTEST_MAX_VOTES per contest. */
export const contestVotes = pgTable(
  'specials_contest_votes',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => contestMedia.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('specials_contest_votes_guest').on(t.contestId, t.guestId)],
);

/**
 * A guest's standing in one contest: her choice to hide the vote-limit notice, and the row her votes lock so
 * that parallel votes are counted one after another against the limit.
 */
export const contestGuests = pgTable(
  'specials_contest_guests',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    hideVoteLimitModal: boolean('hide_vote_limit_modal').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.guestId] })],
);

export const blogPosts = pgTable(
  'specials_blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: integer('category_id').notNull(),
    title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
    teaser: jsonb('teaser').$type<TextInEveryLanguage>().notNull(),
    body: jsonb('body').$type<LocalizedParagraphs>().notNull(),
    imageUrl: text('image_url').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    published: timestamp('published', { withTimezone: true }).notNull(),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [index('specials_blog_posts_category').on(t.categoryId, t.published)],
);

export const blogPostActors = pgTable(
  'specials_blog_post_actors',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.actorId] })],
);

/** Special events (games) with the spec's fixed ids where it gives them. */
export const specialEvents = pgTable('specials_events', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  gameType: text('game_type').notNull(),
  name: jsonb('name').$type<TextInEveryLanguage>().notNull(),
  description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
  imageUrl: text('image_url').notNull(),
  startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true }).notNull(),
  dailyAttempts: integer('daily_attempts').notNull(),
  /** Attempts and points per day of the event; a day without its own config has `dailyAttempts` and no points. */
  dayConfigs: jsonb('day_configs').$type<GameDayConfig[]>().notNull().default([]),
  /** What an attempt can win, with its chance in per cent (what is left to 100 is a blank). */
  rewards: jsonb('rewards').$type<GameRewardRow[]>().notNull().default([]),
});

export type GameRewardRow = { type: RewardType; value: number; chance: number };

/**
 * The attempts a guest used in a game on one Berlin day. One guarded upsert takes an attempt, so parallel attempts
 * each need one of their own and never exceed the day's limit.
 */
export const gameDays = pgTable(
  'specials_game_days',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => specialEvents.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.guestId, t.day] })],
);

/**
 * Every reward the reward engine granted: one row per claim (`claim` names what was claimed, e.g. a game's attempt
 * or an advent door), which the unique index keeps to one however often it is claimed, so a claim grants once.
 */
export const rewardGrants = pgTable(
  'specials_reward_grants',
  {
    id: serial('id').primaryKey(),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    claim: text('claim').notNull(),
    /** What gave it: `game:<eventId>`, `advent`, `loyalty`. */
    source: text('source').notNull(),
    rewardType: text('reward_type').$type<RewardType>().notNull(),
    value: integer('value').notNull(),
    /** The title of the video or album a media reward gave. */
    title: text('title'),
    points: integer('points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('specials_reward_grants_claim').on(t.guestId, t.claim),
    index('specials_reward_grants_source').on(t.guestId, t.source, t.createdAt),
  ],
);

/** The advent calendar's doors: door n opens on the Berlin day `firstDay + n - 1` and holds one reward. */
export const adventDoors = pgTable('specials_advent_doors', {
  door: integer('door').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  rewardType: text('reward_type').$type<RewardType>().notNull(),
  value: integer('value').notNull(),
});

export const magazinePages = pgTable('specials_magazine_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
  teaser: jsonb('teaser').$type<TextInEveryLanguage>().notNull(),
  body: jsonb('body').$type<LocalizedParagraphs>().notNull(),
  imageUrl: text('image_url').notNull(),
  imageWidth: integer('image_width').notNull(),
  imageHeight: integer('image_height').notNull(),
  eventId: integer('event_id').references(() => specialEvents.id, { onDelete: 'set null' }),
});

export const clashes = pgTable('specials_clashes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  start: timestamp('start', { withTimezone: true }).notNull(),
  end: timestamp('end', { withTimezone: true }).notNull(),
  themeId: integer('theme_id').notNull(),
});

export const clashTeams = pgTable('specials_clash_teams', {
  id: serial('id').primaryKey(),
  clashId: integer('clash_id')
    .notNull()
    .references(() => clashes.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  points: integer('points').notNull().default(0),
  captainId: integer('captain_id').notNull().references(performerKey),
});

export const clashTeamMembers = pgTable(
  'specials_clash_team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => clashTeams.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.actorId] })],
);

export type ClashMediaRow = {
  type: 'image' | 'video';
  src: string;
  previewPicture: string;
  mediaId: number;
  actorIds: number[];
};

export const clashChallenges = pgTable('specials_clash_challenges', {
  id: serial('id').primaryKey(),
  clashId: integer('clash_id')
    .notNull()
    .references(() => clashes.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  type: text('type').$type<'photo' | 'video' | 'live'>().notNull(),
  start: timestamp('start', { withTimezone: true }).notNull(),
  end: timestamp('end', { withTimezone: true }).notNull(),
  title: jsonb('title').$type<TextInEveryLanguage>().notNull(),
  subTitle: jsonb('sub_title').$type<TextInEveryLanguage>().notNull(),
  description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
  previewPicture: text('preview_picture').notNull(),
  /** Team ids: the jury's pick and the voting's; the winner is the jury's pick if any. */
  winnerAdmin: integer('winner_admin'),
  winnerVoting: integer('winner_voting'),
  moderatorName: text('moderator_name').notNull(),
  moderatorPicture: text('moderator_picture').notNull(),
});

export const clashChallengeTeams = pgTable(
  'specials_clash_challenge_teams',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => clashChallenges.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => clashTeams.id, { onDelete: 'cascade' }),
    votes: integer('votes').notNull().default(0),
    media: jsonb('media').$type<ClashMediaRow[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.teamId] })],
);

/** A guest's one vote per challenge. */
export const clashVotes = pgTable(
  'specials_clash_votes',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => clashChallenges.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => clashTeams.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('specials_clash_votes_guest').on(t.challengeId, t.guestId)],
);

export const spinwheelSegments = pgTable('specials_spinwheel_segments', {
  id: serial('id').primaryKey(),
  wheelType: text('wheel_type').notNull(),
  position: integer('position').notNull(),
  rewardType: text('reward_type').notNull(),
  value: integer('value').notNull(),
});

export const loyaltyMonthlyRewards = pgTable('specials_loyalty_monthly_rewards', {
  id: serial('id').primaryKey(),
  wheelType: text('wheel_type').notNull(),
  rewardType: text('reward_type').notNull(),
  requiredPoints: integer('required_points').notNull(),
  value: integer('value').notNull(),
});

/**
 * A guest's spins; a guest without a row has none yet. Her loyalty points are not kept: they are read from the
 * coins she spent, as the wallet's ledger has them.
 */
export const loyaltyAccounts = pgTable('specials_loyalty_accounts', {
  guestId: text('guest_id').primaryKey(),
  spins: integer('spins').notNull().default(0),
});

/**
 * What a guest won on the wheel or redeemed: one row per spin, and one per monthly reward and Berlin month
 * (`month`, YYYY-MM), which the unique index keeps to one even for redemptions sent at once.
 */
export const loyaltyHistory = pgTable(
  'specials_loyalty_history',
  {
    id: serial('id').primaryKey(),
    guestId: text('guest_id').notNull(),
    kind: text('kind').$type<'spin' | 'monthlyReward'>().notNull(),
    wheelType: text('wheel_type').notNull(),
    rewardType: text('reward_type').notNull(),
    value: integer('value').notNull(),
    segmentId: integer('segment_id').references(() => spinwheelSegments.id, { onDelete: 'set null' }),
    rewardId: integer('reward_id').references(() => loyaltyMonthlyRewards.id, { onDelete: 'cascade' }),
    month: text('month'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('specials_loyalty_history_guest').on(t.guestId, t.createdAt),
    uniqueIndex('specials_loyalty_history_redeemed').on(t.guestId, t.rewardId, t.month),
  ],
);

/** A reward of a calendar event: what it gives, what unlocks it (eggs or points), and its text. */
export type EventRewardRow = {
  id: number;
  type: RewardType;
  value: number;
  /** Eggs found (Easter) or points earned (user activity) that unlock it. */
  required: number;
  info: TextInEveryLanguage;
  hidden?: boolean;
  isUpTo?: boolean;
};

/**
 * Calendar events with rewards the guest claims: the Easter egg hunt and the user-activity event. Rewards are
 * claimed from `start` until `rewardClaimEnd`; eggs are found and activities counted between `start` and `end`.
 */
export const calendarEvents = pgTable('specials_calendar_events', {
  id: serial('id').primaryKey(),
  eventType: text('event_type').$type<'easter' | 'userActivity'>().notNull(),
  name: jsonb('name').$type<TextInEveryLanguage>().notNull(),
  start: timestamp('start', { withTimezone: true }).notNull(),
  end: timestamp('end', { withTimezone: true }).notNull(),
  rewardClaimEnd: timestamp('reward_claim_end', { withTimezone: true }).notNull(),
  rewards: jsonb('rewards').$type<EventRewardRow[]>().notNull().default([]),
});

/** An Easter egg: hidden on a page (a route name) at one of its spots. */
export const easterEggs = pgTable(
  'specials_easter_eggs',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    spot: integer('spot').notNull(),
  },
  (t) => [index('specials_easter_eggs_page').on(t.eventId, t.page)],
);

/**
 * The token the server issued a guest for one egg: one per egg and guest, random, so it cannot be guessed, and
 * collected once (`collectedAt`, set by a guarded update), which is also the record of the egg found.
 */
export const easterTokens = pgTable(
  'specials_easter_tokens',
  {
    token: text('token').primaryKey(),
    eggId: integer('egg_id')
      .notNull()
      .references(() => easterEggs.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('specials_easter_tokens_egg_guest').on(t.eggId, t.guestId),
    index('specials_easter_tokens_found').on(t.guestId, t.eventId),
  ],
);

/** What counts in the user-activity event: its points, a VIP member's extra points and how often a day it counts. */
export const activityDefinitions = pgTable(
  'specials_activity_definitions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: jsonb('name').$type<TextInEveryLanguage>().notNull(),
    points: integer('points').notNull(),
    vipBonus: integer('vip_bonus').notNull(),
    limitPerDay: integer('limit_per_day').notNull(),
    faqTitle: jsonb('faq_title').$type<TextInEveryLanguage>().notNull(),
    faqLink: text('faq_link').notNull(),
  },
  (t) => [uniqueIndex('specials_activity_definitions_key').on(t.eventId, t.key)],
);

/**
 * How often an activity counted for a guest on one Berlin day, and the points it gave: one guarded upsert counts it,
 * so parallel activities never pass the day's limit.
 */
export const activityDays = pgTable(
  'specials_activity_days',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activityDefinitions.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.guestId, t.day] })],
);

/** A challenge of the user-activity event: `target` times an activity within the event gives `points` once. */
export const activityChallenges = pgTable('specials_activity_challenges', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => calendarEvents.id, { onDelete: 'cascade' }),
  activityKey: text('activity_key').notNull(),
  target: integer('target').notNull(),
  points: integer('points').notNull(),
  name: jsonb('name').$type<TextInEveryLanguage>().notNull(),
  description: jsonb('description').$type<TextInEveryLanguage>().notNull(),
  link: text('link').notNull(),
});

/** A performer's gift calendar: on each of its Berlin days a guest may claim that day's gift once. */
export const giftCalendarDays = pgTable(
  'specials_gift_calendar_days',
  {
    actorId: integer('actor_id').notNull().references(performerKey, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    rewardType: text('reward_type').$type<RewardType>().notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.day] })],
);

/** A daily-bonus offer a guest took (consumed): once per guest and offer, with what it cost and what it gave. */
export const dailyBonusClaims = pgTable(
  'specials_daily_bonus_claims',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => dailyBonusOffers.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').notNull().references(guestKey, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** Hundredths of a coin paid. */
    paid: integer('paid').notNull(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => rewardGrants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.guestId] }), index('specials_daily_bonus_claims_guest').on(t.guestId)],
);

import { z } from 'zod';
import { dbId, dbIntParam, idParam } from '../input';
import { defineEndpoint, pageOf } from '../endpoint';
import { defineOperation } from '../graphql';
import { dateTimeFormat } from '../intl';
import { LANGUAGES } from '../routes';

/**
 * Specials: daily bonus, contests, blog (magazine), magazine promo pages, special events, clash of cams and the
 * spinwheel. REST where the spec names a REST path, structured query where it names a query.
 */

/** Titles and texts are stored in de, en and es; nl reads the English text. */
const languageQuery = z.object({ language: z.enum(LANGUAGES).optional() });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Daily-bonus prices are in coins (VXC) or, for merchandise, in EUR. */
const price = z.object({ value: z.number().int().min(0), currency: z.enum(['VXC', 'EUR']) });

// ---------------------------------------------------------------------------------------------------------------
// Daily bonus

/** The daily-bonus day runs in Berlin time and ends at 23:59:59; the page's countdown ticks every second. */
export const DAILY_BONUS_TIME_ZONE = 'Europe/Berlin';
export const DAILY_BONUS_TICK_MS = 1000;
/** Today's offer and the next two days. */
export const DAILY_BONUS_DAYS = 3;

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone = DAILY_BONUS_TIME_ZONE): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Offset of a time zone from UTC at an instant, in minutes (Berlin: 60 in winter, 120 in summer). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant a daily-bonus date ends: 23:59:59 Berlin time on that date. */
export function dailyBonusDayEnd(date: string, timeZone = DAILY_BONUS_TIME_ZONE): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClockAsUtc = Date.UTC(year, month - 1, day, 23, 59, 59);
  // The offset at the end of the day itself (daylight saving changes at 01:00 UTC, never near midnight).
  const offset = zoneOffsetMinutes(new Date(wallClockAsUtc), timeZone);
  return new Date(wallClockAsUtc - offset * 60000);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Milliseconds left until the current daily-bonus day ends (never negative). */
export function dailyBonusRemainingMs(now: Date): number {
  return Math.max(0, dailyBonusDayEnd(dateInZone(now)).getTime() - now.getTime());
}

export const DAILY_BONUS_OFFERS = [
  'VipOneDay',
  'video',
  'photo_album',
  'TopUpPercent',
  'TopUpFlat',
  'Merchandise',
  'MessengerGift',
  'VideoVoucher',
] as const;
export const dailyBonusOfferType = z.enum(DAILY_BONUS_OFFERS);
export type DailyBonusOfferType = z.infer<typeof dailyBonusOfferType>;

export const dailyBonusContent = z.object({
  type: z.enum(['video', 'wallpaper', 'gift']),
  /** The video's or gift's id in its own domain; null for a wallpaper. */
  id: z.number().int().nullable(),
  title: z.string(),
  imageUrl: z.string(),
});

export const dailyBonusOffer = z.object({
  id: z.number().int(),
  date: isoDate,
  offer: dailyBonusOfferType,
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** What the guest must do, e.g. { name: 'minTopUp', value: '2000' } (hundredths of a coin). */
  conditions: z.array(z.object({ name: z.string(), value: z.string() })),
  /** What the guest gets, e.g. { name: 'topUpBonus', value: 20, unit: 'percent', code: 'DAILY20' }. */
  effect: z.object({ name: z.string(), value: z.number(), unit: z.string(), code: z.string().nullable() }),
  /** How many are offered in all, and how many are gone. */
  quantity: z.number().int().min(0),
  purchased: z.number().int().min(0),
  free: z.boolean(),
  content: dailyBonusContent.nullable(),
  dailyBonusPrice: price.nullable(),
});
export type DailyBonusOffer = z.infer<typeof dailyBonusOffer>;

/** A bonus model of a day: a performer the day features beside its offers (link: her profile's actorName). */
export const dailyBonusModel = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  avatarUrl: z.string(),
  isOnline: z.boolean(),
});
export type DailyBonusModel = z.infer<typeof dailyBonusModel>;

export const dailyBonusDay = z.object({
  date: isoDate,
  offers: z.array(dailyBonusOffer),
  bonusModels: z.array(dailyBonusModel),
});
export const dailyBonus = z.object({
  timeZone: z.literal(DAILY_BONUS_TIME_ZONE),
  /** Today in Berlin. */
  today: isoDate,
  /** ISO instant of 23:59:59 Berlin time today. */
  endsAt: z.string(),
  days: z.array(dailyBonusDay).length(DAILY_BONUS_DAYS),
  /** The offers of these days the calling guest has taken (bought or claimed); empty for a visitor. */
  consumedOffers: z.array(z.number().int()),
});
export type DailyBonus = z.infer<typeof dailyBonus>;

const dailyBonusOfferFields = `id date offer title description imageUrl conditions { name value }
  effect { name value unit code } quantity purchased free content { type id title imageUrl }
  dailyBonusPrice { value currency }`;
export const dailyBonusQuery = defineOperation<{ dailyBonus: DailyBonus }, { language?: string }>(
  `query DailyBonus($language: String) { dailyBonus(language: $language) { timeZone today endsAt consumedOffers
    days { date offers { ${dailyBonusOfferFields} } bonusModels { id name displayName avatarUrl isOnline } } } }`,
);

// ---------------------------------------------------------------------------------------------------------------
// Contests

/** A guest may cast at most 5 votes per contest. */
export const CONTEST_MAX_VOTES = 5;
export const CONTEST_GRID_PAGE_SIZE = 20;

export const contestType = z.enum(['photo', 'video']);
export const contest = z.object({
  id: z.number().int(),
  type: contestType,
  title: z.string(),
  description: z.string(),
  previewUrl: z.string(),
  start: z.string(),
  end: z.string(),
  isActive: z.boolean(),
  entryCount: z.number().int(),
});
export type Contest = z.infer<typeof contest>;

export const contestHeader = contest.extend({ maxVotes: z.number().int(), totalVotes: z.number().int() });
export type ContestHeader = z.infer<typeof contestHeader>;

export const contestGuestData = z.object({ voteCount: z.number().int().min(0), hideVoteLimitModal: z.boolean() });
export type ContestGuestData = z.infer<typeof contestGuestData>;

export const contestGridItem = z.object({
  /** Stable hash of the entry for list keys. */
  itemHash: z.string(),
  mediaId: z.number().int(),
  albumId: z.number().int().nullable(),
  actorId: z.number().int(),
  actorName: z.string(),
  actorDisplayName: z.string(),
  /** In the reader's language: the picture's text alternative. */
  title: z.string(),
  previewUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mediaVotes: z.number().int().min(0),
  /**
   * 1-based place by votes: in the grid once the contest has ended (null while it runs), in the top list and a
   * performer's entries always (the standing so far).
   */
  place: z.number().int().nullable(),
});
export type ContestGridItem = z.infer<typeof contestGridItem>;

/** Grid views: every entry newest first, or the top list by votes. */
export const CONTEST_SUBS = ['all', 'top'] as const;
export const contestGrid = z.object({ contestGridItems: z.array(contestGridItem), elementsCount: z.number().int() });
export type ContestGrid = z.infer<typeof contestGrid>;

const contestId = idParam;

/**
 * A vote (or its withdrawal) on one entry. The guest is the caller; `hideConfirmWindow` keeps her choice not to be
 * shown the vote-limit notice again.
 */
export const contestVoteInput = z.object({
  contestId: dbId,
  mediaId: dbId,
  actorId: dbId.optional(),
  albumId: dbId.nullable().optional(),
  hideConfirmWindow: z.boolean().optional(),
});
export type ContestVoteInput = z.infer<typeof contestVoteInput>;
/**
 * The answer to a vote: with `needAvs` nothing was counted and the guest is sent to the age check first; otherwise
 * `success` and the entry's new total and the guest's votes in the contest.
 */
export const contestVoteResult = z.object({
  success: z.boolean(),
  needAvs: z.boolean(),
  guestId: z.string(),
  contestId: z.number().int(),
  mediaId: z.number().int(),
  mediaVotes: z.number().int().min(0),
  voteCount: z.number().int().min(0),
  hideVoteLimitModal: z.boolean(),
});
export type ContestVoteResult = z.infer<typeof contestVoteResult>;

/** A contest with the caller's own votes (null for a visitor). */
export const contestDetail = z.object({ contest: contestHeader, guestData: contestGuestData.nullable() });
export type ContestDetail = z.infer<typeof contestDetail>;
/** The leading entries of a contest by votes, each with its place. */
export const CONTEST_TOP_LIST_SIZE = 10;

export const contestsQuery = defineOperation<{ contests: Contest[] }, { language?: string }>(
  `query Contests($language: String) { contests(language: $language) { id type title description previewUrl start end isActive entryCount } }`,
);

// ---------------------------------------------------------------------------------------------------------------
// Blog (magazine)

/** The spec's blog category ids. */
export const BLOG_CATEGORY_IDS = {
  events: 38,
  live: 39,
  premiumTv: 40,
  freeTv: 41,
  actions: 43,
  production: 44,
  news: 45,
  interviews: 46,
  featured: 506,
} as const;
export type BlogCategoryKey = keyof typeof BLOG_CATEGORY_IDS;
export const BLOG_CATEGORY_KEYS = Object.keys(BLOG_CATEGORY_IDS) as BlogCategoryKey[];
/** Names a client may use instead of a category id; `latest` is every category. */
export const BLOG_CATEGORY_ALIASES = ['events', 'actions', 'news', 'interviews', 'latest'] as const;
export type BlogCategoryAlias = (typeof BLOG_CATEGORY_ALIASES)[number];
export const BLOG_PAGE_SIZE = 3;
export const BLOG_ARCHIVE_PAGE_SIZE = 9;

/** Resolves a category path segment (id or alias) to a category id, `null` for `latest`, undefined if unknown. */
export function resolveBlogCategory(segment: string): number | null | undefined {
  if (segment === 'latest') return null;
  if ((BLOG_CATEGORY_ALIASES as readonly string[]).includes(segment))
    return BLOG_CATEGORY_IDS[segment as BlogCategoryKey];
  const id = Number(segment);
  return (Object.values(BLOG_CATEGORY_IDS) as number[]).includes(id) ? id : undefined;
}

export const blogCategory = z.object({
  id: z.number().int(),
  key: z.enum(BLOG_CATEGORY_KEYS as [BlogCategoryKey, ...BlogCategoryKey[]]),
  total: z.number().int(),
});
export type BlogCategory = z.infer<typeof blogCategory>;

export const blogActor = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  avatarUrl: z.string(),
});
export const blogPostTeaser = z.object({
  id: z.number().int(),
  slug: z.string(),
  categoryId: z.number().int(),
  title: z.string(),
  teaser: z.string(),
  imageUrl: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  published: z.string(),
  featured: z.boolean(),
});
export type BlogPostTeaser = z.infer<typeof blogPostTeaser>;
export const blogPost = blogPostTeaser.extend({
  /** Paragraphs of plain text. */
  body: z.array(z.string()),
  actors: z.array(blogActor),
});
export type BlogPost = z.infer<typeof blogPost>;

/** The `{payload}` path segment of blog/posts: paging and excluded ids, encoded so the URL is cacheable. */
export const blogPostsPayload = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(BLOG_PAGE_SIZE),
  exclude: z.array(z.number().int()).max(100).default([]),
});
export type BlogPostsPayload = z.input<typeof blogPostsPayload>;
export const encodeBlogPostsPayload = (payload: BlogPostsPayload) => JSON.stringify(payload);
/** Parses a JSON path segment with a schema; null when it is not valid JSON or not valid for the schema. */
function decodeJsonSegment<T extends z.ZodType>(schema: T, segment: string): z.infer<T> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(segment));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
export const decodeBlogPostsPayload = (segment: string) => decodeJsonSegment(blogPostsPayload, segment);

/** The `{payload}` segment of blog/actors: the performer ids. */
export const blogActorsPayload = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(50) });
export const encodeBlogActorsPayload = (ids: number[]) => JSON.stringify({ ids });
export const decodeBlogActorsPayload = (segment: string) => decodeJsonSegment(blogActorsPayload, segment)?.ids ?? null;

/** Blog answers may be cached for 60 s. */
export const BLOG_CACHE_MAX_AGE_SECONDS = 60;

export const blogArchive = z.object({
  /** Years that have posts in the category, newest first, with their counts. */
  years: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
  year: z.number().int().nullable(),
  posts: pageOf(blogPostTeaser),
});
export type BlogArchive = z.infer<typeof blogArchive>;

export const blogArticle = z.object({
  post: blogPost,
  previous: blogPostTeaser.nullable(),
  similar: z.array(blogPostTeaser),
});
export type BlogArticle = z.infer<typeof blogArticle>;

const blogCategorySegment = z.string().max(20);

// ---------------------------------------------------------------------------------------------------------------
// Special events and magazine promo pages

/** Fixed ids of the spec. */
export const SPECIAL_EVENT_IDS = { gaudi: 6, venusAttacks: 7, wiesnShooting: 22, wiesnBude: 30 } as const;
export const SPECIAL_EVENT_GAME_TYPES = [
  'slotmachine',
  'kickIt',
  'wiesnShooting',
  'wetAndWild',
  'wiesnBude',
  'halloween',
  'cumOn',
  'vrPorn',
  'venusAttacks',
  'gaudi',
  'rewardBox',
  'spitOrSwallow',
] as const;
export type SpecialEventGameType = (typeof SPECIAL_EVENT_GAME_TYPES)[number];
export const specialEvent = z.object({
  id: z.number().int(),
  /** URL slug of the specialEvent route. */
  slug: z.string(),
  gameType: z.enum(SPECIAL_EVENT_GAME_TYPES),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hasStarted: z.boolean(),
  hasEnded: z.boolean(),
  dailyAttempts: z.number().int(),
});
export type SpecialEvent = z.infer<typeof specialEvent>;

export const MAGAZINE_PROMO_PAGES = [
  'easter',
  'shooting-gallery',
  'wetnwildgame',
  'advent-calendar',
  'goldrush',
  'prize-draw',
] as const;
/** The high-on-rose page is a promo page with its own route. */
export const HIGH_ON_ROSE_PAGE = 'high-on-rose';
export const magazinePage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  body: z.array(z.string()),
  imageUrl: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  /** The special event the page promotes, if any. */
  event: specialEvent.nullable(),
});
export type MagazinePage = z.infer<typeof magazinePage>;

// ---------------------------------------------------------------------------------------------------------------
// Clash of cams

export const clashPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  /** Only for the captain, as the spec shows it. */
  online: z.boolean().nullable(),
  avatarUrl: z.string(),
  age: z.number().int(),
});
export const clashTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  teamCaptain: clashPerson,
  member: z.array(clashPerson),
});
export const clashMedia = z.object({
  type: z.enum(['image', 'video']),
  src: z.string(),
  srcH5Live: z.string().nullable(),
  previewPicture: z.string(),
  mediaId: z.number().int(),
  actorIds: z.array(z.number().int()),
});
export const clashChallengeTeam = z.object({
  id: z.number().int(),
  votes: z.object({ teamId: z.number().int(), votes: z.number().int(), hasVoted: z.boolean() }),
  media: z.array(clashMedia),
});
export const clashChallenge = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['photo', 'video', 'live']),
  start: z.string(),
  end: z.string(),
  clashId: z.number().int(),
  title: z.string(),
  subTitle: z.string(),
  description: z.string(),
  previewPicture: z.string(),
  winnerAdmin: z.number().int().nullable(),
  winnerVoting: z.number().int().nullable(),
  winner: z.number().int().nullable(),
  votable: z.boolean(),
  moderator: z.object({ name: z.string(), previewPicture: z.string() }),
  teams: z.array(clashChallengeTeam),
});
export const clash = z.object({
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  themeId: z.number().int(),
  teams: z.array(clashTeam),
  challenges: z.array(clashChallenge),
});
export type Clash = z.infer<typeof clash>;
export type ClashChallenge = z.infer<typeof clashChallenge>;
export type ClashTeam = z.infer<typeof clashTeam>;

const clashPersonFields = 'id name displayName online avatarUrl age';
/** Without an id: the clash running now (or the latest one). */
export const clashQuery = defineOperation<{ clash: Clash | null }, { id?: number; language?: string }>(
  `query Clash($id: Int, $language: String) { clash(id: $id, language: $language) { id name start end themeId
    teams { id name points teamCaptain { ${clashPersonFields} } member { ${clashPersonFields} } }
    challenges { id name type start end clashId title subTitle description previewPicture winnerAdmin winnerVoting winner votable
      moderator { name previewPicture }
      teams { id votes { teamId votes hasVoted } media { type src srcH5Live previewPicture mediaId actorIds } } } } }`,
);

/** A team earns this many points for every challenge it wins (by the jury's pick, else by the guests' votes). */
export const CLASH_WIN_POINTS = 3;
export const clashVotes = clashChallengeTeam.shape.votes;
export type ClashVotes = z.infer<typeof clashVotes>;
/** The standing of a challenge's teams after a guest's vote or revoke, as the `clashVoting` push carries it. */
export const clashVoting = z.object({ challengeId: z.number().int(), votes: z.array(clashVotes) });
export type ClashVoting = z.infer<typeof clashVoting>;
/** What every reader of the clash is pushed after a vote: the counts (whether she voted is her own to know). */
export const clashVotingPush = z.object({
  challengeId: z.number().int(),
  votes: z.array(clashVotes.omit({ hasVoted: true })),
});
const clashVotingFields = 'challengeId votes { teamId votes hasVoted }';
/** A guest's one vote per challenge, for a team of it while the challenge runs; a second vote moves it. */
export const clashAddVoteMutation = defineOperation<
  { clashAddVote: ClashVoting },
  { challengeId: number; teamId: number }
>(
  `mutation ClashAddVote($challengeId: Int!, $teamId: Int!) { clashAddVote(challengeId: $challengeId, teamId: $teamId) { ${clashVotingFields} } }`,
);
export const clashRevokeVoteMutation = defineOperation<{ clashRevokeVote: ClashVoting }, { challengeId: number }>(
  `mutation ClashRevokeVote($challengeId: Int!) { clashRevokeVote(challengeId: $challengeId) { ${clashVotingFields} } }`,
);

// ---------------------------------------------------------------------------------------------------------------
// Spinwheel and loyalty

export const SPINWHEEL_TYPES = ['default', 'goldrausch'] as const;
export type SpinwheelType = (typeof SPINWHEEL_TYPES)[number];
export const SPINWHEEL_REWARD_TYPES = [
  'bonusCode',
  'bonus',
  'ontop',
  'video',
  'liveshow',
  'ticketshow',
  'vipBonus',
  'vipAbo',
  'chatRoses',
  'merch',
  'messengerGift',
  'photoAlbum',
  'videoVoucher',
  'freeSpins',
  'freeMessages',
  'blank',
  'freePreview',
] as const;
export type SpinwheelRewardType = (typeof SPINWHEEL_REWARD_TYPES)[number];
export const spinwheelSegment = z.object({
  id: z.number().int(),
  rewardType: z.enum(SPINWHEEL_REWARD_TYPES),
  value: z.number().int(),
  label: z.string(),
});
export const monthlyReward = z.object({
  id: z.number().int(),
  type: z.enum(SPINWHEEL_REWARD_TYPES),
  requiredPoints: z.number().int(),
  value: z.number().int(),
  isRedeemed: z.boolean(),
  isRedeemable: z.boolean(),
});
export const spinwheel = z.object({
  type: z.enum(SPINWHEEL_TYPES),
  segments: z.array(spinwheelSegment),
  monthlyRewards: z.array(monthlyReward),
  /** The guest's own state; null for an anonymous visitor. */
  guest: z.object({ points: z.number().int(), spins: z.number().int() }).nullable(),
});
export type Spinwheel = z.infer<typeof spinwheel>;

/**
 * Loyalty points are earned by spending coins (on videos, shows, tips, paid messages): this many points per coin
 * spent in the current Berlin calendar month. They unlock that month's rewards, each redeemable once a month.
 */
export const LOYALTY_POINTS_PER_COIN = 10;

/** What a spin won or a redeemed reward gave, and the guest's spins and points after it. */
export const loyaltyGrant = z.object({
  /** The wheel's segment the spin stopped on; null for a redeemed monthly reward. */
  segmentId: z.number().int().nullable(),
  rewardType: z.enum(SPINWHEEL_REWARD_TYPES),
  value: z.number().int(),
  label: z.string(),
  spins: z.number().int(),
  points: z.number().int(),
});
export type LoyaltyGrant = z.infer<typeof loyaltyGrant>;

export const loyaltyHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['spin', 'monthlyReward']),
  wheelType: z.enum(SPINWHEEL_TYPES),
  rewardType: z.enum(SPINWHEEL_REWARD_TYPES),
  value: z.number().int(),
  label: z.string(),
  at: z.string(),
});
export type LoyaltyHistoryEntry = z.infer<typeof loyaltyHistoryEntry>;

const loyaltyGrantFields = 'segmentId rewardType value label spins points';
/** Spins the wheel of a type with one of the guest's spins; the server decides the prize and grants it. */
export const spinMutation = defineOperation<{ spin: LoyaltyGrant }, { type?: string; language?: string }>(
  `mutation Spin($type: String, $language: String) { spin(type: $type, language: $language) { ${loyaltyGrantFields} } }`,
);
export const redeemLoyaltyRewardMutation = defineOperation<
  { redeemLoyaltyReward: LoyaltyGrant },
  { id: number; language?: string }
>(
  `mutation RedeemLoyaltyReward($id: Int!, $language: String) { redeemLoyaltyReward(id: $id, language: $language) { ${loyaltyGrantFields} } }`,
);
export const loyaltyRewardHistoryQuery = defineOperation<
  { loyaltyRewardHistory: LoyaltyHistoryEntry[] },
  { language?: string }
>(
  `query LoyaltyRewardHistory($language: String) { loyaltyRewardHistory(language: $language) { id kind wheelType rewardType value label at } }`,
);

export const spinwheelQuery = defineOperation<{ spinwheel: Spinwheel }, { type?: string; language?: string }>(
  `query Spinwheel($type: String, $language: String) { spinwheel(type: $type, language: $language) { type
    segments { id rewardType value label } monthlyRewards { id type requiredPoints value isRedeemed isRedeemable }
    guest { points spins } } }`,
);

// ---------------------------------------------------------------------------------------------------------------
// REST

export const specialsEndpoints = {
  contestHeader: defineEndpoint({
    method: 'GET',
    path: '/contests/:contestId/getHeader',
    schemas: () => ({ params: z.object({ contestId }), query: languageQuery, response: contestHeader }),
  }),
  contestGridItems: defineEndpoint({
    method: 'GET',
    path: '/contests/getContestGridItems/:contestId/:contestSub/:limit/:offset',
    schemas: () => ({
      params: z.object({
        contestId,
        contestSub: z.enum(CONTEST_SUBS),
        limit: dbIntParam(1, 100),
        offset: dbIntParam(0),
      }),
      query: languageQuery.extend({ actorName: z.string().max(60).optional() }),
      response: contestGrid,
    }),
  }),
  contestGuestData: defineEndpoint({
    method: 'GET',
    path: '/contests/getContestGuestData/:contestId',
    needsGuest: true,
    schemas: () => ({ params: z.object({ contestId }), response: contestGuestData }),
  }),
  contest: defineEndpoint({
    method: 'GET',
    path: '/contests/:contestId',
    schemas: () => ({ params: z.object({ contestId }), query: languageQuery, response: contestDetail }),
  }),
  contestTopList: defineEndpoint({
    method: 'GET',
    path: '/contests/:contestId/topList',
    schemas: () => ({ params: z.object({ contestId }), query: languageQuery, response: contestGrid }),
  }),
  /** One performer's entries in a contest, each with its place by votes. */
  contestActor: defineEndpoint({
    method: 'GET',
    path: '/contests/:contestId/actor/:actorId',
    schemas: () => ({ params: z.object({ contestId, actorId: idParam }), query: languageQuery, response: contestGrid }),
  }),
  addContestMediaVoting: defineEndpoint({
    method: 'POST',
    path: '/contests/addContestMediaVoting',
    needsGuest: true,
    schemas: () => ({ body: contestVoteInput, response: contestVoteResult }),
  }),
  /** Withdraws one of the guest's votes on the entry while the contest runs. */
  deleteContestMediaVoting: defineEndpoint({
    method: 'POST',
    path: '/contests/deleteContestMediaVoting',
    needsGuest: true,
    schemas: () => ({ body: contestVoteInput, response: contestVoteResult }),
  }),
  /** An operator names (or, with null, withdraws) the jury's winner of a clash challenge. */
  clashWinner: defineEndpoint({
    method: 'POST',
    path: '/clash/challenges/:challengeId/winner',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ challengeId: idParam }),
      body: z.object({ teamId: dbId.nullable() }),
      response: clashChallenge,
    }),
  }),
  blogCategories: defineEndpoint({
    method: 'GET',
    path: '/blog/categories',
    schemas: () => ({ response: z.object({ categories: z.array(blogCategory) }) }),
  }),
  blogPosts: defineEndpoint({
    method: 'GET',
    path: '/blog/posts/:categoryId/:payload',
    schemas: () => ({
      /** categoryId: a category id or alias; payload: encodeBlogPostsPayload(...). */
      params: z.object({ categoryId: blogCategorySegment, payload: z.string().max(2000) }),
      query: languageQuery,
      response: pageOf(blogPostTeaser),
    }),
  }),
  blogArchives: defineEndpoint({
    method: 'GET',
    path: '/blog/archives/:category',
    schemas: () => ({
      params: z.object({ category: blogCategorySegment }),
      query: languageQuery.extend({
        page: dbIntParam(1).default(1),
        pageSize: dbIntParam(1, 50).default(BLOG_ARCHIVE_PAGE_SIZE),
        year: dbIntParam(2000, 2100).optional(),
      }),
      response: blogArchive,
    }),
  }),
  /** Performers by id, for the actor boxes of blog posts; payload: encodeBlogActorsPayload([...ids]). */
  blogActors: defineEndpoint({
    method: 'GET',
    path: '/blog/actors/:payload',
    schemas: () => ({
      params: z.object({ payload: z.string().max(2000) }),
      response: z.object({ actors: z.array(blogActor) }),
    }),
  }),
  blogArticle: defineEndpoint({
    method: 'GET',
    path: '/blog/article/:slug',
    schemas: () => ({
      params: z.object({ slug: z.string().min(1).max(200) }),
      query: languageQuery,
      response: blogArticle,
    }),
  }),
  specialEvents: defineEndpoint({
    method: 'GET',
    path: '/special/get/events',
    schemas: () => ({ query: languageQuery, response: z.object({ events: z.array(specialEvent) }) }),
  }),
  magazinePages: defineEndpoint({
    method: 'GET',
    path: '/special/magazines',
    schemas: () => ({ query: languageQuery, response: z.object({ pages: z.array(magazinePage) }) }),
  }),
  magazinePage: defineEndpoint({
    method: 'GET',
    path: '/special/magazines/:page',
    schemas: () => ({
      params: z.object({ page: z.string().min(1).max(60) }),
      query: languageQuery,
      response: magazinePage,
    }),
  }),
  randomMagazinePage: defineEndpoint({
    method: 'GET',
    path: '/special/magazines/random/:excludeId',
    schemas: () => ({ params: z.object({ excludeId: dbIntParam(0) }), query: languageQuery, response: magazinePage }),
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Structured-query schema of the domain (the server's SDL)

export const specialsSdl = /* GraphQL */ `
  type DailyBonusCondition {
    name: String!
    value: String!
  }
  type DailyBonusEffect {
    name: String!
    value: Float!
    unit: String!
    code: String
  }
  type DailyBonusContent {
    type: String!
    id: Int
    title: String!
    imageUrl: String!
  }
  type DailyBonusPrice {
    value: Int!
    currency: String!
  }
  type DailyBonusOffer {
    id: Int!
    date: String!
    offer: String!
    title: String!
    description: String!
    imageUrl: String!
    conditions: [DailyBonusCondition!]!
    effect: DailyBonusEffect!
    quantity: Int!
    purchased: Int!
    free: Boolean!
    content: DailyBonusContent
    dailyBonusPrice: DailyBonusPrice
  }
  type DailyBonusModel {
    id: Int!
    name: String!
    displayName: String!
    avatarUrl: String!
    isOnline: Boolean!
  }
  type DailyBonusDay {
    date: String!
    offers: [DailyBonusOffer!]!
    bonusModels: [DailyBonusModel!]!
  }
  type DailyBonus {
    timeZone: String!
    today: String!
    endsAt: String!
    days: [DailyBonusDay!]!
    consumedOffers: [Int!]!
  }

  type Contest {
    id: Int!
    type: String!
    title: String!
    description: String!
    previewUrl: String!
    start: String!
    end: String!
    isActive: Boolean!
    entryCount: Int!
  }

  type ClashPerson {
    id: Int!
    name: String!
    displayName: String!
    online: Boolean
    avatarUrl: String!
    age: Int!
  }
  type ClashTeam {
    id: Int!
    name: String!
    points: Int!
    teamCaptain: ClashPerson!
    member: [ClashPerson!]!
  }
  type ClashMedia {
    type: String!
    src: String!
    srcH5Live: String
    previewPicture: String!
    mediaId: Int!
    actorIds: [Int!]!
  }
  type ClashVotes {
    teamId: Int!
    votes: Int!
    hasVoted: Boolean!
  }
  type ClashChallengeTeam {
    id: Int!
    votes: ClashVotes!
    media: [ClashMedia!]!
  }
  type ClashModerator {
    name: String!
    previewPicture: String!
  }
  type ClashChallenge {
    id: Int!
    name: String!
    type: String!
    start: String!
    end: String!
    clashId: Int!
    title: String!
    subTitle: String!
    description: String!
    previewPicture: String!
    winnerAdmin: Int
    winnerVoting: Int
    winner: Int
    votable: Boolean!
    moderator: ClashModerator!
    teams: [ClashChallengeTeam!]!
  }
  type Clash {
    id: Int!
    name: String!
    start: String!
    end: String!
    themeId: Int!
    teams: [ClashTeam!]!
    challenges: [ClashChallenge!]!
  }

  type SpinwheelSegment {
    id: Int!
    rewardType: String!
    value: Int!
    label: String!
  }
  type MonthlyReward {
    id: Int!
    type: String!
    requiredPoints: Int!
    value: Int!
    isRedeemed: Boolean!
    isRedeemable: Boolean!
  }
  type SpinwheelGuest {
    points: Int!
    spins: Int!
  }
  type Spinwheel {
    type: String!
    segments: [SpinwheelSegment!]!
    monthlyRewards: [MonthlyReward!]!
    guest: SpinwheelGuest
  }

  type ClashVoting {
    challengeId: Int!
    votes: [ClashVotes!]!
  }

  type LoyaltyGrant {
    segmentId: Int
    rewardType: String!
    value: Int!
    label: String!
    spins: Int!
    points: Int!
  }
  type LoyaltyHistoryEntry {
    id: Int!
    kind: String!
    wheelType: String!
    rewardType: String!
    value: Int!
    label: String!
    at: String!
  }

  extend type Mutation {
    spin(type: String, language: String): LoyaltyGrant!
    redeemLoyaltyReward(id: Int!, language: String): LoyaltyGrant!
    clashAddVote(challengeId: Int!, teamId: Int!): ClashVoting!
    clashRevokeVote(challengeId: Int!): ClashVoting!
  }

  extend type Query {
    dailyBonus(language: String): DailyBonus!
    contests(language: String): [Contest!]!
    clash(id: Int, language: String): Clash
    spinwheel(type: String, language: String): Spinwheel!
    loyaltyRewardHistory(language: String): [LoyaltyHistoryEntry!]!
  }
`;

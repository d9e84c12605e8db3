import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { dbIntParam, idParam } from '../input';
import { LANGUAGES } from '../routes';
import { SPINWHEEL_REWARD_TYPES, dailyBonusOfferType, specialEvent, type SpecialEventGameType } from './specials';

/**
 * Games of the special events, their rewards and the advent calendar. Every reward, whatever gave it, is granted by
 * the server's one reward engine; a day is the Berlin calendar day (it ends at 23:59:59 Europe/Berlin).
 */

/** Every reward type of the product: the wheel's, the games' and the advent calendar's. */
export const REWARD_TYPES = SPINWHEEL_REWARD_TYPES;
export type RewardType = (typeof REWARD_TYPES)[number];

/** What a reward gives: its type and amount (coins, spins, messages, days; a video's or album's id for those). */
export const reward = z.object({
  type: z.enum(REWARD_TYPES),
  value: z.number().int(),
  /** The video or album a media reward put into the library: its title. */
  title: z.string().nullable(),
});
export type Reward = z.infer<typeof reward>;

/** A reward granted to the guest, with where it came from (a game's event id, or the advent calendar). */
export const gainedReward = reward.extend({
  id: z.number().int(),
  source: z.string(),
  points: z.number().int(),
  at: z.string(),
});
export type GainedReward = z.infer<typeof gainedReward>;

/** Attempts and points of one day of a game (`day` 1 is its first Berlin day). */
export const gameDayConfig = z.object({
  day: z.number().int().min(1),
  dailyAttempts: z.number().int().min(0),
  pointsPerAttempt: z.number().int().min(0),
});
export type GameDayConfig = z.infer<typeof gameDayConfig>;

/** A game's config: its event, its days and the rewards an attempt can win (how likely, in per cent). */
export const gameConfig = specialEvent.extend({
  gameCategory: z.enum(['reels', 'box', 'targets', 'choice']),
  dayConfigs: z.array(gameDayConfig),
  rewards: z.array(reward.extend({ chance: z.number().int().min(0).max(100) })),
});
export type GameConfig = z.infer<typeof gameConfig>;

/** How each game is played: reels that spin, a box to open, targets to hit, or a choice of two. */
export const GAME_CATEGORIES: Record<SpecialEventGameType, GameConfig['gameCategory']> = {
  slotmachine: 'reels',
  rewardBox: 'box',
  wiesnBude: 'box',
  halloween: 'box',
  kickIt: 'targets',
  wiesnShooting: 'targets',
  wetAndWild: 'targets',
  venusAttacks: 'targets',
  gaudi: 'targets',
  cumOn: 'targets',
  vrPorn: 'box',
  spitOrSwallow: 'choice',
};

/** The guest's standing in a game: what she won, her points, and the attempts she has left today. */
export const gameGuestInfo = z.object({
  gainedRewards: z.array(gainedReward),
  points: z.number().int(),
  attemptsLeftToday: z.number().int(),
});
export type GameGuestInfo = z.infer<typeof gameGuestInfo>;

/** The answer of an attempt: the reward drawn on the server, or the reason there was none (`errorMessage`). */
export const attemptResult = z.object({
  success: z.boolean(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  reward: reward.nullable(),
  points: z.number().int(),
  attemptsLeftToday: z.number().int(),
});
export type AttemptResult = z.infer<typeof attemptResult>;

/** The REST path segment of each game's getReward route. */
export const GAME_REWARD_PATHS: Record<SpecialEventGameType, string> = {
  slotmachine: 'slotmachine',
  halloween: 'halloween',
  rewardBox: 'reward-box',
  wiesnShooting: 'wiesn-shooting',
  wetAndWild: 'wet-and-wild',
  wiesnBude: 'wiesn-bude',
  kickIt: 'kickIt',
  venusAttacks: 'venus-attacks',
  gaudi: 'gaudi',
  cumOn: 'cum-on',
  vrPorn: 'vr-porn',
  spitOrSwallow: 'spit-or-swallow',
};

/** The advent calendar: 24 doors, one a Berlin day from `firstDay`; a door opens on its day only. */
export const ADVENT_DOORS = 24;
export const adventDoor = z.object({
  door: z.number().int().min(1).max(ADVENT_DOORS),
  /** Its Berlin day, YYYY-MM-DD. */
  date: z.string(),
  state: z.enum(['locked', 'open', 'opened', 'missed']),
  /** What it held: shown once it is opened. */
  reward: reward.nullable(),
});
export type AdventDoor = z.infer<typeof adventDoor>;
export const adventCalendar = z.object({
  firstDay: z.string(),
  today: z.string(),
  doors: z.array(adventDoor),
});
export type AdventCalendar = z.infer<typeof adventCalendar>;

const languageQuery = z.object({ language: z.enum(LANGUAGES).optional() });

/**
 * A daily-bonus offer the guest took (bought or claimed) on its Berlin day: what it gave, through the reward engine
 * (a video or album into her library, bonus coins, VIP days, a voucher, merchandise to be sent).
 */
export const dailyBonusClaim = z.object({
  offerId: z.number().int(),
  offer: dailyBonusOfferType,
  date: z.string(),
  claimedAt: z.string(),
  /** Hundredths of a coin the offer cost (0 for a free one or one its condition earned). */
  paid: z.number().int(),
  reward,
});
export type DailyBonusClaim = z.infer<typeof dailyBonusClaim>;

export const gamesEndpoints = {
  /** Takes today's daily-bonus offer: pays its price or checks its condition, then grants its effect once. */
  claimDailyBonus: defineEndpoint({
    method: 'POST',
    path: '/special/dailybonus/:offerId/claim',
    needsGuest: true,
    schemas: () => ({ params: z.object({ offerId: idParam }), response: dailyBonusClaim }),
  }),
  /** The daily-bonus offers the guest has taken (consumed), newest first. */
  consumedDailyBonus: defineEndpoint({
    method: 'GET',
    path: '/special/dailybonus/consumed',
    needsGuest: true,
    schemas: () => ({ response: z.object({ claims: z.array(dailyBonusClaim) }) }),
  }),
  /** The guest's gained rewards, points and attempts left today in one game (qmdate: the client's date, unused). */
  gameReward: defineEndpoint({
    method: 'GET',
    path: '/special/:game/getReward/:eventId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ game: z.string().max(40), eventId: idParam }),
      query: z.object({ qmdate: z.string().max(40).optional(), language: z.enum(LANGUAGES).optional() }),
      response: gameGuestInfo,
    }),
  }),
  /** The advent calendar with the caller's doors (all locked or open for a visitor). */
  adventCalendar: defineEndpoint({
    method: 'GET',
    path: '/special/adventcalendar',
    schemas: () => ({ query: languageQuery, response: adventCalendar }),
  }),
  /** Opens today's door and grants its reward once; any other door is refused. */
  openAdventDoor: defineEndpoint({
    method: 'POST',
    path: '/special/adventcalendar/:door',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ door: dbIntParam(1, ADVENT_DOORS) }),
      query: languageQuery,
      response: adventDoor,
    }),
  }),
  /** Everything the guest won through the reward engine (games, advent calendar, wheel), newest first. */
  gainedRewards: defineEndpoint({
    method: 'GET',
    path: '/special/rewards',
    needsGuest: true,
    schemas: () => ({ query: languageQuery, response: z.object({ rewards: z.array(gainedReward) }) }),
  }),
};

const rewardFields = 'type value title';
export const gameConfigQuery = defineOperation<
  { gameConfig: GameConfig | null },
  { eventId: number; language?: string }
>(
  `query GameConfig($eventId: Int!, $language: String) { gameConfig(eventId: $eventId, language: $language) {
    id slug gameType gameCategory name description imageUrl startDate endDate hasStarted hasEnded dailyAttempts
    dayConfigs { day dailyAttempts pointsPerAttempt } rewards { ${rewardFields} chance } } }`,
);
/** Plays one attempt: the server takes it, draws the reward and grants it; out of attempts answers errorMessage. */
export const useAttemptMutation = defineOperation<
  { useAttempt: AttemptResult },
  { eventId: number; language?: string }
>(
  `mutation UseAttempt($eventId: Int!, $language: String) { useAttempt(eventId: $eventId, language: $language) {
    success errorCode errorMessage reward { ${rewardFields} } points attemptsLeftToday } }`,
);

export const gamesSdl = /* GraphQL */ `
  type Reward {
    type: String!
    value: Int!
    title: String
  }
  type GameReward {
    type: String!
    value: Int!
    title: String
    chance: Int!
  }
  type GameDayConfig {
    day: Int!
    dailyAttempts: Int!
    pointsPerAttempt: Int!
  }
  type GameConfig {
    id: Int!
    slug: String!
    gameType: String!
    gameCategory: String!
    name: String!
    description: String!
    imageUrl: String!
    startDate: String!
    endDate: String!
    hasStarted: Boolean!
    hasEnded: Boolean!
    dailyAttempts: Int!
    dayConfigs: [GameDayConfig!]!
    rewards: [GameReward!]!
  }
  type AttemptResult {
    success: Boolean!
    errorCode: String
    errorMessage: String
    reward: Reward
    points: Int!
    attemptsLeftToday: Int!
  }
  extend type Query {
    gameConfig(eventId: Int!, language: String): GameConfig
  }
  extend type Mutation {
    useAttempt(eventId: Int!, language: String): AttemptResult!
  }
`;

import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { dbIntParam, idParam } from '../input';
import { LANGUAGES } from '../routes';
import { REWARD_TYPES, adventDoor, gainedReward, reward } from './games';

/**
 * Calendar events beside the games: the Easter egg hunt (eggs hidden on the site's pages, each collected with a
 * token the server issued to the guest for that egg) and the user-activity event (points for what a guest does on
 * the site, within daily limits, with challenges). Both grant their rewards through the server's reward engine,
 * claimed by the guest until the event's `rewardClaimEnd`.
 */

export const EVENT_TYPES = ['easter', 'userActivity'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A reward of an event, with what unlocks it and whether the guest claimed it. */
const eventRewardBase = z.object({
  id: z.number().int(),
  type: z.enum(REWARD_TYPES),
  value: z.number().int(),
  /** Its text for the guest's language. */
  info: z.string(),
  /** Whether the guest has claimed it (false for a visitor). */
  redeemed: z.boolean(),
  /** Whether the guest may claim it now: unlocked, not claimed, before `rewardClaimEnd`. */
  claimable: z.boolean(),
});

export const easterReward = eventRewardBase.extend({
  requiredEggs: z.number().int().min(1),
  /** A surprise: its type and value are shown once it is claimed. */
  hidden: z.boolean(),
  /** The value is the most it gives ("up to"). */
  isUpTo: z.boolean(),
});
export type EasterReward = z.infer<typeof easterReward>;

const eventBase = z.object({
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  /** Rewards may be claimed until then (after the event's end). */
  rewardClaimEnd: z.string(),
  hasStarted: z.boolean(),
  hasEnded: z.boolean(),
  /** What the guest claimed in this event, newest first. */
  history: z.array(gainedReward),
});

export const easterEvent = eventBase.extend({
  eventType: z.literal('easter'),
  collectedEggs: z.number().int(),
  totalEggs: z.number().int(),
  rewards: z.array(easterReward),
});
export type EasterEvent = z.infer<typeof easterEvent>;

export const userActivity = z.object({
  id: z.number().int(),
  /** What the guest does: a vote, a game attempt, an opened door, a found egg, a spin. */
  key: z.string(),
  name: z.string(),
  points: z.number().int(),
  /** Extra points a VIP member gets for it. */
  vipBonus: z.number().int(),
  /** How often it counts on one Berlin day. */
  limitPerDay: z.number().int(),
  /** How often it counted today for the guest. */
  doneToday: z.number().int(),
  faqTitle: z.string(),
  faqLink: z.string(),
});
export type UserActivity = z.infer<typeof userActivity>;

export const userActivityChallenge = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Points it gives once the guest reaches `target` of its activity in the event. */
  points: z.number().int(),
  activityKey: z.string(),
  target: z.number().int(),
  fullfilled: z.boolean(),
  /** When she fulfilled it. */
  date: z.string().nullable(),
  link: z.string(),
});

export const userActivityReward = eventRewardBase.extend({ requiredPoints: z.number().int().min(1) });

export const userActivityEvent = eventBase.extend({
  eventType: z.literal('userActivity'),
  points: z.number().int(),
  activities: z.array(userActivity),
  challenges: z.array(userActivityChallenge),
  rewards: z.array(userActivityReward),
});
export type UserActivityEvent = z.infer<typeof userActivityEvent>;

export const eventData = z.discriminatedUnion('eventType', [easterEvent, userActivityEvent]);
export type EventData = z.infer<typeof eventData>;

/** Places on a page an egg can hide in (the widget lays them out). */
export const EASTER_EGG_SPOTS = 6;
/** An egg hidden on a page: where on it (`spot`), and for a logged-in guest the token she collects it with. */
export const easterEgg = z.object({
  id: z.number().int(),
  spot: z.number().int().min(1).max(EASTER_EGG_SPOTS),
  token: z.string().nullable(),
});
export type EasterEgg = z.infer<typeof easterEgg>;

export const collectedEgg = z.object({
  eggId: z.number().int(),
  collectedEggs: z.number().int(),
  totalEggs: z.number().int(),
});
export type CollectedEgg = z.infer<typeof collectedEgg>;

/** A day of a performer's gift calendar: its Berlin day, its state for the guest and, once claimed, its gift. */
export const giftCalendarDay = adventDoor.omit({ door: true });
export type GiftCalendarDay = z.infer<typeof giftCalendarDay>;
export const actorGiftCalendar = z.object({
  actorId: z.number().int(),
  today: z.string(),
  days: z.array(giftCalendarDay),
});
export type ActorGiftCalendar = z.infer<typeof actorGiftCalendar>;
/** A performer's gift calendar as the calendars page lists it: with her name and profile link. */
export const performerGiftCalendar = actorGiftCalendar.extend({
  actorName: z.string(),
  /** Route args of her profile: router.href('actorProfile', { actorName: link }). */
  link: z.string(),
});
export type PerformerGiftCalendar = z.infer<typeof performerGiftCalendar>;
/** The most gift calendars the calendars page lists (those running or coming first). */
export const GIFT_CALENDARS_LISTED = 12;

/** Claims the gift of a performer's calendar day (`qmday`, YYYY-MM-DD) on that Berlin day, once. */
export const claimActorGiftCalendarRewardMutation = defineOperation<
  { claimActorGiftCalendarReward: GiftCalendarDay },
  { actorId: number; qmday: string }
>(
  `mutation ClaimActorGiftCalendarReward($actorId: Int!, $qmday: String!) {
    claimActorGiftCalendarReward(actorId: $actorId, qmday: $qmday) { date state reward { type value title } } }`,
);

/** A claimed reward of the user-activity event: what it gave (a second claim answers the first grant). */
export const claimedActivityReward = z.object({
  eventId: z.number().int(),
  rewardId: z.number().int(),
  redeemed: z.literal(true),
  /** The guest's points in the event. */
  points: z.number().int(),
  reward,
});
export type ClaimedActivityReward = z.infer<typeof claimedActivityReward>;

/**
 * Claims a reward of the user-activity event `eventId` whose points the guest reached, until its `rewardClaimEnd`;
 * granted once by the reward engine, however often it is claimed.
 */
export const claimUserActivityRewardMutation = defineOperation<
  { claimUserActivityReward: ClaimedActivityReward },
  { eventId: number; rewardId: number }
>(
  `mutation ClaimUserActivityReward($eventId: Int!, $rewardId: Int!) {
    claimUserActivityReward(eventId: $eventId, rewardId: $rewardId) {
      eventId rewardId redeemed points reward { type value title } } }`,
);

export const eventsSdl = /* GraphQL */ `
  type ClaimedActivityReward {
    eventId: Int!
    rewardId: Int!
    redeemed: Boolean!
    points: Int!
    reward: Reward!
  }
  type GiftCalendarDay {
    date: String!
    state: String!
    reward: Reward
  }
  extend type Mutation {
    claimActorGiftCalendarReward(actorId: Int!, qmday: String!): GiftCalendarDay!
    claimUserActivityReward(eventId: Int!, rewardId: Int!): ClaimedActivityReward!
  }
`;

const languageQuery = z.object({ language: z.enum(LANGUAGES).optional() });
/** The client's date (qmdate) is accepted and unused: the server's clock decides. */
const qmdate = z.string().max(40).optional();

export const eventsEndpoints = {
  /** The running (or latest) event of a type, with the caller's progress, rewards and history. */
  eventData: defineEndpoint({
    method: 'GET',
    path: '/special/getData/:eventType',
    schemas: () => ({
      params: z.object({ eventType: z.enum(EVENT_TYPES) }),
      query: languageQuery.extend({ qmdate }),
      response: eventData,
    }),
  }),
  /** The eggs of the running Easter event hidden on a page (a route name) that the caller has not found yet. */
  easterEggs: defineEndpoint({
    method: 'GET',
    path: '/special/easter/eggs/:page',
    schemas: () => ({
      params: z.object({
        page: z
          .string()
          .regex(/^[a-zA-Z][a-zA-Z0-9]*$/)
          .max(60),
      }),
      response: z.object({ eggs: z.array(easterEgg) }),
    }),
  }),
  /** Collects an egg with the token the server issued for it; once per egg and guest. */
  collectEgg: defineEndpoint({
    method: 'POST',
    path: '/special/easter/collectEgg',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ verificationToken: z.string().min(1).max(100), qmdate }),
      response: collectedEgg,
    }),
  }),
  /** A performer's gift calendar with the caller's claimed days. */
  actorGiftCalendar: defineEndpoint({
    method: 'GET',
    path: '/special/giftCalendar/:actorId',
    schemas: () => ({ params: z.object({ actorId: idParam }), response: actorGiftCalendar }),
  }),
  /** The gift calendars not over yet (at most GIFT_CALENDARS_LISTED), with the caller's claimed days. */
  giftCalendars: defineEndpoint({
    method: 'GET',
    path: '/special/giftCalendars',
    schemas: () => ({ response: z.object({ calendars: z.array(performerGiftCalendar) }) }),
  }),
  /** Claims an unlocked reward of an event until its `rewardClaimEnd`; answers the event after the claim. */
  claimEventReward: defineEndpoint({
    method: 'POST',
    path: '/special/getData/:eventType/rewards/:rewardId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ eventType: z.enum(EVENT_TYPES), rewardId: dbIntParam(1) }),
      query: languageQuery,
      response: eventData,
    }),
  }),
};

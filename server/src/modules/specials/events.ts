import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  dateInZone,
  type ClaimedActivityReward,
  type CollectedEgg,
  type EasterEgg,
  type EasterEvent,
  type EventData,
  type EventType,
  type Language,
  type UserActivityEvent,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isVipGuest } from '../auth/guests';
import { grantReward, toGainedReward, type Granted } from './rewards';
import {
  activityChallenges,
  activityDays,
  activityDefinitions,
  calendarEvents,
  easterEggs,
  easterTokens,
  rewardGrants,
  type EventRewardRow,
} from './schema';
import { localize } from './service';

type EventRow = typeof calendarEvents.$inferSelect;

/** A reward of an event is claimed under this name, so it is granted once per guest. */
const eventSource = (event: EventRow) => `${event.eventType}:${event.id}`;
const rewardClaim = (event: EventRow, reward: EventRewardRow) => `${eventSource(event)}:${reward.id}`;
const running = (event: EventRow, now: Date) => event.start <= now && now < event.end;

/**
 * The event of a type a guest sees now: the one running, else the one whose rewards can still be claimed, else the
 * next to come, else the last one.
 */
async function currentEvent(db: Database, eventType: EventType, now: Date): Promise<EventRow | null> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.eventType, eventType))
    .orderBy(asc(calendarEvents.start));
  return (
    rows.find((row) => running(row, now)) ??
    rows.find((row) => row.start <= now && now < row.rewardClaimEnd) ??
    rows.find((row) => now < row.start) ??
    rows.at(-1) ??
    null
  );
}

async function eventOrThrow(db: Database, eventType: EventType, now: Date): Promise<EventRow> {
  const event = await currentEvent(db, eventType, now);
  if (!event) throw new HttpError(404, 'NOT_FOUND', `No ${eventType} event`);
  return event;
}

/** What the guest claimed in an event, newest first, and the claims themselves. */
async function claimedRewards(db: Database, event: EventRow, guestId: string | null) {
  const rows = guestId
    ? await db
        .select()
        .from(rewardGrants)
        .where(and(eq(rewardGrants.guestId, guestId), eq(rewardGrants.source, eventSource(event))))
        .orderBy(desc(rewardGrants.createdAt), desc(rewardGrants.id))
    : [];
  return { history: rows.map(toGainedReward), claims: new Set(rows.map((row) => row.claim)) };
}

/** The rewards of an event for a guest who reached `progress` (eggs or points), each claimed or claimable. */
function rewardStates(event: EventRow, progress: number, claimed: Set<string>, loggedIn: boolean, now: Date) {
  const open = loggedIn && event.start <= now && now < event.rewardClaimEnd;
  return event.rewards.map((reward) => {
    const redeemed = claimed.has(rewardClaim(event, reward));
    return { reward, redeemed, claimable: open && !redeemed && progress >= reward.required };
  });
}

function eventBase(event: EventRow, now: Date, language: Language | undefined) {
  return {
    id: event.id,
    name: localize(event.name, language),
    start: event.start.toISOString(),
    end: event.end.toISOString(),
    rewardClaimEnd: event.rewardClaimEnd.toISOString(),
    hasStarted: event.start <= now,
    hasEnded: event.end <= now,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Easter

async function eggCounts(db: Database, event: EventRow, guestId: string | null) {
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(easterEggs)
    .where(eq(easterEggs.eventId, event.id));
  if (!guestId) return { collected: 0, total: total?.count ?? 0 };
  const [found] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(easterTokens)
    .where(
      and(eq(easterTokens.guestId, guestId), eq(easterTokens.eventId, event.id), isNotNull(easterTokens.collectedAt)),
    );
  return { collected: found?.count ?? 0, total: total?.count ?? 0 };
}

async function easterData(
  db: Database,
  event: EventRow,
  guestId: string | null,
  now: Date,
  language: Language | undefined,
): Promise<EasterEvent> {
  const [counts, { history, claims }] = await Promise.all([
    eggCounts(db, event, guestId),
    claimedRewards(db, event, guestId),
  ]);
  return {
    eventType: 'easter',
    ...eventBase(event, now, language),
    collectedEggs: counts.collected,
    totalEggs: counts.total,
    rewards: rewardStates(event, counts.collected, claims, guestId !== null, now).map(
      ({ reward, redeemed, claimable }) => ({
        id: reward.id,
        // A surprise keeps its prize to itself until it is claimed.
        type: reward.hidden && !redeemed ? 'blank' : reward.type,
        value: reward.hidden && !redeemed ? 0 : reward.value,
        info: localize(reward.info, language),
        requiredEggs: reward.required,
        hidden: reward.hidden ?? false,
        isUpTo: reward.isUpTo ?? false,
        redeemed,
        claimable,
      }),
    ),
    history,
  };
}

/**
 * The eggs of the running Easter event on a page that the guest has not found yet. A logged-in guest gets the token
 * she collects each with: one per egg and guest, issued once (a second visit gets the same token); a visitor gets
 * the eggs alone.
 */
export async function eggsOnPage(
  db: Database,
  options: { page: string; guestId: string | null; now: Date },
): Promise<EasterEgg[]> {
  const event = await currentEvent(db, 'easter', options.now);
  if (!event || !running(event, options.now)) return [];
  const eggs = await db
    .select()
    .from(easterEggs)
    .where(and(eq(easterEggs.eventId, event.id), eq(easterEggs.page, options.page)))
    .orderBy(asc(easterEggs.id));
  const { guestId } = options;
  if (!guestId || eggs.length === 0) return eggs.map((egg) => ({ id: egg.id, spot: egg.spot, token: null }));
  await db
    .insert(easterTokens)
    .values(
      eggs.map((egg) => ({
        token: randomBytes(24).toString('base64url'),
        eggId: egg.id,
        eventId: event.id,
        guestId,
        issuedAt: options.now,
      })),
    )
    .onConflictDoNothing();
  const tokens = await db
    .select()
    .from(easterTokens)
    .where(and(eq(easterTokens.guestId, guestId), eq(easterTokens.eventId, event.id)));
  const byEgg = new Map(tokens.map((token) => [token.eggId, token]));
  return eggs.flatMap((egg) => {
    const token = byEgg.get(egg.id);
    return token && !token.collectedAt ? [{ id: egg.id, spot: egg.spot, token: token.token }] : [];
  });
}

/**
 * Collects an egg with the token the server issued the guest for it. One guarded update marks the token collected,
 * so of parallel collects exactly one finds it uncollected; a token that is not hers (forged, another guest's) is
 * 400 EGG_TOKEN_INVALID, one collected before 409 EGG_ALREADY_COLLECTED, and outside the event 409
 * EVENT_NOT_RUNNING. A found egg also counts as the guest's activity.
 */
export async function collectEgg(
  db: Database,
  options: { guestId: string; token: string; now: Date },
): Promise<CollectedEgg> {
  const { guestId, token, now } = options;
  const [issued] = await db
    .select({ eventId: easterTokens.eventId, collectedAt: easterTokens.collectedAt, event: calendarEvents })
    .from(easterTokens)
    .innerJoin(calendarEvents, eq(calendarEvents.id, easterTokens.eventId))
    .where(and(eq(easterTokens.token, token), eq(easterTokens.guestId, guestId)));
  if (!issued) throw new HttpError(400, 'EGG_TOKEN_INVALID', 'This egg token was not issued to you');
  if (issued.collectedAt) throw new HttpError(409, 'EGG_ALREADY_COLLECTED', 'You found this egg before');
  if (!running(issued.event, now)) throw new HttpError(409, 'EVENT_NOT_RUNNING', 'The Easter egg hunt is over');
  const [collected] = await db
    .update(easterTokens)
    .set({ collectedAt: now })
    .where(
      and(eq(easterTokens.token, token), eq(easterTokens.guestId, guestId), sql`${easterTokens.collectedAt} is null`),
    )
    .returning({ eggId: easterTokens.eggId });
  if (!collected) throw new HttpError(409, 'EGG_ALREADY_COLLECTED', 'You found this egg before');
  await recordActivity(db, { guestId, key: 'easterEgg', now });
  const counts = await eggCounts(db, issued.event, guestId);
  return { eggId: collected.eggId, collectedEggs: counts.collected, totalEggs: counts.total };
}

// ---------------------------------------------------------------------------------------------------------------
// User activity

/** The keys of what counts as activity: the specials a guest takes part in. */
export const ACTIVITY_KEYS = ['contestVote', 'clashVote', 'gameAttempt', 'adventDoor', 'easterEgg', 'spin'] as const;
export type ActivityKey = (typeof ACTIVITY_KEYS)[number];

/**
 * Counts an activity of the guest in the running user-activity event: its points, plus its VIP bonus for a VIP
 * member, at most `limitPerDay` times on a Berlin day. One guarded upsert counts it, so parallel activities never
 * pass the day's limit. Outside the event, or past the limit, nothing counts. Answers the points it gave.
 */
export async function recordActivity(
  db: Database,
  options: { guestId: string; key: ActivityKey; now: Date },
): Promise<number> {
  const { guestId, key, now } = options;
  const event = await currentEvent(db, 'userActivity', now);
  if (!event || !running(event, now)) return 0;
  const [activity] = await db
    .select()
    .from(activityDefinitions)
    .where(and(eq(activityDefinitions.eventId, event.id), eq(activityDefinitions.key, key)));
  if (!activity || activity.limitPerDay <= 0) return 0;
  const vip = await isVipGuest(db, { guestId, loggedIn: true });
  const points = activity.points + (vip ? activity.vipBonus : 0);
  const [counted] = await db
    .insert(activityDays)
    .values({ activityId: activity.id, guestId, day: dateInZone(now), count: 1, points })
    .onConflictDoUpdate({
      target: [activityDays.activityId, activityDays.guestId, activityDays.day],
      set: { count: sql`${activityDays.count} + 1`, points: sql`${activityDays.points} + ${points}` },
      setWhere: sql`${activityDays.count} < ${activity.limitPerDay}`,
    })
    .returning({ count: activityDays.count });
  return counted ? points : 0;
}

async function activityStanding(db: Database, event: EventRow, guestId: string | null, now: Date) {
  const [activities, challenges] = await Promise.all([
    db
      .select()
      .from(activityDefinitions)
      .where(eq(activityDefinitions.eventId, event.id))
      .orderBy(asc(activityDefinitions.id)),
    db
      .select()
      .from(activityChallenges)
      .where(eq(activityChallenges.eventId, event.id))
      .orderBy(asc(activityChallenges.id)),
  ]);
  const days = guestId
    ? await db
        .select({
          activityId: activityDays.activityId,
          day: activityDays.day,
          count: activityDays.count,
          points: activityDays.points,
        })
        .from(activityDays)
        .innerJoin(activityDefinitions, eq(activityDefinitions.id, activityDays.activityId))
        .where(and(eq(activityDays.guestId, guestId), eq(activityDefinitions.eventId, event.id)))
        .orderBy(asc(activityDays.day))
    : [];
  const today = dateInZone(now);
  const keyOf = new Map(activities.map((activity) => [activity.id, activity.key]));
  // A challenge is fulfilled on the day its activity's running count reached the target.
  const fulfilled = new Map<number, string>();
  for (const challenge of challenges) {
    let count = 0;
    for (const day of days) {
      if (keyOf.get(day.activityId) !== challenge.activityKey) continue;
      count += day.count;
      if (count >= challenge.target) {
        fulfilled.set(challenge.id, day.day);
        break;
      }
    }
  }
  const points =
    days.reduce((sum, day) => sum + day.points, 0) +
    challenges.reduce((sum, challenge) => sum + (fulfilled.has(challenge.id) ? challenge.points : 0), 0);
  return { activities, challenges, days, today, fulfilled, points };
}

async function userActivityData(
  db: Database,
  event: EventRow,
  guestId: string | null,
  now: Date,
  language: Language | undefined,
): Promise<UserActivityEvent> {
  const [standing, { history, claims }] = await Promise.all([
    activityStanding(db, event, guestId, now),
    claimedRewards(db, event, guestId),
  ]);
  const { activities, challenges, days, today, fulfilled, points } = standing;
  return {
    eventType: 'userActivity',
    ...eventBase(event, now, language),
    points,
    activities: activities.map((activity) => ({
      id: activity.id,
      key: activity.key,
      name: localize(activity.name, language),
      points: activity.points,
      vipBonus: activity.vipBonus,
      limitPerDay: activity.limitPerDay,
      doneToday: days.find((day) => day.activityId === activity.id && day.day === today)?.count ?? 0,
      faqTitle: localize(activity.faqTitle, language),
      faqLink: activity.faqLink,
    })),
    challenges: challenges.map((challenge) => ({
      id: challenge.id,
      name: localize(challenge.name, language),
      description: localize(challenge.description, language),
      points: challenge.points,
      activityKey: challenge.activityKey,
      target: challenge.target,
      fullfilled: fulfilled.has(challenge.id),
      date: fulfilled.get(challenge.id) ?? null,
      link: challenge.link,
    })),
    rewards: rewardStates(event, points, claims, guestId !== null, now).map(({ reward, redeemed, claimable }) => ({
      id: reward.id,
      type: reward.type,
      value: reward.value,
      info: localize(reward.info, language),
      requiredPoints: reward.required,
      redeemed,
      claimable,
    })),
    history,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Both

/** `special/getData/{eventType}`: the current event of the type with the caller's standing. */
export async function eventData(
  db: Database,
  options: { eventType: EventType; guestId: string | null; now: Date; language?: Language },
): Promise<EventData> {
  const { eventType, guestId, now, language } = options;
  const event = await eventOrThrow(db, eventType, now);
  return eventType === 'easter'
    ? easterData(db, event, guestId, now, language)
    : userActivityData(db, event, guestId, now, language);
}

/**
 * Claims a reward of the current event of a type: from the event's start until its `rewardClaimEnd` (after it 409
 * REWARD_CLAIM_ENDED), once its eggs or points are reached (409 REWARD_NOT_REDEEMABLE before), granted by the reward
 * engine under the reward's claim, so claiming it again, also in parallel, grants it once.
 */
export async function claimEventReward(
  db: Database,
  options: { eventType: EventType; rewardId: number; guestId: string; now: Date },
): Promise<Granted> {
  return claimRewardOf(db, await eventOrThrow(db, options.eventType, options.now), options);
}

/**
 * The structured-query claim of a user-activity event's reward by the event's id (404 for another event type):
 * the same rules and grant as the REST claim; answers the reward given and her points.
 */
export async function claimUserActivityReward(
  db: Database,
  options: { eventId: number; rewardId: number; guestId: string; now: Date },
): Promise<{ granted: Granted; answer: ClaimedActivityReward }> {
  const [event] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, options.eventId), eq(calendarEvents.eventType, 'userActivity')));
  if (!event) throw new HttpError(404, 'NOT_FOUND', `No user-activity event ${options.eventId}`);
  const granted = await claimRewardOf(db, event, { ...options, eventType: 'userActivity' });
  const { points } = await activityStanding(db, event, options.guestId, options.now);
  return {
    granted,
    answer: { eventId: event.id, rewardId: options.rewardId, redeemed: true, points, reward: granted.reward },
  };
}

async function claimRewardOf(
  db: Database,
  event: EventRow,
  options: { eventType: EventType; rewardId: number; guestId: string; now: Date },
): Promise<Granted> {
  const { eventType, rewardId, guestId, now } = options;
  const reward = event.rewards.find((candidate) => candidate.id === rewardId);
  if (!reward) throw new HttpError(404, 'NOT_FOUND', `No reward ${rewardId} in this event`);
  if (now < event.start) throw new HttpError(409, 'EVENT_NOT_RUNNING', 'The event has not started');
  if (now >= event.rewardClaimEnd) {
    throw new HttpError(
      409,
      'REWARD_CLAIM_ENDED',
      `Rewards could be claimed until ${event.rewardClaimEnd.toISOString()}`,
    );
  }
  const progress =
    eventType === 'easter'
      ? (await eggCounts(db, event, guestId)).collected
      : (await activityStanding(db, event, guestId, now)).points;
  if (progress < reward.required) {
    throw new HttpError(409, 'REWARD_NOT_REDEEMABLE', `This reward needs ${reward.required}, you have ${progress}`);
  }
  return db.transaction((tx) =>
    grantReward(tx, {
      guestId,
      claim: rewardClaim(event, reward),
      source: eventSource(event),
      type: reward.type,
      value: reward.value,
      points: reward.required,
      at: now,
    }),
  );
}

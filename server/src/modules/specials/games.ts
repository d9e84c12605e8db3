import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  GAME_CATEGORIES,
  GAME_REWARD_PATHS,
  dateInZone,
  type AttemptResult,
  type GameConfig,
  type GameDayConfig,
  type GameGuestInfo,
  type Language,
  type Reward,
  type SpecialEventGameType,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { gainedRewards, grantReward } from './rewards';
import { gameDays, rewardGrants, specialEvents, type GameRewardRow } from './schema';
import { toEvent } from './service';
import { specialsTexts } from './texts';

type EventRow = typeof specialEvents.$inferSelect;

/** Whole Berlin days from one date (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The Berlin day of `now` and the event's config for it: day 1 is the Berlin day the event starts on. */
function dayOf(event: EventRow, now: Date): { date: string; config: GameDayConfig } {
  const date = dateInZone(now);
  const day = daysBetween(dateInZone(event.startDate), date) + 1;
  const config = event.dayConfigs.find((c) => c.day === day) ?? {
    day,
    dailyAttempts: event.dailyAttempts,
    pointsPerAttempt: 0,
  };
  return { date, config };
}

const gameSource = (eventId: number) => `game:${eventId}`;

async function findEvent(db: Database, eventId: number): Promise<EventRow> {
  const [event] = await db.select().from(specialEvents).where(eq(specialEvents.id, eventId));
  if (!event) throw new HttpError(404, 'NOT_FOUND', `No game ${eventId}`);
  return event;
}

/** A game's config: the event, how it is played, its days and what an attempt can win. Null for an unknown id. */
export async function gameConfig(
  db: Database,
  eventId: number,
  now: Date,
  language?: Language,
): Promise<GameConfig | null> {
  const [event] = await db.select().from(specialEvents).where(eq(specialEvents.id, eventId));
  if (!event) return null;
  const base = toEvent(event, now, language);
  return {
    ...base,
    gameCategory: GAME_CATEGORIES[base.gameType],
    dayConfigs: event.dayConfigs,
    rewards: event.rewards.map(({ type, value, chance }) => ({ type, value, title: null, chance })),
  };
}

async function usedToday(db: Database, eventId: number, guestId: string, date: string): Promise<number> {
  const [row] = await db
    .select({ used: gameDays.used })
    .from(gameDays)
    .where(and(eq(gameDays.eventId, eventId), eq(gameDays.guestId, guestId), eq(gameDays.day, date)));
  return row?.used ?? 0;
}

async function gamePoints(db: Database, eventId: number, guestId: string): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${rewardGrants.points}), 0)::int` })
    .from(rewardGrants)
    .where(and(eq(rewardGrants.guestId, guestId), eq(rewardGrants.source, gameSource(eventId))));
  return row?.points ?? 0;
}

/**
 * The guest's standing in a game (the getReward routes): what she won, her points and the attempts left on this
 * Berlin day. `game` is the route's game segment; it must be the event's.
 */
export async function gameGuestInfo(
  db: Database,
  options: { game: string; eventId: number; guestId: string; now: Date },
): Promise<GameGuestInfo> {
  const { eventId, guestId, now } = options;
  const event = await findEvent(db, eventId);
  if (GAME_REWARD_PATHS[event.gameType as SpecialEventGameType] !== options.game) {
    throw new HttpError(404, 'NOT_FOUND', `Game ${eventId} is no ${options.game}`);
  }
  const { date, config } = dayOf(event, now);
  const running = event.startDate <= now && now < event.endDate;
  const [rewards, points, used] = await Promise.all([
    gainedRewards(db, guestId, gameSource(eventId)),
    gamePoints(db, eventId, guestId),
    usedToday(db, eventId, guestId, date),
  ]);
  return { gainedRewards: rewards, points, attemptsLeftToday: running ? Math.max(0, config.dailyAttempts - used) : 0 };
}

/** Draws an attempt's reward by the chances of the config (what they leave to 100 is a blank). */
function draw(rewards: GameRewardRow[]): { type: GameRewardRow['type']; value: number } {
  let roll = randomInt(100);
  for (const reward of rewards) {
    if (roll < reward.chance) return reward;
    roll -= reward.chance;
  }
  return { type: 'blank', value: 0 };
}

/**
 * Plays one attempt: takes it from the day's attempts with one guarded upsert (none left: nothing is drawn), draws
 * the reward here on the server and grants it through the reward engine in the same transaction, with the day's
 * points. The attempt's number on its Berlin day is the claim, so it is granted once.
 */
export async function useAttempt(
  db: Database,
  options: { eventId: number; guestId: string; now: Date; language?: Language },
): Promise<AttemptResult & { coins: boolean }> {
  const { eventId, guestId, now } = options;
  const event = await findEvent(db, eventId);
  const { date, config } = dayOf(event, now);
  const refused = async (errorCode: 'GAME_NOT_RUNNING' | 'NO_ATTEMPTS_LEFT') => ({
    success: false,
    errorCode,
    errorMessage: specialsTexts.t(`game.${errorCode}`, { lng: options.language }),
    reward: null,
    points: await gamePoints(db, eventId, guestId),
    attemptsLeftToday: 0,
    coins: false,
  });
  if (!(event.startDate <= now && now < event.endDate)) {
    return refused('GAME_NOT_RUNNING');
  }
  if (config.dailyAttempts <= 0) return refused('NO_ATTEMPTS_LEFT');
  const outcome = await db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(gameDays)
      .values({ eventId, guestId, day: date, used: 1 })
      .onConflictDoUpdate({
        target: [gameDays.eventId, gameDays.guestId, gameDays.day],
        set: { used: sql`${gameDays.used} + 1` },
        setWhere: sql`${gameDays.used} < ${config.dailyAttempts}`,
      })
      .returning({ used: gameDays.used });
    if (!taken) return null;
    const won = draw(event.rewards);
    const granted = await grantReward(tx, {
      guestId,
      claim: `${gameSource(eventId)}:${date}:${taken.used}`,
      source: gameSource(eventId),
      type: won.type,
      value: won.value,
      points: config.pointsPerAttempt,
      at: now,
    });
    return { granted, left: config.dailyAttempts - taken.used };
  });
  if (!outcome) return refused('NO_ATTEMPTS_LEFT');
  return {
    success: true,
    errorCode: null,
    errorMessage: null,
    reward: outcome.granted.reward satisfies Reward,
    points: await gamePoints(db, eventId, guestId),
    attemptsLeftToday: outcome.left,
    coins: outcome.granted.coins,
  };
}

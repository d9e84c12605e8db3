import { and, asc, eq, gte, like, max } from 'drizzle-orm';
import {
  dateInZone,
  GIFT_CALENDARS_LISTED,
  type ActorGiftCalendar,
  type GiftCalendarDay,
  type PerformerGiftCalendar,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { performerCard } from '../performers/catalogue';
import { calendarDayState, requireCalendarDay } from './advent';
import { grantReward, type Granted } from './rewards';
import { giftCalendarDays, rewardGrants } from './schema';

const GIFT_CALENDAR = 'giftCalendar';
/** A day's claim names the performer and the day, so each day's gift is granted once per guest. */
const dayClaim = (actorId: number, day: string) => `${GIFT_CALENDAR}:${actorId}:${day}`;

/** A performer's gift calendar with, for the guest, the days she claimed and what each gave. */
export async function actorGiftCalendar(
  db: Database,
  options: { actorId: number; guestId: string | null; now: Date },
): Promise<ActorGiftCalendar> {
  const { actorId, guestId, now } = options;
  const [days, grants] = await Promise.all([
    db.select().from(giftCalendarDays).where(eq(giftCalendarDays.actorId, actorId)).orderBy(asc(giftCalendarDays.day)),
    guestId
      ? db
          .select()
          .from(rewardGrants)
          .where(and(eq(rewardGrants.guestId, guestId), like(rewardGrants.claim, `${GIFT_CALENDAR}:${actorId}:%`)))
      : [],
  ]);
  const claimed = new Map(grants.map((grant) => [grant.claim, grant]));
  const today = dateInZone(now);
  return {
    actorId,
    today,
    days: days.map((day): GiftCalendarDay => {
      const grant = claimed.get(dayClaim(actorId, day.day));
      return {
        date: day.day,
        state: calendarDayState(day.day, today, grant),
        reward: grant ? { type: grant.rewardType, value: grant.value, title: grant.title } : null,
      };
    }),
  };
}

/** The calendars with a day today or later, the one ending first first, each with the guest's claimed days. */
export async function giftCalendars(
  db: Database,
  options: { guestId: string | null; now: Date },
): Promise<PerformerGiftCalendar[]> {
  const lastDay = max(giftCalendarDays.day);
  const running = await db
    .select({ actorId: giftCalendarDays.actorId, actorName: performerCard.displayName, link: performerCard.name })
    .from(giftCalendarDays)
    .innerJoin(performerCard, eq(performerCard.id, giftCalendarDays.actorId))
    .groupBy(giftCalendarDays.actorId, performerCard.displayName, performerCard.name)
    .having(gte(lastDay, dateInZone(options.now)))
    .orderBy(asc(lastDay), asc(giftCalendarDays.actorId))
    .limit(GIFT_CALENDARS_LISTED);
  return Promise.all(
    running.map(async ({ actorId, actorName, link }) => ({
      ...(await actorGiftCalendar(db, { actorId, ...options })),
      actorName,
      link,
    })),
  );
}

/**
 * Claims the gift of a performer's calendar day (`qmday`, YYYY-MM-DD): on that Berlin day only, granted through the
 * reward engine under the day's claim, so claiming it again grants nothing more.
 */
export async function claimGiftCalendarDay(
  db: Database,
  options: { actorId: number; qmday: string; guestId: string; now: Date },
): Promise<{ day: GiftCalendarDay; granted: Granted }> {
  const { actorId, qmday, guestId, now } = options;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(qmday)) throw new HttpError(400, 'VALIDATION_FAILED', 'qmday must be YYYY-MM-DD');
  const [day] = await db
    .select()
    .from(giftCalendarDays)
    .where(and(eq(giftCalendarDays.actorId, actorId), eq(giftCalendarDays.day, qmday)));
  if (!day) throw new HttpError(404, 'NOT_FOUND', `No gift of performer ${actorId} on ${qmday}`);
  requireCalendarDay(day.day, now, `The gift of ${day.day}`);
  const granted = await db.transaction((tx) =>
    grantReward(tx, {
      guestId,
      claim: dayClaim(actorId, day.day),
      source: GIFT_CALENDAR,
      type: day.rewardType,
      value: day.value,
      at: now,
    }),
  );
  return { day: { date: day.day, state: 'opened', reward: granted.reward }, granted };
}

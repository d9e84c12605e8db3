import { and, asc, desc, eq, gte, inArray, lt, lte, sql, sum } from 'drizzle-orm';
import { ANALYTICS_TOP_PERFORMERS, PAGE_VIEW_EVENT, type AnalyticsReport, type TrackEvent } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { performerCard, performerCards } from '../performers/catalogue';
import { pageVisits, performerVisits, trackingEvents } from './schema';

/** Raw events are kept for this long; the daily sums stay. */
export const TRACKING_EVENTS_KEPT_MS = 90 * 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day of a time, YYYY-MM-DD: the analytics sum by it. */
export const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The route a page view names, or null for any other event (or one whose route is no short text). */
function viewedRoute(event: TrackEvent): string | null {
  if (event.context !== PAGE_VIEW_EVENT.context || event.action !== PAGE_VIEW_EVENT.action) return null;
  const route = event.data?.['route'];
  return typeof route === 'string' && /^[A-Za-z][A-Za-z0-9]{0,99}$/.test(route) ? route : null;
}

/** Stores a tracking event; a page view also counts one visit of its route on the day (one statement each). */
export async function storeTrackEvent(db: Database, guestId: string | null, event: TrackEvent, now: Date) {
  const route = viewedRoute(event);
  await db.transaction(async (tx) => {
    await tx.insert(trackingEvents).values({
      at: now,
      guestId,
      context: event.context,
      action: event.action,
      data: event.data ?? null,
      clientAt: event.timestamp === undefined ? null : new Date(event.timestamp),
    });
    if (route)
      await tx
        .insert(pageVisits)
        .values({ day: dayOf(now), route, visits: 1 })
        .onConflictDoUpdate({
          target: [pageVisits.day, pageVisits.route],
          set: { visits: sql`${pageVisits.visits} + 1` },
        });
  });
}

/** Counts a visit of a performer's profile on the day; false for a name no performer has. */
export async function trackProfileVisit(db: Database, actorName: string, now: Date): Promise<boolean> {
  const [performer] = await db
    .select({ id: performerCard.id })
    .from(performerCard)
    .where(eq(performerCard.name, actorName.toLowerCase()));
  if (!performer) return false;
  await db
    .insert(performerVisits)
    .values({ day: dayOf(now), actorId: performer.id, visits: 1 })
    .onConflictDoUpdate({
      target: [performerVisits.day, performerVisits.actorId],
      set: { visits: sql`${performerVisits.visits} + 1` },
    });
  return true;
}

/** The days from `from` to `to`, both included, as YYYY-MM-DD. */
const daysBetween = (from: string, to: string) => {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) days.push(dayOf(new Date(time)));
  return days;
};

/** Page views per route and day, and the profile visits of the span's most visited performers per day. */
export async function analyticsReport(db: Database, span: { from: string; to: string }): Promise<AnalyticsReport> {
  const pages = await db
    .select({ day: pageVisits.day, route: pageVisits.route, visits: pageVisits.visits })
    .from(pageVisits)
    .where(and(gte(pageVisits.day, span.from), lte(pageVisits.day, span.to)))
    .orderBy(asc(pageVisits.day), asc(pageVisits.route));
  const inSpan = and(gte(performerVisits.day, span.from), lte(performerVisits.day, span.to));
  const total = sum(performerVisits.visits);
  const top = await db
    .select({ actorId: performerVisits.actorId })
    .from(performerVisits)
    .where(inSpan)
    .groupBy(performerVisits.actorId)
    .orderBy(desc(total), asc(performerVisits.actorId))
    .limit(ANALYTICS_TOP_PERFORMERS);
  const ids = top.map((row) => row.actorId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(performerVisits)
          .where(and(inSpan, inArray(performerVisits.actorId, ids)))
          .orderBy(asc(performerVisits.day), asc(performerVisits.actorId));
  const cards = await performerCards(db, ids);
  return {
    days: daysBetween(span.from, span.to),
    pages,
    performers: rows.map((row) => ({
      day: row.day,
      actorId: row.actorId,
      name: cards.get(row.actorId)?.name ?? String(row.actorId),
      visits: row.visits,
    })),
  };
}

/** Deletes raw events older than TRACKING_EVENTS_KEPT_MS. */
export async function pruneTrackingEvents(db: Database, now: Date) {
  await db.delete(trackingEvents).where(lt(trackingEvents.at, new Date(now.getTime() - TRACKING_EVENTS_KEPT_MS)));
}

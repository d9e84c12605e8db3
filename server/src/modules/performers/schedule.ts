import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { ModuleContext } from '../module';
import { actorOnlineWindows, actors } from './schema';

/**
 * A living site: demo performers are on line during their windows of the day (seed-schedule.ts), so the lists
 * change over the day like a real site's. A job applies the windows every few seconds, tells every open page
 * (actorOnline / actorOffline) and ends the running chats of a performer who leaves.
 */

/** How often the windows are applied. */
export const ONLINE_SCHEDULE_INTERVAL_MS = 5000;
/** Coming on line, about this share of performers also takes mobile video calls. */
const MOBILE_VIDEOCALL_SHARE = 0.3;

const MINUTES_PER_DAY = 1440;
/** The UTC minute of the day at `at`, in a day that lasts `dayMinutes` real minutes (a real day by default). */
export const minuteOfDay = (at: Date, dayMinutes = MINUTES_PER_DAY) =>
  Math.floor((at.getTime() / 60_000) * (MINUTES_PER_DAY / dayMinutes)) % MINUTES_PER_DAY;

/** Whether a window (UTC minutes, the end excluded; it may wrap midnight) holds `minute`. */
export function windowHolds(window: { startMinute: number; endMinute: number }, minute: number): boolean {
  const { startMinute: start, endMinute: end } = window;
  return start <= end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The SQL of windowHolds for a performer's windows at `minute`. */
const inWindowAt = (minute: number) =>
  sql`exists (select 1 from ${actorOnlineWindows} where ${actorOnlineWindows.actorId} = ${actors.id} and (
      (${actorOnlineWindows.startMinute} <= ${actorOnlineWindows.endMinute} and ${minute} >= ${actorOnlineWindows.startMinute} and ${minute} < ${actorOnlineWindows.endMinute})
      or (${actorOnlineWindows.startMinute} > ${actorOnlineWindows.endMinute} and (${minute} >= ${actorOnlineWindows.startMinute} or ${minute} < ${actorOnlineWindows.endMinute}))))`;
/** Performers without windows (not demo performers) are left as they are. */
const scheduled = sql`exists (select 1 from ${actorOnlineWindows} where ${actorOnlineWindows.actorId} = ${actors.id})`;

export interface ScheduleChange {
  online: { id: number; name: string }[];
  offline: { id: number; name: string }[];
}

/** Sets every scheduled performer's online state from the windows at the server's time; answers who changed. */
export async function applyOnlineSchedule(ctx: ModuleContext): Promise<ScheduleChange> {
  const now = ctx.now();
  const minute = minuteOfDay(now, ctx.config.demoDayMinutes);
  // Performers named in DEMO_ALWAYS_ONLINE are on line whatever their windows say.
  const pinned = ctx.config.demoAlwaysOnline;
  const onLine = pinned.length > 0 ? or(inWindowAt(minute), inArray(actors.name, pinned))! : inWindowAt(minute);
  const returning = { id: actors.id, name: actors.name };
  const online = await ctx.db
    .update(actors)
    .set({
      isOnline: true,
      onlineChangedAt: now,
      isOnlineMobileVideocall: sql`random() < ${MOBILE_VIDEOCALL_SHARE}`,
    })
    .where(and(eq(actors.isOnline, false), onLine))
    .returning(returning);
  const offline = await ctx.db
    .update(actors)
    .set({ isOnline: false, onlineChangedAt: now, isOnlineMobileVideocall: false })
    .where(and(eq(actors.isOnline, true), scheduled, not(onLine)))
    .returning(returning);
  for (const actor of online) ctx.hub.broadcast({ type: 'actorOnline', actorId: actor.id, actorName: actor.name });
  for (const actor of offline) ctx.hub.broadcast({ type: 'actorOffline', actorId: actor.id, actorName: actor.name });
  if (online.length > 0) ctx.hooks.performersOnline?.(online);
  await ctx.hooks.performersOffline?.(offline.map((actor) => actor.id));
  return { online, offline };
}

/** The performers' online schedule, applied as a job. */
export const startScheduleJob = (ctx: ModuleContext) =>
  ctx.leases.repeat('performers: applying the online schedule', ONLINE_SCHEDULE_INTERVAL_MS, () =>
    applyOnlineSchedule(ctx),
  );

import { and, asc, desc, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import {
  CONVERSION_CHAT_MINUTES,
  conversionChatRemainingMs,
  INCENTIVE_BLOCK_DAYS,
  type Incentive,
  type IncentiveDefinition,
  type IncentiveEvent,
  type Language,
  type StoredIncentive,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { Auth } from '../module';
import {
  conversionBlocks,
  conversionChats,
  conversionGuestInfo,
  conversionHiddenTypes,
  conversionIncentives,
  conversionShown,
} from './schema';

type IncentiveRow = typeof conversionIncentives.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface IncentiveRequest {
  tenantId: string;
  auth: Auth | null;
  language: Language;
  event: IncentiveEvent;
  /** For page loads: the route of the page. */
  routeName?: string;
  now: Date;
}

/**
 * The incentives due for an event, highest priority first: of the caller's tenant and audience (visitors who are
 * not logged in, or guests), on the page's route or every page, leaving out groups the caller closed and types she
 * hid while that lasts, and offers whose countdown (from the first time she was shown them) has run out.
 */
export async function dueIncentives(db: Database, request: IncentiveRequest): Promise<Incentive[]> {
  const { auth, now } = request;
  const guestId = auth?.guestId;
  const rows = await db
    .select()
    .from(conversionIncentives)
    .where(
      and(
        eq(conversionIncentives.tenantId, request.tenantId),
        eq(conversionIncentives.event, request.event),
        inArray(conversionIncentives.audience, ['everyone', auth?.loggedIn ? 'guests' : 'visitors']),
        request.routeName === undefined
          ? undefined
          : or(isNull(conversionIncentives.routeName), eq(conversionIncentives.routeName, request.routeName)),
        guestId === undefined
          ? undefined
          : notExists(
              db
                .select({ one: sql`1` })
                .from(conversionBlocks)
                .where(
                  and(
                    eq(conversionBlocks.guestId, guestId),
                    eq(conversionBlocks.uniqueGroup, conversionIncentives.uniqueGroup),
                    gt(conversionBlocks.blockedUntil, now),
                  ),
                ),
            ),
        guestId === undefined
          ? undefined
          : notExists(
              db
                .select({ one: sql`1` })
                .from(conversionHiddenTypes)
                .where(
                  and(
                    eq(conversionHiddenTypes.guestId, guestId),
                    eq(conversionHiddenTypes.incentiveType, conversionIncentives.type),
                    gt(conversionHiddenTypes.hiddenUntil, now),
                  ),
                ),
            ),
      ),
    )
    .orderBy(desc(conversionIncentives.priority), asc(conversionIncentives.id));
  const firstShown = await countdownStarts(db, guestId, rows, now);
  return rows.flatMap((row) => {
    const start = firstShown.get(row.id);
    const ends =
      row.countdownMinutes === null || !start ? null : new Date(start.getTime() + row.countdownMinutes * MINUTE_MS);
    if (ends && ends <= now) return [];
    const texts = row.texts[request.language];
    return [
      {
        id: row.id,
        region: row.region as Incentive['region'],
        type: row.type as Incentive['type'],
        event: row.event as Incentive['event'],
        priority: row.priority,
        countdownEnds: ends?.toISOString() ?? null,
        uniqueGroup: row.uniqueGroup,
        title: texts.title,
        text: texts.text,
        action: { label: texts.action, routeName: row.actionRoute },
      },
    ];
  });
}

/** When the caller was first shown each incentive with a countdown: now, for one shown the first time. */
async function countdownStarts(db: Database, guestId: string | undefined, rows: IncentiveRow[], now: Date) {
  const timed = rows.filter((row) => row.countdownMinutes !== null).map((row) => row.id);
  const starts = new Map<number, Date>(timed.map((id) => [id, now]));
  if (!guestId || timed.length === 0) return starts;
  await db
    .insert(conversionShown)
    .values(timed.map((incentiveId) => ({ guestId, incentiveId, firstShown: now })))
    .onConflictDoNothing();
  const shown = await db
    .select()
    .from(conversionShown)
    .where(and(eq(conversionShown.guestId, guestId), inArray(conversionShown.incentiveId, timed)));
  for (const row of shown) starts.set(row.incentiveId, row.firstShown);
  return starts;
}

/** Closing blocks the incentive's group for the caller for INCENTIVE_BLOCK_DAYS (closing again renews it). */
export async function closeIncentive(
  db: Database,
  {
    tenantId,
    guestId,
    incentiveId,
    result,
    now,
  }: {
    tenantId: string;
    guestId: string;
    incentiveId: number;
    result: 'dismissed' | 'accepted';
    now: Date;
  },
) {
  const [row] = await db
    .select({ uniqueGroup: conversionIncentives.uniqueGroup })
    .from(conversionIncentives)
    .where(and(eq(conversionIncentives.id, incentiveId), eq(conversionIncentives.tenantId, tenantId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No incentive ${incentiveId}`);
  const blockedUntil = new Date(now.getTime() + INCENTIVE_BLOCK_DAYS * DAY_MS);
  await db
    .insert(conversionBlocks)
    .values({ guestId, uniqueGroup: row.uniqueGroup, result, blockedUntil })
    .onConflictDoUpdate({
      target: [conversionBlocks.guestId, conversionBlocks.uniqueGroup],
      set: { result, blockedUntil },
    });
  return { success: true, blockedUntil: blockedUntil.toISOString() };
}

export async function hideIncentiveType(
  db: Database,
  { guestId, incentiveType, days, now }: { guestId: string; incentiveType: string; days: number; now: Date },
) {
  const hiddenUntil = new Date(now.getTime() + days * DAY_MS);
  await db
    .insert(conversionHiddenTypes)
    .values({ guestId, incentiveType, hiddenUntil })
    .onConflictDoUpdate({
      target: [conversionHiddenTypes.guestId, conversionHiddenTypes.incentiveType],
      set: { hiddenUntil },
    });
  return { success: true, hiddenUntil: hiddenUntil.toISOString() };
}

export async function setGuestInfo(
  db: Database,
  { guestId, type, value, now }: { guestId: string; type: string; value: string; now: Date },
) {
  await db
    .insert(conversionGuestInfo)
    .values({ guestId, type, value, updatedAt: now })
    .onConflictDoUpdate({
      target: [conversionGuestInfo.guestId, conversionGuestInfo.type],
      set: { value, updatedAt: now },
    });
  return { success: true };
}

/** Enabling starts the countdown anew (CONVERSION_CHAT_MINUTES); disabling ends it. */
export async function switchConversionChat(db: Database, guestId: string, action: 'enable' | 'disable', now: Date) {
  if (action === 'disable') {
    await db.delete(conversionChats).where(eq(conversionChats.guestId, guestId));
    return { eligible: false, countdownEnds: null };
  }
  const countdownEnds = new Date(now.getTime() + CONVERSION_CHAT_MINUTES * MINUTE_MS);
  await db
    .insert(conversionChats)
    .values({ guestId, countdownEnds })
    .onConflictDoUpdate({ target: conversionChats.guestId, set: { countdownEnds } });
  return { eligible: true, countdownEnds: countdownEnds.toISOString() };
}

/** The end of the guest's conversion chat countdown while it runs (conversionChatRemainingMs above 0), else null. */
export async function conversionChatEnds(db: Database, guestId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ countdownEnds: conversionChats.countdownEnds })
    .from(conversionChats)
    .where(eq(conversionChats.guestId, guestId));
  return row && conversionChatRemainingMs(row.countdownEnds, now) > 0 ? row.countdownEnds.toISOString() : null;
}

const stored = (row: IncentiveRow): StoredIncentive => ({
  id: row.id,
  tenantId: row.tenantId,
  region: row.region as StoredIncentive['region'],
  type: row.type as StoredIncentive['type'],
  event: row.event as StoredIncentive['event'],
  routeName: row.routeName,
  audience: row.audience as StoredIncentive['audience'],
  priority: row.priority,
  countdownMinutes: row.countdownMinutes,
  uniqueGroup: row.uniqueGroup,
  actionRoute: row.actionRoute,
  texts: row.texts,
  createdAt: row.createdAt.toISOString(),
});

export async function listIncentives(db: Database, tenantId: string): Promise<StoredIncentive[]> {
  const rows = await db
    .select()
    .from(conversionIncentives)
    .where(eq(conversionIncentives.tenantId, tenantId))
    .orderBy(asc(conversionIncentives.id));
  return rows.map(stored);
}

export async function createIncentive(db: Database, definition: IncentiveDefinition, now: Date) {
  const [row] = await db
    .insert(conversionIncentives)
    .values({ ...definition, createdAt: now })
    .returning();
  return stored(row!);
}

export async function deleteIncentive(db: Database, id: number) {
  const deleted = await db.delete(conversionIncentives).where(eq(conversionIncentives.id, id)).returning();
  if (deleted.length === 0) throw new HttpError(404, 'NOT_FOUND', `No incentive ${id}`);
  return { deleted: true };
}

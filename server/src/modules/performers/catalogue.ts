import { and, asc, eq, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { actorOnlineWindows, actors, actorSedcards } from './schema';

/**
 * What the other modules read and change of the catalogue. The catalogue's tables are its own: another module
 * names a performer by id, reads her through these functions and, where a page of its own rows must be filtered
 * or sorted by her (one SQL query per page), joins the `performerCard` read model instead of the table.
 */

/** The target of another module's foreign key to a performer: `.references(performerKey, { onDelete })`. */
export const performerKey = (): AnyPgColumn => actors.id;

/** A performer's full catalogue record (prices, flags, banned countries ...), as the chat checks it. */
export type Performer = typeof actors.$inferSelect;

const query = new QueryBuilder();

/**
 * The read model other modules join on a performer id, e.g. `.innerJoin(performerCard, eq(performerCard.id,
 * videos.actorId))`, and then select, filter or sort by: who she is and whether she is on line. PostgreSQL
 * flattens the subquery, so the join costs what a join of the table costs.
 */
export const performerCard = query
  .select({
    id: actors.id,
    /** Lower-cased, URL-safe, unique: the profile link's name. */
    name: actors.name,
    displayName: actors.displayName,
    avatarUrl: actors.avatarUrl,
    /** Decides which avatar URL a caller gets: see `performerAvatar`. */
    ageRating: actors.ageRating,
    isOnline: actors.isOnline,
    age: actors.age,
    gender: actors.gender,
  })
  .from(actors)
  .as('performer_card');

export type PerformerCard = Pick<
  Performer,
  'id' | 'name' | 'displayName' | 'avatarUrl' | 'ageRating' | 'isOnline' | 'age' | 'gender'
>;

/** The cards of these performers in one query, by id (unknown ids are left out). */
export async function performerCards(db: Database, ids: readonly number[]): Promise<Map<number, PerformerCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(performerCard)
    .where(inArray(performerCard.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The first performers by id (all without `limit`): other modules' seeds and tests pick theirs from these. */
export async function listPerformerCards(db: Database, limit?: number): Promise<PerformerCard[]> {
  const rows = db.select().from(performerCard).orderBy(asc(performerCard.id)).$dynamic();
  return limit === undefined ? rows : rows.limit(limit);
}

/** The first `perPerformer` sedcard picture URLs of each of these performers, in display order. */
export async function sedcardUrls(
  db: Database,
  ids: readonly number[],
  perPerformer: number,
): Promise<Map<number, string[]>> {
  const urls = new Map<number, string[]>();
  if (ids.length === 0) return urls;
  const rows = await db
    .select({ actorId: actorSedcards.actorId, url: actorSedcards.url })
    .from(actorSedcards)
    .where(and(inArray(actorSedcards.actorId, [...new Set(ids)]), lt(actorSedcards.position, perPerformer)))
    .orderBy(asc(actorSedcards.actorId), asc(actorSedcards.position));
  for (const { actorId, url } of rows) urls.set(actorId, [...(urls.get(actorId) ?? []), url]);
  return urls;
}

export async function performerCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(actors);
  return row?.count ?? 0;
}

/**
 * A performer's record, or undefined. `lock` (inside a transaction) holds her row until it ends, so changes that
 * depend on her state (a chat she takes, a rating of her sedcards) happen one at a time.
 */
export async function findPerformer(
  db: Database,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<Performer | undefined> {
  const selected = db.select().from(actors).where(eq(actors.id, id));
  const [row] = await (lock ? selected.for('update') : selected);
  return row;
}

/** Of these performers, those who switched their live preview off. */
export async function livePreviewDisabled(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: actors.id })
    .from(actors)
    .where(and(inArray(actors.id, [...new Set(ids)]), eq(actors.isLivePreviewEnabled, false)));
  return new Set(rows.map((row) => row.id));
}

/** Puts a performer in a ticket show (her catalogue flag); answers who she is, or undefined for an unknown id. */
export async function startTicketShow(db: Database, id: number) {
  const [row] = await db
    .update(actors)
    .set({ isCurrentlyTicketShow: true })
    .where(eq(actors.id, id))
    .returning({ id: actors.id, name: actors.name, avatarUrl: actors.avatarUrl, ageRating: actors.ageRating });
  return row;
}

/**
 * Takes performers out of their ticket show unless `inShow` (SQL on the performer id, owned by whoever sells the
 * shows) still holds: those of `ids`, or every performer flagged as in a show without `ids`.
 */
export async function endTicketShows(
  db: Database,
  inShow: (performerId: AnyPgColumn) => SQL,
  ids?: readonly number[],
): Promise<void> {
  await db
    .update(actors)
    .set({ isCurrentlyTicketShow: false })
    .where(
      and(ids ? inArray(actors.id, [...ids]) : eq(actors.isCurrentlyTicketShow, true), sql`not ${inShow(actors.id)}`),
    );
}

/** A performer's online windows of the day (UTC minutes), for planning what she does while on line. */
export interface ScheduledPerformer {
  id: number;
  priceTicketShow: number;
  windows: { startMinute: number; endMinute: number }[];
}

/**
 * Performers with their online windows: all of them in id order, or a random sample of `sample` of those with
 * windows. Performers named in `except` are left out.
 */
export async function scheduledPerformers(
  db: Database,
  { except, sample }: { except: readonly string[]; sample?: number },
): Promise<ScheduledPerformer[]> {
  const allowed = except.length > 0 ? notInArray(actors.name, [...except]) : undefined;
  const chosen = db.select({ id: actors.id, priceTicketShow: actors.priceTicketShow }).from(actors);
  const performers = await (sample
    ? chosen.where(
        and(
          allowed,
          inArray(
            actors.id,
            db
              .select({ id: actorOnlineWindows.actorId })
              .from(actorOnlineWindows)
              .orderBy(sql`random()`)
              .limit(sample),
          ),
        ),
      )
    : chosen.where(allowed).orderBy(asc(actors.id)));
  const windows = await db
    .select()
    .from(actorOnlineWindows)
    .where(
      sample
        ? inArray(
            actorOnlineWindows.actorId,
            performers.map((p) => p.id),
          )
        : undefined,
    );
  const windowsOf = new Map<number, ScheduledPerformer['windows']>();
  for (const { actorId, startMinute, endMinute } of windows) {
    windowsOf.set(actorId, [...(windowsOf.get(actorId) ?? []), { startMinute, endMinute }]);
  }
  return performers.map((performer) => ({ ...performer, windows: windowsOf.get(performer.id) ?? [] }));
}

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RecommendedActor } from '@velvet/contracts';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import type { AgeGate } from '../auth/age';
import type { ModuleContext, SocketClient } from '../module';
import { actors, favoriteActors } from './schema';
import { recommendedColumns, toRecommended } from './service';

/**
 * Pinning performers as favourites over the socket (the favourite pin, unpin and request messages).
 * Each change keeps the performer's favouriteCount in step and answers the guest's pinned ids to all their tabs.
 */
export async function setFavorite(db: Database, guestId: string, actorId: number, pinned: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = pinned
      ? await tx
          .insert(favoriteActors)
          .values({ guestId, actorId })
          .onConflictDoNothing()
          .returning({ actorId: favoriteActors.actorId })
      : await tx
          .delete(favoriteActors)
          .where(and(eq(favoriteActors.guestId, guestId), eq(favoriteActors.actorId, actorId)))
          .returning({ actorId: favoriteActors.actorId });
    if (changed.length === 0) return false;
    await tx
      .update(actors)
      .set({ favoriteCount: sql`greatest(0, ${actors.favoriteCount} + ${pinned ? 1 : -1})` })
      .where(eq(actors.id, actorId));
    return true;
  });
}

/**
 * The ids of the performers a guest pinned, as a subquery another module's page query filters by in SQL
 * (`inArray(posts.actorId, favoritePerformerIdsOf(guestId))`).
 */
export const favoritePerformerIdsOf = (guestId: string) =>
  new QueryBuilder()
    .select({ id: favoriteActors.actorId })
    .from(favoriteActors)
    .where(eq(favoriteActors.guestId, guestId));

/** The guests who pinned a performer, as a subquery another module filters by in SQL (who to tell she is on line). */
export const guestIdsFavoringOf = (actorId: number) =>
  new QueryBuilder()
    .select({ id: favoriteActors.guestId })
    .from(favoriteActors)
    .where(eq(favoriteActors.actorId, actorId));

export async function favoritePerformerIds(db: Database, guestId: string): Promise<number[]> {
  const rows = await db
    .select({ actorId: favoriteActors.actorId })
    .from(favoriteActors)
    .where(eq(favoriteActors.guestId, guestId))
    .orderBy(asc(favoriteActors.created));
  return rows.map((row) => row.actorId);
}

/** Only a logged-in guest has favourites: the favourite messages of anonymous sessions are ignored. */
export function favoritesSocket({ db, hub, log }: ModuleContext): void {
  const guestOf = (client: SocketClient) => (client.auth?.loggedIn ? client.auth.guestId : null);
  const answer = async (guestId: string) =>
    hub.sendToGuest(guestId, { type: 'favoriteActors', actorIds: await favoritePerformerIds(db, guestId) });
  const pin = (pinned: boolean) => async (message: { actorId: number }, client: SocketClient) => {
    const guestId = guestOf(client);
    if (!guestId) return;
    const [actor] = await db.select({ id: actors.id }).from(actors).where(eq(actors.id, message.actorId));
    if (!actor) {
      log.info({ actorId: message.actorId }, 'favourite pin for an unknown performer ignored');
      return;
    }
    await setFavorite(db, guestId, actor.id, pinned);
    await answer(guestId);
  };
  hub.on('favoritePinActor', pin(true));
  hub.on('favoriteUnpinActor', pin(false));
  hub.on('favoriteRequestActors', async (_message, client) => {
    const guestId = guestOf(client);
    if (guestId) await answer(guestId);
  });
}

/** The guest's pinned performers, online ones first, and how many are online. */
export async function favoritePerformers(
  db: Database,
  guestId: string,
  gate: AgeGate,
  limit: number,
): Promise<{ actors: RecommendedActor[]; onlineCount: number }> {
  const mine = eq(favoriteActors.guestId, guestId);
  const [rows, [counts]] = await Promise.all([
    db
      .select(recommendedColumns)
      .from(favoriteActors)
      .innerJoin(actors, eq(actors.id, favoriteActors.actorId))
      .where(mine)
      .orderBy(desc(actors.isOnline), desc(favoriteActors.created))
      .limit(limit),
    db
      .select({ onlineCount: sql<number>`count(*) filter (where ${actors.isOnline})`.mapWith(Number) })
      .from(favoriteActors)
      .innerJoin(actors, eq(actors.id, favoriteActors.actorId))
      .where(mine),
  ]);
  return { actors: rows.map(toRecommended(gate)), onlineCount: counts?.onlineCount ?? 0 };
}

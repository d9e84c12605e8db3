import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ModuleContext, SocketClient } from '../module';
import { actors, favoriteActors } from './schema';

/**
 * Pinning performers as favourites over the socket (spec 7.4 favourite pin and unpin, favourite request actors).
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

export async function favoritePerformerIds(db: Database, guestId: string): Promise<number[]> {
  const rows = await db
    .select({ actorId: favoriteActors.actorId })
    .from(favoriteActors)
    .where(eq(favoriteActors.guestId, guestId))
    .orderBy(asc(favoriteActors.created));
  return rows.map((row) => row.actorId);
}

/** Favourite requests count only for logged-in guests (spec 6); anonymous ones are ignored. */
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

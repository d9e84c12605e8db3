import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Language, type TopCam, type TopCamsKind } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage } from '../../db/page';
import type { AgeGate } from '../auth/age';
import { actors, actorSedcards, favoriteActors } from './schema';
import { performerProfilePath, rated, rating } from './service';

/** The top 100 list of top cams ends at this place. */
export const TOP_LIST_LENGTH = 100;

const satisfaction = sql`${actors.ratingGoodCount}::float8 / nullif(${actors.ratingCount}, 0)`;
const averageRating = sql`${actors.ratingSum}::float8 / nullif(${actors.ratingCount}, 0)`;

interface ListSpec {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The list ends here whatever the number of performers. */
  limit?: number;
  /** Joins the calling guest's favourites. */
  favoritesOf?: string;
}

/**
 * What each list holds and in which order: best chats by satisfaction then number of ratings, top 100 by
 * average rating, the guest's favourites (online first, newest pin first), and performers taking mobile video
 * calls now by their video call ranking points.
 */
function listSpec(kind: TopCamsKind, guestId: string | null): ListSpec | null {
  switch (kind) {
    case 'bestChats':
      return { where: rated, orderBy: [desc(satisfaction), desc(actors.ratingCount)] };
    case 'top100':
      return { where: rated, orderBy: [desc(averageRating), desc(actors.ratingCount)], limit: TOP_LIST_LENGTH };
    case 'favorites':
      if (!guestId) return null;
      return {
        where: eq(favoriteActors.guestId, guestId),
        orderBy: [desc(actors.isOnline), desc(favoriteActors.created)],
        favoritesOf: guestId,
      };
    case 'videocall':
      return {
        where: and(eq(actors.isOnline, true), eq(actors.isOnlineMobileVideocall, true)),
        orderBy: [desc(actors.rankingPointsVideoCall), desc(actors.favoriteCount)],
      };
  }
}

/**
 * Spec topCams: one page of a top cams list, its pictures as the caller's age gate shows them; an anonymous
 * visitor has no favourites.
 */
export async function topCams(
  db: Database,
  kind: TopCamsKind,
  page: { first: number; offset: number },
  viewer: { guestId: string | null; language: Language },
  gate: AgeGate,
): Promise<{ total: number; items: TopCam[] }> {
  const spec = listSpec(kind, viewer.guestId);
  if (!spec) return { total: 0, items: [] };
  const joinFavorites = <T extends PgSelect>(query: T) =>
    spec.favoritesOf ? query.innerJoin(favoriteActors, eq(favoriteActors.actorId, actors.id)) : query;
  const { items: rows, total: counted } = await countedPage(
    joinFavorites(db.select({ actor: actors }).from(actors).$dynamic())
      .where(spec.where)
      .orderBy(...spec.orderBy, asc(actors.id)),
    joinFavorites(db.select({ total: count() }).from(actors).$dynamic()).where(spec.where),
    { limit: Math.max(0, Math.min(page.first, (spec.limit ?? Infinity) - page.offset)), offset: page.offset },
  );
  const total = Math.min(counted, spec.limit ?? Infinity);
  const previews = await firstSedcards(
    db,
    rows.map((row) => row.actor.id),
  );
  return {
    total,
    items: rows.map(({ actor }) => ({
      id: actor.id,
      name: actor.name,
      profileLink: performerProfilePath(actor.name, viewer.language),
      online: actor.isOnline,
      onlineVideocall: actor.isOnline && actor.isOnlineMobileVideocall,
      age: actor.age,
      previewPicture: gate.image(previews.get(actor.id) ?? actor.avatarUrl, actor.ageRating),
      avatarPicture: gate.image(actor.avatarUrl, actor.ageRating),
      spokenLanguages: actor.languages,
      pinnedCount: actor.favoriteCount,
      ratingCount: actor.ratingCount,
      // Spec: a rating shows only with enough ratings.
      satisfactionRate: rating(actor)?.satisfactionRate ?? 0,
      rankingPointsVideoCall: actor.rankingPointsVideoCall,
      videocallPrice: actor.priceSingleC2C,
    })),
  };
}

/** Each performer's first sedcard, the list's preview picture. */
async function firstSedcards(db: Database, actorIds: number[]): Promise<Map<number, string>> {
  if (actorIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([actorSedcards.actorId], { actorId: actorSedcards.actorId, url: actorSedcards.url })
    .from(actorSedcards)
    .where(inArray(actorSedcards.actorId, actorIds))
    .orderBy(asc(actorSedcards.actorId), asc(actorSedcards.position));
  return new Map(rows.map((row) => [row.actorId, row.url]));
}

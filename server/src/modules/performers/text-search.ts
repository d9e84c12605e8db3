import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { ACTOR_AVATAR_SIZE } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { descending, prefixQuery, searchPage, type TextSearch, type TextSearchPage } from '../../db/text-search';
import type { AgeGate } from '../auth/age';
import { performerAvatar } from './age';
import { actors } from './schema';

/**
 * The performers a pattern names, for the global search. A name is found by its beginning (the words of the
 * search vector, names weighing most) and, spelt with a letter wrong, by trigram similarity (pg_trgm's `%`, its
 * default threshold 0.3: one wrong letter in a name of five or more). Both use an index: the search vector's GIN
 * and the trigram GIN of the name (made by the search module's migration). Best first: the closer name, then on
 * line, top amateurs and favourites.
 */
export function performerMatch(pattern: string): SQL {
  const words = prefixQuery('simple', pattern);
  const similar = sql`${actors.name} % ${pattern.toLowerCase()}`;
  return words ? or(similar, sql`${actors.searchVector} @@ ${words}`)! : similar;
}

export async function searchPerformers(
  db: Database,
  gate: AgeGate,
  search: TextSearch,
  { onlineOnly }: { onlineOnly: boolean },
): Promise<TextSearchPage> {
  const where = and(performerMatch(search.pattern), onlineOnly ? eq(actors.isOnline, true) : undefined);
  const words = prefixQuery('simple', search.pattern);
  const score = sql<number>`greatest(similarity(${actors.name}, ${search.pattern.toLowerCase()}), ${
    words ? sql`ts_rank(${actors.searchVector}, ${words})` : sql`0`
  })`;
  const dir = descending(search.order) ? desc : asc;
  const orderBy = {
    relevance: [dir(score), desc(actors.isOnline), desc(actors.isTopAmateur), desc(actors.favoriteCount)],
    newest: [dir(actors.registeredSince)],
    name: [dir(actors.name)],
  }[search.sort];
  const rows = db
    .select({
      id: actors.id,
      name: actors.name,
      displayName: actors.displayName,
      threeWords: actors.threeWords,
      avatarUrl: actors.avatarUrl,
      ageRating: actors.ageRating,
      isOnline: actors.isOnline,
      mobileVideoCall: actors.isOnlineMobileVideocall,
    })
    .from(actors)
    .where(where)
    .orderBy(...orderBy, asc(actors.id))
    .offset(search.from)
    .limit(search.take);
  return searchPage(
    search,
    rows,
    () => db.$count(actors, where),
    (row) => ({
      type: onlineOnly ? 'actors' : 'models',
      id: row.id,
      title: row.displayName,
      subtitle: row.threeWords,
      imageUrl: performerAvatar(gate, row),
      imageWidth: ACTOR_AVATAR_SIZE.width,
      imageHeight: ACTOR_AVATAR_SIZE.height,
      route: { name: 'actorProfile', args: { actorName: row.name } },
      online: row.isOnline,
      mobileVideoCall: row.mobileVideoCall,
    }),
  );
}

/** The ids of the performers a pattern names (at most `limit`, best first): the videos and albums of them match too. */
export async function performerIdsMatching(db: Database, pattern: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: actors.id })
    .from(actors)
    .where(performerMatch(pattern))
    .orderBy(desc(sql`similarity(${actors.name}, ${pattern.toLowerCase()})`), asc(actors.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

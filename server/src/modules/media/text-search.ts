import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ASMR_TAG, type SearchItem, type SearchType } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { descending, prefixQuery, searchPage, type TextSearch, type TextSearchPage } from '../../db/text-search';
import type { AgeGate } from '../auth/age';
import { performerCard } from '../performers/catalogue';
import { performerIdsMatching } from '../performers/text-search';
import { albums, videoTags, videos } from './schema';

/** Performers whose videos and albums a pattern finds by her name: the closest few, so the page stays one query. */
const NAMED_PERFORMERS = 20;
/** The hits a relevance order ranks (and pages through): the first this many the indexes find. */
export const RANKED_HITS = 1000;

type MediaTable = typeof videos | typeof albums;

interface MediaSearch {
  table: MediaTable;
  type: SearchType;
  /** Which hits count: the words, the performer, or both. */
  match: (words: SQL | null, performerIds: number[]) => SQL | undefined;
  link: (row: { id: number; actorName: string }) => SearchItem['route'];
}

async function searchMedia(
  db: Database,
  gate: AgeGate,
  search: TextSearch,
  { table, type, match, link }: MediaSearch,
): Promise<TextSearchPage> {
  const words = prefixQuery('simple', search.pattern);
  const performerIds = await performerIdsMatching(db, search.pattern, NAMED_PERFORMERS);
  const where = match(words, performerIds) ?? sql`false`;
  const score = sql<number>`${words ? sql`ts_rank(${table.searchText}, ${words})` : sql`0`} + ${
    performerIds.length > 0 ? sql`(${inArray(table.actorId, performerIds)})::int * 0.5` : sql`0`
  }`;
  const dir = descending(search.order) ? desc : asc;
  // Relevance ranks a bounded set of hits: a common word matches a tenth of a large catalogue, and ranking all of
  // them would cost every search of it the time of sorting them (the other orders read their index).
  const ranked = db
    .select({ id: table.id, score: score.as('score') })
    .from(table)
    .where(where)
    .limit(RANKED_HITS)
    .as('ranked');
  const base = db
    .select({
      id: table.id,
      title: table.title,
      previewUrl: table.previewUrl,
      previewWidth: table.previewWidth,
      previewHeight: table.previewHeight,
      ageRating: table.ageRating,
      actorName: performerCard.name,
      actorDisplayName: performerCard.displayName,
    })
    .from(table)
    .innerJoin(performerCard, eq(performerCard.id, table.actorId))
    .$dynamic();
  const ordered =
    search.sort === 'relevance'
      ? base.innerJoin(ranked, eq(ranked.id, table.id)).orderBy(dir(ranked.score), desc(table.likes), asc(table.id))
      : base.where(where).orderBy(search.sort === 'newest' ? dir(table.releasedAt) : dir(table.title), asc(table.id));
  const rows = ordered.offset(search.from).limit(search.take);
  // By relevance the pages end with the ranked hits, so the total counts those.
  const hits = db.select({ id: table.id }).from(table).where(where).$dynamic();
  const counted = (search.sort === 'relevance' ? hits.limit(RANKED_HITS) : hits).as('hits');
  return searchPage(
    search,
    rows,
    () => db.$count(counted),
    (row) => ({
      type,
      id: row.id,
      title: row.title,
      subtitle: row.actorDisplayName,
      imageUrl: gate.image(row.previewUrl, row.ageRating),
      imageWidth: row.previewWidth,
      imageHeight: row.previewHeight,
      route: link(row),
    }),
  );
}

/** Nothing matches a pattern that holds no word and names no performer. */
const byWordsOrPerformer = (table: MediaTable) => (words: SQL | null, performerIds: number[]) =>
  or(
    words ? sql`${table.searchText} @@ ${words}` : undefined,
    performerIds.length > 0 ? inArray(table.actorId, performerIds) : undefined,
  ) ?? sql`false`;
const videoLink = (row: { id: number; actorName: string }): SearchItem['route'] => ({
  name: 'videoDetails',
  args: { actorName: row.actorName, videoId: String(row.id) },
});
const albumLink = (row: { id: number; actorName: string }): SearchItem['route'] => ({
  name: 'albumDetails',
  args: { actorName: row.actorName, albumId: String(row.id) },
});
const isAsmr = exists(
  sql`(select 1 from ${videoTags} where ${videoTags.videoId} = ${videos.id} and ${videoTags.tag} = ${ASMR_TAG})`,
);

/** Videos by their words or their performer's name. */
export const searchVideos = (db: Database, gate: AgeGate, search: TextSearch) =>
  searchMedia(db, gate, search, {
    table: videos,
    type: 'videos',
    match: byWordsOrPerformer(videos),
    link: videoLink,
  });

/** ASMR videos (tagged so) by their words or their performer's name. */
export const searchAsmrVideos = (db: Database, gate: AgeGate, search: TextSearch) =>
  searchMedia(db, gate, search, {
    table: videos,
    type: 'asmr',
    match: (words, ids) => and(isAsmr, byWordsOrPerformer(videos)(words, ids)),
    link: videoLink,
  });

/** Photo albums by their own words. */
export const searchPhotoAlbums = (db: Database, gate: AgeGate, search: TextSearch) =>
  searchMedia(db, gate, search, {
    table: albums,
    type: 'photos',
    match: (words) => (words ? sql`${albums.searchText} @@ ${words}` : undefined),
    link: albumLink,
  });

/** The galleries of the performers a pattern names. */
export const searchGalleries = (db: Database, gate: AgeGate, search: TextSearch) =>
  searchMedia(db, gate, search, {
    table: albums,
    type: 'galleries',
    match: (_words, ids) => (ids.length > 0 ? inArray(albums.actorId, ids) : undefined),
    link: albumLink,
  });

/** The tags of the video catalogue with how many videos carry each: most used first, or those a pattern begins. */
export async function videoTagCounts(db: Database, { prefix, first }: { prefix?: string; first: number }) {
  return db
    .select({ tag: videoTags.tag, count: sql<number>`count(*)::int` })
    .from(videoTags)
    .where(prefix === undefined ? undefined : ilike(videoTags.tag, `${prefix.replace(/[\\%_]/g, '\\$&')}%`))
    .groupBy(videoTags.tag)
    .orderBy(desc(sql`count(*)`), asc(videoTags.tag))
    .limit(first);
}

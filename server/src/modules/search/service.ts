import { sql } from 'drizzle-orm';
import {
  SEARCH_PAGE_SIZES,
  SEARCH_PROPOSALS_PER_TYPE,
  SEARCH_TYPES,
  type Language,
  type SearchSection,
  type SearchType,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { TextSearch, TextSearchPage } from '../../db/text-search';
import type { AgeGate } from '../auth/age';
import {
  searchAsmrVideos,
  searchGalleries,
  searchPhotoAlbums,
  searchVideos,
  videoTagCounts,
} from '../media/text-search';
import { searchPerformers } from '../performers/text-search';
import { searchBlogPosts } from '../specials/blog-search';
import { searchMediathek, searchTvArticles } from '../tv/text-search';
import { searchPatterns } from './schema';

type Source = (db: Database, gate: AgeGate, search: TextSearch) => Promise<TextSearchPage>;

/** Each kind of result is searched by the module that owns its rows. */
const SOURCES: Record<SearchType, Source> = {
  actors: (db, gate, search) => searchPerformers(db, gate, search, { onlineOnly: true }),
  models: (db, gate, search) => searchPerformers(db, gate, search, { onlineOnly: false }),
  videos: searchVideos,
  asmr: searchAsmrVideos,
  photos: searchPhotoAlbums,
  galleries: searchGalleries,
  tv: (db, _gate, search) => searchTvArticles(db, search),
  mediathek: (db, _gate, search) => searchMediathek(db, search),
  blog: (db, _gate, search) => searchBlogPosts(db, search),
};

/** One page of one kind: `take` at most the kind's page size. */
export async function searchOfType(
  db: Database,
  gate: AgeGate,
  type: SearchType,
  search: Omit<TextSearch, 'take'> & { take?: number },
): Promise<SearchSection> {
  const take = Math.min(search.take ?? SEARCH_PAGE_SIZES[type], SEARCH_PAGE_SIZES[type]);
  const page = await SOURCES[type](db, gate, { ...search, take });
  return { type, total: page.total, items: page.items };
}

/** The overlay's proposals: the best few of every kind with each kind's total, so it can offer "all n". */
export function proposals(db: Database, gate: AgeGate, pattern: string, language: Language): Promise<SearchSection[]> {
  return Promise.all(
    SEARCH_TYPES.map((type) =>
      searchOfType(db, gate, type, {
        pattern,
        language,
        sort: 'relevance',
        order: 'desc',
        from: 0,
        take: SEARCH_PROPOSALS_PER_TYPE,
        withTotal: true,
      }),
    ),
  );
}

/** Counts a searched pattern (trimmed, lower-cased) in its language. */
export async function storeSearchPattern(db: Database, language: Language, pattern: string, now: Date): Promise<void> {
  await db
    .insert(searchPatterns)
    .values({ language, pattern: pattern.trim().toLowerCase(), lastSearchedAt: now })
    .onConflictDoUpdate({
      target: [searchPatterns.language, searchPatterns.pattern],
      set: { count: sql`${searchPatterns.count} + 1`, lastSearchedAt: now },
    });
}

/** Video tags a pattern begins, most used first. */
export const suggestTags = (db: Database, pattern: string, first: number) =>
  videoTagCounts(db, { prefix: pattern.trim().toLowerCase(), first });

/** The most used video tags. */
export const popularTags = (db: Database, first: number) => videoTagCounts(db, { first });

import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import type { Language, SearchItem, SearchOrder, SearchSort } from '@velvet/contracts';

/**
 * What every catalogue module's search of its own rows is asked: the pattern, the caller's language, the window
 * of the ordered hits and whether to count them all. The global search (module `search`) asks each module
 * through these, so the SQL of a table stays with the module that owns it.
 */
export interface TextSearch {
  pattern: string;
  language: Language;
  sort: SearchSort;
  order: SearchOrder;
  from: number;
  take: number;
  withTotal: boolean;
}

export interface TextSearchPage {
  items: SearchItem[];
  total: number | null;
}

/** A column of PostgreSQL's parsed words (a generated column the database keeps, GIN-indexed). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text-search configuration of each language: stemming, so 'Tänzerin' finds 'Tänzerinnen'. */
export const TEXT_SEARCH_CONFIG = { de: 'german', en: 'english', nl: 'dutch', es: 'spanish' } as const satisfies Record<
  Language,
  string
>;

const MAX_WORDS = 6;

/** The words of a pattern, lower-cased, letters and digits only (what a tsquery can hold safely). */
export const patternWords = (pattern: string): string[] =>
  (pattern.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/**
 * Every word of the pattern as a prefix ('tän sho' finds 'Tänzerin' and 'Shower'), in the given configuration,
 * or null when the pattern holds no word. The words are bound as one parameter, never spliced into the SQL.
 */
export function prefixQuery(config: string, pattern: string): SQL | null {
  const words = patternWords(pattern);
  if (words.length === 0) return null;
  return sql`to_tsquery(${config}::regconfig, ${words.map((word) => `${word}:*`).join(' & ')})`;
}

/**
 * The direction of an order: relevance and newest read best first, so `desc` is their natural order; names read
 * A to Z for `asc`.
 */
export const descending = (order: SearchOrder) => order === 'desc';

/** The order of the hits: `by` names what each sort orders by, read in the search's direction. */
export function searchOrder(search: TextSearch, by: Record<SearchSort, AnyColumn | SQLWrapper>): SQL {
  return (descending(search.order) ? desc : asc)(by[search.sort]);
}

/** What a pattern without a word finds. */
export const noHits = (search: TextSearch): TextSearchPage => ({ items: [], total: search.withTotal ? 0 : null });

/** A page of hits and, when the search asks for it, their number (`count`), read at once. */
export async function searchPage<T>(
  search: TextSearch,
  rows: Promise<T[]>,
  count: () => PromiseLike<number>,
  toItem: (row: T) => SearchItem,
): Promise<TextSearchPage> {
  const [page, total] = await Promise.all([rows, search.withTotal ? count() : null]);
  return { items: page.map(toItem), total };
}

/**
 * The words of a text kept per language (jsonb `{de, en, nl, es}`: a title and a teaser) in that language's
 * configuration. Written with literals, not parameters, so PostgreSQL uses the expression index the search
 * module's migration made for each language (an index matches only the same expression).
 */
export function localizedText(language: Language, ...columns: SQL[]): SQL {
  const key = sql.raw(`'${language}'`);
  const parts = columns.map((column) => sql`coalesce(${column} ->> ${key}, '')`);
  return sql`to_tsvector(${sql.raw(`'${TEXT_SEARCH_CONFIG[language]}'`)}::regconfig, ${sql.join(parts, sql` || ' ' || `)})`;
}

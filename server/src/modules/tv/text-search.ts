import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  localizedText,
  noHits,
  prefixQuery,
  searchOrder,
  searchPage,
  TEXT_SEARCH_CONFIG,
  type TextSearch,
  type TextSearchPage,
} from '../../db/text-search';
import { tvArticles, tvEpisodes, tvSeries } from './schema';

/** The sizes the seed generates the articles' images and the episodes' previews in. */
const ARTICLE_IMAGE = { width: 640, height: 360 };
const EPISODE_PREVIEW = { width: 320, height: 180 };

/**
 * TV articles by their title and teaser in the caller's language, stemmed in that language and ranked by
 * ts_rank (an expression index per language, made by the search module's migration).
 */
export async function searchTvArticles(db: Database, search: TextSearch): Promise<TextSearchPage> {
  const words = prefixQuery(TEXT_SEARCH_CONFIG[search.language], search.pattern);
  if (!words) return noHits(search);
  const text = localizedText(search.language, sql`${tvArticles.title}`, sql`${tvArticles.teaser}`);
  const where = sql`${text} @@ ${words}`;
  const orderBy = searchOrder(search, {
    relevance: sql`ts_rank(${text}, ${words})`,
    newest: tvArticles.publishedAt,
    name: sql`${tvArticles.title} ->> ${search.language}`,
  });
  const rows = db
    .select()
    .from(tvArticles)
    .where(where)
    .orderBy(orderBy, asc(tvArticles.id))
    .offset(search.from)
    .limit(search.take);
  return searchPage(
    search,
    rows,
    () => db.$count(tvArticles, where),
    (row) => ({
      type: 'tv',
      id: row.id,
      title: row.title[search.language],
      subtitle: row.teaser[search.language],
      imageUrl: row.imageUrl,
      imageWidth: ARTICLE_IMAGE.width,
      imageHeight: ARTICLE_IMAGE.height,
      route: { name: 'tvArticle', args: { slug: row.slug } },
    }),
  );
}

/**
 * Episodes of the TV mediathek by their title in the caller's language, stemmed in that language (an expression
 * index per language, made by the search module's migration), or by their series' title, a brand name the same in
 * every language (so without stemming).
 */
export async function searchMediathek(db: Database, search: TextSearch): Promise<TextSearchPage> {
  const words = prefixQuery(TEXT_SEARCH_CONFIG[search.language], search.pattern);
  const brandWords = prefixQuery('simple', search.pattern);
  if (!words || !brandWords) return noHits(search);
  const episodeText = localizedText(search.language, sql`${tvEpisodes.title}`);
  const where = sql`(${episodeText} @@ ${words} or to_tsvector('simple', ${tvSeries.title}) @@ ${brandWords})`;
  const orderBy = searchOrder(search, {
    relevance: sql`ts_rank(${episodeText}, ${words})`,
    newest: tvEpisodes.publishedAt,
    name: sql`${tvEpisodes.title} ->> ${search.language}`,
  });
  const hits = db
    .select({ id: tvEpisodes.id })
    .from(tvEpisodes)
    .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId));
  const rows = db
    .select({ episode: tvEpisodes, seriesKey: tvSeries.key, seriesTitle: tvSeries.title })
    .from(tvEpisodes)
    .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId))
    .where(where)
    .orderBy(orderBy, desc(tvEpisodes.publishedAt), asc(tvEpisodes.id))
    .offset(search.from)
    .limit(search.take);
  return searchPage(
    search,
    rows,
    () => db.$count(hits.where(where).as('hits')),
    ({ episode, seriesKey, seriesTitle }) => ({
      type: 'mediathek',
      id: episode.id,
      title: episode.title[search.language],
      subtitle: seriesTitle,
      imageUrl: episode.previewPicture,
      imageWidth: EPISODE_PREVIEW.width,
      imageHeight: EPISODE_PREVIEW.height,
      route: { name: 'tvVideo', args: { key: seriesKey, episodeId: String(episode.id) } },
    }),
  );
}

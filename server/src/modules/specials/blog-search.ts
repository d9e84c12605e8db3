import { asc, desc, sql } from 'drizzle-orm';
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
import { blogPosts } from './schema';
import { localize } from './service';

/**
 * Blog posts by their title and teaser in the caller's language, stemmed in that language and ranked by ts_rank
 * (an expression index per language, made by the search module's migrations).
 */
export async function searchBlogPosts(db: Database, search: TextSearch): Promise<TextSearchPage> {
  const { language } = search;
  const words = prefixQuery(TEXT_SEARCH_CONFIG[language], search.pattern);
  if (!words) return noHits(search);
  const text = localizedText(language, sql`${blogPosts.title}`, sql`${blogPosts.teaser}`);
  const where = sql`${text} @@ ${words}`;
  const orderBy = searchOrder(search, {
    relevance: sql`ts_rank(${text}, ${words})`,
    newest: blogPosts.published,
    name: sql`${blogPosts.title} ->> ${language}`,
  });
  const rows = db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(orderBy, desc(blogPosts.published), asc(blogPosts.id))
    .offset(search.from)
    .limit(search.take);
  return searchPage(
    search,
    rows,
    () => db.$count(blogPosts, where),
    (row) => ({
      type: 'blog',
      id: row.id,
      title: localize(row.title, language),
      subtitle: localize(row.teaser, language),
      imageUrl: row.imageUrl,
      imageWidth: row.imageWidth,
      imageHeight: row.imageHeight,
      route: { name: 'blogArticle', args: { slug: row.slug } },
    }),
  );
}

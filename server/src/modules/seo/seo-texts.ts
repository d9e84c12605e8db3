import { inArray, not, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type SeoText } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../module';
import { seoTexts } from './schema';
import { filledText, seoTextTemplates, type SeoTextTemplate } from './texts';

/** The tags the code writes SEO texts for: the listing pages a crawler lands on, by route name. */
export const SEO_TEXT_TAGS = Object.keys(seoTextTemplates(DEFAULT_LANGUAGE));

/**
 * Puts the SEO texts of the code in the table, each tag in every language (a corrected text is updated in place),
 * and drops the texts of tags the code no longer writes.
 */
export async function storeSeoTexts(db: Database): Promise<void> {
  const rows = LANGUAGES.flatMap((language) => {
    const written = seoTextTemplates(language);
    return SEO_TEXT_TAGS.map((tag) => {
      const text = written[tag];
      if (!text) throw new Error(`No SEO text ${tag} in ${language}`);
      return { tag, language, headline: text.headline, paragraphs: text.paragraphs };
    });
  });
  await db
    .insert(seoTexts)
    .values(rows)
    .onConflictDoUpdate({
      target: [seoTexts.tag, seoTexts.language],
      set: { headline: sql`excluded.headline`, paragraphs: sql`excluded.paragraphs` },
    });
  await db.delete(seoTexts).where(not(inArray(seoTexts.tag, SEO_TEXT_TAGS)));
}

/** The texts of the table per language and tag. */
type SeoTextBook = ReadonlyMap<Language, ReadonlyMap<string, SeoTextTemplate>>;

async function readSeoTexts(db: Database): Promise<SeoTextBook> {
  const book = new Map(LANGUAGES.map((language) => [language, new Map<string, SeoTextTemplate>()]));
  for (const row of await db.select().from(seoTexts))
    book.get(row.language as Language)?.set(row.tag, { headline: row.headline, paragraphs: row.paragraphs });
  return book;
}

/**
 * The texts change only at a start, so each process reads the table once, as it starts, and answers every page
 * and query from memory.
 */
const books = new WeakMap<ModuleContext, SeoTextBook>();

/** Stores the code's texts and reads the table into this process's memory. */
export async function prepareSeoTexts(ctx: ModuleContext): Promise<void> {
  await storeSeoTexts(ctx.db);
  books.set(ctx, await readSeoTexts(ctx.db));
}

/** The SEO texts of some tags in a language, in the order asked, with the tenant's brand; a tag without one is left out. */
export function seoTextsIn(ctx: ModuleContext, tags: readonly string[], language: Language, brand: string): SeoText[] {
  const book = books.get(ctx);
  if (!book) throw new Error('The SEO texts are read as the seo module prepares');
  const written = book.get(language)!;
  const fill = (words: string) => filledText(words, language, { brand });
  return [...new Set(tags)].flatMap((tag) => {
    const text = written.get(tag);
    return text ? [{ tag, language, headline: fill(text.headline), paragraphs: text.paragraphs.map(fill) }] : [];
  });
}

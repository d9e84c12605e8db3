import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  LEGAL_PAGES,
  LEGAL_TEXTS_MAX_FIRST,
  legalDownloadUrl,
  type Language,
  type LegalText,
  type LegalTextFilter,
  type LegalTextListItem,
  type LegalTextType,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { legalTexts, type LegalTextRow } from './schema';
import { LEGAL_DOCUMENTS } from './texts';

/** Puts the texts of the code in the table: a new version gets a new row (and id), a corrected one is updated. */
export async function storeLegalTexts(db: Database): Promise<void> {
  await db
    .insert(legalTexts)
    .values([...LEGAL_DOCUMENTS])
    .onConflictDoUpdate({
      target: [legalTexts.type, legalTexts.language, legalTexts.version],
      set: {
        title: sql`excluded.title`,
        sections: sql`excluded.sections`,
        validFrom: sql`excluded.valid_from`,
      },
    });
}

/** Whether a row is the newest version of its document in its language: the one in force. */
const isCurrent = sql<boolean>`${legalTexts.version} = (select max(newer.version) from ${legalTexts} newer
  where newer.type = ${legalTexts.type} and newer.language = ${legalTexts.language})`;

const withCurrent = { ...getTableColumns(legalTexts), current: isCurrent };
/** The footer's order of the documents. */
const DOCUMENT_ORDER = sql`array_position(array[${sql.join(
  Object.keys(LEGAL_PAGES).map((type) => sql`${type}`),
  sql`, `,
)}]::text[], ${legalTexts.type})`;

const asLegalText = (row: LegalTextRow & { current: boolean }): LegalText => ({
  id: row.id,
  type: row.type as LegalTextType,
  language: row.language as Language,
  version: row.version,
  title: row.title,
  validFrom: row.validFrom,
  current: row.current,
  sections: row.sections,
});

const notFound = () => new HttpError(404, 'LEGAL_TEXT_NOT_FOUND', 'There is no such legal text');

/** The version in force of a document in a language. */
export async function currentLegalText(db: Database, type: LegalTextType, language: Language): Promise<LegalText> {
  const [row] = await db
    .select(withCurrent)
    .from(legalTexts)
    .where(and(eq(legalTexts.type, type), eq(legalTexts.language, language), isCurrent));
  if (!row) throw notFound();
  return asLegalText(row);
}

export async function legalTextById(db: Database, id: number): Promise<LegalText> {
  const [row] = await db.select(withCurrent).from(legalTexts).where(eq(legalTexts.id, id));
  if (!row) throw notFound();
  return asLegalText(row);
}

export const LEGAL_TEXTS_DEFAULT_FIRST = 20;

/** Legal texts by type, language and whether in force, in document order (type, language, newest first). */
export async function listLegalTexts(
  db: Database,
  filter: LegalTextFilter,
  first = LEGAL_TEXTS_DEFAULT_FIRST,
  offset = 0,
): Promise<{ total: number; items: LegalTextListItem[] }> {
  const where = and(
    filter.types ? inArray(legalTexts.type, filter.types) : undefined,
    filter.language ? eq(legalTexts.language, filter.language) : undefined,
    filter.currentOnly ? isCurrent : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(legalTexts).where(where);
  const rows = await db
    .select(withCurrent)
    .from(legalTexts)
    .where(where)
    .orderBy(DOCUMENT_ORDER, asc(legalTexts.language), sql`${legalTexts.version} desc`)
    .limit(Math.min(first, LEGAL_TEXTS_MAX_FIRST))
    .offset(offset);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({ ...asLegalText(row), downloadUrl: legalDownloadUrl(row.id) })),
  };
}

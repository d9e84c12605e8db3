import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Language, StoredTeaser, Teaser, TeaserDefinition } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { conversionTeasers } from './schema';

type TeaserRow = typeof conversionTeasers.$inferSelect;

const stored = (row: TeaserRow): StoredTeaser => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A teaser's arguments all hold on the page: each one it names has the same value there. */
const argsMatch = (wanted: Record<string, string>, page: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) => page[name] === value);

/**
 * The teasers of one page of a tenant now: those of its route and those of every page, running at `now`, whose
 * arguments the page's hold, by position (older first among equals), in the language asked.
 */
export async function pageTeasers(
  db: Database,
  request: {
    tenantId: string;
    routeName: string;
    routeArgs: Record<string, string>;
    language: Language;
    now: Date;
  },
): Promise<Teaser[]> {
  const rows = await db
    .select()
    .from(conversionTeasers)
    .where(
      and(
        eq(conversionTeasers.tenantId, request.tenantId),
        or(isNull(conversionTeasers.routeName), eq(conversionTeasers.routeName, request.routeName)),
        lte(conversionTeasers.startsAt, request.now),
        or(isNull(conversionTeasers.endsAt), gt(conversionTeasers.endsAt, request.now)),
      ),
    )
    .orderBy(asc(conversionTeasers.position), asc(conversionTeasers.id));
  return rows
    .filter((row) => argsMatch(row.routeArgs, request.routeArgs))
    .map((row) => {
      const texts = row.texts[request.language];
      return {
        id: row.id,
        position: row.position,
        headline: texts.headline,
        text: texts.text,
        action: { label: texts.action, routeName: row.actionRoute },
      };
    });
}

export async function listTeasers(db: Database, tenantId: string): Promise<StoredTeaser[]> {
  const rows = await db
    .select()
    .from(conversionTeasers)
    .where(eq(conversionTeasers.tenantId, tenantId))
    .orderBy(asc(conversionTeasers.position), asc(conversionTeasers.id));
  return rows.map(stored);
}

export async function createTeaser(db: Database, definition: TeaserDefinition, now: Date): Promise<StoredTeaser> {
  const [row] = await db
    .insert(conversionTeasers)
    .values({
      ...definition,
      startsAt: new Date(definition.startsAt),
      endsAt: definition.endsAt === null ? null : new Date(definition.endsAt),
      createdAt: now,
    })
    .returning();
  return stored(row!);
}

export async function deleteTeaser(db: Database, id: number) {
  const deleted = await db.delete(conversionTeasers).where(eq(conversionTeasers.id, id)).returning();
  if (deleted.length === 0) throw new HttpError(404, 'NOT_FOUND', `No teaser ${id}`);
  return { deleted: true };
}

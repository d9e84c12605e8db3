import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { migrateAll } from '../../db/migrate';
import { openMigratedDatabase } from '../../testing/template';
import { MODULES } from '..';
import { tvSeries } from './schema';
import { format } from './service';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/** Turns the migrated database into one of the version before the localized descriptions: its column is text. */
async function databaseBeforeLocalizedDescriptions(database: DatabaseHandle): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const migration = journal.entries.find((entry) => entry.tag === '0002_localized_series_description');
  assert.ok(migration, 'no migration 0002_localized_series_description');
  await database.db.execute(
    sql`alter table "tv_series" alter column "description" type text using "description"->>'en'`,
  );
  await database.db.execute(sql`delete from drizzle.__migrations_tv where created_at >= ${migration.when}`);
}

describe('the tv migrations', () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await openMigratedDatabase();
  });
  after(() => database.close());

  it('give a series description stored in English only that text in every language, and keep new ones', async () => {
    const { db } = database;
    await databaseBeforeLocalizedDescriptions(database);
    const old = 'Old Show: the Velvet TV series with our models, new episodes every week.';
    // The earlier version's column is text, which the current schema does not describe: so the row is written in SQL.
    await db.execute(
      sql`insert into tv_series (key, title, description, preview_img_url)
          values ('old-show', 'Old Show', ${old}, '/media/tv/series/old-show.webp')`,
    );

    await migrateAll(database, MODULES);

    const [stored] = await db.select().from(tvSeries).where(eq(tvSeries.key, 'old-show'));
    assert.deepEqual(stored!.description, { de: old, en: old, nl: old, es: old });
    const written = { de: 'Neue Serie', en: 'New show', nl: 'Nieuwe serie', es: 'Serie nueva' };
    await db.insert(tvSeries).values({
      key: 'new-show',
      title: 'New Show',
      description: written,
      previewImgUrl: '/media/tv/series/new-show.webp',
    });
    assert.deepEqual((await format(db, 'new-show')).series.description, written);
    assert.deepEqual((await format(db, 'old-show')).series.description.nl, old);
  });
});

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { migrateAll } from '../../db/migrate';
import { openMigratedDatabase } from '../../testing/template';
import { MODULES } from '..';
import { tvEpisodes, tvSeries } from './schema';
import { format, video } from './service';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const SEARCH_MIGRATIONS = path.join(import.meta.dirname, '..', 'search', 'migrations');

/** The date drizzle keeps of migration `tag` of a module's folder (its `created_at`). */
async function migrationDate(folder: string, tag: string): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const migration = journal.entries.find((entry) => entry.tag === tag);
  assert.ok(migration, `no migration ${tag}`);
  return migration.when;
}

/**
 * What a migration changed in the tables, undone, to make the tables of an earlier version. The search module's
 * indexes of the episodes' titles in every language (its migration 0003) go with those titles, and its index of
 * the one text comes back: that migration of the search module runs again.
 */
const UNDO: Record<string, () => Promise<SQL[]>> = {
  '0002_localized_series_description': async () => [
    sql`alter table "tv_series" alter column "description" type text using "description"->>'en'`,
  ],
  '0003_localized_episode_titles': async () => [
    sql`drop index tv_episodes_search_de, tv_episodes_search_en, tv_episodes_search_nl, tv_episodes_search_es`,
    sql`alter table "tv_episodes" alter column "title" type text using "title"->>'en'`,
    sql`create index "tv_episodes_search_text" on "tv_episodes" using gin (to_tsvector('simple', "title"))`,
    sql`delete from drizzle.__migrations_search
        where created_at >= ${await migrationDate(SEARCH_MIGRATIONS, '0003_localized_episode_search')}`,
  ],
};

/** Turns the migrated database into one of the version before migration `tag`: it and the later ones have not run. */
async function databaseBefore(database: DatabaseHandle, tag: string): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const first = journal.entries.findIndex((entry) => entry.tag === tag);
  assert.ok(first >= 0, `no migration ${tag}`);
  const undone = journal.entries.slice(first);
  for (const { tag: later } of [...undone].reverse())
    for (const statement of (await UNDO[later]?.()) ?? []) await database.db.execute(statement);
  await database.db.execute(sql`delete from drizzle.__migrations_tv where created_at >= ${undone[0]!.when}`);
}

describe('the tv migrations', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await openMigratedDatabase();
  });
  afterEach(() => database.close());

  it('give a series description stored in English only that text in every language, and keep new ones', async () => {
    const { db } = database;
    await databaseBefore(database, '0002_localized_series_description');
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

  it('give an episode title stored in English only that text in every language, searched in each', async () => {
    const { db } = database;
    await databaseBefore(database, '0003_localized_episode_titles');
    const old = 'Old Show 1: Arrival';
    const [series] = await db
      .insert(tvSeries)
      .values({
        key: 'old-show',
        title: 'Old Show',
        description: { de: 'Alt', en: 'Old', nl: 'Oud', es: 'Viejo' },
        previewImgUrl: '/media/tv/series/old-show.webp',
      })
      .returning({ id: tvSeries.id });
    // The earlier version's column is text, which the current schema does not describe: so the row is written in SQL.
    await db.execute(
      sql`insert into tv_episodes (series_id, episode, title, fsk, duration, preview_picture, published_at)
          values (${series!.id}, 1, ${old}, 18, 1500, '/media/tv/series/old-show.webp', now())`,
    );

    await migrateAll(database, MODULES);

    const [stored] = await db.select().from(tvEpisodes).where(eq(tvEpisodes.seriesId, series!.id));
    assert.deepEqual(stored!.title, { de: old, en: old, nl: old, es: old });
    assert.deepEqual((await video(db, stored!.id)).video.title.es, old);
    const indexes = (await db.execute(
      sql`select indexname from pg_indexes where tablename = 'tv_episodes' and indexname like 'tv_episodes_search_%'
          order by indexname`,
    )) as { rows: { indexname: string }[] };
    assert.deepEqual(
      indexes.rows.map((row) => row.indexname),
      ['tv_episodes_search_de', 'tv_episodes_search_en', 'tv_episodes_search_es', 'tv_episodes_search_nl'],
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { migrateAll } from '../../db/migrate';
import { openMigratedDatabase } from '../../testing/template';
import { MODULES } from '..';
import { createPerformer } from './fixtures';

const CATALOGUE_TABLES = [
  'actors',
  'actor_categories',
  'actor_category_members',
  'actor_sedcards',
  'actor_online_windows',
  'actor_search_states',
  'geo_zip_codes',
  'favorite_actors',
];

/** The rows of a raw query (PGlite and node-postgres both answer `rows`). */
const rowsOf = async (database: DatabaseHandle, query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The catalogue's tables as the database has them: columns, constraints and indexes. */
async function catalogueShape(database: DatabaseHandle) {
  const tables = sql.join(
    CATALOGUE_TABLES.map((table) => sql`${table}`),
    sql`, `,
  );
  const columns = await rowsOf(
    database,
    sql`select table_name, column_name, data_type, is_nullable, column_default, generation_expression
        from information_schema.columns where table_schema = 'public' and table_name in (${tables})
        order by table_name, column_name`,
  );
  const constraints = await rowsOf(
    database,
    sql`select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
        from pg_constraint where conrelid::regclass::text in (${tables}) order by 1, 2`,
  );
  const indexes = await rowsOf(
    database,
    sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename in (${tables}) order by 1, 2`,
  );
  return { columns, constraints, indexes };
}

describe('the performers migrations', () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await openMigratedDatabase();
  });
  after(() => database.close());

  it('own the catalogue tables, which a data directory migrated by the chat module before keeps with its rows', async () => {
    const fresh = await catalogueShape(database);
    assert.equal(new Set(fresh.columns.map((column) => column.table_name)).size, CATALOGUE_TABLES.length);
    const performer = await createPerformer(database.db);
    // A directory of an earlier version: the chat module's migrations made the tables, up to their first version
    // (no search, location or ranking columns, no schedule table), and the performers module's never ran.
    await database.db.execute(sql`delete from drizzle.__migrations_performers`);
    await database.db.execute(sql`drop index actors_rank`);
    await database.db.execute(sql`drop table actor_online_windows, actor_search_states, geo_zip_codes`);
    for (const column of ['search_vector', 'lat', 'long', 'zip', 'ranking_points_video_call', 'age_rating']) {
      await database.db.execute(sql`alter table actors drop column ${sql.identifier(column)}`);
    }

    await migrateAll(database, MODULES);

    assert.deepEqual(await catalogueShape(database), fresh);
    const kept = await rowsOf(database, sql`select name from actors where id = ${performer.id}`);
    assert.deepEqual(kept, [{ name: performer.name }]);
    const recorded = await rowsOf(database, sql`select count(*)::int as n from drizzle.__migrations_performers`);
    assert.deepEqual(recorded, [{ n: 2 }]);
  });
});

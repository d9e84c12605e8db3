import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';

/**
 * The database every module queries with drizzle's pg-core builders. The same type covers the embedded PGlite
 * and a real PostgreSQL, so module code never knows which one runs.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  /** The embedded database's files as a tarball (PGlite only), e.g. to start test databases from. */
  dump?: () => Promise<Blob>;
  /** Applies one module's drizzle-kit migrations, tracked in its own table. */
  migrate(migrationsFolder: string, migrationsTable: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** An in-memory PGlite started from this data-directory dump (fast isolated databases for tests). */
  template?: Blob;
  /** An empty in-memory PGlite (to build such a template). */
  memory?: boolean;
}

/** PGlite in DATA_DIR/pglite unless DATABASE_URL points at a PostgreSQL server. */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 20 });
    const db = drizzlePg(pool);
    return {
      db: db as unknown as Database,
      migrate: (migrationsFolder, migrationsTable) => migratePg(db, { migrationsFolder, migrationsTable }),
      close: () => pool.end(),
    };
  }
  const client = options.template
    ? await PGlite.create({ loadDataDir: options.template })
    : await PGlite.create(options.memory ? 'memory://' : path.join(config.dataDir, 'pglite'));
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Database,
    migrate: (migrationsFolder, migrationsTable) => migratePglite(db, { migrationsFolder, migrationsTable }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

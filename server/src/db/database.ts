import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { LEASE_NAMESPACE, leaseKey } from '../leases/leases';

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
  /**
   * Runs `work` while no other server process on this database runs work of the same name: on PostgreSQL under a
   * session advisory lock (freed by PostgreSQL if this process dies), so of processes started together one
   * migrates or seeds and the others, waiting, then find it done. PGlite serves one process: it just runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const transactionEffects = new AsyncLocalStorage<Array<() => void>>();

/**
 * Runs `effect` once the outermost transaction running now has ended (committed or rolled back), e.g. to forget
 * a value kept in memory that the commit changes; outside a transaction it runs at once. A nested transaction
 * (a savepoint) does not commit anything by itself, so its effects wait for the outermost one.
 */
export function afterTransaction(effect: () => void): void {
  const effects = transactionEffects.getStore();
  if (effects) effects.push(effect);
  else effect();
}

/** The database's own transactions collect what `afterTransaction` asks for inside them and run it at their end. */
function withTransactionEffects(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    const effects: Array<() => void> = [];
    try {
      return await transactionEffects.run(effects, () => transaction(run, config));
    } finally {
      for (const effect of effects) effect();
    }
  }) as Database['transaction'];
  return db;
}

/** The types drizzle reads as text and parses itself: dates, intervals, and arrays of those and of numerics. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type PGliteQueries = Pick<PGlite, 'query' | 'transaction'> | Transaction;

/**
 * drizzle's PGlite driver sends parsers for `TEXT_TYPES` with every query, and PGlite copies its whole parser table
 * to apply them, a tenth of a short read's time. The table gets them once, and queries go without their own.
 */
function parsingTextOnce(client: PGlite): PGlite {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  return withoutQueryParsers(client);
}

function withoutQueryParsers<C extends PGliteQueries>(client: C): C {
  // What is set on it stays on it, over the client's own: a wrapper set on `query` (a test counting statements) then
  // wraps this query, and the client's own methods, which this one calls, stay as they are.
  const own = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    set(_target, key, value) {
      own.set(key, value);
      return true;
    },
    get(target, key) {
      if (own.has(key)) return own.get(key);
      if (key === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (key === 'transaction' && 'transaction' in target) {
        return <T>(run: (tx: Transaction) => Promise<T>) => target.transaction((tx) => run(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite has no guard against two processes opening the same files, which corrupts them; a pid file in the
 * data directory refuses a second server (a stale one, left by a crash, is taken over).
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.pid');
  const holder = Number(readFileSync(file, { encoding: 'utf8', flag: 'a+' }).trim());
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(`${dataDir} is used by another server (process ${holder}); stop it or choose another DATA_DIR`);
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

export interface OpenOptions {
  /** An in-memory PGlite started from this data-directory dump (fast isolated databases for tests). */
  template?: Blob;
  /** An empty in-memory PGlite (to build such a template). */
  memory?: boolean;
}

/** PGlite in DATA_DIR/pglite unless DATABASE_URL points at a PostgreSQL server. */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 20 });
    const db = drizzlePg(pool);
    return {
      db: withTransactionEffects(db as unknown as Database),
      migrate: (migrationsFolder, migrationsTable) => migratePg(db, { migrationsFolder, migrationsTable }),
      exclusive: async (name, work) => {
        const client = await pool.connect();
        let broken = false;
        try {
          await client.query('select pg_advisory_lock($1, $2)', [LEASE_NAMESPACE, leaseKey(name)]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1, $2)', [LEASE_NAMESPACE, leaseKey(name)]);
          }
        } catch (error) {
          // A connection that may still hold the lock is closed, never handed to another query.
          broken = true;
          throw error;
        } finally {
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  const releaseLock = options.template || options.memory ? () => {} : lockDataDir(config.dataDir);
  // pg_trgm: the global search's similarity of names (PostgreSQL servers bring it with their contrib package).
  const extensions = { pg_trgm };
  const client = options.template
    ? await PGlite.create({ loadDataDir: options.template, extensions })
    : await PGlite.create(options.memory ? 'memory://' : path.join(config.dataDir, 'pglite'), { extensions });
  const db = drizzlePglite(parsingTextOnce(client));
  return {
    db: withTransactionEffects(db as unknown as Database),
    migrate: (migrationsFolder, migrationsTable) => migratePglite(db, { migrationsFolder, migrationsTable }),
    exclusive: (_name, work) => work(),
    close: async () => {
      await client.close();
      releaseLock();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

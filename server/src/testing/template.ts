import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CORE_MIGRATIONS, migrateAll } from '../db/migrate';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { MODULES } from '../modules';
import type { ServerModule } from '../modules/module';

async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Changes whenever any migration changes, so a stale template is never used. */
async function migrationsHash(modules: readonly ServerModule[]): Promise<string> {
  const hash = createHash('sha256');
  const folders = [CORE_MIGRATIONS, ...modules.flatMap((m) => (m.migrationsFolder ? [m.migrationsFolder] : []))];
  for (const folder of folders) {
    for (const file of await filesOf(folder)) hash.update(file).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a freshly migrated PGlite, made once and kept in the temp folder. Starting PGlite from it takes
 * about a second, where a new database (initdb) takes ten or more on a small machine.
 */
export async function migratedTemplate(modules: readonly ServerModule[]): Promise<Blob> {
  const file = path.join(tmpdir(), `velvet-pglite-template-${await migrationsHash(modules)}.tar`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);
  const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: undefined }, { memory: true });
  await migrateAll(database, modules);
  const dump = await database.dump!();
  await database.close();
  // Written under a unique name and renamed, so parallel test runs never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

/** A PGlite of its own, every module migrated, for a test of the database itself (a migration, say). */
export async function openMigratedDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: tmpdir(), databaseUrl: undefined }, { template: await migratedTemplate(MODULES) });
}

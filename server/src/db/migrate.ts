import path from 'node:path';
import type { ServerModule } from '../modules/module';
import type { DatabaseHandle } from './database';

/** The server's own tables (seed bookkeeping); applied before any module. */
export const CORE_MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/**
 * Applies the core migrations, then each module's in module order. Every module keeps its own migrations
 * table (`__migrations_<module>`), so modules evolve their schemas independently.
 */
export async function migrateAll(database: DatabaseHandle, modules: readonly ServerModule[]): Promise<void> {
  await database.migrate(CORE_MIGRATIONS, '__migrations_core');
  for (const module of modules) {
    if (module.migrationsFolder) await database.migrate(module.migrationsFolder, `__migrations_${module.name}`);
  }
}

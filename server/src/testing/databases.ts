import { after } from 'node:test';
import { createTestApp, type TestApp, type TestAppOptions } from './app';
import { startPostgres } from './postgres';

/** A test file's rules, run once per database: `open` starts a server on it, `skip` says why they cannot run. */
export type DatabaseRules = (
  database: 'PGlite' | 'PostgreSQL',
  open: () => Promise<TestApp>,
  skip: string | false,
) => void;

/**
 * Runs a file's rules on PGlite and on a throw-away PostgreSQL, each server opened with the same options. In CI a
 * PostgreSQL that cannot start fails the file; elsewhere its run is skipped with the reason.
 */
export async function onEachDatabase(rules: DatabaseRules, options: TestAppOptions = {}): Promise<void> {
  rules('PGlite', () => createTestApp(options), false);
  const postgres = await startPostgres();
  after(() => postgres?.stop());
  rules(
    'PostgreSQL',
    async () =>
      createTestApp({ ...options, config: { ...options.config, databaseUrl: await postgres!.createDatabase() } }),
    postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
  );
}

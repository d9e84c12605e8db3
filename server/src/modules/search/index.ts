import path from 'node:path';
import type { ServerModule } from '../module';
import { searchGraphql } from './graphql';
import { searchRoutes } from './routes';

/**
 * The global search over performers, videos, albums, TV and the blog: each owning module searches its own rows
 * (full-text search per language, trigram similarity of names); this module answers the overlay's proposals, the
 * result pages and the structured-query searches, and counts searched patterns and tags.
 */
export const searchModule: ServerModule = {
  name: 'search',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: searchRoutes,
  graphql: searchGraphql,
};

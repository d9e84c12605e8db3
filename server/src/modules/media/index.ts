import path from 'node:path';
import type { ServerModule } from '../module';
import { mediaGraphql } from './graphql';
import { mediaRoutes } from './routes';
import { seedMedia } from './seed';

export const mediaModule: ServerModule = {
  name: 'media',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: mediaRoutes,
  graphql: mediaGraphql,
  seed: seedMedia,
};

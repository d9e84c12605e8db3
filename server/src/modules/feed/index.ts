import path from 'node:path';
import type { ServerModule } from '../module';
import { feedGraphql } from './graphql';
import { seedFeed } from './seed';

export const feedModule: ServerModule = {
  name: 'feed',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  feedGraphql,
  seed: seedFeed,
};

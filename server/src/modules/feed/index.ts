import path from 'node:path';
import type { ServerModule } from '../module';
import { feedGraphql } from './graphql';
import { seedFeed } from './seed';
import { restrictRatedPhotos } from './service';

export const feedModule: ServerModule = {
  name: 'feed',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  feedGraphql,
  prepare: restrictRatedPhotos,
  seed: async (ctx, options) => {
    await seedFeed(ctx, options);
    await restrictRatedPhotos(ctx);
  },
};

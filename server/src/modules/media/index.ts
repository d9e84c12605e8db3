import path from 'node:path';
import type { ServerModule } from '../module';
import { restrictRatedMedia } from './age';
import { mediaGraphql } from './graphql';
import { mediathekPages } from './library';
import { mediaRoutes } from './routes';
import { assignMissingClips, seedMedia } from './seed';
import { mediaSocket } from './socket';
import { restrictExistingStills } from './stills';

export const mediaModule: ServerModule = {
  name: 'media',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: mediaRoutes,
  graphql: mediaGraphql,
  socket: mediaSocket,
  prepare: async (ctx) => {
    mediathekPages.share(ctx.bus);
    await assignMissingClips(ctx);
    await restrictRatedMedia(ctx);
    await restrictExistingStills(ctx);
  },
  seed: async (ctx, options) => {
    await seedMedia(ctx, options);
    await restrictRatedMedia(ctx);
  },
};

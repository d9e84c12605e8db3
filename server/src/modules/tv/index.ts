import path from 'node:path';
import type { ServerModule } from '../module';
import { tvGraphql } from './graphql';
import { tvLiveRoutes } from './liveRoutes';
import { ensureTvLoops } from './playout';
import { tvRoutes } from './routes';
import { tvProgram } from './schema';
import { ensureProgram, seedTv } from './seed';
import { ensureEpisodeClips, ensureEpisodePosters, tvVodRoutes } from './vod';

/** The live channels' loops, then the episode clips: one after the other, as each set uses every core. */
async function ensureTvVideo(dataDir: string) {
  await ensureTvLoops(dataDir);
  await ensureEpisodeClips(dataDir);
}

const PROGRAM_REFRESH_MS = 3600_000;

export const tvModule: ServerModule = {
  name: 'tv',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: tvRoutes,
  // Video: playlists and segments are files, served beside the chat's live video rather than under /rest/v1.
  rootRoutes: (ctx) => async (app) => {
    await app.register(tvLiveRoutes(ctx));
    await app.register(tvVodRoutes(ctx));
  },
  graphql: tvGraphql,
  seed: async (ctx, options) => {
    await seedTv(ctx, options);
    await ensureTvVideo(ctx.config.dataDir);
    await ensureEpisodePosters(ctx);
  },
  // A data folder seeded before TV played, or a new DATA_DIR on a seeded database, gets the loops and the
  // episode clips on start (copied from the machine's cache once they were made), and episodes seeded before
  // they had pictures of their own get their poster frames.
  prepare: async (ctx) => {
    if ((await ctx.db.select({ id: tvProgram.id }).from(tvProgram).limit(1)).length > 0) {
      await ensureTvVideo(ctx.config.dataDir);
      await ensureEpisodePosters(ctx);
    }
  },
  start: (ctx) => ctx.leases.repeat('tv: extending the programme', PROGRAM_REFRESH_MS, () => ensureProgram(ctx)),
};

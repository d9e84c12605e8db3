import path from 'node:path';
import type { ServerModule } from '../module';
import { tvGraphql } from './graphql';
import { tvRoutes } from './routes';
import { ensureProgram, seedTv } from './seed';

const PROGRAM_REFRESH_MS = 3600_000;

export const tvModule: ServerModule = {
  name: 'tv',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  routes: tvRoutes,
  graphql: tvGraphql,
  seed: seedTv,
  start: (ctx) => {
    const timer = setInterval(() => {
      ensureProgram(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'tv: extending the programme failed'));
    }, PROGRAM_REFRESH_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
};

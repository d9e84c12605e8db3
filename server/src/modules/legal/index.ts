import path from 'node:path';
import type { ServerModule } from '../module';
import { legalGraphql } from './graphql';
import { legalRoutes } from './routes';
import { storeLegalTexts } from './service';

/** The legal documents (terms, privacy policy, imprint) per language: pages, downloads and the structured query. */
export const legalModule: ServerModule = {
  name: 'legal',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  // The texts belong to the code, not to the demo data: every start (and test) stores them.
  prepare: (ctx) => storeLegalTexts(ctx.db),
  routes: legalRoutes,
  graphql: legalGraphql,
};

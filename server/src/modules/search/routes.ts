import type { FastifyPluginAsync } from 'fastify';
import { searchEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { proposals, searchOfType } from './service';

export const searchRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    // The same answer for every visitor who is not logged in (blurred previews), so they share it for a moment.
    route(
      app,
      searchEndpoints.search,
      async ({ params, query, auth }) => {
        const gate = await ageGate(ctx, auth);
        const { language, searchPattern } = params;
        const sections = query.searchType
          ? [
              await searchOfType(ctx.db, gate, query.searchType, {
                pattern: searchPattern,
                language,
                sort: query.sort,
                order: query.order,
                from: query.from,
                ...(query.take === undefined ? {} : { take: query.take }),
                withTotal: query.withTotalCount === '1',
              }),
            ]
          : await proposals(ctx.db, gate, searchPattern, language);
        return { searchPattern, sections };
      },
      { visitorCache: ctx.visitorCache },
    );
  };

import type { FastifyPluginAsync } from 'fastify';
import { actorSearchEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { geoLocationByZip } from './geo';
import { viewer } from './routes';
import { deleteFilter, initSearch, searchPerformers } from './search';

/** The performer search (the actorsearch/* calls) and the zip lookup of its location search. */
export const searchRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, actorSearchEndpoints.init, async ({ query, auth, request }) =>
      initSearch(ctx.db, await viewer(ctx, request, auth, query.language), query.searchType),
    );
    route(
      app,
      actorSearchEndpoints.search,
      async ({ query, body, auth, request }) =>
        searchPerformers(ctx.db, await viewer(ctx, request, auth, query.language), { ...body, page: query.page }),
      { visitorCache: ctx.visitorCache },
    );
    route(app, actorSearchEndpoints.deleteFilter, async ({ body, auth }) =>
      deleteFilter(ctx.db, auth?.loggedIn ? auth.guestId : null, body.searchConditions, body.filter, ctx.now()),
    );
    route(app, actorSearchEndpoints.geoLocationByZip, async ({ params }) => geoLocationByZip(ctx.db, params.zipCode));
  };

import type { FastifyPluginAsync } from 'fastify';
import { tvEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import * as tv from './service';

export const tvRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, tvEndpoints.program, async ({ params, query, auth }) => ({
      type: params.type,
      entries: await tv.upcomingProgram(ctx.db, await ageGate(ctx, auth), params.type, query.limit, ctx.now()),
    }));
    route(app, tvEndpoints.stream, async ({ params, auth }) => tv.stream(ctx, params.type, auth, ctx.now()));
    route(app, tvEndpoints.format, async ({ params }) => tv.format(ctx.db, params.key));
    route(app, tvEndpoints.video, async ({ params }) => tv.video(ctx.db, params.videoId));
    route(app, tvEndpoints.series, async ({ query }) => {
      const { total, nodes } = await tv.seriesPage(ctx.db, (query.page - 1) * query.pageSize, query.pageSize);
      return { items: nodes, total, page: query.page, pageSize: query.pageSize };
    });
  };

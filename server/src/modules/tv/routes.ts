import type { FastifyPluginAsync } from 'fastify';
import { tvEndpoints } from '@velvet/contracts';
import { callLanguage } from '../../http/call-language';
import { requireOperator, route } from '../../http/endpoint';
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
    route(app, tvEndpoints.stream, async ({ params, auth, request }) =>
      tv.stream(ctx, params.type, auth, callLanguage(request), ctx.now()),
    );
    route(app, tvEndpoints.actorLivestream, async ({ params, auth, request }) =>
      tv.actorLivestream(ctx, params.actorId, auth, callLanguage(request), ctx.now()),
    );
    route(app, tvEndpoints.format, async ({ params }) => tv.format(ctx.db, params.key));
    route(app, tvEndpoints.video, async ({ params }) => tv.video(ctx.db, params.videoId));
    route(app, tvEndpoints.series, async ({ query }) => {
      const { total, nodes } = await tv.seriesPage(ctx.db, (query.page - 1) * query.pageSize, query.pageSize);
      return { items: nodes, total, page: query.page, pageSize: query.pageSize };
    });
    route(app, tvEndpoints.position, async ({ params, auth }) =>
      tv.watchPosition(ctx.db, auth.guestId, params.videoId),
    );
    route(app, tvEndpoints.savePosition, async ({ params, body, auth }) =>
      tv.saveWatchPosition(ctx.db, auth.guestId, params.videoId, body.seconds, ctx.now()),
    );
    route(app, tvEndpoints.suggest, async ({ params }) => tv.suggest(ctx.db, params.hashId, ctx.now()));
    route(app, tvEndpoints.article, async ({ params }) => tv.article(ctx.db, params.slug, ctx.now()));
    route(app, tvEndpoints.articles, async ({ query }) => ({
      posts: await tv.latestArticles(ctx.db, query.limit, ctx.now()),
    }));
    route(app, tvEndpoints.updateMediathek, async ({ body, auth }) => {
      requireOperator(auth);
      return tv.addEpisode(ctx, body, ctx.now());
    });
  };

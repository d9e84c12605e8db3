import type { FastifyPluginAsync } from 'fastify';
import { mediaEndpoints } from '@velvet/contracts';
import { route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import * as media from './service';

export const mediaRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, mediaEndpoints.videoGrid, async ({ params, auth }) =>
      media.videoGrid(ctx.db, auth, media.parseGridPayload(params.payload)).catch(media.asHttpError),
    );
    route(app, mediaEndpoints.video, async ({ params, auth }) => media.videoById(ctx.db, auth, params.videoId));
    route(app, mediaEndpoints.album, async ({ query, auth }) => media.albumById(ctx.db, auth, query.albumId));
    route(app, mediaEndpoints.albumRating, async ({ body, auth }) =>
      media.rateAlbum(ctx.db, auth.guestId, body.albumId, body.guestRating),
    );
    route(app, mediaEndpoints.albumComments, async ({ query, auth }) =>
      media.albumCommentPage(ctx.db, auth, query.albumId, query.limit, query.offset),
    );
    route(app, mediaEndpoints.postAlbumComment, async ({ body, auth }) =>
      media.postAlbumComment(ctx.db, auth, body.albumId, body.commentText),
    );
    route(app, mediaEndpoints.actorVideos, async ({ params, query, auth }) =>
      media.actorVideos(ctx.db, auth, params.actorId, query.page, query.pageSize),
    );
    route(app, mediaEndpoints.actorAlbums, async ({ params, query, auth }) =>
      media.actorAlbums(ctx.db, auth, params.actorId, query.page, query.pageSize),
    );
    route(app, mediaEndpoints.mediathek, async ({ query, auth }) => media.mediathekPage(ctx.db, auth, query));
  };

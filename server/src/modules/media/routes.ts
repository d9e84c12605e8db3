import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { idParam, JUMBOTRON_CACHE_MAX_AGE_SECONDS, mediaEndpoints, VIDEO_STREAM_PATH } from '@velvet/contracts';
import { HttpError, route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { idempotent } from '../wallet/idempotency';
import { clipsDir } from './clips';
import * as gallery from './gallery';
import * as library from './library';
import { buy } from './purchase';
import * as media from './service';
import * as showcase from './showcase';
import { videoStills } from './stills';
import { vip30History } from './vip30';

export const mediaRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    route(app, mediaEndpoints.videoGrid, async ({ params, auth }) => {
      const stored = await showcase.storedTileGridSettings(ctx.db, auth, params.type);
      return media
        .videoGrid(ctx, auth, media.parseGridPayload(params.payload, stored), ctx.now())
        .catch(media.asHttpError);
    });
    route(app, mediaEndpoints.storeTileGridSettings, async ({ body, auth }) => {
      if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
      const settings = await showcase.storeTileGridSettings(ctx.db, auth.guestId, body.type, body.settings, ctx.now());
      return { success: true as const, settings };
    });
    route(app, mediaEndpoints.promotedVideo, async ({ params, auth }) => ({
      video: await showcase.promotedVideo(ctx, auth, params.actorId),
    }));
    route(app, mediaEndpoints.topVideos, async ({ params, auth }) => ({
      items: await showcase.topVideos(ctx, auth, params.actorIdOrName),
    }));
    route(app, mediaEndpoints.pictureRating, async ({ body, auth }) =>
      showcase.ratePicture(ctx.db, auth.guestId, body.pictureId, body.guestRating),
    );
    route(app, mediaEndpoints.galleryPreview, async ({ body, auth }) =>
      showcase.galleryPreview(ctx, auth, body.actorName, body.albumId),
    );
    route(app, mediaEndpoints.videoPictures, async ({ params, auth }) => videoStills(ctx, auth, params.albumId));
    // The jumbotron is the same for everyone: browsers and caches keep it for the spec's minute.
    const cachedForAMinute = (reply: FastifyReply) =>
      reply.header('cache-control', `public, max-age=${JUMBOTRON_CACHE_MAX_AGE_SECONDS}`);
    route(app, mediaEndpoints.jumbotronConfig, async ({ reply }) => {
      cachedForAMinute(reply);
      return showcase.jumbotronConfig(ctx.db, ctx.now());
    });
    route(app, mediaEndpoints.jumbotronHomepage, async ({ reply }) => {
      cachedForAMinute(reply);
      return { items: await showcase.jumbotronSlides(ctx, ctx.now()) };
    });
    route(app, mediaEndpoints.actorSales, async ({ params, query, auth }) =>
      showcase.actorSales(ctx, auth, params.actorId, query.page, query.pageSize),
    );
    route(app, mediaEndpoints.watchStart, async ({ body, auth }) => showcase.watchStart(ctx, auth, body.videoId));
    route(app, mediaEndpoints.vip30History, ({ auth }) => vip30History(ctx.db, auth.guestId, ctx.now()));
    route(app, mediaEndpoints.video, async ({ params, auth }) => media.videoById(ctx, auth, params.videoId));
    route(app, mediaEndpoints.album, async ({ query, auth }) => media.albumById(ctx, auth, query.albumId));
    route(app, mediaEndpoints.albumRating, async ({ body, auth }) =>
      media.rateAlbum(ctx.db, auth.guestId, body.albumId, body.guestRating),
    );
    route(app, mediaEndpoints.sedcards, async ({ params, auth }) =>
      gallery.sedcardsOf(ctx, auth, params.actorIdOrName),
    );
    route(app, mediaEndpoints.sedcardsRating, async ({ params, body, auth }) =>
      gallery.rateSedcards(ctx.db, auth.guestId, params.actorId, body.guestRating),
    );
    route(app, mediaEndpoints.albumView, async ({ body, auth }) => gallery.recordAlbumView(ctx.db, auth, body.albumId));
    route(app, mediaEndpoints.pinnedPhotos, async ({ query, auth }) =>
      gallery.pinnedPhotos(ctx, auth, query.page, query.pageSize),
    );
    route(app, mediaEndpoints.albumComments, async ({ query, auth }) =>
      media.albumCommentPage(ctx.db, auth, query.albumId, query.limit, query.offset),
    );
    route(app, mediaEndpoints.postAlbumComment, async ({ body, auth }) =>
      media.postAlbumComment(ctx.db, auth, body.albumId, body.commentText),
    );
    route(app, mediaEndpoints.actorVideos, async ({ params, query, auth }) =>
      media.actorVideos(ctx, auth, params.actorId, query.page, query.pageSize),
    );
    route(app, mediaEndpoints.actorAlbums, async ({ params, query, auth }) =>
      media.actorAlbums(ctx, auth, params.actorId, query.page, query.pageSize),
    );
    route(app, mediaEndpoints.mediathek, async ({ query, auth }) => media.keptMediathekPage(ctx, auth, query));
    route(app, mediaEndpoints.mediathekTotals, async ({ auth }) => library.mediathekTotals(ctx.db, auth.guestId));
    route(app, mediaEndpoints.mediathekArchive, async ({ body, auth }) => {
      await library.setArchived(ctx.db, auth.guestId, body.mediaType, body.mediaId, body.archived);
      return { success: true as const, totals: await library.mediathekTotals(ctx.db, auth.guestId) };
    });
    route(app, mediaEndpoints.sidebarCounts, async ({ auth }) => library.sidebarCounts(ctx.db, auth.guestId));
    route(app, mediaEndpoints.buy, async ({ params, query, body, auth, request }) =>
      idempotent(ctx, request, `media.buy.${query.mediaType}`, (idempotencyKey) =>
        buy(ctx, {
          guestId: auth.guestId,
          mediaType: query.mediaType,
          mediaId: params.albumId,
          shownPrice: body.price,
          idempotencyKey,
        }),
      ),
    );

    // The full clip is a file, not JSON: a plain route answering video/mp4 with byte ranges (seeking).
    await app.register(fastifyStatic, { root: clipsDir(ctx.config.dataDir), serve: false });
    app.get(
      VIDEO_STREAM_PATH,
      { schema: { params: z.object({ videoId: idParam }), hide: true } },
      async (request, reply) => {
        const { videoId } = request.params as { videoId: number };
        const clip = await library.streamableClip(ctx.db, request.auth, videoId, ctx.now());
        return reply.header('cache-control', 'private, no-store').sendFile(`${clip}.mp4`);
      },
    );
  };

import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tvProgramType, type TvProgramType } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { FREE_SEGMENT_CACHE, IMMUTABLE, parse, privateUntil, safeQuery, sendLoopFile } from '../../media-live/files';
import { PLAYLIST_TYPE, POSTER_FILE, SEGMENT_FILE_PATTERN } from '../../media-live/playout';
import { segmentExpiry, signLiveUrl, verifyLiveUrl, type LiveGrant } from '../../media-live/signing';
import type { ModuleContext } from '../module';
import {
  TV_LOOP_NAME_PATTERN,
  TV_RENDITIONS,
  TV_URL_PREFIX,
  channelMaster,
  channelPlaylist,
  isPreview,
  masterPath,
  renditionPath,
  tvLiveDir,
} from './playout';
import { isTvSubscriber } from '../auth/guests';

const channelParams = z.object({ type: tvProgramType });
const renditionParams = z.object({
  type: tvProgramType,
  rendition: z.enum(TV_RENDITIONS.map((rendition) => rendition.dir) as [string, ...string[]]),
});
const loopParams = z.object({
  loop: z.string().regex(TV_LOOP_NAME_PATTERN),
  rendition: z.enum(TV_RENDITIONS.map((rendition) => rendition.dir) as [string, ...string[]]),
  file: z.string().regex(SEGMENT_FILE_PATTERN),
});

/**
 * The TV channels' live video, outside /rest/v1 like the chat's:
 * - `GET /live/tv/:type/master.m3u8`: the channel's renditions; `GET /live/tv/:type/:rendition/index.m3u8`: one
 *   rendition's live playlist from the programme and the server clock; both never cached;
 * - `GET /live/tv/loops/:loop/:rendition/:segment`: segments; `GET /live/tv/loops/:loop/poster.webp`: posters.
 * Live TV is free. Premium TV's playlists and segments need a URL signed for the guest (`tv/stream/premium` names
 * it): unsigned 403 TV_SUBSCRIPTION_REQUIRED, altered or another path's 403 LIVE_URL_INVALID, expired (a preview's
 * time is over) 403 LIVE_URL_EXPIRED; a subscriber's URL plays only while the guest's TV subscription holds
 * (checked on every playlist reload: 403 TV_SUBSCRIPTION_REQUIRED once it ended).
 */
export const tvLiveRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    /** Premium TV's grant of a playlist request, checked; null on free live TV. */
    async function premiumGrant(request: FastifyRequest, type: TvProgramType, urlPath: string, now: Date) {
      if (type !== 'premium') return null;
      const query = parse(safeQuery, request.query);
      if (!('sig' in query))
        throw new HttpError(403, 'TV_SUBSCRIPTION_REQUIRED', 'Premium TV plays for TV subscribers');
      const grant = verifyLiveUrl(ctx.config.jwtSecret, urlPath, query, now);
      if (!isPreview(grant) && !(await isTvSubscriber(ctx.db, grant.guest)))
        throw new HttpError(403, 'TV_SUBSCRIPTION_REQUIRED', 'Premium TV plays for TV subscribers');
      return grant;
    }
    const playlist = (reply: FastifyReply, body: string) =>
      reply.header('content-type', PLAYLIST_TYPE).header('cache-control', 'no-cache').send(body);

    app.get(`${TV_URL_PREFIX}:type/master.m3u8`, { schema: { hide: true } }, async (request, reply) => {
      const { type } = parse(channelParams, request.params);
      const grant = await premiumGrant(request, type, masterPath(type), ctx.now());
      // The renditions carry the master's own grant: same guest, scope and expiry.
      const sign = (uri: string) => (grant ? signLiveUrl(ctx.config.jwtSecret, uri, grant) : uri);
      return playlist(reply, await channelMaster(ctx.config.dataDir, type, sign));
    });

    app.get(`${TV_URL_PREFIX}:type/:rendition/index.m3u8`, { schema: { hide: true } }, async (request, reply) => {
      const { type, rendition } = parse(renditionParams, request.params);
      const now = ctx.now();
      const grant = await premiumGrant(request, type, renditionPath(type, rendition), now);
      // Segments hold a few minutes, a preview's no longer than the preview.
      const segmentGrant: LiveGrant | null = grant && {
        ...grant,
        expires: Math.min(grant.expires, segmentExpiry(now)),
      };
      const sign = (uri: string) => (segmentGrant ? signLiveUrl(ctx.config.jwtSecret, uri, segmentGrant) : uri);
      return playlist(reply, await channelPlaylist(ctx.db, ctx.config.dataDir, type, rendition, now, sign));
    });

    app.get(`${TV_URL_PREFIX}loops/:loop/${POSTER_FILE}`, { schema: { hide: true } }, async (request, reply) => {
      const { loop } = parse(z.object({ loop: z.string().regex(TV_LOOP_NAME_PATTERN) }), request.params);
      return sendLoopFile(reply, path.join(tvLiveDir(ctx.config.dataDir), loop, POSTER_FILE), 'image/webp', IMMUTABLE);
    });

    app.get(`${TV_URL_PREFIX}loops/:loop/:rendition/:file`, { schema: { hide: true } }, async (request, reply) => {
      const { loop, rendition, file } = parse(loopParams, request.params);
      const filePath = path.join(tvLiveDir(ctx.config.dataDir), loop, rendition, file);
      if (!loop.startsWith('premium-')) return sendLoopFile(reply, filePath, 'video/mp2t', FREE_SEGMENT_CACHE);
      const now = ctx.now();
      const query = parse(safeQuery, request.query);
      if (!('sig' in query))
        throw new HttpError(403, 'TV_SUBSCRIPTION_REQUIRED', 'Premium TV plays for TV subscribers');
      const { expires } = verifyLiveUrl(
        ctx.config.jwtSecret,
        `${TV_URL_PREFIX}loops/${loop}/${rendition}/${file}`,
        query,
        now,
      );
      return sendLoopFile(reply, filePath, 'video/mp2t', privateUntil(expires, now));
    });
  };

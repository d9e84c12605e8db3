import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '@velvet/contracts';
import { HttpError } from '../../../http/endpoint';
import type { ModuleContext } from '../../module';
import { chatSessions } from '../schema';
import { IMMUTABLE, parse, privateUntil, safeQuery, sendLoopFile } from '../../../media-live/files';
import { PLAYLIST_TYPE, POSTER_FILE, SEGMENT_FILE_PATTERN } from '../../../media-live/playout';
import { segmentExpiry, signLiveUrl, verifyLiveUrl } from '../../../media-live/signing';
import { LOOP_NAME_PATTERN, listLiveLoops, liveDir } from './loops';
import { LIVE_URL_PREFIX, loopOfActor, performerPlaylist, playlistPath } from './playout';

const actorParams = z.object({ actorId: idParam });
/**
 * The live video of demo performers, outside /rest/v1 like the other media files. The playlist and its segments
 * need a URL signed for the chat's guest (media-live/signing.ts; 403 LIVE_URL_INVALID unsigned, altered or another chat's,
 * 403 LIVE_URL_EXPIRED after its time):
 * - `GET /live/:actorId/index.m3u8?scope=&guest=&expires=&sig=`: the live playlist, only while that chat of that
 *   guest with that performer runs (404 CHAT_NOT_FOUND for an unknown chat or one with another performer, 403
 *   LIVE_URL_INVALID for another guest's, 410 CHAT_ENDED once it ended or its time ran out), never cached; it
 *   lists each segment signed afresh;
 * - `GET /live/loops/:loop/:file`: segments (signed, kept privately until they expire) and the loops' posters
 *   (free, immutable);
 * - `GET /live/:actorId/poster.webp`: the performer's poster, free.
 */
export const liveRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const loopsOrFail = async () => {
      const loops = await listLiveLoops(ctx.config.dataDir);
      if (loops.length === 0) throw new HttpError(404, 'NOT_FOUND', 'No live video has been generated');
      return loops;
    };

    app.get(`${LIVE_URL_PREFIX}:actorId/index.m3u8`, { schema: { hide: true } }, async (request, reply) => {
      const { actorId } = parse(actorParams, request.params);
      parse(safeQuery, request.query);
      const now = ctx.now();
      const grant = verifyLiveUrl(ctx.config.jwtSecret, playlistPath(actorId), request.query, now);
      const [chat] = await ctx.db
        .select({
          actorId: chatSessions.actorId,
          guestId: chatSessions.guestId,
          status: chatSessions.status,
          endsAt: chatSessions.endsAt,
        })
        .from(chatSessions)
        .where(eq(chatSessions.id, grant.scope));
      if (!chat || chat.actorId !== actorId) throw new HttpError(404, 'CHAT_NOT_FOUND', 'No such chat with her');
      if (chat.guestId !== grant.guest)
        throw new HttpError(403, 'LIVE_URL_INVALID', "This live video address is signed for another guest's chat");
      if (chat.status !== 'active' || (chat.endsAt && chat.endsAt.getTime() <= now.getTime()))
        throw new HttpError(410, 'CHAT_ENDED', 'This chat has ended');
      const loop = loopOfActor(await loopsOrFail(), actorId);
      const segmentGrant = { scope: grant.scope, guest: grant.guest, expires: segmentExpiry(now) };
      return reply
        .header('content-type', PLAYLIST_TYPE)
        .header('cache-control', 'no-cache')
        .send(
          performerPlaylist(loop, actorId, now.getTime(), (uri) =>
            signLiveUrl(ctx.config.jwtSecret, uri, segmentGrant),
          ),
        );
    });

    app.get(`${LIVE_URL_PREFIX}:actorId/${POSTER_FILE}`, { schema: { hide: true } }, async (request, reply) => {
      const { actorId } = parse(actorParams, request.params);
      const loop = loopOfActor(await loopsOrFail(), actorId);
      // Which loop a performer shows only changes with the set of loops: a day of caching is safe.
      return sendLoopFile(
        reply,
        path.join(liveDir(ctx.config.dataDir), loop.name, POSTER_FILE),
        'image/webp',
        'public, max-age=86400',
      );
    });

    app.get<{ Params: { loop: string; file: string } }>(
      `${LIVE_URL_PREFIX}loops/:loop/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { loop, file } = request.params;
        const segment = SEGMENT_FILE_PATTERN.test(file);
        const type = segment ? 'video/mp2t' : file === POSTER_FILE ? 'image/webp' : null;
        if (!LOOP_NAME_PATTERN.test(loop) || !type) throw new HttpError(404, 'NOT_FOUND', 'No such live stream file');
        const filePath = path.join(liveDir(ctx.config.dataDir), loop, file);
        if (!segment) return sendLoopFile(reply, filePath, type, IMMUTABLE);
        parse(safeQuery, request.query);
        const now = ctx.now();
        const uri = `${LIVE_URL_PREFIX}loops/${loop}/${file}`;
        const { expires } = verifyLiveUrl(ctx.config.jwtSecret, uri, request.query, now);
        return sendLoopFile(reply, filePath, type, privateUntil(expires, now));
      },
    );
  };

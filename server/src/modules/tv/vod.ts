import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idParam } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { FREE_SEGMENT_CACHE, parse, sendLoopFile } from '../../media-live/files';
import { LOOP_FRAMES, ensureLoops, loopFrames, readLoop, type LiveLoop, type LoopSpec } from '../../media-live/loops';
import {
  PLAYLIST_TYPE,
  SEGMENT_FILE_PATTERN,
  SEGMENT_SECONDS,
  masterPlaylist,
  segmentFileName,
  vodPlaylist,
} from '../../media-live/playout';
import type { ModuleContext } from '../module';
import { TV_RENDITIONS } from './playout';
import { tvEpisodes } from './schema';

/**
 * TV videos on demand: a few encoded episode clips (made with the TV loops' encoder, in the same two renditions)
 * that every episode plays over and over for its stated duration, as an HLS VOD playlist a player can seek in.
 * Like live TV, the mediathek is free.
 */

export const TV_VOD_URL_PREFIX = '/vod/tv/';
export const tvVodDir = (dataDir: string) => path.join(dataDir, 'tv-vod');
/** Clips shared by all episodes (an episode plays clip `id mod EPISODE_CLIPS`): encoding stays a few seconds. */
export const EPISODE_CLIPS = 3;
const CLIP_NAME_PATTERN = /^episode-\d{1,2}$/;
const clipName = (index: number) => `episode-${index + 1}`;

export const episodeClipSpecs = (): LoopSpec[] =>
  Array.from({ length: EPISODE_CLIPS }, (_, index) => ({
    name: clipName(index),
    backdrop: { title: 'Velvet TV', subtitle: 'Mediathek', seed: 700 + index },
    phase: index / EPISODE_CLIPS,
    badge: '▶ VELVET TV',
    caption: `Mediathek ${index + 1}`,
    renditions: TV_RENDITIONS,
  }));

/** Makes sure the data folder has the episode clips; what is there is kept. */
export const ensureEpisodeClips = (dataDir: string) => ensureLoops(tvVodDir(dataDir), episodeClipSpecs());

/**
 * An episode's picture is a frame of the clip it plays, its own: the frames of one clip are handed out in steps of
 * FRAME_STEP, a number prime to LOOP_FRAMES, so the first LOOP_FRAMES episodes of a clip all get different ones.
 */
const FRAME_STEP = 37;
const episodeFrame = (videoId: number) => (Math.floor(videoId / EPISODE_CLIPS) * FRAME_STEP) % LOOP_FRAMES;
/** Posters in the player's size: the largest rendition's frames. */
const POSTER_RENDITION = TV_RENDITIONS[0]!;
const episodePosterKey = (videoId: number) => `tv/episodes/${videoId}/poster`;

/**
 * Takes the poster frames of episodes from their clips (made first where missing) into the image store and
 * answers their URLs by episode id.
 */
export async function episodePosters(
  ctx: Pick<ModuleContext, 'images' | 'config'>,
  videoIds: readonly number[],
): Promise<Map<number, string>> {
  await ensureEpisodeClips(ctx.config.dataDir);
  const urls = new Map<number, string>();
  for (const [index, spec] of episodeClipSpecs().entries()) {
    const ids = videoIds.filter((id) => id % EPISODE_CLIPS === index);
    if (!ids.length) continue;
    const frames = await loopFrames(tvVodDir(ctx.config.dataDir), spec, POSTER_RENDITION, ids.map(episodeFrame));
    for (const id of ids) urls.set(id, await ctx.images.put(episodePosterKey(id), frames.get(episodeFrame(id))!));
  }
  return urls;
}

/**
 * Gives every episode whose picture is not yet its poster frame that frame (after the seed, and on start for
 * episodes seeded before episodes had their own pictures).
 */
export async function ensureEpisodePosters(ctx: Pick<ModuleContext, 'db' | 'images' | 'config'>): Promise<void> {
  const rows = await ctx.db.select({ id: tvEpisodes.id, previewPicture: tvEpisodes.previewPicture }).from(tvEpisodes);
  const due = rows.filter((row) => row.previewPicture !== ctx.images.url(episodePosterKey(row.id)));
  if (!due.length) return;
  const posters = await episodePosters(
    ctx,
    due.map((row) => row.id),
  );
  for (const [id, previewPicture] of posters)
    await ctx.db.update(tvEpisodes).set({ previewPicture }).where(eq(tvEpisodes.id, id));
}

export const vodMasterPath = (videoId: number) => `${TV_VOD_URL_PREFIX}${videoId}/master.m3u8`;
const vodRenditionPath = (videoId: number, rendition: string) =>
  `${TV_VOD_URL_PREFIX}${videoId}/${rendition}/index.m3u8`;
const clipSegmentPath = (clip: string, rendition: string, index: number) =>
  `${TV_VOD_URL_PREFIX}clips/${clip}/${rendition}/${segmentFileName(index)}`;

/** The clip a video plays, with its renditions (404 when the clips were not made). */
async function clipOf(dataDir: string, videoId: number): Promise<LiveLoop> {
  const clip = await readLoop(tvVodDir(dataDir), clipName(videoId % EPISODE_CLIPS), TV_RENDITIONS);
  if (!clip) throw new HttpError(404, 'NOT_FOUND', 'No TV video has been generated');
  return clip;
}

const renditionDirs = TV_RENDITIONS.map((rendition) => rendition.dir) as [string, ...string[]];
const videoParams = z.object({ videoId: idParam });
const renditionParams = z.object({ videoId: idParam, rendition: z.enum(renditionDirs) });
const clipParams = z.object({
  clip: z.string().regex(CLIP_NAME_PATTERN),
  rendition: z.enum(renditionDirs),
  file: z.string().regex(SEGMENT_FILE_PATTERN),
});

/** A video's playlists change only when its row does (never, once published): a few minutes of caching is safe. */
const PLAYLIST_CACHE = 'public, max-age=300';

/**
 * - `GET /vod/tv/:videoId/master.m3u8`: the video's renditions;
 * - `GET /vod/tv/:videoId/:rendition/index.m3u8`: one rendition's VOD playlist, as long as the episode;
 * - `GET /vod/tv/clips/:clip/:rendition/:segment`: the clips' segments.
 * An unknown video is 404 NOT_FOUND, a malformed path 400 VALIDATION_FAILED.
 */
export const tvVodRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const playlist = (reply: FastifyReply, body: string) =>
      reply.header('content-type', PLAYLIST_TYPE).header('cache-control', PLAYLIST_CACHE).send(body);
    async function episodeDuration(videoId: number): Promise<number> {
      const [row] = await ctx.db
        .select({ duration: tvEpisodes.duration })
        .from(tvEpisodes)
        .where(eq(tvEpisodes.id, videoId));
      if (!row) throw new HttpError(404, 'NOT_FOUND', `No TV video ${videoId}`);
      return row.duration;
    }

    app.get(`${TV_VOD_URL_PREFIX}:videoId/master.m3u8`, { schema: { hide: true } }, async (request, reply) => {
      const { videoId } = parse(videoParams, request.params);
      await episodeDuration(videoId);
      const clip = await clipOf(ctx.config.dataDir, videoId);
      return playlist(
        reply,
        masterPlaylist(
          clip.renditions.map((rendition) => ({
            uri: vodRenditionPath(videoId, rendition.dir),
            bandwidth: rendition.bandwidth,
            width: rendition.width,
            height: rendition.height,
          })),
        ),
      );
    });

    // A 50-minute episode's playlist is 90 KB of lines that differ in a digit or two (under 1 KB gzipped);
    // the compression plugin does not know the playlist type as compressible by itself.
    const compressPlaylist = { customTypes: /^application\/vnd\.apple\.mpegurl$/ };
    app.get(
      `${TV_VOD_URL_PREFIX}:videoId/:rendition/index.m3u8`,
      { schema: { hide: true }, compress: compressPlaylist },
      async (request, reply) => {
        const { videoId, rendition } = parse(renditionParams, request.params);
        const duration = await episodeDuration(videoId);
        const clip = await clipOf(ctx.config.dataDir, videoId);
        const total = Math.ceil(duration / SEGMENT_SECONDS);
        return playlist(
          reply,
          vodPlaylist(total, clip.segmentCount, (index) => clipSegmentPath(clip.name, rendition, index)),
        );
      },
    );

    app.get(`${TV_VOD_URL_PREFIX}clips/:clip/:rendition/:file`, { schema: { hide: true } }, async (request, reply) => {
      const { clip, rendition, file } = parse(clipParams, request.params);
      const filePath = path.join(tvVodDir(ctx.config.dataDir), clip, rendition, file);
      return sendLoopFile(reply, filePath, 'video/mp2t', FREE_SEGMENT_CACHE);
    });
  };

import { execFile } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { VIDEO_STILLS_COUNT, needsAgeCheck, type VideoStill } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { Auth, ModuleContext } from '../module';
import { FULL_SECONDS, clipsDir } from './clips';
import { videos } from './schema';

const run = promisify(execFile);
const STILL_WIDTH = 320;
const STILL_HEIGHT = 180;
const STILLS_FOLDER = 'stills';

/** Stills are a video's own (not its clip's, which other videos share): each keeps its video's age rating. */
const stillKey = (videoId: number, index: number) => `${STILLS_FOLDER}/video-${videoId}-${index + 1}`;
/** Spread evenly over the clip, each in the middle of its stretch, so none is the black first frame. */
const stillSecond = (index: number) => Math.round(((index + 0.5) * FULL_SECONDS * 10) / VIDEO_STILLS_COUNT) / 10;

type StillsContext = Pick<ModuleContext, 'db' | 'images' | 'now' | 'config'>;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** One frame of the clip at `second`, as PNG bytes read from ffmpeg's output. */
async function frameAt(clipFile: string, second: number): Promise<Buffer> {
  const { stdout } = await run(
    ffmpeg.path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', String(second), '-i', clipFile],
      ...['-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/** A video's stills being made, so requests arriving together run ffmpeg once. */
const making = new Map<number, Promise<void>>();

async function makeStills(ctx: StillsContext, videoId: number, clip: string, ageRating: number): Promise<void> {
  const clipFile = path.join(clipsDir(ctx.config.dataDir), `${clip}.mp4`);
  const mediaDir = path.join(ctx.config.dataDir, 'media');
  for (let index = 0; index < VIDEO_STILLS_COUNT; index++) {
    const url = ctx.images.url(stillKey(videoId, index));
    if (!(await exists(path.join(mediaDir, url.slice('/media/'.length))))) {
      const webp = await sharp(await frameAt(clipFile, stillSecond(index)))
        .resize({ width: STILL_WIDTH, height: STILL_HEIGHT, fit: 'cover' })
        .webp({ quality: 70 })
        .toBuffer();
      await ctx.images.put(stillKey(videoId, index), webp);
    }
    // A still of a rated video goes behind the age check as its preview does, before any answer names it.
    if (needsAgeCheck('image', ageRating)) await ctx.images.restrict(url, 'blurred');
  }
}

/**
 * VIDEO_STILLS_COUNT stills of a video, taken by ffmpeg from its full clip at its first request and kept in the
 * media folder; through the caller's age gate (blurred for a guest who is not verified). 404 without a clip.
 */
export async function videoStills(
  ctx: StillsContext,
  auth: Auth | null,
  videoId: number,
): Promise<{ videoId: number; needAgeCheck: boolean; pictures: VideoStill[] }> {
  const [video] = await ctx.db
    .select({ clip: videos.clip, ageRating: videos.ageRating })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video?.clip) throw new HttpError(404, 'NOT_FOUND', `No clip for video ${videoId}`);
  let pending = making.get(videoId);
  if (!pending) {
    pending = makeStills(ctx, videoId, video.clip, video.ageRating).finally(() => making.delete(videoId));
    making.set(videoId, pending);
  }
  await pending;
  const gate = await ageGate(ctx, auth);
  return {
    videoId,
    needAgeCheck: gate.needAgeCheck('image', video.ageRating),
    pictures: Array.from({ length: VIDEO_STILLS_COUNT }, (_, index) => ({
      url: gate.image(ctx.images.url(stillKey(videoId, index)), video.ageRating),
      width: STILL_WIDTH,
      height: STILL_HEIGHT,
      second: stillSecond(index),
    })),
  };
}

/** At every start: the stills made before go behind the age check again (restrictions live in memory). */
export async function restrictExistingStills(ctx: StillsContext): Promise<void> {
  const folder = path.join(ctx.config.dataDir, 'media', STILLS_FOLDER);
  const names = await readdir(folder).catch(() => [] as string[]);
  const ids = [
    ...new Set(
      names.flatMap((name) => {
        const match = /^video-(\d+)-\d+\.webp$/.exec(name);
        return match ? [Number(match[1])] : [];
      }),
    ),
  ];
  if (ids.length === 0) return;
  const rows = await ctx.db
    .select({ id: videos.id, ageRating: videos.ageRating })
    .from(videos)
    .where(inArray(videos.id, ids));
  for (const row of rows) {
    if (!needsAgeCheck('image', row.ageRating)) continue;
    for (let index = 0; index < VIDEO_STILLS_COUNT; index++) {
      const file = path.join(folder, `video-${row.id}-${index + 1}.webp`);
      if (await exists(file)) await ctx.images.restrict(ctx.images.url(stillKey(row.id, index)), 'blurred');
    }
  }
}

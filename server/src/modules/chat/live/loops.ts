import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { imageSvg } from '../../../media/store';
import { POSTER_FILE, SEGMENT_FILE_PATTERN, SEGMENT_SECONDS, type LiveLoop } from './playout';

const run = promisify(execFile);

/** Loops the demo performers share (each performer starts at its own point of hers). */
export const LOOP_COUNT = 6;
/** A multiple of SEGMENT_SECONDS, so every segment is exactly that long. */
const LOOP_SECONDS = 24;
export const LOOP_SEGMENTS = LOOP_SECONDS / SEGMENT_SECONDS;
const VIDEO_SIZE = { width: 640, height: 360 };
const FRAME_RATE = 25;
/** The generated backdrop the camera pans over, larger than the video. */
const BACKDROP_SIZE = { width: 960, height: 540 };
/** Two encoders at a time: one per core of the machines the demo runs on. */
const ENCODE_CONCURRENCY = 2;
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];
/** ffmpeg's own VOD playlist of the loop: tells how many segments the loop has. */
const LOOP_PLAYLIST = 'index.m3u8';

export const liveDir = (dataDir: string) => path.join(dataDir, 'live');
const loopName = (index: number) => `loop-${index + 1}`;
export const LOOP_NAME_PATTERN = /^loop-[1-9]\d{0,2}$/;

/**
 * Finished loops are kept in the system's temporary folder under a key of everything that makes them, so a new
 * data folder (every test server, every fresh demo) copies them instead of encoding again.
 */
const cacheDir = () => path.join(tmpdir(), 'velvet-live-loops');

/** The backdrop is drawn like the performers' images (the key only names it: it is never stored as one). */
const backdropSvg = (index: number) =>
  imageSvg({ key: `live/${loopName(index)}`, ...BACKDROP_SIZE, title: `Cam ${index + 1}`, seed: 9100 + index });

/** Where the slow pan is at `t` seconds: an ellipse over the backdrop, closed after one loop so the wrap is calm. */
const panX = (phase: number) => `(iw-ow)/2*(1+sin(2*PI*(t/${LOOP_SECONDS}+${phase.toFixed(3)})))`;
const panY = (phase: number) => `(ih-oh)/2*(1+cos(2*PI*(t/${LOOP_SECONDS}+${phase.toFixed(3)})))`;
/** Each loop starts at its own point of the pan. */
const panPhase = (index: number) => index / LOOP_COUNT;

/** ffmpeg's drawtext wants `:`, `'` and `\` escaped in its text. */
const drawtextEscape = (text: string) => text.replace(/[\\:']/g, (c) => `\\${c}`);

/**
 * The filter graph of one loop: the pan over the backdrop, a LIVE badge, a dot gliding along the bottom and a
 * running clock, so a viewer sees it move. Without a known font only the pan is left, rather than failing.
 */
function videoFilter(index: number): string {
  const phase = panPhase(index);
  const crop = `crop=${VIDEO_SIZE.width}:${VIDEO_SIZE.height}:x='${panX(phase)}':y='${panY(phase)}'`;
  const font = FONTS.find((candidate) => existsSync(candidate));
  if (!font) return crop;
  const text = (options: string) => `drawtext=fontfile=${font}:fontcolor=white:${options}`;
  return [
    crop,
    text(`text='${drawtextEscape('● LIVE')}':fontsize=18:box=1:boxcolor=0xd6336c@0.9:boxborderw=6:x=14:y=14`),
    text(`text='●':fontsize=26:x='(w-tw)/2+(w/2-48)*sin(2*PI*t/6)':y=h-th-12`),
    text(`text='%{pts\\:hms}':fontsize=16:box=1:boxcolor=black@0.45:boxborderw=4:x=w-tw-14:y=14`),
  ].join(',');
}

/**
 * ffmpeg's arguments for one loop into `dir`: H.264 constrained baseline (plays in every browser with MSE,
 * Chromium's own build included) with silent mono AAC, cut into MPEG-TS segments of SEGMENT_SECONDS that each
 * start with a keyframe.
 */
function encoderArgs(dir: string, index: number): string[] {
  const keyframeInterval = String(SEGMENT_SECONDS * FRAME_RATE);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    path.join(dir, 'backdrop.png'),
    '-f',
    'lavfi',
    '-i',
    'anullsrc=channel_layout=mono:sample_rate=44100',
    '-t',
    String(LOOP_SECONDS),
    '-filter_complex',
    // The backdrop is decoded once and repeated as frames (decoding it per frame would cost more than x264).
    `[0:v]loop=loop=-1:size=1:start=0,setpts=N/${FRAME_RATE}/TB,fps=${FRAME_RATE},${videoFilter(index)}[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-profile:v',
    'baseline',
    '-level',
    '3.0',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '28',
    '-g',
    keyframeInterval,
    '-keyint_min',
    keyframeInterval,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-ac',
    '1',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_list_size',
    '0',
    '-hls_segment_type',
    'mpegts',
    '-start_number',
    '0',
    '-hls_segment_filename',
    path.join(dir, 'segment-%03d.ts'),
    path.join(dir, LOOP_PLAYLIST),
  ];
}

/** What makes loop `index`: a change of encoder settings or backdrop makes a new cache entry. */
const loopKey = (index: number) =>
  createHash('sha256')
    .update(JSON.stringify({ args: encoderArgs('', index), svg: backdropSvg(index), ffmpeg: ffmpeg.version }))
    .digest('hex')
    .slice(0, 20);

/** Moves a finished folder into place in one step; a folder another process put there first wins. */
async function publish(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if (!existsSync(to)) throw error;
    await rm(from, { recursive: true, force: true });
  }
}

const scratchDir = (target: string) => `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Encodes loop `index` into the folder `target` (made whole or not at all): the backdrop (a generated image
 * like the performers' ones), its poster (the loop's first frame) and the segments.
 */
async function encodeLoop(target: string, index: number): Promise<void> {
  const dir = scratchDir(target);
  await mkdir(dir, { recursive: true });
  try {
    const backdrop = sharp(Buffer.from(backdropSvg(index)));
    await backdrop.clone().png().toFile(path.join(dir, 'backdrop.png'));
    // The first frame's crop (t = 0 of the pan), so the poster turns into the video without a jump.
    const angle = 2 * Math.PI * panPhase(index);
    const extra = { x: BACKDROP_SIZE.width - VIDEO_SIZE.width, y: BACKDROP_SIZE.height - VIDEO_SIZE.height };
    await backdrop
      .clone()
      .extract({
        left: Math.round((extra.x / 2) * (1 + Math.sin(angle))),
        top: Math.round((extra.y / 2) * (1 + Math.cos(angle))),
        ...VIDEO_SIZE,
      })
      .webp({ quality: 70 })
      .toFile(path.join(dir, POSTER_FILE));
    await run(ffmpeg.path, encoderArgs(dir, index));
    await rm(path.join(dir, 'backdrop.png'));
    await publish(dir, target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether a loop folder has its playlist, every segment the playlist names and the poster. */
async function isWhole(dir: string): Promise<boolean> {
  const playlist = await readFile(path.join(dir, LOOP_PLAYLIST), 'utf8').catch(() => null);
  if (playlist === null) return false;
  const segments = playlist.split('\n').filter((line) => SEGMENT_FILE_PATTERN.test(line));
  return segments.length > 0 && [...segments, POSTER_FILE].every((file) => existsSync(path.join(dir, file)));
}

/** Loop `index` in the data folder: copied from the cache, encoded into the cache first if it is not there. */
async function provideLoop(dataDir: string, index: number): Promise<void> {
  const target = path.join(liveDir(dataDir), loopName(index));
  if (existsSync(target)) return;
  const cached = path.join(cacheDir(), loopKey(index));
  if (!(await isWhole(cached))) {
    // The system may clean its temporary folder file by file: a loop missing a part is made again.
    await rm(cached, { recursive: true, force: true });
    await mkdir(cacheDir(), { recursive: true });
    await encodeLoop(cached, index);
  }
  const copy = scratchDir(target);
  await cp(cached, copy, { recursive: true });
  await publish(copy, target);
}

const provisioning = new Map<string, Promise<void>>();

/**
 * Makes sure the data folder has the first `count` loops; what is there is kept. Concurrent calls for one
 * folder share the work.
 */
export function ensureLiveLoops(dataDir: string, count: number): Promise<void> {
  const key = `${dataDir}\0${count}`;
  let work = provisioning.get(key);
  if (!work) {
    work = (async () => {
      await mkdir(liveDir(dataDir), { recursive: true });
      const pending = Array.from({ length: count }, (_, index) => index);
      await Promise.all(
        Array.from({ length: ENCODE_CONCURRENCY }, async () => {
          for (let index = pending.shift(); index !== undefined; index = pending.shift())
            await provideLoop(dataDir, index);
        }),
      );
    })().finally(() => {
      provisioning.delete(key);
      listed.delete(dataDir);
    });
    provisioning.set(key, work);
  }
  return work;
}

/** Loops found per data folder; every playlist request needs them, and they only change by ensureLiveLoops. */
const listed = new Map<string, LiveLoop[]>();

/** The loops in the data folder, in order, with their segment counts (from each loop's own playlist). */
export async function listLiveLoops(dataDir: string): Promise<LiveLoop[]> {
  const known = listed.get(dataDir);
  if (known) return known;
  const loops = await readLoops(dataDir);
  if (loops.length > 0) listed.set(dataDir, loops);
  return loops;
}

async function readLoops(dataDir: string): Promise<LiveLoop[]> {
  const names = await readdir(liveDir(dataDir)).catch(() => [] as string[]);
  const loops = await Promise.all(
    names
      .filter((name) => LOOP_NAME_PATTERN.test(name))
      .map(async (name) => {
        const playlist = await readFile(path.join(liveDir(dataDir), name, LOOP_PLAYLIST), 'utf8');
        return { name, segmentCount: playlist.split('\n').filter((line) => SEGMENT_FILE_PATTERN.test(line)).length };
      }),
  );
  return loops.sort((a, b) => Number(a.name.slice(5)) - Number(b.name.slice(5)));
}

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { imageSvg } from '../media/store';
import { POSTER_FILE, SEGMENT_FILE_PATTERN, SEGMENT_SECONDS } from './playout';

/**
 * Looped live video made with ffmpeg at seed time: a slow pan over a generated backdrop with a badge, a gliding
 * dot, a running clock and optionally a caption (a show's title), cut into MPEG-TS segments of SEGMENT_SECONDS
 * that each start with a keyframe, in one or more renditions. The chat's performers and the TV channels play them.
 */

const run = promisify(execFile);

/** A multiple of SEGMENT_SECONDS, so every segment is exactly that long. */
export const LOOP_SECONDS = 24;
export const LOOP_SEGMENTS = LOOP_SECONDS / SEGMENT_SECONDS;
/** The picture the camera cuts out of the backdrop; renditions scale it. */
const CROP_SIZE = { width: 640, height: 360 };
const FRAME_RATE = 25;
/** Frames of one loop, numbered from 0. */
export const LOOP_FRAMES = LOOP_SECONDS * FRAME_RATE;
/** The generated backdrop the camera pans over, larger than the video. */
const BACKDROP_SIZE = { width: 960, height: 540 };
/** Two encoders at a time: one per core of the machines the demo runs on. */
const ENCODE_CONCURRENCY = 2;
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];
/** ffmpeg's own VOD playlist of a rendition: tells how many segments the loop has. */
const LOOP_PLAYLIST = 'index.m3u8';

/** One encoding of a loop: its folder inside the loop's folder ('' for the loop's folder itself) and its size. */
export interface Rendition {
  dir: string;
  width: number;
  height: number;
  /** x264's constant quality: higher is smaller. */
  crf: number;
  /**
   * A cap on the video's bitrate (kbit/s), so renditions of one loop keep their order by size: a smaller picture
   * at the same quality can cost more bits (the pan shows more detail per pixel).
   */
  maxKbps?: number;
}

/** What makes one loop. */
export interface LoopSpec {
  /** The loop's folder name. */
  name: string;
  /** The generated backdrop (drawn like the performers' images). */
  backdrop: { title: string; subtitle?: string; seed: number };
  /** Where on the pan's ellipse the loop starts (0 to 1), so loops on one backdrop kind do not look alike. */
  phase: number;
  /** The badge top left (e.g. "● LIVE"). */
  badge: string;
  /** Burnt in along the bottom (a show's title). */
  caption?: string;
  renditions: readonly Rendition[];
}

/** A rendition as a master playlist names it. */
export interface RenditionInfo extends Rendition {
  /** Bits per second of its largest segment (the peak a player must sustain). */
  bandwidth: number;
}

/** One encoded loop as a playlist needs it. */
export interface LiveLoop {
  name: string;
  segmentCount: number;
  renditions: RenditionInfo[];
}

/**
 * Finished loops are kept in the system's temporary folder under a key of everything that makes them, so a new
 * data folder (every test server, every fresh demo) copies them instead of encoding again.
 */
const cacheDir = () => path.join(tmpdir(), 'velvet-live-loops');

const backdropSvg = (spec: LoopSpec) => imageSvg({ key: `live/${spec.name}`, ...BACKDROP_SIZE, ...spec.backdrop });

/** Where the slow pan is at `t` seconds: an ellipse over the backdrop, closed after one loop so the wrap is calm. */
const panX = (phase: number) => `(iw-ow)/2*(1+sin(2*PI*(t/${LOOP_SECONDS}+${phase.toFixed(3)})))`;
const panY = (phase: number) => `(ih-oh)/2*(1+cos(2*PI*(t/${LOOP_SECONDS}+${phase.toFixed(3)})))`;

/** ffmpeg's drawtext wants `:`, `'`, `%` and `\` escaped in its text; `,` is safe inside the quotes. */
const drawtextEscape = (text: string) => text.replace(/[\\:'%]/g, (c) => `\\${c}`);

/**
 * The filter graph of one rendition: the pan over the backdrop, the badge, a dot gliding along the bottom, a
 * running clock and the caption, so a viewer sees it move and what is on; then the rendition's size. Without a
 * known font only the pan is left, rather than failing.
 */
function videoFilter(spec: LoopSpec, rendition: Rendition): string {
  const crop = `crop=${CROP_SIZE.width}:${CROP_SIZE.height}:x='${panX(spec.phase)}':y='${panY(spec.phase)}'`;
  const scale =
    rendition.width === CROP_SIZE.width && rendition.height === CROP_SIZE.height
      ? []
      : [`scale=${rendition.width}:${rendition.height}`];
  const font = FONTS.find((candidate) => existsSync(candidate));
  if (!font) return [crop, ...scale].join(',');
  const text = (options: string) => `drawtext=fontfile=${font}:fontcolor=white:${options}`;
  const caption = spec.caption
    ? [text(`text='${drawtextEscape(spec.caption)}':fontsize=26:box=1:boxcolor=black@0.55:boxborderw=8:x=14:y=h-th-44`)]
    : [];
  return [
    crop,
    text(`text='${drawtextEscape(spec.badge)}':fontsize=18:box=1:boxcolor=0xd6336c@0.9:boxborderw=6:x=14:y=14`),
    text(`text='●':fontsize=26:x='(w-tw)/2+(w/2-48)*sin(2*PI*t/6)':y=h-th-12`),
    text(`text='%{pts\\:hms}':fontsize=16:box=1:boxcolor=black@0.45:boxborderw=4:x=w-tw-14:y=14`),
    ...caption,
    ...scale,
  ].join(',');
}

/**
 * ffmpeg's arguments for one rendition into `dir`: H.264 constrained baseline (plays in every browser with MSE,
 * Chromium's own build included) with silent mono AAC, cut into MPEG-TS segments of SEGMENT_SECONDS that each
 * start with a keyframe.
 */
function encoderArgs(backdrop: string, dir: string, spec: LoopSpec, rendition: Rendition): string[] {
  const keyframeInterval = String(SEGMENT_SECONDS * FRAME_RATE);
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    backdrop,
    '-f',
    'lavfi',
    '-i',
    'anullsrc=channel_layout=mono:sample_rate=44100',
    '-t',
    String(LOOP_SECONDS),
    '-filter_complex',
    // The backdrop is decoded once and repeated as frames (decoding it per frame would cost more than x264).
    `[0:v]loop=loop=-1:size=1:start=0,setpts=N/${FRAME_RATE}/TB,fps=${FRAME_RATE},${videoFilter(spec, rendition)}[v]`,
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
    String(rendition.crf),
    ...(rendition.maxKbps
      ? ['-maxrate', `${rendition.maxKbps}k`, '-bufsize', `${rendition.maxKbps * SEGMENT_SECONDS}k`]
      : []),
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

/** What makes a loop: a change of encoder settings, caption or backdrop makes a new cache entry. */
const loopKey = (spec: LoopSpec) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        args: spec.renditions.map((rendition) => [rendition.dir, encoderArgs('', '', spec, rendition)]),
        svg: backdropSvg(spec),
        ffmpeg: ffmpeg.version,
      }),
    )
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
 * Encodes a loop into the folder `target` (made whole or not at all): its poster (the first frame's crop, at the
 * largest rendition's size) and each rendition's segments.
 */
async function encodeLoop(target: string, spec: LoopSpec): Promise<void> {
  const dir = scratchDir(target);
  await mkdir(dir, { recursive: true });
  try {
    const backdrop = sharp(Buffer.from(backdropSvg(spec)));
    const backdropFile = path.join(dir, 'backdrop.png');
    await backdrop.clone().png().toFile(backdropFile);
    // The first frame's crop (t = 0 of the pan), so the poster turns into the video without a jump.
    const angle = 2 * Math.PI * spec.phase;
    const extra = { x: BACKDROP_SIZE.width - CROP_SIZE.width, y: BACKDROP_SIZE.height - CROP_SIZE.height };
    await backdrop
      .clone()
      .extract({
        left: Math.round((extra.x / 2) * (1 + Math.sin(angle))),
        top: Math.round((extra.y / 2) * (1 + Math.cos(angle))),
        ...CROP_SIZE,
      })
      .webp({ quality: 70 })
      .toFile(path.join(dir, POSTER_FILE));
    for (const rendition of spec.renditions) {
      const out = path.join(dir, rendition.dir);
      await mkdir(out, { recursive: true });
      await run(ffmpeg.path, encoderArgs(backdropFile, out, spec, rendition));
    }
    await rm(backdropFile);
    await publish(dir, target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const segmentsOf = (playlist: string) => playlist.split('\n').filter((line) => SEGMENT_FILE_PATTERN.test(line));

/** Whether a loop folder has its poster, and each rendition its playlist and every segment the playlist names. */
async function isWhole(dir: string, spec: LoopSpec): Promise<boolean> {
  if (!existsSync(path.join(dir, POSTER_FILE))) return false;
  for (const rendition of spec.renditions) {
    const playlist = await readFile(path.join(dir, rendition.dir, LOOP_PLAYLIST), 'utf8').catch(() => null);
    if (playlist === null) return false;
    const segments = segmentsOf(playlist);
    if (segments.length === 0 || !segments.every((file) => existsSync(path.join(dir, rendition.dir, file))))
      return false;
  }
  return true;
}

/** A loop in the folder `root`: copied from the cache, encoded into the cache first if it is not there. */
async function provideLoop(root: string, spec: LoopSpec): Promise<void> {
  const target = path.join(root, spec.name);
  if (existsSync(target)) return;
  const cached = path.join(cacheDir(), loopKey(spec));
  if (!(await isWhole(cached, spec))) {
    // The system may clean its temporary folder file by file: a loop missing a part is made again.
    await rm(cached, { recursive: true, force: true });
    await mkdir(cacheDir(), { recursive: true });
    await encodeLoop(cached, spec);
  }
  const copy = scratchDir(target);
  await cp(cached, copy, { recursive: true });
  await publish(copy, target);
}

/**
 * Frames of a loop's rendition in the folder `root` (numbers below LOOP_FRAMES) as WebP pictures of the
 * rendition's size, by frame number: the missing ones taken by one ffmpeg run over the rendition's segments, and
 * kept in the machine's cache beside the loops under the loop's key, so later data folders only read them.
 */
export async function loopFrames(
  root: string,
  spec: LoopSpec,
  rendition: Rendition,
  frames: readonly number[],
): Promise<Map<number, Buffer>> {
  const cache = path.join(cacheDir(), `${loopKey(spec)}-frames`, rendition.dir);
  const file = (frame: number) => path.join(cache, `frame-${frame}.webp`);
  const missing = [...new Set(frames)].filter((frame) => !existsSync(file(frame))).sort((a, b) => a - b);
  if (missing.length) {
    for (const frame of missing)
      if (!Number.isInteger(frame) || frame < 0 || frame >= LOOP_FRAMES) throw new Error(`no frame ${frame}`);
    await mkdir(cache, { recursive: true });
    const scratch = scratchDir(cache);
    await mkdir(scratch);
    try {
      // one decode of the loop; the selected frames come out in their order, numbered from 1
      await run(ffmpeg.path, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        path.join(root, spec.name, rendition.dir, LOOP_PLAYLIST),
        '-vf',
        `select='${missing.map((frame) => `eq(n,${frame})`).join('+')}'`,
        '-vsync',
        '0',
        path.join(scratch, '%04d.png'),
      ]);
      for (const [index, frame] of missing.entries()) {
        const made = path.join(scratch, `frame-${frame}.webp`);
        await sharp(path.join(scratch, `${String(index + 1).padStart(4, '0')}.png`))
          .webp({ quality: 70 })
          .toFile(made);
        await rename(made, file(frame));
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return new Map(await Promise.all(frames.map(async (frame) => [frame, await readFile(file(frame))] as const)));
}

const provisioning = new Map<string, Promise<void>>();

/**
 * Makes sure the folder `root` has the loops of `specs`; what is there is kept. Concurrent calls for one folder
 * and set of loops share the work.
 */
export function ensureLoops(root: string, specs: readonly LoopSpec[]): Promise<void> {
  const key = `${root}\0${specs.map((spec) => spec.name).join('\0')}`;
  let work = provisioning.get(key);
  if (!work) {
    work = (async () => {
      await mkdir(root, { recursive: true });
      const pending = [...specs];
      await Promise.all(
        Array.from({ length: ENCODE_CONCURRENCY }, async () => {
          for (let spec = pending.shift(); spec !== undefined; spec = pending.shift()) await provideLoop(root, spec);
        }),
      );
    })().finally(() => {
      provisioning.delete(key);
      for (const known of listed.keys()) if (known.startsWith(`${root}\0`)) listed.delete(known);
    });
    provisioning.set(key, work);
  }
  return work;
}

/** Loops read per folder; every playlist request needs them, and they only change by ensureLoops. */
const listed = new Map<string, LiveLoop | null>();

/**
 * Loop `name` in the folder `root` with the renditions `renditions` (segment count from the first one's own
 * playlist, each rendition's peak bandwidth from its segments), or null when it is not there.
 */
export async function readLoop(root: string, name: string, renditions: readonly Rendition[]): Promise<LiveLoop | null> {
  const key = `${root}\0${name}`;
  const known = listed.get(key);
  if (known) return known;
  const loop = await readLoopFiles(root, name, renditions);
  if (loop) listed.set(key, loop);
  return loop;
}

async function readLoopFiles(root: string, name: string, renditions: readonly Rendition[]): Promise<LiveLoop | null> {
  const infos: RenditionInfo[] = [];
  let segmentCount = 0;
  for (const rendition of renditions) {
    const dir = path.join(root, name, rendition.dir);
    const playlist = await readFile(path.join(dir, LOOP_PLAYLIST), 'utf8').catch(() => null);
    if (playlist === null) return null;
    const segments = segmentsOf(playlist);
    if (!infos.length) segmentCount = segments.length;
    const sizes = await Promise.all(segments.map(async (file) => (await stat(path.join(dir, file))).size));
    infos.push({ ...rendition, bandwidth: Math.ceil((Math.max(...sizes) * 8) / SEGMENT_SECONDS) });
  }
  return { name, segmentCount, renditions: infos };
}

/**
 * The loops in `root` whose folder names match `pattern`, ordered by the number in their names, each with the
 * renditions `renditions`.
 */
export async function listLoops(root: string, pattern: RegExp, renditions: readonly Rendition[]): Promise<LiveLoop[]> {
  const names = (await readdir(root).catch(() => [] as string[])).filter((name) => pattern.test(name));
  const loops = await Promise.all(names.map((name) => readLoop(root, name, renditions)));
  const byNumber = (loop: LiveLoop) => Number(/\d+/.exec(loop.name)?.[0] ?? 0);
  return loops.filter((loop): loop is LiveLoop => loop !== null).sort((a, b) => byNumber(a) - byNumber(b));
}

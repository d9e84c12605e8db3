import { execFile } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { MEDIA_URL_PREFIX } from '../../media/store';

const run = promisify(execFile);

/** Clips are shared by many videos: a handful is enough to tell them apart and keeps the seed fast. */
export const CLIP_COUNT = 6;
/** How long a full clip runs (its stills are spread over it). */
export const FULL_SECONDS = 24;
const PREVIEW_SECONDS = 6;
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];
const PATTERNS = ['testsrc2', 'smptehdbars', 'testsrc', 'rgbtestsrc', 'smptebars', 'pal75bars'];

export const clipName = (index: number) => `clip-${index + 1}`;
/** The public preview (served from the media folder for everyone). */
export const clipPreviewUrl = (clip: string) => `${MEDIA_URL_PREFIX}clips/${clip}-preview.mp4`;
/** Full clips live outside the public media folder: only the ownership-checked stream endpoint reads them. */
export const clipsDir = (dataDir: string) => path.join(dataDir, 'clips');

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** ffmpeg's drawtext wants `:`, `'` and `\` escaped in its text. */
const drawtextEscape = (text: string) => text.replace(/[\\:']/g, (c) => `\\${c}`);

/** Encodes what one of ffmpeg's generated sources makes into a file that streams from its first byte. */
const encodeGenerated = (source: string, args: string[], file: string) =>
  run(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source],
    ...args,
    ...['-movflags', '+faststart', file],
  ]);

/**
 * One low-resolution H.264 MP4 with a moving test pattern, a running clock and the title; keyframes every two
 * seconds so a player can seek. Without a known font the title is left out rather than failing the seed.
 */
export async function encodeClip(file: string, pattern: string, title: string, seconds: number) {
  const font = FONTS.find((candidate) => existsSync(candidate));
  const text = font
    ? [
        `drawtext=fontfile=${font}:text='${drawtextEscape(title)}':fontcolor=white:fontsize=18:box=1:boxcolor=black@0.5:boxborderw=6:x=(w-tw)/2:y=h-th-12`,
        `drawtext=fontfile=${font}:text='%{pts\\:hms}':fontcolor=white:fontsize=14:x=8:y=8`,
      ].join(',')
    : 'null';
  await encodeGenerated(
    `${pattern}=size=320x180:rate=15:duration=${seconds}`,
    [
      ...['-vf', text, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-g', '30'],
      ...['-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-an'],
    ],
    file,
  );
}

/** A test pattern of PATTERNS, by any index. */
export const clipPattern = (index: number) => PATTERNS[index % PATTERNS.length]!;

/**
 * A short AAC audio file (mono, 22 kHz, 32 kbit/s: a few KB a second) of a soft tone that rises and falls, the
 * demo's stand-in for a recorded voice.
 */
export async function encodeTone(file: string, frequency: number, seconds: number) {
  await encodeGenerated(
    `sine=frequency=${frequency}:duration=${seconds}:sample_rate=22050`,
    ['-af', 'volume=0.3,tremolo=f=2:d=0.6', '-c:a', 'aac', '-b:a', '32k', '-ac', '1'],
    file,
  );
}

/**
 * Makes the clip pairs (full and preview) that are not there yet and answers their names. The full clip goes to
 * DATA_DIR/clips, the preview to the public media folder.
 */
export async function generateClips(dataDir: string, count: number): Promise<string[]> {
  const fullDir = clipsDir(dataDir);
  const previewDir = path.join(dataDir, 'media', 'clips');
  await Promise.all([mkdir(fullDir, { recursive: true }), mkdir(previewDir, { recursive: true })]);
  const names = Array.from({ length: count }, (_, i) => clipName(i));
  await Promise.all(
    names.map(async (name, i) => {
      const pattern = clipPattern(i);
      const title = `Velvet demo clip ${i + 1}`;
      const full = path.join(fullDir, `${name}.mp4`);
      const preview = path.join(previewDir, `${name}-preview.mp4`);
      if (!(await exists(full))) await encodeClip(full, pattern, title, FULL_SECONDS);
      if (!(await exists(preview))) await encodeClip(preview, pattern, `${title} · preview`, PREVIEW_SECONDS);
    }),
  );
  return names;
}

/**
 * Preview-length clips of another module under its own names (`<prefix>-<n>`, served like the previews at
 * clipPreviewUrl): the feed plays its own files, so the age rating it gives them never opens or closes a shop
 * video's preview.
 */
export async function generatePublicClips(dataDir: string, prefix: string, count: number): Promise<string[]> {
  const previewDir = path.join(dataDir, 'media', 'clips');
  await mkdir(previewDir, { recursive: true });
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  await Promise.all(
    names.map(async (name, i) => {
      const file = path.join(previewDir, `${name}-preview.mp4`);
      const pattern = clipPattern(i + 1);
      if (!(await exists(file))) await encodeClip(file, pattern, `Velvet ${prefix} ${i + 1}`, PREVIEW_SECONDS);
    }),
  );
  return names;
}

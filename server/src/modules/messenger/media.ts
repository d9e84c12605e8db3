import { randomUUID } from 'node:crypto';
import { access, copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { MessengerMediaType } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { clipPattern, encodeClip, encodeTone } from '../media/clips';
import { messengerImagesDir, storePerformerPicture } from './images';
import { deletedMedia } from './schema';

/**
 * The demo performers' clips and audio messages: a few tiny files made once with ffmpeg (at seed time, or at the
 * first answer that needs one in a data directory seeded before), outside the public media. Each message gets a
 * copy of its own in the conversations' folder, so a message's file is always its own and goes with it.
 */
const demoDir = (dataDir: string) => path.join(dataDir, 'messenger-demo');
const DEMO_CLIPS = [
  { seconds: 4, title: 'Just for you ♥' },
  { seconds: 5, title: 'Thinking of you' },
] as const;
const DEMO_AUDIO = [
  { seconds: 3, frequency: 330 },
  { seconds: 4, frequency: 392 },
] as const;
const clipFile = (index: number) => `clip-${index + 1}.mp4`;
const audioFile = (index: number) => `audio-${index + 1}.m4a`;

/** What a performer's media costs to open, in hundredths of a coin: clips and pictures are paid, audio is free. */
export const MEDIA_OPEN_PRICES: Record<MessengerMediaType, number> = { bitmap: 200, video: 500, audio: 0 };

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** One making of the demo files per data directory and process, however many answers ask at once. */
const making = new Map<string, Promise<void>>();

/** Makes the demo clips and audio messages that are not there yet (about half a second in all). */
export function ensureDemoMedia(dataDir: string): Promise<void> {
  let made = making.get(dataDir);
  if (!made) {
    made = (async () => {
      const dir = demoDir(dataDir);
      await mkdir(dir, { recursive: true });
      await Promise.all([
        ...DEMO_CLIPS.map(async ({ seconds, title }, i) => {
          const file = path.join(dir, clipFile(i));
          if (!(await exists(file))) await encodeClip(file, clipPattern(i + 2), title, seconds);
        }),
        ...DEMO_AUDIO.map(async ({ seconds, frequency }, i) => {
          const file = path.join(dir, audioFile(i));
          if (!(await exists(file))) await encodeTone(file, frequency, seconds);
        }),
      ]);
    })();
    making.set(dataDir, made);
    // A failed making is tried again by the next caller.
    made.catch(() => making.delete(dataDir));
  }
  return made;
}

/** A stored file of a performer's media message: its name in the conversations' folder and its length. */
export interface StoredMedia {
  file: string;
  durationSeconds: number | null;
}

/** A performer's media for one message of a conversation, in a file of its own; `seed` picks which demo file. */
export async function storePerformerMedia(
  dataDir: string,
  mediaType: MessengerMediaType,
  seed: number,
): Promise<StoredMedia> {
  if (mediaType === 'bitmap') return { file: await storePerformerPicture(dataDir, '♥', seed), durationSeconds: null };
  await ensureDemoMedia(dataDir);
  const demo =
    mediaType === 'video'
      ? { name: clipFile(seed % DEMO_CLIPS.length), seconds: DEMO_CLIPS[seed % DEMO_CLIPS.length]!.seconds }
      : { name: audioFile(seed % DEMO_AUDIO.length), seconds: DEMO_AUDIO[seed % DEMO_AUDIO.length]!.seconds };
  const file = `${randomUUID()}${path.extname(demo.name)}`;
  await mkdir(messengerImagesDir(dataDir), { recursive: true });
  await copyFile(path.join(demoDir(dataDir), demo.name), path.join(messengerImagesDir(dataDir), file));
  return { file, durationSeconds: demo.seconds };
}

/** Files removed per pass; the rest wait for the next. */
const REMOVALS_PER_PASS = 500;
/** How often the files of deleted messages are removed. */
export const MEDIA_CLEANUP_MS = 60_000;

/**
 * Removes the files of deleted messages from the disk (the database noted them as the messages went) and then
 * their notes, so a note whose removal failed is tried again. Answers how many files were removed.
 */
export async function removeDeletedMedia(ctx: Pick<ModuleContext, 'db' | 'config'>): Promise<number> {
  const noted = await ctx.db.select({ file: deletedMedia.file }).from(deletedMedia).limit(REMOVALS_PER_PASS);
  if (noted.length === 0) return 0;
  const dir = messengerImagesDir(ctx.config.dataDir);
  // A note names a file of this folder only: the name is the message's own, never a path.
  await Promise.all(noted.map(({ file }) => rm(path.join(dir, path.basename(file)), { force: true })));
  await ctx.db.delete(deletedMedia).where(
    inArray(
      deletedMedia.file,
      noted.map(({ file }) => file),
    ),
  );
  return noted.length;
}

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../http/endpoint';
import { MAX_INPUT_PIXELS, requireImage } from '../../http/upload';
import { imageSvg } from '../../media/store';
import { PLAYLIST_URL_SECONDS, signLiveUrl, verifyLiveUrl } from '../../media-live/signing';

/**
 * Pictures of a conversation live outside the public media folder and are served by one route, at addresses
 * signed for the guest of the conversation and the message (the live video's signed URLs): an <img> sends no
 * token, and another guest, or an address edited to another message, gets 403.
 */
export const messengerImagesDir = (dataDir: string) => path.join(dataDir, 'messenger-images');
export const MESSENGER_IMAGE_PATH = '/rest/v1/messenger/image/:messageId';
const imagePath = (messageId: number) => MESSENGER_IMAGE_PATH.replace(':messageId', String(messageId));
const SCOPE_PREFIX = 'messenger:';
const scopeOf = (channelId: number) => `${SCOPE_PREFIX}${channelId}`;

/** Shown at most this wide in a conversation (twice the column, for dense screens). */
const IMAGE_WIDTH = 1280;

/**
 * A JPEG, PNG or WebP upload (else 415 IMAGE_INVALID) re-encoded as WebP: upright, at most IMAGE_WIDTH wide,
 * without the upload's metadata (camera, location). Answers the stored file's name.
 */
export async function storeImage(dataDir: string, upload: Buffer): Promise<string> {
  await requireImage(upload, 'picture');
  const webp = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: IMAGE_WIDTH, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw new HttpError(415, 'IMAGE_INVALID', 'The picture could not be read');
    });
  return writeImage(dataDir, webp);
}

async function writeImage(dataDir: string, webp: Buffer): Promise<string> {
  const file = `${randomUUID()}.webp`;
  await mkdir(messengerImagesDir(dataDir), { recursive: true });
  await writeFile(path.join(messengerImagesDir(dataDir), file), webp);
  return file;
}

/** A demo performer's picture for one guest, rendered locally like every demo image; answers its file name. */
export async function storePerformerPicture(dataDir: string, title: string, seed: number): Promise<string> {
  const webp = await sharp(Buffer.from(imageSvg({ key: '', width: 480, height: 360, title, seed })))
    .webp({ quality: 72, effort: 0 })
    .toBuffer();
  return writeImage(dataDir, webp);
}

/** The picture's address for the guest of its channel, valid to the end of the next day (the browser keeps it). */
export function imageUrl(secret: string, message: { id: number; channelId: number }, guestId: string, now: Date) {
  const expires = (Math.ceil(now.getTime() / 1000 / PLAYLIST_URL_SECONDS) + 1) * PLAYLIST_URL_SECONDS;
  return signLiveUrl(secret, imagePath(message.id), { scope: scopeOf(message.channelId), guest: guestId, expires });
}

/** The guest and channel an address of the picture was signed for (403 LIVE_URL_INVALID / LIVE_URL_EXPIRED). */
export function verifyImageUrl(secret: string, messageId: number, query: unknown, now: Date) {
  const grant = verifyLiveUrl(secret, imagePath(messageId), query, now);
  const channelId = grant.scope.startsWith(SCOPE_PREFIX) ? Number(grant.scope.slice(SCOPE_PREFIX.length)) : NaN;
  return { guestId: grant.guest, channelId };
}

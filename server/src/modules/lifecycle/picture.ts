import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { MAX_INPUT_PIXELS, readUpload, requireImage } from '../../http/upload';

/** Shown at most 128 px wide (navbar, account page), twice that for dense screens. */
const PICTURE_SIZE = 256;

/** The uploaded profile picture of a multipart request (field `file`), within the size limit. */
export const readProfileUpload = (request: FastifyRequest) =>
  readUpload(request, PROFILE_PICTURE_MAX_BYTES, 'profile picture');

/**
 * A JPEG, PNG or WebP re-encoded as a square WebP: turned upright by its orientation, cropped to the middle, and
 * without any of the upload's metadata (camera, location).
 */
export async function profilePicture(upload: Buffer): Promise<{ webp: Buffer; hash: string }> {
  await requireImage(upload, 'profile picture');
  const webp = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw new HttpError(415, 'IMAGE_INVALID', 'The picture could not be read');
    });
  return { webp, hash: createHash('sha256').update(webp).digest('hex').slice(0, 16) };
}

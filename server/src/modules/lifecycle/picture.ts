import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';

/** Formats taken by what the bytes are (sharp reads the header), never by the file's name or declared type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger pictures are refused before decoding (a small file can claim huge dimensions). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Shown at most 128 px wide (navbar, account page), twice that for dense screens. */
const PICTURE_SIZE = 256;

/** The uploaded file of a multipart request (field `file`), within the size limit. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new HttpError(400, 'VALIDATION_FAILED', 'Send the picture as multipart/form-data in the field "file"');
  const part = await request.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'file')
    throw new HttpError(400, 'VALIDATION_FAILED', 'Send the picture as multipart/form-data in the field "file"');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'A profile picture may have at most 5 MB');
    throw error;
  }
}

/**
 * A JPEG, PNG or WebP re-encoded as a square WebP: turned upright by its orientation, cropped to the middle, and
 * without any of the upload's metadata (camera, location).
 */
export async function profilePicture(upload: Buffer): Promise<{ webp: Buffer; hash: string }> {
  const format = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new HttpError(415, 'IMAGE_INVALID', 'A profile picture is a JPEG, PNG or WebP image');
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

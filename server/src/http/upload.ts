import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { HttpError } from './endpoint';

/** Formats taken by what the bytes are (sharp reads the header), never by the file's name or declared type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger pictures are refused before decoding (a small file can claim huge dimensions). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The uploaded file of a multipart request (field `file`) within `maxBytes` (413 PAYLOAD_TOO_LARGE beyond it);
 * anything else is 400 VALIDATION_FAILED. `what` names the file in the messages.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, what: string): Promise<Buffer> {
  const refused = () =>
    new HttpError(400, 'VALIDATION_FAILED', `Send the ${what} as multipart/form-data in the field "file"`);
  if (!request.isMultipart()) throw refused();
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw refused();
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(
        413,
        'PAYLOAD_TOO_LARGE',
        `A ${what} may have at most ${Math.floor(maxBytes / 1024 / 1024)} MB`,
      );
    throw error;
  }
}

/** Refuses (415 IMAGE_INVALID) anything but a JPEG, PNG or WebP, read from its bytes. */
export async function requireImage(upload: Buffer, what: string): Promise<void> {
  const format = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new HttpError(415, 'IMAGE_INVALID', `A ${what} is a JPEG, PNG or WebP image`);
}

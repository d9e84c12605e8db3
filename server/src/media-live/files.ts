import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { refuseUnsafeText } from '@velvet/contracts';
import { HttpError } from '../http/endpoint';

/** The signed URLs' query is checked like every route's input before its signature is. */
export const safeQuery = refuseUnsafeText(z.looseObject({}));

/** Live files are served outside the endpoint contracts: their input is checked here, 400 VALIDATION_FAILED. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'VALIDATION_FAILED', z.prettifyError(result.error));
  return result.data;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Free segments change only with the loops (a new seed); an hour of caching anywhere is safe. */
export const FREE_SEGMENT_CACHE = 'public, max-age=3600';

/** Streams a file of a loop with its type and caching, or answers 404 for a name that is not there. */
export async function sendLoopFile(reply: FastifyReply, file: string, type: string, cacheControl: string) {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new HttpError(404, 'NOT_FOUND', 'No such live stream file');
  return reply
    .header('content-type', type)
    .header('content-length', info.size)
    .header('cache-control', cacheControl)
    .send(createReadStream(file));
}

/** A segment's caching: the viewer's browser may keep it until its signature expires; no shared cache may. */
export const privateUntil = (expires: number, now: Date) =>
  `private, max-age=${Math.max(0, expires - Math.ceil(now.getTime() / 1000))}`;

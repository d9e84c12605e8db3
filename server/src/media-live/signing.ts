import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../http/endpoint';

/**
 * Signed live video URLs: a private stream's playlists and segments play only for one guest in one scope (a
 * chat, a paid channel) and only for a while. Each URL carries the scope, the guest, an expiry (Unix seconds) and
 * an HMAC of those and the URL's path under a key derived from the server secret, so the server checks them
 * without a database read, and a URL copied from one path or scope to another, or edited, no longer verifies.
 */

/**
 * How long a playlist URL holds: longer than a chat runs, because hls.js reloads the same live playlist URL every
 * segment for as long as it plays. The playlist checks on every reload that the guest may still watch (the chat
 * runs, the subscription holds), and a new page signs a fresh one.
 */
export const PLAYLIST_URL_SECONDS = 24 * 60 * 60;
/**
 * How long a segment URL holds: the playlist, reloaded every SEGMENT_SECONDS, lists every segment with a fresh
 * signature, so a player always holds a few minutes of valid URLs and a copied one is soon worthless.
 */
export const SEGMENT_URL_SECONDS = 3 * 60;
/** Segment expiries are rounded up to this step, so consecutive playlists name the same URLs (browser cache). */
const SEGMENT_EXPIRY_STEP_SECONDS = 60;

export interface LiveGrant {
  /** What the URL is for: a chat's id, a channel. */
  scope: string;
  guest: string;
  /** Unix seconds. */
  expires: number;
}

const grantQuery = z.object({
  scope: z.string().min(1).max(100),
  guest: z.string().min(1).max(100),
  expires: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[\w-]{43}$/),
});

const keys = new Map<string, Buffer>();
/** The signing key, derived from the server secret so that it serves nothing else. */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createHmac('sha256', secret).update('velvet live video urls').digest()));
  return key;
}

const signature = (secret: string, path: string, grant: LiveGrant) =>
  createHmac('sha256', keyOf(secret))
    .update([path, grant.scope, grant.guest, grant.expires].join('\n'))
    .digest('base64url');

/** The path with the grant and its signature as query parameters. */
export function signLiveUrl(secret: string, path: string, grant: LiveGrant): string {
  const query = new URLSearchParams({
    scope: grant.scope,
    guest: grant.guest,
    expires: String(grant.expires),
    sig: signature(secret, path, grant),
  });
  return `${path}?${query.toString()}`;
}

/** The expiry of a segment URL signed at `now`. */
export const segmentExpiry = (now: Date) =>
  Math.ceil((now.getTime() / 1000 + SEGMENT_URL_SECONDS) / SEGMENT_EXPIRY_STEP_SECONDS) * SEGMENT_EXPIRY_STEP_SECONDS;

/**
 * The grant of a signed URL of `path`, checked: 403 LIVE_URL_INVALID when the parameters are missing or the
 * signature does not match, 403 LIVE_URL_EXPIRED once its time is over.
 */
export function verifyLiveUrl(secret: string, path: string, query: unknown, now: Date): LiveGrant {
  const parsed = grantQuery.safeParse(query);
  if (!parsed.success) throw new HttpError(403, 'LIVE_URL_INVALID', 'This live video address is not signed');
  const { sig, ...grant } = parsed.data;
  const expected = Buffer.from(signature(secret, path, grant));
  if (!timingSafeEqual(expected, Buffer.from(sig)))
    throw new HttpError(403, 'LIVE_URL_INVALID', 'This live video address is signed for something else');
  if (grant.expires * 1000 <= now.getTime())
    throw new HttpError(403, 'LIVE_URL_EXPIRED', 'This live video address has expired');
  return grant;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../../http/endpoint';

/**
 * Signed live video URLs: a private chat's playlist and segments play only for the chat's guest and only for a
 * while. Each URL carries the chat, the guest, an expiry (Unix seconds) and an HMAC of those and the URL's path
 * under a key derived from the server secret, so the server checks them without a database read, and a URL
 * copied from one path or chat to another, or edited, no longer verifies.
 */

/**
 * How long a chat's playlist URL holds: longer than a chat runs, because hls.js reloads the same live playlist
 * URL every segment for as long as it plays. It plays only while the chat runs (the playlist checks that on every
 * reload), and a reload of the chat (a new page, `chat/active`) signs a fresh one.
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
  chat: string;
  guest: string;
  /** Unix seconds. */
  expires: number;
}

const grantQuery = z.object({
  chat: z.string().min(1).max(100),
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
    .update([path, grant.chat, grant.guest, grant.expires].join('\n'))
    .digest('base64url');

/** The path with the grant and its signature as query parameters. */
export function signLiveUrl(secret: string, path: string, grant: LiveGrant): string {
  const query = new URLSearchParams({
    chat: grant.chat,
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
    throw new HttpError(403, 'LIVE_URL_INVALID', 'This live video address is not signed for this chat');
  if (grant.expires * 1000 <= now.getTime())
    throw new HttpError(403, 'LIVE_URL_EXPIRED', 'This live video address has expired');
  return grant;
}

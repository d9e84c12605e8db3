import type { ChatSession } from '@velvet/contracts';
import { PLAYLIST_URL_SECONDS, signLiveUrl } from './signing';

/**
 * The looped playout of demo performers: pre-encoded loops of fixed-length HLS
 * segments, served as a sliding-window live playlist whose position is computed from the clock, so every
 * viewer of a performer sees the same moment and no process has to keep a stream running.
 */

/** Every loop is cut into segments of exactly this length (a keyframe starts each one). */
export const SEGMENT_SECONDS = 2;
/**
 * Segments a live playlist lists (12 s): hls.js starts three from the end, so a player slow to start (a busy
 * machine) still finds its first segment in the next playlist instead of chasing the edge.
 */
export const WINDOW_SEGMENTS = 6;
export const LIVE_URL_PREFIX = '/live/';
/** Each loop's first frame, shown until the video plays. */
export const POSTER_FILE = 'poster.webp';

/** One encoded loop as the playlist needs it: its name (folder) and how many segments it has. */
export interface LiveLoop {
  name: string;
  segmentCount: number;
}

/** The path of a performer's live playlist. */
export const playlistPath = (actorId: number) => `${LIVE_URL_PREFIX}${actorId}/index.m3u8`;

/**
 * Where hls.js finds a performer's stream in a chat: the playlist URL is signed for the chat's guest
 * (signing.ts); the poster is free.
 */
export function liveStreamUrls(
  secret: string,
  chat: { id: string; actorId: number; guestId: string },
  now: Date,
): ChatSession['stream'] {
  const expires = Math.floor(now.getTime() / 1000) + PLAYLIST_URL_SECONDS;
  return {
    url: signLiveUrl(secret, playlistPath(chat.actorId), { chat: chat.id, guest: chat.guestId, expires }),
    posterUrl: `${LIVE_URL_PREFIX}${chat.actorId}/${POSTER_FILE}`,
  };
}

export const segmentUrl = (loop: LiveLoop, index: number) =>
  `${LIVE_URL_PREFIX}loops/${loop.name}/${segmentFileName(index)}`;
/** ffmpeg names the segments of a loop segment-000.ts, segment-001.ts, ... */
export const segmentFileName = (index: number) => `segment-${String(index).padStart(3, '0')}.ts`;
export const SEGMENT_FILE_PATTERN = /^segment-\d{3}\.ts$/;

/** Performers share the loops; each starts at its own point, so two performers on one loop do not look alike. */
export const loopOfActor = <T>(loops: readonly T[], actorId: number): T => loops[actorId % loops.length]!;
const actorOffset = (actorId: number) => (actorId * 7919) % 1000;

/**
 * The live playlist of a performer at `now`: the WINDOW_SEGMENTS segments before the live edge. The media sequence
 * number is the count of whole segments since the epoch (plus the performer's offset), so it only grows; where the
 * loop starts again a discontinuity tells the player that timestamps restart, and the discontinuity sequence
 * counts the wraps that slid out of the window.
 */
export function livePlaylist(
  loop: LiveLoop,
  actorId: number,
  now: number,
  /** The URL the playlist lists for a segment's path (signed for the viewer). */
  segmentUri: (path: string) => string,
): string {
  const edge = Math.floor(now / (SEGMENT_SECONDS * 1000)) + actorOffset(actorId);
  const first = edge - WINDOW_SEGMENTS;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / loop.segmentCount)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let sequence = first; sequence < edge; sequence++) {
    const index = sequence % loop.segmentCount;
    if (index === 0 && sequence !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, segmentUri(segmentUrl(loop, index)));
  }
  return `${lines.join('\n')}\n`;
}

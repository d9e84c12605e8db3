import type { ChatSession } from '@velvet/contracts';
import type { LiveLoop } from '../../../media-live/loops';
import { POSTER_FILE, liveEdge, livePlaylist, segmentFileName } from '../../../media-live/playout';
import { PLAYLIST_URL_SECONDS, signLiveUrl } from '../../../media-live/signing';

/** Demo performers stream from the shared looped playout (media-live), each at her own point of a loop. */

export const LIVE_URL_PREFIX = '/live/';

/** The path of a performer's live playlist. */
export const playlistPath = (actorId: number) => `${LIVE_URL_PREFIX}${actorId}/index.m3u8`;

/**
 * Where hls.js finds a performer's stream in a chat: the playlist URL is signed for the chat's guest
 * (media-live/signing.ts); the poster is free.
 */
export function liveStreamUrls(
  secret: string,
  chat: { id: string; actorId: number; guestId: string },
  now: Date,
): ChatSession['stream'] {
  const expires = Math.floor(now.getTime() / 1000) + PLAYLIST_URL_SECONDS;
  return {
    url: signLiveUrl(secret, playlistPath(chat.actorId), { scope: chat.id, guest: chat.guestId, expires }),
    posterUrl: `${LIVE_URL_PREFIX}${chat.actorId}/${POSTER_FILE}`,
  };
}

export const segmentUrl = (loop: LiveLoop, index: number) =>
  `${LIVE_URL_PREFIX}loops/${loop.name}/${segmentFileName(index)}`;

/** Performers share the loops; each starts at its own point, so two performers on one loop do not look alike. */
export const loopOfActor = <T>(loops: readonly T[], actorId: number): T => loops[actorId % loops.length]!;
const actorOffset = (actorId: number) => (actorId * 7919) % 1000;

/** The live playlist of a performer at `now` (media-live's window, shifted by the performer's offset). */
export function performerPlaylist(
  loop: LiveLoop,
  actorId: number,
  now: number,
  /** The URL the playlist lists for a segment's path (signed for the viewer). */
  segmentUri: (path: string) => string,
): string {
  return livePlaylist(liveEdge(now, actorOffset(actorId)), loop.segmentCount, (_sequence, index) =>
    segmentUri(segmentUrl(loop, index)),
  );
}

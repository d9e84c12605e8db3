/**
 * The looped playout: pre-encoded loops of fixed-length HLS segments, served as a sliding-window live playlist
 * whose position is computed from the clock, so every viewer of a stream sees the same moment and no process has
 * to keep a stream running.
 */

/** Every loop is cut into segments of exactly this length (a keyframe starts each one). */
export const SEGMENT_SECONDS = 2;
export const SEGMENT_MS = SEGMENT_SECONDS * 1000;
/**
 * Segments a live playlist lists (12 s): hls.js starts three from the end, so a player slow to start (a busy
 * machine) still finds its first segment in the next playlist instead of chasing the edge.
 */
export const WINDOW_SEGMENTS = 6;
/** Each loop's first frame, shown until the video plays. */
export const POSTER_FILE = 'poster.webp';
/** ffmpeg names the segments of a loop segment-000.ts, segment-001.ts, ... */
export const segmentFileName = (index: number) => `segment-${String(index).padStart(3, '0')}.ts`;
export const SEGMENT_FILE_PATTERN = /^segment-\d{3}\.ts$/;
export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** The live edge at `now`: the count of whole segments since the epoch, plus a stream's own offset. */
export const liveEdge = (now: number, offset = 0) => Math.floor(now / SEGMENT_MS) + offset;

/**
 * The live playlist at `edge`: the WINDOW_SEGMENTS segments before it. The media sequence number only grows;
 * segment `sequence` is segment `sequence mod segmentCount` of its loop, so where the loop starts again a
 * discontinuity tells the player that timestamps restart, and the discontinuity sequence counts the wraps that
 * slid out of the window. A stream may switch loops only where one wraps (`uri` picks the loop per sequence).
 */
export function livePlaylist(
  edge: number,
  segmentCount: number,
  /** The URL the playlist lists for segment `index` of the loop playing at media sequence `sequence`. */
  uri: (sequence: number, index: number) => string,
): string {
  const first = edge - WINDOW_SEGMENTS;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / segmentCount)}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let sequence = first; sequence < edge; sequence++) {
    const index = sequence % segmentCount;
    if (index === 0 && sequence !== first) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, uri(sequence, index));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * An on-demand playlist of `total` segments played from a loop of `segmentCount` segments, over and over: a
 * video as long as its stated duration from a short encoded loop. Each wrap is a discontinuity (timestamps
 * restart); the whole list and its end are known, so a player can seek anywhere.
 */
export function vodPlaylist(total: number, segmentCount: number, uri: (index: number) => string): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let sequence = 0; sequence < total; sequence++) {
    const index = sequence % segmentCount;
    if (index === 0 && sequence !== 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, uri(index));
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** One variant of a master playlist. */
export interface Variant {
  uri: string;
  bandwidth: number;
  width: number;
  height: number;
}

/** H.264 constrained baseline 3.0 and AAC-LC, as the loops are encoded. */
const CODECS = 'avc1.42c01e,mp4a.40.2';

/** The master playlist of a stream's renditions, best first, so a player can pick and switch by bandwidth. */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const variant of [...variants].sort((a, b) => b.bandwidth - a.bandwidth))
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${variant.bandwidth},RESOLUTION=${variant.width}x${variant.height},CODECS="${CODECS}"`,
      variant.uri,
    );
  return `${lines.join('\n')}\n`;
}

import path from 'node:path';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { TV_PREVIEW_SECONDS, TV_PROGRAM_TYPES, type TvProgramType } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { ensureLoops, readLoop, type LiveLoop, type LoopSpec, type Rendition } from '../../media-live/loops';
import {
  POSTER_FILE,
  SEGMENT_MS,
  WINDOW_SEGMENTS,
  liveEdge,
  livePlaylist,
  masterPlaylist,
  segmentFileName,
} from '../../media-live/playout';
import { PLAYLIST_URL_SECONDS, signLiveUrl, type LiveGrant } from '../../media-live/signing';
import { SHOW_FORMATS, type ShowFormat } from './catalogue';
import { tvProgram } from './schema';

/**
 * The TV channels' live video: every show format of the programme has its own loop (its title burnt in), and a
 * channel's live playlist plays, segment by segment, the loop of the show the programme has on air at that
 * segment's time. Loops and programme slots line up: slots start on whole hours, a multiple of a loop's length,
 * so a show changes exactly where a loop wraps (the playlist's discontinuity).
 */

/** Two renditions per channel, so hls.js adapts to the viewer's bandwidth and the viewer may pick one. */
export const TV_RENDITIONS: readonly Rendition[] = [
  { dir: '360p', width: 640, height: 360, crf: 28, maxKbps: 600 },
  { dir: '216p', width: 384, height: 216, crf: 30, maxKbps: 220 },
];

export const TV_URL_PREFIX = '/live/tv/';
export const tvLiveDir = (dataDir: string) => path.join(dataDir, 'tv-live');
export const TV_LOOP_NAME_PATTERN = new RegExp(`^(${TV_PROGRAM_TYPES.join('|')})-[a-z0-9-]{1,60}$`);

export const tvLoopName = (type: TvProgramType, show: ShowFormat) => `${type}-${show.key}`;

/** The burnt-in title: both languages of the programme when they differ. */
const caption = (show: ShowFormat) =>
  show.title.de === show.title.en ? show.title.en : `${show.title.de} / ${show.title.en}`;

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

export const tvLoopSpecs = (): LoopSpec[] =>
  TV_PROGRAM_TYPES.flatMap((type) =>
    SHOW_FORMATS[type].map((show, index) => ({
      name: tvLoopName(type, show),
      backdrop: {
        title: show.title.en,
        subtitle: type === 'premium' ? 'Premium TV' : 'Velvet TV',
        seed: hash(show.key),
      },
      phase: index / SHOW_FORMATS[type].length,
      badge: type === 'premium' ? '● PREMIUM' : '● LIVE',
      caption: caption(show),
      renditions: TV_RENDITIONS,
    })),
  );

/** Makes sure the data folder has every show's loop; what is there is kept. */
export const ensureTvLoops = (dataDir: string) => ensureLoops(tvLiveDir(dataDir), tvLoopSpecs());

export const masterPath = (type: TvProgramType) => `${TV_URL_PREFIX}${type}/master.m3u8`;
export const renditionPath = (type: TvProgramType, rendition: string) =>
  `${TV_URL_PREFIX}${type}/${rendition}/index.m3u8`;
export const segmentPath = (loop: string, rendition: string, index: number) =>
  `${TV_URL_PREFIX}loops/${loop}/${rendition}/${segmentFileName(index)}`;
export const posterPath = (loop: string) => `${TV_URL_PREFIX}loops/${loop}/${POSTER_FILE}`;

/** Scopes of premium TV's signed URLs: a subscriber's (checked on every playlist) and a visitor's short preview. */
export const PREMIUM_SCOPE = 'tv-premium';
export const PREVIEW_SCOPE = 'tv-premium-preview';

/** Premium TV's master playlist signed for a subscriber (a day) or as a preview (TV_PREVIEW_SECONDS). */
export function premiumUrl(secret: string, guestId: string, preview: boolean, now: Date): string {
  const seconds = preview ? TV_PREVIEW_SECONDS : PLAYLIST_URL_SECONDS;
  return signLiveUrl(secret, masterPath('premium'), {
    scope: preview ? PREVIEW_SCOPE : PREMIUM_SCOPE,
    guest: guestId,
    expires: Math.floor(now.getTime() / 1000) + seconds,
  });
}

/** The show format a programme row plays (by its English title, unique per channel). */
export function showOf(type: TvProgramType, titleEn: string): ShowFormat {
  const show = SHOW_FORMATS[type].find((format) => format.title.en === titleEn);
  if (!show) throw new HttpError(404, 'NOT_FOUND', `No show "${titleEn}" on ${type} TV`);
  return show;
}

/** The loop of a channel's show, with its renditions (404 when the loops were not made). */
export async function loopOf(dataDir: string, type: TvProgramType, show: ShowFormat): Promise<LiveLoop> {
  const loop = await readLoop(tvLiveDir(dataDir), tvLoopName(type, show), TV_RENDITIONS);
  if (!loop) throw new HttpError(404, 'NOT_FOUND', 'No live video has been generated');
  return loop;
}

/** The master playlist of a channel: its renditions, each signed with the same grant as the master. */
export async function channelMaster(
  dataDir: string,
  type: TvProgramType,
  sign: (path: string) => string,
): Promise<string> {
  // Every show's loop is encoded alike; the first one's renditions tell the bandwidths.
  const loop = await loopOf(dataDir, type, SHOW_FORMATS[type][0]!);
  return masterPlaylist(
    loop.renditions.map((rendition) => ({
      uri: sign(renditionPath(type, rendition.dir)),
      bandwidth: rendition.bandwidth,
      width: rendition.width,
      height: rendition.height,
    })),
  );
}

/**
 * A channel's live playlist of one rendition at `now`: each segment of the window is the next segment of the loop
 * of the show the programme has on air at that segment's time (404 NOT_FOUND where the programme has a gap).
 */
export async function channelPlaylist(
  db: Database,
  dataDir: string,
  type: TvProgramType,
  rendition: string,
  now: Date,
  sign: (path: string) => string,
): Promise<string> {
  const edge = liveEdge(now.getTime());
  const from = new Date((edge - WINDOW_SEGMENTS) * SEGMENT_MS);
  const rows = await db
    .select({ titleEn: tvProgram.titleEn, begin: tvProgram.begin, end: tvProgram.end })
    .from(tvProgram)
    .where(and(eq(tvProgram.type, type), lt(tvProgram.begin, new Date(edge * SEGMENT_MS)), gt(tvProgram.end, from)))
    .orderBy(asc(tvProgram.begin));
  const loops = await Promise.all(rows.map((row) => loopOf(dataDir, type, showOf(type, row.titleEn))));
  const segmentCount = loops[0]?.segmentCount ?? 0;
  if (!segmentCount) throw new HttpError(404, 'NOT_FOUND', `Nothing on ${type} TV now`);
  return livePlaylist(edge, segmentCount, (sequence, index) => {
    const at = sequence * SEGMENT_MS;
    const slot = rows.findIndex((row) => row.begin.getTime() <= at && at < row.end.getTime());
    if (slot < 0) throw new HttpError(404, 'NOT_FOUND', `Nothing on ${type} TV now`);
    return sign(segmentPath(loops[slot]!.name, rendition, index));
  });
}

/** What a verified premium grant allows: a subscriber's URL needs the subscription to hold. */
export const isPreview = (grant: LiveGrant) => grant.scope === PREVIEW_SCOPE;

import { and, asc, count, desc, eq, gt, inArray, lt, lte, max } from 'drizzle-orm';
import type {
  TvFormat,
  TvLateNightShow,
  TvMediathekVideo,
  TvProgramEntry,
  TvProgramType,
  TvSeries,
  TvStream,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage } from '../../db/page';
import type { ImageStore } from '../../media/images';
import { ageGate, type AgeGate } from '../auth/age';
import { performerAvatar } from '../performers/age';
import { performerCard } from '../performers/catalogue';
import { tvEpisodes, tvProgram, tvProgramActors, tvSeries } from './schema';
import { HttpError } from '../../http/endpoint';
import { isTvSubscriber } from '../auth/guests';
import type { Auth, ModuleContext } from '../module';
import { masterPath, posterPath, premiumUrl, showOf, tvLoopName } from './playout';

type ProgramRow = typeof tvProgram.$inferSelect;
type EpisodeRow = typeof tvEpisodes.$inferSelect;
type SeriesRow = typeof tvSeries.$inferSelect;

export const LATE_NIGHT_HEADER_KEYS = ['tv/late-night/header-1', 'tv/late-night/header-2'];

/** The entries with their hosts, whose avatars the caller sees through the age gate. */
async function withActors(db: Database, gate: AgeGate, rows: ProgramRow[]): Promise<TvProgramEntry[]> {
  const hosts = rows.length
    ? await db
        .select({
          programId: tvProgramActors.programId,
          id: performerCard.id,
          name: performerCard.displayName,
          avatarUrl: performerCard.avatarUrl,
          ageRating: performerCard.ageRating,
        })
        .from(tvProgramActors)
        .innerJoin(performerCard, eq(performerCard.id, tvProgramActors.actorId))
        .where(
          inArray(
            tvProgramActors.programId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(performerCard.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    type: row.type as TvProgramType,
    title: { de: row.titleDe, en: row.titleEn },
    text: { de: row.textDe, en: row.textEn },
    begin: row.begin.toISOString(),
    end: row.end.toISOString(),
    imageUrl: row.imageUrl,
    actors: hosts
      .filter((host) => host.programId === row.id)
      .map((host) => ({ id: host.id, name: host.name, avatarUrl: performerAvatar(gate, host) })),
  }));
}

/** The entries of a channel that have not ended yet, the running one first. */
export async function upcomingProgram(
  db: Database,
  gate: AgeGate,
  type: TvProgramType,
  limit: number,
  now: Date,
): Promise<TvProgramEntry[]> {
  const rows = await db
    .select()
    .from(tvProgram)
    .where(and(eq(tvProgram.type, type), gt(tvProgram.end, now)))
    .orderBy(asc(tvProgram.begin))
    .limit(limit);
  return withActors(db, gate, rows);
}

/**
 * A channel's stream: what is on and the URLs to play it. Live TV's master playlist is free; premium TV's is
 * signed for a TV subscriber, and everyone else gets a preview signed for TV_PREVIEW_SECONDS.
 */
export async function stream(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'images' | 'now'>,
  type: TvProgramType,
  auth: Auth | null,
  now: Date,
): Promise<TvStream> {
  const [first, second] = await upcomingProgram(ctx.db, await ageGate(ctx, auth), type, 2, now);
  const current = first && new Date(first.begin) <= now ? first : null;
  const next = current ? (second ?? null) : (first ?? null);
  const subscriber = type === 'premium' && auth ? await isTvSubscriber(ctx.db, auth.guestId) : false;
  // A visitor without a token watches the preview under one shared name: it only bounds the time.
  const viewer = auth?.guestId ?? 'visitor';
  const secret = ctx.config.jwtSecret;
  return {
    type,
    hosts: (current?.actors ?? []).map((actor) => ({ uid: actor.id, name: actor.name })),
    streamUrl: !current
      ? null
      : type === 'live'
        ? masterPath('live')
        : subscriber
          ? premiumUrl(secret, viewer, false, now)
          : null,
    posterUrl: current ? posterPath(tvLoopName(type, showOf(type, current.title.en))) : null,
    previewUrl: current && type === 'premium' && !subscriber ? premiumUrl(secret, viewer, true, now) : null,
    subscriptionRequired: type === 'premium',
    current,
    next,
  };
}

/** Tonight's late-night events (or the next night's, once tonight's are over). */
export async function lateNightShow(
  db: Database,
  images: ImageStore,
  gate: AgeGate,
  now: Date,
): Promise<TvLateNightShow> {
  const until = new Date(now.getTime() + 24 * 3600_000);
  const rows = await db
    .select()
    .from(tvProgram)
    .where(and(eq(tvProgram.lateNight, true), gt(tvProgram.end, now), lt(tvProgram.begin, until)))
    .orderBy(asc(tvProgram.begin));
  return {
    headerImages: LATE_NIGHT_HEADER_KEYS.map((key) => images.url(key)),
    events: await withActors(db, gate, rows),
  };
}

const toSeries = (row: SeriesRow, episodeCount: number): TvSeries => ({ ...row, episodeCount });
const toVideo = (row: EpisodeRow, seriesKey: string): TvMediathekVideo => ({
  id: row.id,
  title: row.title,
  fsk: row.fsk,
  duration: row.duration,
  previewPicture: row.previewPicture,
  episode: row.episode,
  seriesKey,
});

async function episodeCounts(db: Database, seriesIds: number[]): Promise<Map<number, number>> {
  if (!seriesIds.length) return new Map();
  const rows = await db
    .select({ seriesId: tvEpisodes.seriesId, episodes: count() })
    .from(tvEpisodes)
    .where(inArray(tvEpisodes.seriesId, seriesIds))
    .groupBy(tvEpisodes.seriesId);
  return new Map(rows.map((row) => [row.seriesId, row.episodes]));
}

export async function seriesPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ total: number; nodes: TvSeries[] }> {
  const { items: rows, total } = await countedPage(
    db.select().from(tvSeries).orderBy(asc(tvSeries.title), asc(tvSeries.id)).$dynamic(),
    db.select({ total: count() }).from(tvSeries),
    { limit, offset },
  );
  const counts = await episodeCounts(
    db,
    rows.map((row) => row.id),
  );
  return { total, nodes: rows.map((row) => toSeries(row, counts.get(row.id) ?? 0)) };
}

async function seriesByKey(db: Database, key: string): Promise<TvSeries> {
  const [row] = await db.select().from(tvSeries).where(eq(tvSeries.key, key));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No TV series "${key}"`);
  const counts = await episodeCounts(db, [row.id]);
  return toSeries(row, counts.get(row.id) ?? 0);
}

/** A series' episodes, newest first. */
export async function mediathek(
  db: Database,
  seriesKey: string,
  offset: number,
  limit: number,
): Promise<{ total: number; series: TvSeries; nodes: TvMediathekVideo[] }> {
  const series = await seriesByKey(db, seriesKey);
  const rows = await db
    .select()
    .from(tvEpisodes)
    .where(eq(tvEpisodes.seriesId, series.id))
    .orderBy(desc(tvEpisodes.episode))
    .offset(offset)
    .limit(limit);
  return { total: series.episodeCount, series, nodes: rows.map((row) => toVideo(row, series.key)) };
}

export const FORMAT_LATEST_EPISODES = 5;

export async function format(db: Database, key: string): Promise<TvFormat> {
  const { series, nodes } = await mediathek(db, key, 0, FORMAT_LATEST_EPISODES);
  return { series, latest: nodes };
}

export async function video(db: Database, videoId: number): Promise<{ video: TvMediathekVideo; series: TvSeries }> {
  const [row] = await db
    .select({ episode: tvEpisodes, seriesKey: tvSeries.key })
    .from(tvEpisodes)
    .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId))
    .where(eq(tvEpisodes.id, videoId));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No TV video ${videoId}`);
  return { video: toVideo(row.episode, row.seriesKey), series: await seriesByKey(db, row.seriesKey) };
}

/** Every series by its key (its page's argument) with the date of its newest episode out by `now`, if any. */
export async function seriesKeys(
  db: Database,
  now: Date,
): Promise<Array<{ key: string; latestEpisodeAt: Date | null }>> {
  const rows = await db
    .select({ key: tvSeries.key, latest: max(tvEpisodes.publishedAt) })
    .from(tvSeries)
    .leftJoin(tvEpisodes, and(eq(tvEpisodes.seriesId, tvSeries.id), lte(tvEpisodes.publishedAt, now)))
    .groupBy(tvSeries.id)
    .orderBy(asc(tvSeries.id));
  return rows.map((row) => ({ key: row.key, latestEpisodeAt: row.latest }));
}

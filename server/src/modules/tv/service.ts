import { and, asc, count, desc, eq, gt, inArray, lt, lte, max, ne, or, type SQL } from 'drizzle-orm';
import type {
  Language,
  TvActorLivestream,
  TvArticle,
  TvArticleCategoryKey,
  TvArticlePost,
  TvFormat,
  TvLateNightShow,
  TvMediathekVideo,
  TvProgramEntry,
  TvProgramType,
  TvSeries,
  TvStream,
  TvSuggestion,
  TvText,
  TvVideoDetails,
  TvWatchPosition,
} from '@velvet/contracts';
import { TV_ARTICLE_CATEGORIES, TV_SUGGESTIONS } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage } from '../../db/page';
import type { ImageStore } from '../../media/images';
import { ageGate, type AgeGate } from '../auth/age';
import { performerAvatar } from '../performers/age';
import { performerCard } from '../performers/catalogue';
import { TV_ARTICLE_CATEGORY_KEYS, TV_ARTICLE_CATEGORY_NAMES, TV_CRUMB } from './catalogue';
import {
  tvArticleActors,
  tvArticles,
  tvEpisodes,
  tvProgram,
  tvProgramActors,
  tvSeries,
  tvWatchPositions,
} from './schema';
import { episodePosters, vodMasterPath } from './vod';
import { HttpError } from '../../http/endpoint';
import { routePath } from '../../http/route-path';
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
  return rows.map((row) => {
    // The show's format holds its texts in every language; the row names the format by its English title.
    const { title, text } = showOf(row.type as TvProgramType, row.titleEn);
    return {
      id: row.id,
      type: row.type as TvProgramType,
      title,
      text,
      begin: row.begin.toISOString(),
      end: row.end.toISOString(),
      imageUrl: row.imageUrl,
      actors: hosts
        .filter((host) => host.programId === row.id)
        .map((host) => ({ id: host.id, name: host.name, avatarUrl: performerAvatar(gate, host) })),
    };
  });
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

/** The profile paths of performers, by id, in a language. */
async function profileLinks(db: Database, ids: number[], language: Language): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: performerCard.id, name: performerCard.name })
    .from(performerCard)
    .where(inArray(performerCard.id, ids));
  return new Map(rows.map((row) => [row.id, routePath('actorProfile', language, { actorName: row.name })]));
}

/** What a channel's stream answers while `current` is on air (or nothing is): hosts, URLs and poster. */
async function streamOf(
  ctx: Pick<ModuleContext, 'db' | 'config'>,
  type: TvProgramType,
  auth: Auth | null,
  language: Language,
  current: TvProgramEntry | null,
  next: TvProgramEntry | null,
  now: Date,
): Promise<TvStream> {
  const subscriber = type === 'premium' && auth ? await isTvSubscriber(ctx.db, auth.guestId) : false;
  // A visitor without a token watches the preview under one shared name: it only bounds the time.
  const viewer = auth?.guestId ?? 'visitor';
  const secret = ctx.config.jwtSecret;
  const actors = current?.actors ?? [];
  const links = await profileLinks(
    ctx.db,
    actors.map((actor) => actor.id),
    language,
  );
  return {
    type,
    hosts: actors.map((actor) => ({ uid: actor.id, name: actor.name, link: links.get(actor.id)! })),
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

/**
 * A channel's stream: what is on and the URLs to play it. Live TV's master playlist is free; premium TV's is
 * signed for a TV subscriber, and everyone else gets a preview signed for TV_PREVIEW_SECONDS.
 */
export async function stream(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'images' | 'now'>,
  type: TvProgramType,
  auth: Auth | null,
  language: Language,
  now: Date,
): Promise<TvStream> {
  const [first, second] = await upcomingProgram(ctx.db, await ageGate(ctx, auth), type, 2, now);
  const current = first && new Date(first.begin) <= now ? first : null;
  const next = current ? (second ?? null) : (first ?? null);
  return streamOf(ctx, type, auth, language, current, next, now);
}

/**
 * A performer on TV: the show she hosts now on either channel with that channel's stream as the caller may watch
 * it, and the next show she hosts. An unknown performer is 404 NOT_FOUND.
 */
export async function actorLivestream(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'images' | 'now'>,
  actorId: number,
  auth: Auth | null,
  language: Language,
  now: Date,
): Promise<TvActorLivestream> {
  const [performer] = await ctx.db
    .select({ id: performerCard.id })
    .from(performerCard)
    .where(eq(performerCard.id, actorId));
  if (!performer) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  const rows = await ctx.db
    .select({ program: tvProgram })
    .from(tvProgram)
    .innerJoin(tvProgramActors, eq(tvProgramActors.programId, tvProgram.id))
    .where(and(eq(tvProgramActors.actorId, actorId), gt(tvProgram.end, now)))
    .orderBy(asc(tvProgram.begin))
    .limit(2);
  const gate = await ageGate(ctx, auth);
  const entries = await withActors(
    ctx.db,
    gate,
    rows.map((row) => row.program),
  );
  const current = entries.find((entry) => new Date(entry.begin) <= now) ?? null;
  const next = entries.find((entry) => new Date(entry.begin) > now) ?? null;
  if (!current) return { actorId, onAir: null, stream: null, next };
  // What follows her show on its channel, for the stream's "next".
  const [, following] = await upcomingProgram(ctx.db, gate, current.type, 2, now);
  return {
    actorId,
    onAir: current.type,
    stream: await streamOf(ctx, current.type, auth, language, current, following ?? null, now),
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
  hashId: row.hashId,
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

async function episodeWhere(db: Database, where: SQL): Promise<TvMediathekVideo> {
  const [row] = await db
    .select({ episode: tvEpisodes, seriesKey: tvSeries.key })
    .from(tvEpisodes)
    .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId))
    .where(where);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No such TV video');
  return toVideo(row.episode, row.seriesKey);
}

/** A TV video with its series and the playlist that plays it on demand. */
export async function video(db: Database, videoId: number): Promise<TvVideoDetails> {
  const found = await episodeWhere(db, eq(tvEpisodes.id, videoId));
  return { video: found, series: await seriesByKey(db, found.seriesKey), streamUrl: vodMasterPath(found.id) };
}

/** Where the guest stopped watching a video: 0 for one never watched; 404 NOT_FOUND for an unknown video. */
export async function watchPosition(db: Database, guestId: string, videoId: number): Promise<TvWatchPosition> {
  await episodeWhere(db, eq(tvEpisodes.id, videoId));
  const [row] = await db
    .select({ seconds: tvWatchPositions.seconds })
    .from(tvWatchPositions)
    .where(and(eq(tvWatchPositions.guestId, guestId), eq(tvWatchPositions.videoId, videoId)));
  return { videoId, seconds: row?.seconds ?? 0 };
}

/**
 * Keeps where the guest is in a video (the player saves it while playing); a position past the video's end is
 * 400 VALIDATION_FAILED, an unknown video 404 NOT_FOUND.
 */
export async function saveWatchPosition(
  db: Database,
  guestId: string,
  videoId: number,
  seconds: number,
  now: Date,
): Promise<TvWatchPosition> {
  const found = await episodeWhere(db, eq(tvEpisodes.id, videoId));
  if (seconds > found.duration)
    throw new HttpError(400, 'VALIDATION_FAILED', `The video is ${found.duration} s long, not ${seconds}`);
  await db
    .insert(tvWatchPositions)
    .values({ guestId, videoId, seconds, updatedAt: now })
    .onConflictDoUpdate({
      target: [tvWatchPositions.guestId, tvWatchPositions.videoId],
      set: { seconds, updatedAt: now },
    });
  return { videoId, seconds };
}

/**
 * What to watch after a video (by its hashId): the following episodes of its series, then the newest episodes
 * of the other series, TV_SUGGESTIONS in all, only what is published by `now`.
 */
export async function suggest(db: Database, hashId: string, now: Date): Promise<TvSuggestion> {
  const found = await episodeWhere(db, eq(tvEpisodes.hashId, hashId));
  const published = lte(tvEpisodes.publishedAt, now);
  const episodes = (where: SQL, order: SQL[], limit: number) =>
    db
      .select({ episode: tvEpisodes, seriesKey: tvSeries.key })
      .from(tvEpisodes)
      .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId))
      .where(and(where, published))
      .orderBy(...order)
      .limit(limit);
  const following = await episodes(
    and(eq(tvSeries.key, found.seriesKey), gt(tvEpisodes.episode, found.episode))!,
    [asc(tvEpisodes.episode)],
    TV_SUGGESTIONS,
  );
  const others = await episodes(
    ne(tvSeries.key, found.seriesKey),
    [desc(tvEpisodes.publishedAt), asc(tvEpisodes.id)],
    TV_SUGGESTIONS - following.length,
  );
  return {
    video: found,
    suggestions: [...following, ...others].map((row) => toVideo(row.episode, row.seriesKey)),
  };
}

/**
 * Adds the next episode to a series (published at `now`, its video one of the episode clips, its picture a
 * frame of that clip): 404 NOT_FOUND for an unknown series.
 */
export async function addEpisode(
  ctx: Pick<ModuleContext, 'db' | 'images' | 'config'>,
  input: { seriesKey: string; title: TvText; fsk: number; duration: number },
  now: Date,
): Promise<TvMediathekVideo> {
  const series = await seriesByKey(ctx.db, input.seriesKey);
  return ctx.db.transaction(async (tx) => {
    // One new episode number per series at a time: the series row is the lock.
    await tx.select({ id: tvSeries.id }).from(tvSeries).where(eq(tvSeries.id, series.id)).for('update');
    const [last] = await tx
      .select({ episode: max(tvEpisodes.episode) })
      .from(tvEpisodes)
      .where(eq(tvEpisodes.seriesId, series.id));
    const episode = (last?.episode ?? 0) + 1;
    const [added] = await tx
      .insert(tvEpisodes)
      .values({
        seriesId: series.id,
        episode,
        title: input.title,
        fsk: input.fsk,
        duration: input.duration,
        // its own poster frame replaces the series' picture before the episode is committed
        previewPicture: series.previewImgUrl,
        publishedAt: now,
      })
      .returning({ id: tvEpisodes.id });
    const previewPicture = (await episodePosters(ctx, [added!.id])).get(added!.id)!;
    const [row] = await tx.update(tvEpisodes).set({ previewPicture }).where(eq(tvEpisodes.id, added!.id)).returning();
    return toVideo(row!, series.key);
  });
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

type ArticleRow = typeof tvArticles.$inferSelect;

const toPost = (row: ArticleRow): TvArticlePost => ({
  id: row.id,
  slug: row.slug,
  category: row.category as TvArticleCategoryKey,
  title: row.title,
  teaser: row.teaser,
  body: row.body,
  imageUrl: row.imageUrl,
  publishedAt: row.publishedAt.toISOString(),
});

/**
 * A TV article by its slug, published by `now`: the post, the one published before it, the performers it is
 * about, the article categories with their counts and the way to it (404 NOT_FOUND for an unknown slug).
 */
export async function article(db: Database, slug: string, now: Date): Promise<TvArticle> {
  const published = lte(tvArticles.publishedAt, now);
  const [row] = await db
    .select()
    .from(tvArticles)
    .where(and(eq(tvArticles.slug, slug), published));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No TV article "${slug}"`);
  const [previous] = await db
    .select()
    .from(tvArticles)
    .where(
      and(
        published,
        or(
          lt(tvArticles.publishedAt, row.publishedAt),
          and(eq(tvArticles.publishedAt, row.publishedAt), lt(tvArticles.id, row.id)),
        ),
      ),
    )
    .orderBy(desc(tvArticles.publishedAt), desc(tvArticles.id))
    .limit(1);
  const [models, counts] = await Promise.all([
    db
      .select({ id: performerCard.id, name: performerCard.displayName, avatarUrl: performerCard.avatarUrl })
      .from(tvArticleActors)
      .innerJoin(performerCard, eq(performerCard.id, tvArticleActors.actorId))
      .where(eq(tvArticleActors.articleId, row.id))
      .orderBy(asc(performerCard.id)),
    db
      .select({ category: tvArticles.category, articles: count() })
      .from(tvArticles)
      .where(published)
      .groupBy(tvArticles.category),
  ]);
  const post = toPost(row);
  return {
    post,
    previous: previous ? toPost(previous) : null,
    similar: { models },
    categories: TV_ARTICLE_CATEGORY_KEYS.map((key) => ({
      key,
      id: TV_ARTICLE_CATEGORIES[key],
      name: TV_ARTICLE_CATEGORY_NAMES[key],
      articleCount: counts.find((entry) => entry.category === key)?.articles ?? 0,
    })),
    breadcrumbs: [
      { kind: 'tv', key: 'tv', title: TV_CRUMB },
      { kind: 'category', key: post.category, title: TV_ARTICLE_CATEGORY_NAMES[post.category] },
      { kind: 'article', key: post.slug, title: post.title },
    ],
  };
}

/** Every episode published by `now` by its page's arguments (series key, id) and publication date. */
export async function episodeRefs(
  db: Database,
  now: Date,
): Promise<Array<{ seriesKey: string; id: number; publishedAt: Date }>> {
  return db
    .select({ seriesKey: tvSeries.key, id: tvEpisodes.id, publishedAt: tvEpisodes.publishedAt })
    .from(tvEpisodes)
    .innerJoin(tvSeries, eq(tvSeries.id, tvEpisodes.seriesId))
    .where(lte(tvEpisodes.publishedAt, now))
    .orderBy(asc(tvEpisodes.id));
}

/** The newest TV articles published by `now`. */
export async function latestArticles(db: Database, limit: number, now: Date): Promise<TvArticlePost[]> {
  const rows = await db
    .select()
    .from(tvArticles)
    .where(lte(tvArticles.publishedAt, now))
    .orderBy(desc(tvArticles.publishedAt), desc(tvArticles.id))
    .limit(limit);
  return rows.map(toPost);
}

/** Every TV article published by `now` by its slug and publication date. */
export async function articleRefs(db: Database, now: Date): Promise<Array<{ slug: string; publishedAt: Date }>> {
  return db
    .select({ slug: tvArticles.slug, publishedAt: tvArticles.publishedAt })
    .from(tvArticles)
    .where(lte(tvArticles.publishedAt, now))
    .orderBy(asc(tvArticles.id));
}

import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ALBUM_RATING,
  UnmappedCategoryError,
  videoCategoryDefaults,
  type AlbumSummary,
  type Album,
  type AlbumComments,
  type AlbumRatingResult,
  type MediathekItem,
  type MediathekMediaType,
  type MediathekSource,
  type MediaMoney,
  type Page,
  type Video,
  type VideoPage,
  type VideoSort,
  needsAgeCheck,
  videoGridRequest,
  videoStreamUrl,
} from '@velvet/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError, requireGuest } from '../../http/endpoint';
import type { Auth } from '../module';
import { performerCard } from '../performers/catalogue';
import { guests } from '../auth/schema';
import { ageGate } from '../auth/age';
import type { MediaReader } from './age';
import { keptGuestIfAny } from '../auth/guests';
import { clipPreviewUrl } from './clips';
import {
  albumComments,
  albumPictures,
  albumRatings,
  albums,
  mediaLibrary,
  pinnedPictures,
  videoTags,
  videos,
} from './schema';
import { mediathekPages } from './library';
import { offeredInVip30 } from './vip30';

type VideoRow = typeof videos.$inferSelect;
type AlbumRow = typeof albums.$inferSelect;
type ActorRef = { id: number; name: string; displayName: string };

const money = (value: number, currency: string) => ({ value, currency }) as MediaMoney;
const DAY_MS = 86_400_000;

/** Trending: sales and likes per day since release (days by the server clock), so a fresh hit beats an old classic. */
const trendingScore = (now: Date) =>
  sql`(${videos.salesCount} + ${videos.likes})::float / (extract(epoch from (${now.toISOString()}::timestamptz - ${videos.releasedAt})) / 86400 + 1)`;
const sortOrder = (now: Date): Record<VideoSort, SQL> => ({
  newest: sql`${videos.releasedAt} desc`,
  mostExpensive: sql`${videos.price} desc`,
  cheapest: sql`${videos.price} asc`,
  longest: sql`${videos.durationSeconds} desc`,
  shortest: sql`${videos.durationSeconds} asc`,
  bestSelling: sql`${videos.salesCount} desc`,
  topRated: sql`${videos.likes} desc`,
  topTrending: sql`${trendingScore(now)} desc`,
});

interface LibraryState {
  bought: boolean;
  gifted: boolean;
  pinned: boolean;
}
/** What a logged-in guest has of these videos or albums (bought, gifted, pinned); anonymous visitors have none. */
async function libraryStates(db: Database, auth: Auth | null, column: 'videoId' | 'albumId', ids: number[]) {
  const states = new Map<number, LibraryState>();
  if (!auth?.loggedIn || ids.length === 0) return states;
  const rows = await db
    .select({ id: mediaLibrary[column], source: mediaLibrary.source, gifted: mediaLibrary.gifted })
    .from(mediaLibrary)
    .where(and(eq(mediaLibrary.guestId, auth.guestId), inArray(mediaLibrary[column], ids)));
  for (const row of rows) {
    if (row.id === null) continue;
    const state = states.get(row.id) ?? { bought: false, gifted: false, pinned: false };
    if (row.source === 'PURCHASED') Object.assign(state, { bought: true, gifted: row.gifted });
    else state.pinned = true;
    states.set(row.id, state);
  }
  return states;
}

async function tagsOf(db: Database, ids: number[]) {
  const tags = new Map<number, string[]>();
  if (ids.length === 0) return tags;
  const rows = await db.select().from(videoTags).where(inArray(videoTags.videoId, ids)).orderBy(asc(videoTags.tag));
  for (const row of rows) tags.set(row.videoId, [...(tags.get(row.videoId) ?? []), row.tag]);
  return tags;
}

/**
 * Rows to the contract's Video, with tags and the guest's ownership. A video above its free age rating shows a
 * guest who is not verified its blurred preview and needAgeCheck; a verified guest gets signed URLs of the files.
 */
export async function toVideos(
  reader: MediaReader,
  auth: Auth | null,
  rows: { video: VideoRow; actor: ActorRef }[],
): Promise<Video[]> {
  const { db } = reader;
  const ids = rows.map((r) => r.video.id);
  const [tags, library, gate, vipGuest] = await Promise.all([
    tagsOf(db, ids),
    libraryStates(db, auth, 'videoId', ids),
    ageGate(reader, auth),
    // What the list shows of the flatrate; playing and buying ask the database (`isVipGuest`).
    auth?.loggedIn ? keptGuestIfAny(reader, auth.guestId).then((row) => row?.vip ?? false) : false,
  ]);
  const now = reader.now();
  return rows.map(({ video: v, actor }) => ({
    id: v.id,
    title: v.title,
    description: v.description,
    duration: v.durationSeconds,
    ageRating: v.ageRating,
    vip: v.vip,
    isVip30Offer: offeredInVip30(v, now),
    free: v.free,
    new: v.isNew,
    classic: v.classic,
    camRecording: v.camRecording,
    guestInfo: {
      bought: library.get(v.id)?.bought ?? false,
      gifted: library.get(v.id)?.gifted ?? false,
      flatrate: (v.vip || offeredInVip30(v, now)) && vipGuest,
      liked: false,
      pinned: library.get(v.id)?.pinned ?? false,
    },
    price: money(v.price, v.currency),
    basePrice: money(v.basePrice, v.currency),
    preview: { url: gate.image(v.previewUrl, v.ageRating), width: v.previewWidth, height: v.previewHeight },
    previewThumbnails: [gate.image(v.previewUrl, v.ageRating)],
    needAgeCheck: gate.needAgeCheck('video', v.ageRating),
    rating: { likes: v.likes },
    model: actor,
    contestInfo: v.contestPlace === null ? null : { place: v.contestPlace },
    tags: tags.get(v.id) ?? [],
    releasedAt: v.releasedAt.toISOString(),
    clip:
      v.clip === null
        ? null
        : {
            previewUrl: needsAgeCheck('video', v.ageRating)
              ? gate.needAgeCheck('video', v.ageRating)
                ? clipPreviewUrl(v.clip)
                : reader.images.signedUrl(clipPreviewUrl(v.clip), now)
              : clipPreviewUrl(v.clip),
            streamUrl: videoStreamUrl(v.id),
          },
    url: `amateur/${actor.name}/videos/${v.id}`,
  }));
}

const actorRef = { id: performerCard.id, name: performerCard.name, displayName: performerCard.displayName };
const purchasedBy = (guestId: string) =>
  sql`exists (select 1 from ${mediaLibrary} where ${and(eq(mediaLibrary.guestId, guestId), eq(mediaLibrary.videoId, videos.id), eq(mediaLibrary.source, 'PURCHASED'))})`;

export type VideoGridInput = z.output<typeof videoGridRequest>;

/**
 * One page of a video grid: the category's constraints and default sort, then the guest's filter on top.
 * Throws UnmappedCategoryError for an unknown category.
 */
export async function videoGrid(
  reader: MediaReader,
  auth: Auth | null,
  request: VideoGridInput,
  now: Date,
): Promise<VideoPage> {
  const { db } = reader;
  const category = videoCategoryDefaults(request.type);
  const conditions: (SQL | undefined)[] = [];
  switch (request.type) {
    case 'new':
      conditions.push(eq(videos.isNew, true));
      break;
    case 'discounted':
      conditions.push(lt(videos.price, videos.basePrice));
      break;
    case 'free':
      conditions.push(eq(videos.free, true));
      break;
    case 'vip30':
      conditions.push(eq(videos.vip, true));
      break;
    case 'bought':
      requireGuest(auth);
      conditions.push(purchasedBy(auth.guestId));
      break;
  }
  if ('releasedWithinDays' in category) {
    conditions.push(gte(videos.releasedAt, new Date(now.getTime() - category.releasedWithinDays * DAY_MS)));
  }

  const genders = request.actorGenders.filter((g) => g !== 'NONE');
  const actingGroup = genders.length > 0 ? genders : 'actorGenders' in category ? [...category.actorGenders] : [];
  if (actingGroup.length > 0) conditions.push(inArray(performerCard.gender, actingGroup));

  for (const tag of request.tags) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(videoTags)
          .where(and(eq(videoTags.videoId, videos.id), eq(videoTags.tag, tag))),
      ),
    );
  }
  if (request.duration.from !== -1) conditions.push(gte(videos.durationSeconds, request.duration.from));
  if (request.duration.to !== -1) conditions.push(lte(videos.durationSeconds, request.duration.to));
  if (request.isRecommended) conditions.push(eq(videos.recommended, true));
  if (!request.includeBoughtVideos && auth?.loggedIn) conditions.push(sql`not ${purchasedBy(auth.guestId)}`);
  if (!request.includeContestVideos) conditions.push(isNull(videos.contestPlace));
  if (request.freeVideosOnly) conditions.push(eq(videos.free, true));
  else if (!request.includeFreeVideos) conditions.push(eq(videos.free, false));
  if (!request.includeOnSaleVideos) conditions.push(gte(videos.price, videos.basePrice));
  if (!request.includeVIPVideos) conditions.push(eq(videos.vip, false));
  if (request.searchPattern) {
    const pattern = `%${request.searchPattern.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(videos.title, pattern),
        ilike(performerCard.displayName, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(videoTags)
            .where(and(eq(videoTags.videoId, videos.id), ilike(videoTags.tag, pattern))),
        ),
      ),
    );
  }

  const where = and(...conditions);
  const sort = request.sort ?? category.sort;
  // Every video has its performer: the count joins her only when a condition reads her (a full count of a large
  // catalogue is the grid's costliest part).
  const counted = db
    .select({ total: sql<number>`count(*)::int` })
    .from(videos)
    .$dynamic();
  if (actingGroup.length > 0 || request.searchPattern)
    counted.innerJoin(performerCard, eq(performerCard.id, videos.actorId));
  const { items: rows, total } = await countedPage(
    db
      .select({ video: videos, actor: actorRef })
      .from(videos)
      .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
      .where(where)
      .orderBy(sortOrder(now)[sort], desc(videos.id))
      .$dynamic(),
    counted.where(where),
    pageWindow(request.page, request.pageSize),
  );
  return {
    items: await toVideos(reader, auth, rows),
    total,
    page: request.page,
    pageSize: request.pageSize,
    category: request.type,
    sort,
  };
}

/**
 * Parses a tile-grid payload: JSON of an object (spec: the payload must be an object). `stored` are the settings
 * the guest kept for the grid (storeTileGridSettings): the grid starts from them, and the payload's fields win.
 */
export function parseGridPayload(payload: string, stored: object = {}): VideoGridInput {
  let decoded: unknown;
  try {
    decoded = JSON.parse(payload);
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The tile grid payload is not JSON');
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) return parseGridRequest(decoded);
  return parseGridRequest({ ...stored, ...decoded });
}

export function parseGridRequest(value: unknown): VideoGridInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The tile grid payload must be an object');
  }
  const parsed = videoGridRequest.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  return parsed.data;
}

/** The spec's "Unmapped category" as a stable 4xx. */
export function asHttpError(error: unknown): never {
  if (error instanceof UnmappedCategoryError) throw new HttpError(400, 'UNMAPPED_CATEGORY', error.message);
  throw error;
}

export async function videoById(reader: MediaReader, auth: Auth | null, id: number): Promise<Video> {
  const rows = await reader.db
    .select({ video: videos, actor: actorRef })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(eq(videos.id, id));
  const [found] = await toVideos(reader, auth, rows);
  if (!found) throw new HttpError(404, 'NOT_FOUND', `No video ${id}`);
  return found;
}

export async function actorVideos(
  reader: MediaReader,
  auth: Auth | null,
  actorId: number,
  page: number,
  pageSize: number,
): Promise<Page<Video>> {
  const { db } = reader;
  const { items: rows, total } = await countedPage(
    db
      .select({ video: videos, actor: actorRef })
      .from(videos)
      .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
      .where(eq(videos.actorId, actorId))
      .orderBy(desc(videos.releasedAt), desc(videos.id))
      .$dynamic(),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(videos)
      .where(eq(videos.actorId, actorId)),
    pageWindow(page, pageSize),
  );
  return { items: await toVideos(reader, auth, rows), total, page, pageSize };
}

const orientation = (width: number, height: number) =>
  width > height ? 'landscape' : width < height ? 'portrait' : 'square';

/** Rows to the contract's album summaries; the preview of an album above its free age rating as toVideos does. */
async function toAlbumSummaries(
  reader: MediaReader,
  auth: Auth | null,
  rows: { album: AlbumRow; actor: ActorRef }[],
): Promise<AlbumSummary[]> {
  const { db } = reader;
  const ids = rows.map((r) => r.album.id);
  const gate = await ageGate(reader, auth);
  const [library, ratings, counts] = await Promise.all([
    libraryStates(db, auth, 'albumId', ids),
    guestRatings(db, auth, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ albumId: albumPictures.albumId, count: sql<number>`count(*)::int` })
          .from(albumPictures)
          .where(inArray(albumPictures.albumId, ids))
          .groupBy(albumPictures.albumId),
  ]);
  const pictureCount = new Map(counts.map((c) => [c.albumId, c.count]));
  return rows.map(({ album: a, actor }) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    ageRating: a.ageRating,
    free: a.free,
    isVipContent: a.isVipContent,
    type: 'image',
    actor,
    guestInfo: { bought: library.get(a.id)?.bought ?? false, pinned: library.get(a.id)?.pinned ?? false },
    prices: { price: money(a.price, a.currency), basePrice: money(a.basePrice, a.currency) },
    needAgeCheck: gate.needAgeCheck('image', a.ageRating),
    previews: [
      {
        url: gate.image(a.previewUrl, a.ageRating),
        width: a.previewWidth,
        height: a.previewHeight,
        orientation: orientation(a.previewWidth, a.previewHeight),
      },
    ],
    pictureCount: pictureCount.get(a.id) ?? 0,
    albumTotalViews: a.totalViews,
    releasedAt: a.releasedAt.toISOString(),
    guestRatingLikes: a.likes,
    guestRatingDislikes: a.dislikes,
    isLiked: ratings.get(a.id) === ALBUM_RATING.like,
    isDisliked: ratings.get(a.id) === ALBUM_RATING.dislike,
  }));
}

/** The calling guest's own album ratings, by album id. */
async function guestRatings(db: Database, auth: Auth | null, ids: number[]) {
  if (!auth?.loggedIn || ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ albumId: albumRatings.albumId, rating: albumRatings.rating })
    .from(albumRatings)
    .where(and(eq(albumRatings.guestId, auth.guestId), inArray(albumRatings.albumId, ids)));
  return new Map(rows.map((r) => [r.albumId, r.rating]));
}

export async function actorAlbums(
  reader: MediaReader,
  auth: Auth | null,
  actorId: number,
  page: number,
  pageSize: number,
): Promise<Page<AlbumSummary>> {
  const { db } = reader;
  const { items: rows, total } = await countedPage(
    db
      .select({ album: albums, actor: actorRef })
      .from(albums)
      .innerJoin(performerCard, eq(performerCard.id, albums.actorId))
      .where(eq(albums.actorId, actorId))
      .orderBy(desc(albums.releasedAt), desc(albums.id))
      .$dynamic(),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(albums)
      .where(eq(albums.actorId, actorId)),
    pageWindow(page, pageSize),
  );
  return { items: await toAlbumSummaries(reader, auth, rows), total, page, pageSize };
}

export async function albumById(reader: MediaReader, auth: Auth | null, id: number): Promise<Album> {
  const { db } = reader;
  const rows = await db
    .select({ album: albums, actor: actorRef })
    .from(albums)
    .innerJoin(performerCard, eq(performerCard.id, albums.actorId))
    .where(eq(albums.id, id));
  const [[summary], gate] = await Promise.all([toAlbumSummaries(reader, auth, rows), ageGate(reader, auth)]);
  if (!summary) throw new HttpError(404, 'NOT_FOUND', `No album ${id}`);
  const pictures = await db
    .select({
      picture: albumPictures,
      pinned: auth?.loggedIn
        ? sql<boolean>`exists (select 1 from ${pinnedPictures} where ${and(eq(pinnedPictures.pictureId, albumPictures.id), eq(pinnedPictures.guestId, auth.guestId))})`
        : sql<boolean>`false`,
    })
    .from(albumPictures)
    .where(eq(albumPictures.albumId, id))
    .orderBy(asc(albumPictures.position));
  return {
    ...summary,
    pictures: pictures.map(({ picture: p, pinned }) => ({
      id: p.id,
      url: gate.image(p.url, summary.ageRating),
      width: p.width,
      height: p.height,
      guestRatingLikes: p.likes,
      guestRatingDislikes: p.dislikes,
      isLiked: false,
      isDisliked: false,
      pinned,
    })),
    ...(await commentState(db, auth, id)),
  };
}

/** How many comments an album has, and whether the caller may still write one (one per guest). */
async function commentState(db: Database, auth: Auth | null, albumId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      own: auth?.loggedIn
        ? sql<number>`count(*) filter (where ${albumComments.guestId} = ${auth.guestId})::int`
        : sql<number>`0`,
    })
    .from(albumComments)
    .where(eq(albumComments.albumId, albumId));
  return {
    commentsTotal: row?.total ?? 0,
    isGuestAllowedToCommentAlbum: (auth?.loggedIn ?? false) && (row?.own ?? 0) === 0,
  };
}

async function requireAlbum(db: Pick<Database, 'select'>, albumId: number) {
  const [album] = await db.select({ id: albums.id }).from(albums).where(eq(albums.id, albumId));
  if (!album) throw new HttpError(404, 'NOT_FOUND', `No album ${albumId}`);
}

type Rating = (typeof ALBUM_RATING)[keyof typeof ALBUM_RATING];

/** Where one guest's rating of one rated thing (an album, a performer's sedcards) is kept. */
export interface GuestRatingStore {
  previous(): Promise<Rating | undefined>;
  remove(): Promise<void>;
  insert(rating: Rating): Promise<void>;
}

/**
 * The spec's rating toggle, shared by albums and sedcards: a new rating counts, the same rating again is taken
 * back, the other one switches. Answers the guest's rating afterwards and how the like and dislike counts move.
 */
export async function toggleRating(store: GuestRatingStore, rating: Rating) {
  const previous = await store.previous();
  const delta = { [ALBUM_RATING.like]: 0, [ALBUM_RATING.dislike]: 0 };
  if (previous) {
    await store.remove();
    delta[previous] -= 1;
  }
  const current = previous === rating ? null : rating;
  if (current) {
    await store.insert(current);
    delta[current] += 1;
  }
  return { current, delta };
}

export const ratingFlags = (current: number | null | undefined) => ({
  isLiked: current === ALBUM_RATING.like,
  isDisliked: current === ALBUM_RATING.dislike,
});

/** Likes (5) or dislikes (1) an album for a guest; counters and the guest's rating change in one transaction. */
export async function rateAlbum(
  db: Database,
  guestId: string,
  albumId: number,
  rating: Rating,
): Promise<AlbumRatingResult> {
  return db.transaction(async (tx) => {
    // The album's counts and her rating show in her library.
    mediathekPages.forget(guestId);
    const [album] = await tx.select({ id: albums.id }).from(albums).where(eq(albums.id, albumId)).for('update');
    if (!album) throw new HttpError(404, 'NOT_FOUND', `No album ${albumId}`);
    const mine = and(eq(albumRatings.albumId, albumId), eq(albumRatings.guestId, guestId));
    const { current, delta } = await toggleRating(
      {
        previous: async () =>
          (await tx.select({ rating: albumRatings.rating }).from(albumRatings).where(mine))[0]?.rating,
        remove: async () => void (await tx.delete(albumRatings).where(mine)),
        insert: async (value) => void (await tx.insert(albumRatings).values({ albumId, guestId, rating: value })),
      },
      rating,
    );
    const [updated] = await tx
      .update(albums)
      .set({
        likes: sql`${albums.likes} + ${delta[ALBUM_RATING.like]}`,
        dislikes: sql`${albums.dislikes} + ${delta[ALBUM_RATING.dislike]}`,
      })
      .where(eq(albums.id, albumId))
      .returning();
    return {
      success: true as const,
      albumTotalViews: updated!.totalViews,
      guestRatingLikes: updated!.likes,
      guestRatingDislikes: updated!.dislikes,
      ...ratingFlags(current),
    };
  });
}

const commentFields = {
  id: albumComments.id,
  text: albumComments.text,
  created: albumComments.created,
  guestName: guests.name,
};
const toComment = (row: { id: number; text: string; created: Date; guestName: string }) => ({
  ...row,
  created: row.created.toISOString(),
});

/** An album's comments, newest first. */
export async function albumCommentPage(
  db: Database,
  auth: Auth | null,
  albumId: number,
  limit: number,
  offset: number,
): Promise<AlbumComments> {
  await requireAlbum(db, albumId);
  const [rows, state] = await Promise.all([
    db
      .select(commentFields)
      .from(albumComments)
      .innerJoin(guests, eq(guests.id, albumComments.guestId))
      .where(eq(albumComments.albumId, albumId))
      .orderBy(desc(albumComments.created), desc(albumComments.id))
      .limit(limit)
      .offset(offset),
    commentState(db, auth, albumId),
  ]);
  return {
    comments: rows.map(toComment),
    total: state.commentsTotal,
    isGuestAllowedToCommentAlbum: state.isGuestAllowedToCommentAlbum,
  };
}

/** A guest's one comment on an album; a second one is refused (spec: isGuestAllowedToCommentAlbum). */
export async function postAlbumComment(db: Database, auth: Auth & { loggedIn: true }, albumId: number, text: string) {
  await requireAlbum(db, albumId);
  if (!(await commentState(db, auth, albumId)).isGuestAllowedToCommentAlbum) {
    throw new HttpError(403, 'FORBIDDEN', 'You have already commented on this album');
  }
  const [inserted] = await db
    .insert(albumComments)
    .values({ albumId, guestId: auth.guestId, text })
    .returning({ id: albumComments.id });
  const [row] = await db
    .select(commentFields)
    .from(albumComments)
    .innerJoin(guests, eq(guests.id, albumComments.guestId))
    .where(eq(albumComments.id, inserted!.id));
  const state = await commentState(db, auth, albumId);
  return { success: true as const, comment: toComment(row!), ...state };
}

/** The guest's media library, newest first, with each item's video or album. */
export async function mediathekPage(
  reader: MediaReader,
  auth: Auth,
  query: {
    page: number;
    pageSize: number;
    mediaType?: MediathekMediaType;
    sourceType?: MediathekSource;
    originType?: 'SHOP' | 'CHATCLIP';
  },
): Promise<Page<MediathekItem>> {
  const { db } = reader;
  const where = and(
    eq(mediaLibrary.guestId, auth.guestId),
    query.mediaType ? eq(mediaLibrary.mediaType, query.mediaType) : undefined,
    query.sourceType ? sourceIs(query.sourceType) : undefined,
    query.originType ? eq(mediaLibrary.origin, query.originType) : undefined,
  );
  const { items: rows, total } = await countedPage(
    db.select().from(mediaLibrary).where(where).orderBy(desc(mediaLibrary.addedAt), desc(mediaLibrary.id)).$dynamic(),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mediaLibrary)
      .where(where),
    pageWindow(query.page, query.pageSize),
    { short: true },
  );
  const videoIds = rows.flatMap((r) => (r.videoId === null ? [] : [r.videoId]));
  const albumIds = rows.flatMap((r) => (r.albumId === null ? [] : [r.albumId]));
  const [videoRows, albumRows] = await Promise.all([
    videoIds.length === 0
      ? []
      : db
          .select({ video: videos, actor: actorRef })
          .from(videos)
          .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
          .where(inArray(videos.id, videoIds)),
    albumIds.length === 0
      ? []
      : db
          .select({ album: albums, actor: actorRef })
          .from(albums)
          .innerJoin(performerCard, eq(performerCard.id, albums.actorId))
          .where(inArray(albums.id, albumIds)),
  ]);
  const videoById = new Map((await toVideos(reader, auth, videoRows)).map((v) => [v.id, v]));
  const albumById = new Map((await toAlbumSummaries(reader, auth, albumRows)).map((a) => [a.id, a]));
  const items = rows.map((row) => ({
    mediaId: (row.videoId ?? row.albumId)!,
    mediaType: row.mediaType,
    source: row.archived ? ('ARCHIVED' as const) : row.source,
    origin: row.origin,
    addedAt: row.addedAt.toISOString(),
    video: row.videoId === null ? null : (videoById.get(row.videoId) ?? null),
    album: row.albumId === null ? null : (albumById.get(row.albumId) ?? null),
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** `mediathekPage` kept for the guest (`mediathekPages`): her library's page asks for the same answer again and again. */
export const keptMediathekPage: typeof mediathekPage = (reader, auth, query) =>
  mediathekPages.read(reader, auth.guestId, JSON.stringify(query), () => mediathekPage(reader, auth, query));

/** The tabs of the library: bought and pinned items not archived, and the archive. */
export function sourceIs(source: MediathekSource): SQL {
  return source === 'ARCHIVED'
    ? eq(mediaLibrary.archived, true)
    : and(eq(mediaLibrary.source, source), eq(mediaLibrary.archived, false))!;
}

/** A released video or album as its page names it: for listings of all pages, such as the sitemap. */
export interface MediaPageRef {
  id: number;
  actorName: string;
  releasedAt: Date;
}

/** Every video released by `now` (a later release has no page yet), oldest first. */
export async function releasedVideoRefs(db: Database, now: Date): Promise<MediaPageRef[]> {
  return db
    .select({ id: videos.id, actorName: performerCard.name, releasedAt: videos.releasedAt })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(lte(videos.releasedAt, now))
    .orderBy(asc(videos.id));
}

/** Every album released by `now`, oldest first. */
export async function releasedAlbumRefs(db: Database, now: Date): Promise<MediaPageRef[]> {
  return db
    .select({ id: albums.id, actorName: performerCard.name, releasedAt: albums.releasedAt })
    .from(albums)
    .innerJoin(performerCard, eq(performerCard.id, albums.actorId))
    .where(lte(albums.releasedAt, now))
    .orderBy(asc(albums.id));
}

import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import {
  ALBUM_RATING,
  JUMBOTRON_SLIDES,
  TOP_VIDEOS_COUNT,
  needsAgeCheck,
  type GalleryPreview,
  type JumbotronConfig,
  type Page,
  type PictureRatingResult,
  type TileGridSettings,
  type Video,
  type WatchStart,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import { findActor } from '../performers/service';
import { findPerformer, performerCard } from '../performers/catalogue';
import type { Auth } from '../module';
import type { MediaReader } from './age';
import { streamableClip } from './library';
import { albumPictures, pictureRatings, tileGridSettings, videos } from './schema';
import { ratingFlags, toggleRating, toVideos } from './service';

const actorRef = { id: performerCard.id, name: performerCard.name, displayName: performerCard.displayName };
const released = (now: Date) => lte(videos.releasedAt, now);

/** The performer's promoted video: her best selling released one (newest id breaking ties); 404 for no performer. */
export async function promotedVideo(reader: MediaReader, auth: Auth | null, actorId: number): Promise<Video | null> {
  if (!(await findPerformer(reader.db, actorId))) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  const rows = await reader.db
    .select({ video: videos, actor: actorRef })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(and(eq(videos.actorId, actorId), released(reader.now())))
    .orderBy(desc(videos.salesCount), desc(videos.id))
    .limit(1);
  const [video] = await toVideos(reader, auth, rows);
  return video ?? null;
}

/** The performer's best liked released videos, TOP_VIDEOS_COUNT at most; 404 for no performer. */
export async function topVideos(reader: MediaReader, auth: Auth | null, actorIdOrName: string): Promise<Video[]> {
  const actor = await findActor(reader.db, actorIdOrName);
  const rows = await reader.db
    .select({ video: videos, actor: actorRef })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(and(eq(videos.actorId, actor.id), released(reader.now())))
    .orderBy(desc(videos.likes), desc(videos.id))
    .limit(TOP_VIDEOS_COUNT);
  return toVideos(reader, auth, rows);
}

/** Likes (5) or dislikes (1) one album picture, toggling as albums do; counters and rating in one transaction. */
export async function ratePicture(
  db: Database,
  guestId: string,
  pictureId: number,
  rating: 1 | 5,
): Promise<PictureRatingResult> {
  return db.transaction(async (tx) => {
    const [picture] = await tx
      .select({ id: albumPictures.id })
      .from(albumPictures)
      .where(eq(albumPictures.id, pictureId))
      .for('update');
    if (!picture) throw new HttpError(404, 'NOT_FOUND', `No picture ${pictureId}`);
    const mine = and(eq(pictureRatings.pictureId, pictureId), eq(pictureRatings.guestId, guestId));
    const { current, delta } = await toggleRating(
      {
        previous: async () =>
          (await tx.select({ rating: pictureRatings.rating }).from(pictureRatings).where(mine))[0]?.rating,
        remove: async () => void (await tx.delete(pictureRatings).where(mine)),
        insert: async (value) => void (await tx.insert(pictureRatings).values({ pictureId, guestId, rating: value })),
      },
      rating,
    );
    const [updated] = await tx
      .update(albumPictures)
      .set({
        likes: sql`${albumPictures.likes} + ${delta[ALBUM_RATING.like]}`,
        dislikes: sql`${albumPictures.dislikes} + ${delta[ALBUM_RATING.dislike]}`,
      })
      .where(eq(albumPictures.id, pictureId))
      .returning();
    return {
      success: true as const,
      pictureId,
      guestRatingLikes: updated!.likes,
      guestRatingDislikes: updated!.dislikes,
      ...ratingFlags(current),
    };
  });
}

/**
 * A video's preview as the spec's `gallery/getPreview` answers it: the JSON text of its context, title and URLs
 * (poster and preview clip, through the caller's age gate as the video's tile shows them). The performer's name
 * must be the video's performer: 404 otherwise, as for a video that does not exist.
 */
export async function galleryPreview(
  reader: MediaReader,
  auth: Auth | null,
  actorName: string,
  videoId: number,
): Promise<{ data: string }> {
  const rows = await reader.db
    .select({ video: videos, actor: actorRef })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(and(eq(videos.id, videoId), eq(performerCard.name, actorName.toLowerCase())));
  const [video] = await toVideos(reader, auth, rows);
  if (!video) throw new HttpError(404, 'NOT_FOUND', `No video ${videoId} of ${actorName}`);
  const preview: GalleryPreview = {
    context: 'video',
    previewTitle: video.title,
    urls: { poster: video.preview.url, clip: video.needAgeCheck ? null : (video.clip?.previewUrl ?? null) },
  };
  return { data: JSON.stringify(preview) };
}

/** Keeps a guest's settings of one grid type; a second store replaces the first. */
export async function storeTileGridSettings(
  db: Database,
  guestId: string,
  type: string,
  settings: TileGridSettings,
  now: Date,
): Promise<TileGridSettings> {
  await db
    .insert(tileGridSettings)
    .values({ guestId, type, settings, updatedAt: now })
    .onConflictDoUpdate({
      target: [tileGridSettings.guestId, tileGridSettings.type],
      set: { settings, updatedAt: now },
    });
  return settings;
}

/** The settings a guest stored for a grid type, or none. */
export async function storedTileGridSettings(db: Database, auth: Auth | null, type: string): Promise<TileGridSettings> {
  if (!auth) return {};
  const [row] = await db
    .select({ settings: tileGridSettings.settings })
    .from(tileGridSettings)
    .where(and(eq(tileGridSettings.guestId, auth.guestId), eq(tileGridSettings.type, type)));
  return row?.settings ?? {};
}

/** How the jumbotron plays; it shows when there are recommended videos to rotate through. */
export async function jumbotronConfig(db: Database, now: Date): Promise<JumbotronConfig> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(and(eq(videos.recommended, true), released(now)));
  return { enabled: (row?.n ?? 0) > 0, autoplay: true, rotationSeconds: 8, slides: JUMBOTRON_SLIDES };
}

/**
 * The jumbotron's slides: recommended released videos, newest first, that every visitor may see in motion (rated
 * no higher than a preview plays without the age check), so one cached answer fits everyone.
 */
export async function jumbotronSlides(reader: MediaReader, now: Date): Promise<Video[]> {
  const rows = await reader.db
    .select({ video: videos, actor: actorRef })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(and(eq(videos.recommended, true), released(now), sql`${videos.clip} is not null`))
    .orderBy(desc(videos.releasedAt), desc(videos.id))
    .limit(JUMBOTRON_SLIDES * 4);
  const visible = rows.filter((row) => !needsAgeCheck('video', row.video.ageRating)).slice(0, JUMBOTRON_SLIDES);
  return toVideos(reader, null, visible.length > 0 ? visible : rows.slice(0, JUMBOTRON_SLIDES));
}

/**
 * Starts playing a video: its full clip where the caller may stream it (free, flatrate or bought, and past the age
 * check), otherwise its preview with the reason. 404 for a video without a clip.
 */
export async function watchStart(reader: MediaReader, auth: Auth | null, videoId: number): Promise<WatchStart> {
  const video = await toVideos(
    reader,
    auth,
    await reader.db
      .select({ video: videos, actor: actorRef })
      .from(videos)
      .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
      .where(eq(videos.id, videoId)),
  ).then(([found]) => found);
  if (!video?.clip) throw new HttpError(404, 'NOT_FOUND', `No clip for video ${videoId}`);
  try {
    await streamableClip(reader.db, auth, videoId, reader.now());
    return { videoId, full: true, url: video.clip.streamUrl, reason: null };
  } catch (error) {
    if (!(error instanceof HttpError) || (error.code !== 'NOT_OWNED' && error.code !== 'AGE_CHECK_REQUIRED'))
      throw error;
    return { videoId, full: false, url: video.clip.previewUrl, reason: error.code };
  }
}

/** The discount of a video on sale, whole percent of its base price. */
const discountPercent = sql<number>`floor(100 - ${videos.price} * 100.0 / nullif(${videos.basePrice}, 0))::int`;

/** A performer's released videos on sale (price below base price), biggest discount first; 404 for no performer. */
export async function actorSales(
  reader: MediaReader,
  auth: Auth | null,
  actorId: number,
  page: number,
  pageSize: number,
): Promise<Page<Video> & { actorId: number; maxDiscountPercent: number }> {
  if (!(await findPerformer(reader.db, actorId))) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  const onSale = and(eq(videos.actorId, actorId), released(reader.now()), lt(videos.price, videos.basePrice));
  const { items: rows, total } = await countedPage(
    reader.db
      .select({ video: videos, actor: actorRef })
      .from(videos)
      .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
      .where(onSale)
      .orderBy(desc(discountPercent), desc(videos.id))
      .$dynamic(),
    reader.db
      .select({ total: sql<number>`count(*)::int` })
      .from(videos)
      .where(onSale),
    pageWindow(page, pageSize),
  );
  const [max] = await reader.db
    .select({ percent: sql<number>`coalesce(max(${discountPercent}), 0)::int` })
    .from(videos)
    .where(onSale);
  return {
    actorId,
    items: await toVideos(reader, auth, rows),
    total,
    page,
    pageSize,
    maxDiscountPercent: max?.percent ?? 0,
  };
}

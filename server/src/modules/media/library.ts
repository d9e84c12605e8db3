import { and, eq, notExists, sql } from 'drizzle-orm';
import { needsAgeCheck, type MediathekMediaType, type MediathekTotals, type SidebarCounts } from '@velvet/contracts';
import { GuestMemory } from '../../cluster/guest-memory';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isAgeVerified } from '../auth/age';
import type { Auth } from '../module';
import { isVipGuest, KEPT_GUEST_CHANGED } from '../auth/guests';
import { albums, mediaLibrary, videos } from './schema';
import { offeredInVip30 } from './vip30';

/** The table, the library column and the price columns of a media type (videos and albums have own id spaces). */
export const MEDIA_TABLES = {
  VIDEO: { table: videos, column: 'videoId' },
  PHOTO: { table: albums, column: 'albumId' },
} as const;

/** The library row's key for one item: its media type and the matching id column. */
export const libraryItem = (mediaType: MediathekMediaType, mediaId: number) =>
  mediaType === 'VIDEO'
    ? { mediaType, videoId: mediaId, albumId: null }
    : { mediaType, videoId: null, albumId: mediaId };

const itemWhere = (guestId: string, mediaType: MediathekMediaType, mediaId: number) =>
  and(eq(mediaLibrary.guestId, guestId), eq(mediaLibrary[MEDIA_TABLES[mediaType].column], mediaId));

/** The video or album with its performer and price; 404 when there is none. */
export async function findMedia(db: Pick<Database, 'select'>, mediaType: MediathekMediaType, mediaId: number) {
  const { table } = MEDIA_TABLES[mediaType];
  const [row] = await db
    .select({ id: table.id, actorId: table.actorId, price: table.price, currency: table.currency })
    .from(table)
    .where(eq(table.id, mediaId));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No ${mediaType === 'VIDEO' ? 'video' : 'album'} ${mediaId}`);
  return row;
}

/** The bus topic on which a process tells the others whose media library changed. */
export const MEDIATHEK_CHANGED = 'mediathek';

/**
 * Pages of guests' media libraries, kept for a second at most: what changes them that the guest does (a purchase,
 * a gift, a pin, the archive, an album's rating) forgets hers, and so does any change of her row (her age gate,
 * her VIP flatrate). A catalogue change (a price, a title) shows within the second.
 */
export const mediathekPages = new GuestMemory<unknown>(MEDIATHEK_CHANGED, 1_000, [KEPT_GUEST_CHANGED]);

/** Pins (favourite) a video or album to the guest's library, or unpins it; answers whether anything changed. */
export async function setPinned(
  db: Database,
  guestId: string,
  mediaType: MediathekMediaType,
  mediaId: number,
  pinned: boolean,
): Promise<boolean> {
  await findMedia(db, mediaType, mediaId);
  const changed = pinned
    ? await db
        .insert(mediaLibrary)
        .values({ guestId, ...libraryItem(mediaType, mediaId), source: 'PINNED', origin: 'SHOP' })
        .onConflictDoNothing()
        .returning({ id: mediaLibrary.id })
    : await db
        .delete(mediaLibrary)
        .where(and(itemWhere(guestId, mediaType, mediaId), eq(mediaLibrary.source, 'PINNED')))
        .returning({ id: mediaLibrary.id });
  if (changed.length > 0) mediathekPages.forget(guestId);
  return changed.length > 0;
}

/**
 * Moves an item to the archive tab or back: its purchase when the guest bought it, otherwise its pin, so the
 * archive lists each item once. 404 when the item is not in the library.
 */
export async function setArchived(
  db: Database,
  guestId: string,
  mediaType: MediathekMediaType,
  mediaId: number,
  archived: boolean,
): Promise<void> {
  for (const source of ['PURCHASED', 'PINNED'] as const) {
    const changed = await db
      .update(mediaLibrary)
      .set({ archived })
      .where(and(itemWhere(guestId, mediaType, mediaId), eq(mediaLibrary.source, source)))
      .returning({ id: mediaLibrary.id });
    if (changed.length > 0) {
      mediathekPages.forget(guestId);
      return;
    }
  }
  throw new HttpError(404, 'NOT_FOUND', 'This is not in your media library');
}

export async function mediathekTotals(db: Database, guestId: string): Promise<MediathekTotals> {
  const rows = await db
    .select({
      mediaType: mediaLibrary.mediaType,
      source: sql<
        'PURCHASED' | 'PINNED' | 'ARCHIVED'
      >`case when ${mediaLibrary.archived} then 'ARCHIVED' else ${mediaLibrary.source} end`,
      count: sql<number>`count(*)::int`,
    })
    .from(mediaLibrary)
    .where(eq(mediaLibrary.guestId, guestId))
    .groupBy(sql`1`, sql`2`);
  const [chatClips] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mediaLibrary)
    .where(and(eq(mediaLibrary.guestId, guestId), eq(mediaLibrary.origin, 'CHATCLIP')));
  const totals: MediathekTotals = {
    VIDEO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
    PHOTO: { PURCHASED: 0, PINNED: 0, ARCHIVED: 0 },
    chatClips: chatClips?.count ?? 0,
  };
  for (const row of rows) totals[row.mediaType][row.source] = row.count;
  return totals;
}

/** Bought videos and photos (archived ones still count: they are owned), chat clips and pinned items. */
export async function sidebarCounts(db: Database, guestId: string): Promise<SidebarCounts> {
  const [row] = await db
    .select({
      boughtVideos: sql<number>`count(*) filter (where ${mediaLibrary.source} = 'PURCHASED' and ${mediaLibrary.mediaType} = 'VIDEO' and ${mediaLibrary.origin} = 'SHOP')::int`,
      boughtPhotos: sql<number>`count(*) filter (where ${mediaLibrary.source} = 'PURCHASED' and ${mediaLibrary.mediaType} = 'PHOTO' and ${mediaLibrary.origin} = 'SHOP')::int`,
      privateCollection: sql<number>`count(*) filter (where ${mediaLibrary.origin} = 'CHATCLIP')::int`,
      pinnedFavorites: sql<number>`count(*) filter (where ${mediaLibrary.source} = 'PINNED')::int`,
    })
    .from(mediaLibrary)
    .where(eq(mediaLibrary.guestId, guestId));
  return row ?? { boughtVideos: 0, boughtPhotos: 0, privateCollection: 0, pinnedFavorites: 0 };
}

/**
 * The clip a caller may stream in full: free videos for everyone, VIP videos and the month's VIP30 offers for VIP
 * members (their flatrate), others only for guests who bought them. 404 without a video or clip, 403 NOT_OWNED
 * otherwise.
 */
export async function streamableClip(db: Database, auth: Auth | null, videoId: number, now: Date): Promise<string> {
  const [video] = await db
    .select({
      id: videos.id,
      clip: videos.clip,
      free: videos.free,
      ageRating: videos.ageRating,
      vip: videos.vip,
      isVip30Offer: videos.isVip30Offer,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video?.clip) throw new HttpError(404, 'NOT_FOUND', `No clip for video ${videoId}`);
  // the age check comes before ownership: a video rated 18 streams to verified guests only, bought or free
  if (needsAgeCheck('video', video.ageRating) && !(await isAgeVerified(db, auth)))
    throw new HttpError(403, 'AGE_CHECK_REQUIRED', 'This video needs an age check');
  if (video.free || ((video.vip || offeredInVip30(video, now)) && (await isVipGuest(db, auth)))) return video.clip;
  if (auth?.loggedIn) {
    const [owned] = await db
      .select({ id: mediaLibrary.id })
      .from(mediaLibrary)
      .where(and(itemWhere(auth.guestId, 'VIDEO', videoId), eq(mediaLibrary.source, 'PURCHASED')));
    if (owned) return video.clip;
  }
  throw new HttpError(403, 'NOT_OWNED', 'Buy this video to watch it in full');
}

/**
 * Puts a video or album into the guest's library as a gift (a reward), inside the caller's transaction: the one
 * named, or without one a paid one she does not own yet, drawn here. Answers it, or null when there is none to give.
 */
export async function giftMedia(
  tx: Database,
  guestId: string,
  mediaType: MediathekMediaType,
  mediaId: number | null,
): Promise<{ id: number; title: string } | null> {
  const { table, column } = MEDIA_TABLES[mediaType];
  const owned = tx
    .select({ id: sql`1` })
    .from(mediaLibrary)
    .where(
      and(eq(mediaLibrary.guestId, guestId), eq(mediaLibrary[column], table.id), eq(mediaLibrary.source, 'PURCHASED')),
    );
  const [item] = await tx
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(mediaId === null ? and(sql`${table.price} > 0`, notExists(owned)) : eq(table.id, mediaId))
    .orderBy(sql`random()`)
    .limit(1);
  if (!item) return null;
  await tx
    .insert(mediaLibrary)
    .values({ guestId, ...libraryItem(mediaType, item.id), source: 'PURCHASED', origin: 'SHOP', gifted: true })
    .onConflictDoNothing();
  mediathekPages.forget(guestId);
  return item;
}

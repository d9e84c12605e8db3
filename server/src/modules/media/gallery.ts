import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AlbumRatingResult, Page, PinnedPhoto, Sedcards } from '@velvet/contracts';
import { ALBUM_RATING } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import { findPerformerSedcards } from '../performers/service';
import { findPerformer, performerCard } from '../performers/catalogue';
import type { Auth } from '../module';
import { ageGate } from '../auth/age';
import type { MediaReader } from './age';
import { albumPictures, albums, albumViews, pinnedPictures, sedcardRatings } from './schema';
import { ratingFlags, toggleRating } from './service';

// Sedcards are rated like one album, but nobody opens them as an album, so they have no views to count.
const SEDCARD_VIEWS = 0;

async function sedcardCounts(db: Pick<Database, 'select'>, actorId: number) {
  const [row] = await db
    .select({
      likes: sql<number>`count(*) filter (where ${sedcardRatings.rating} = ${ALBUM_RATING.like})::int`,
      dislikes: sql<number>`count(*) filter (where ${sedcardRatings.rating} = ${ALBUM_RATING.dislike})::int`,
    })
    .from(sedcardRatings)
    .where(eq(sedcardRatings.actorId, actorId));
  return { guestRatingLikes: row?.likes ?? 0, guestRatingDislikes: row?.dislikes ?? 0 };
}

/** A performer's sedcard pictures (kept by the catalogue) as the caller's age gate shows them, with their album-like rating. */
export async function sedcardsOf(reader: MediaReader, auth: Auth | null, actorIdOrName: string): Promise<Sedcards> {
  const { db } = reader;
  const { actor, ageRating, pictures } = await findPerformerSedcards(db, actorIdOrName);
  const [gate, counts, [mine]] = await Promise.all([
    ageGate(reader, auth),
    sedcardCounts(db, actor.id),
    auth?.loggedIn
      ? db
          .select({ rating: sedcardRatings.rating })
          .from(sedcardRatings)
          .where(and(eq(sedcardRatings.actorId, actor.id), eq(sedcardRatings.guestId, auth.guestId)))
      : Promise.resolve([]),
  ]);
  return {
    actor,
    pictures: pictures.map((picture) => ({ ...picture, url: gate.image(picture.url, ageRating) })),
    albumTotalViews: SEDCARD_VIEWS,
    ...counts,
    ...ratingFlags(mine?.rating),
  };
}

/** Likes (5) or dislikes (1) a performer's sedcards, toggling through the same code path as albums. */
export async function rateSedcards(
  db: Database,
  guestId: string,
  actorId: number,
  rating: 1 | 5,
): Promise<AlbumRatingResult> {
  return db.transaction(async (tx) => {
    // Locking the performer serialises a guest's ratings, as locking the album does for albums.
    const actor = await findPerformer(tx, actorId, { lock: true });
    if (!actor) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
    const mine = and(eq(sedcardRatings.actorId, actorId), eq(sedcardRatings.guestId, guestId));
    const { current } = await toggleRating(
      {
        previous: async () =>
          (await tx.select({ rating: sedcardRatings.rating }).from(sedcardRatings).where(mine))[0]?.rating,
        remove: async () => void (await tx.delete(sedcardRatings).where(mine)),
        insert: async (value) => void (await tx.insert(sedcardRatings).values({ actorId, guestId, rating: value })),
      },
      rating,
    );
    return {
      success: true as const,
      albumTotalViews: SEDCARD_VIEWS,
      ...(await sedcardCounts(tx, actorId)),
      ...ratingFlags(current),
    };
  });
}

/** Pins or unpins one album picture for a guest; 404 for an unknown picture. Pinning twice keeps one pin. */
export async function setPicturePinned(db: Database, guestId: string, pictureId: number, pinned: boolean) {
  const [picture] = await db
    .select({ id: albumPictures.id })
    .from(albumPictures)
    .where(eq(albumPictures.id, pictureId));
  if (!picture) throw new HttpError(404, 'NOT_FOUND', `No picture ${pictureId}`);
  if (pinned) await db.insert(pinnedPictures).values({ guestId, pictureId }).onConflictDoNothing();
  else
    await db
      .delete(pinnedPictures)
      .where(and(eq(pinnedPictures.guestId, guestId), eq(pinnedPictures.pictureId, pictureId)));
}

/** The guest's pinned pictures, newest pin first. */
export async function pinnedPhotos(
  reader: MediaReader,
  auth: Auth,
  page: number,
  pageSize: number,
): Promise<Page<PinnedPhoto>> {
  const { db } = reader;
  const guestId = auth.guestId;
  const gate = await ageGate(reader, auth);
  const mine = eq(pinnedPictures.guestId, guestId);
  const { items: rows, total } = await countedPage(
    db
      .select({
        id: albumPictures.id,
        url: albumPictures.url,
        width: albumPictures.width,
        height: albumPictures.height,
        albumId: albums.id,
        albumTitle: albums.title,
        ageRating: albums.ageRating,
        actor: { id: performerCard.id, name: performerCard.name, displayName: performerCard.displayName },
        pinnedAt: pinnedPictures.pinnedAt,
      })
      .from(pinnedPictures)
      .innerJoin(albumPictures, eq(albumPictures.id, pinnedPictures.pictureId))
      .innerJoin(albums, eq(albums.id, albumPictures.albumId))
      .innerJoin(performerCard, eq(performerCard.id, albums.actorId))
      .where(mine)
      .orderBy(desc(pinnedPictures.pinnedAt), desc(pinnedPictures.pictureId))
      .$dynamic(),
    db.select({ total: count() }).from(pinnedPictures).where(mine),
    pageWindow(page, pageSize),
  );
  return {
    items: rows.map(({ ageRating, ...row }) => ({
      ...row,
      url: gate.image(row.url, ageRating),
      pinnedAt: row.pinnedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/**
 * Records that a guest opened an album: each logged-in guest counts once into albumTotalViews; an anonymous
 * call counts nothing and is no error. Answers the album's views afterwards.
 */
export async function recordAlbumView(db: Database, auth: Auth | null, albumId: number) {
  return db.transaction(async (tx) => {
    const [album] = await tx.select({ views: albums.totalViews }).from(albums).where(eq(albums.id, albumId));
    if (!album) throw new HttpError(404, 'NOT_FOUND', `No album ${albumId}`);
    if (!auth?.loggedIn) return { success: true as const, albumTotalViews: album.views };
    const added = await tx
      .insert(albumViews)
      .values({ albumId, guestId: auth.guestId })
      .onConflictDoNothing()
      .returning({ albumId: albumViews.albumId });
    if (added.length === 0) return { success: true as const, albumTotalViews: album.views };
    const [updated] = await tx
      .update(albums)
      .set({ totalViews: sql`${albums.totalViews} + 1` })
      .where(eq(albums.id, albumId))
      .returning({ views: albums.totalViews });
    return { success: true as const, albumTotalViews: updated!.views };
  });
}

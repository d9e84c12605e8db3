import { gt, inArray } from 'drizzle-orm';
import { FREE_AGE_RATING, needsAgeCheck } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { clipPreviewUrl } from './clips';
import { albumPictures, albums, videos } from './schema';

/** What the media answers are read with: the database, the image store (for the URLs of rated images), the clock. */
export type MediaReader = Pick<ModuleContext, 'db' | 'images' | 'now'>;

/**
 * Puts every rated preview, picture and preview clip above its free age rating behind the age check (blurred
 * variants made once). Runs at every start and after the seed, before any route serves them.
 */
export async function restrictRatedMedia(ctx: Pick<ModuleContext, 'db' | 'images'>): Promise<void> {
  const ratedVideos = await ctx.db
    .select({ previewUrl: videos.previewUrl, clip: videos.clip, ageRating: videos.ageRating })
    .from(videos)
    .where(gt(videos.ageRating, Math.min(FREE_AGE_RATING.image, FREE_AGE_RATING.video)));
  const ratedAlbums = await ctx.db
    .select({ id: albums.id, previewUrl: albums.previewUrl })
    .from(albums)
    .where(gt(albums.ageRating, FREE_AGE_RATING.image));
  const pictures =
    ratedAlbums.length === 0
      ? []
      : await ctx.db
          .select({ url: albumPictures.url })
          .from(albumPictures)
          .where(
            inArray(
              albumPictures.albumId,
              ratedAlbums.map((album) => album.id),
            ),
          );
  const images = new Set([
    ...ratedVideos.filter((video) => needsAgeCheck('image', video.ageRating)).map((video) => video.previewUrl),
    ...ratedAlbums.map((album) => album.previewUrl),
    ...pictures.map((picture) => picture.url),
  ]);
  for (const video of ratedVideos)
    if (video.clip !== null && needsAgeCheck('video', video.ageRating))
      ctx.images.restrictFile(clipPreviewUrl(video.clip));
  // a few at a time: each new blurred variant is a small sharp job
  const queue = [...images];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.pop(); url !== undefined; url = queue.pop()) await ctx.images.restrict(url);
    }),
  );
}

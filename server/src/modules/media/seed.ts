import { isNull, sql } from 'drizzle-orm';
import { Faker, en } from '@faker-js/faker';
import { ASMR_TAG, VIDEO_TAGS } from '@velvet/contracts';
import type { ModuleContext } from '../module';
import { listPerformerCards } from '../performers/catalogue';
import { CLIP_COUNT, generateClips } from './clips';
import { albumPictures, albums, videoTags, videos } from './schema';

const VIDEO_COUNT = 1000;
const ALBUM_COUNT = 200;
/** Images are written a few at a time: sharp is fast, but thousands of parallel writes are not. */
const IMAGE_CONCURRENCY = 8;
const INSERT_BATCH = 250;
const DAY_MS = 86_400_000;

const TITLE_OPENERS = [
  'Lazy Sunday',
  'After Work',
  'Midnight',
  'Poolside',
  'Behind the Scenes',
  'First Time',
  'Road Trip',
  'Rainy Day',
  'Hotel Room',
  'Summer Heat',
  'Morning Coffee',
  'Secret',
  'Birthday',
  'Holiday',
  'Late Night',
  'Private',
];
const TITLE_SUBJECTS = [
  'in Red Lingerie',
  'Striptease',
  'Shower Session',
  'Massage',
  'Dance for You',
  'Tease',
  'Confessions',
  'Workout',
  'Roleplay',
  'on the Balcony',
  'in Stockings',
  'Cosplay Show',
  'Bubble Bath',
  'by the Fireplace',
  'Surprise',
  'Strip Poker',
];
const SETTINGS = [
  'a lazy afternoon at home',
  'a hotel room in Barcelona',
  'a sunny day by the pool',
  'a late night in the studio',
  'a weekend at the lake',
  'a cosy evening by the fireplace',
  'a rooftop at sunset',
  'a rainy Sunday in bed',
  'a road trip through the mountains',
  'the first warm day of spring',
];
const MOODS = [
  'Relaxed, playful and filmed in HD.',
  'Just the two of you and the camera.',
  'One of her favourite clips of the year.',
  'Shot in one take, no cuts.',
  'Requested by the fans in chat.',
  'With a little surprise at the end.',
  'Filmed for everyone who asked for more.',
  'Soft light, slow pace, lots of smiles.',
];
const ALBUM_MOODS = [
  'Soft light and lots of smiles.',
  'Her favourite shoot of the year.',
  'For everyone who asked for more.',
  'With a little surprise on the last picture.',
  'Natural light, no filters.',
];
const ALBUM_TOPICS = [
  'Golden Hour',
  'Black Lace',
  'Beach Day',
  'Studio Shoot',
  'Red Dress',
  'Garden Party',
  'Bedroom Selfies',
  'City Lights',
  'White Sheets',
  'Leather and Lace',
  'Sauna Visit',
  'Autumn Walk',
  'Mirror Mirror',
  'Office Hours',
];

/** Runs `work` over `items` with at most `limit` in flight; answers the results in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(rows.slice(i, i + INSERT_BATCH));
}

/** Prices are whole coins (hundredths in the database): VXC shows no decimals. */
const COIN = 100;
const videoPrice = (faker: Faker) => COIN * faker.helpers.arrayElement([5, 8, 10, 15, 20, 25, 30, 40, 50]);
/** A sale price: a share of the base price, in whole coins and at least one coin below it. */
const salePrice = (basePrice: number, percent: number) =>
  Math.min(basePrice - COIN, Math.max(COIN, Math.round((basePrice * percent) / 100 / COIN) * COIN));

/**
 * Demo catalogue: 1,000 videos and 200 photo albums per unit of scale, spread over the seeded performers, each
 * with generated preview images. Release dates cover the last two years, a few within the trending window.
 */
export async function seedMedia(ctx: ModuleContext, { scale }: { scale: number }): Promise<void> {
  const started = performance.now();
  const faker = new Faker({ locale: [en] });
  faker.seed(20_26);
  const performers = (await listPerformerCards(ctx.db)).map(({ id, displayName }) => ({ id, name: displayName }));
  if (performers.length === 0) throw new Error('media seed: no performers; the performers module seeds them first');
  const now = ctx.now().getTime();

  const videoCount = Math.max(1, Math.round(VIDEO_COUNT * scale));
  const videoRows = Array.from({ length: videoCount }, (_, i) => {
    const actor = performers[i % performers.length]!;
    // A steady trickle of fresh videos keeps the trending (8 days) and new areas filled.
    const ageDays = i % 12 === 0 ? faker.number.float({ min: 0, max: 7.5 }) : faker.number.float({ min: 0, max: 730 });
    const free = i % 9 === 0;
    const basePrice = free ? 0 : videoPrice(faker);
    const onSale = !free && i % 5 === 0;
    const vip = !free && i % 7 === 0;
    return {
      actorId: actor.id,
      actorName: actor.name,
      title: `${faker.helpers.arrayElement(TITLE_OPENERS)} ${faker.helpers.arrayElement(TITLE_SUBJECTS)}`,
      description: `${actor.name} takes you along to ${faker.helpers.arrayElement(SETTINGS)}. ${faker.helpers.arrayElement(MOODS)}`,
      durationSeconds: faker.number.int({ min: 45, max: 40 * 60 }),
      ageRating: 18,
      vip,
      // The VIP30 pool: paid videos that VIP members get for free in the months they are offered (vip30.ts).
      isVip30Offer: !vip && !free && i % 4 === 1,
      free,
      isNew: ageDays < 30,
      classic: ageDays > 540 && i % 4 === 0,
      camRecording: i % 11 === 0,
      recommended: i % 8 === 0,
      price: onSale ? salePrice(basePrice, faker.helpers.arrayElement([50, 60, 70, 80])) : basePrice,
      basePrice,
      likes: faker.number.int({ min: 0, max: 2500 }),
      salesCount: free ? 0 : faker.number.int({ min: 0, max: 900 }),
      contestPlace: i % 25 === 0 ? faker.number.int({ min: 1, max: 10 }) : null,
      releasedAt: new Date(now - ageDays * DAY_MS),
      // Every twentieth video is an ASMR one (the global search's asmr results), the others' tags left as drawn.
      tags: [...faker.helpers.arrayElements(VIDEO_TAGS, { min: 2, max: 5 }), ...(i % 20 === 7 ? [ASMR_TAG] : [])],
    };
  });

  // The clips render while the preview images are written.
  const [clips, previews] = await Promise.all([
    generateClips(ctx.config.dataDir, Math.max(1, Math.round(CLIP_COUNT * scale))),
    mapLimit(videoRows, IMAGE_CONCURRENCY, (v, i) =>
      ctx.images.generate({
        key: `videos/${i + 1}/preview`,
        width: 320,
        height: 180,
        title: v.title,
        subtitle: v.actorName,
        seed: i + 1,
      }),
    ),
  ]);
  const insertedVideos: { id: number }[] = [];
  await insertBatched(
    videoRows.map(({ actorName: _actorName, tags: _tags, ...row }, i) => ({
      ...row,
      clip: clips[i % clips.length]!,
      previewUrl: previews[i]!,
      previewWidth: 320,
      previewHeight: 180,
    })),
    async (batch) => insertedVideos.push(...(await ctx.db.insert(videos).values(batch).returning({ id: videos.id }))),
  );
  await insertBatched(
    insertedVideos.flatMap(({ id }, i) => videoRows[i]!.tags.map((tag) => ({ videoId: id, tag }))),
    (batch) => ctx.db.insert(videoTags).values(batch),
  );

  const albumCount = Math.max(1, Math.round(ALBUM_COUNT * scale));
  const albumRows = Array.from({ length: albumCount }, (_, i) => {
    const actor = performers[(i * 7) % performers.length]!;
    const free = i % 10 === 0;
    const basePrice = free ? 0 : COIN * faker.helpers.arrayElement([3, 5, 8, 10]);
    return {
      actorId: actor.id,
      actorName: actor.name,
      title:
        `${faker.helpers.arrayElement(ALBUM_TOPICS)} ${faker.helpers.arrayElement(['', 'II', 'Part 2', 'Extended'])}`.trim(),
      description: `Photos from ${faker.helpers.arrayElement(SETTINGS)}. ${faker.helpers.arrayElement(ALBUM_MOODS)}`,
      // every third album is for adults only (above the free rating of images), behind the age check
      ageRating: i % 3 === 2 ? 18 : 16,
      free,
      isVipContent: !free && i % 6 === 0,
      basePrice,
      price: !free && i % 4 === 0 ? salePrice(basePrice, 70) : basePrice,
      totalViews: faker.number.int({ min: 10, max: 20_000 }),
      likes: faker.number.int({ min: 0, max: 800 }),
      dislikes: faker.number.int({ min: 0, max: 60 }),
      releasedAt: new Date(now - faker.number.float({ min: 0, max: 730 }) * DAY_MS),
      pictureCount: faker.number.int({ min: 4, max: 8 }),
    };
  });
  const pictureJobs = albumRows.flatMap((a, albumIndex) =>
    Array.from({ length: a.pictureCount }, (_, position) => ({
      albumIndex,
      position,
      title: a.title,
      subtitle: a.actorName,
    })),
  );
  const [albumPreviews, pictureUrls] = await Promise.all([
    mapLimit(albumRows, IMAGE_CONCURRENCY / 2, (a, i) =>
      ctx.images.generate({
        key: `albums/${i + 1}/preview`,
        width: 320,
        height: 240,
        title: a.title,
        subtitle: a.actorName,
        seed: 10_000 + i,
      }),
    ),
    mapLimit(pictureJobs, IMAGE_CONCURRENCY, (p, i) =>
      ctx.images.generate({
        key: `albums/${p.albumIndex + 1}/${p.position + 1}`,
        width: 640,
        height: 480,
        title: p.title,
        subtitle: `${p.subtitle} · ${p.position + 1}`,
        seed: 20_000 + i,
      }),
    ),
  ]);
  const insertedAlbums: { id: number }[] = [];
  await insertBatched(
    albumRows.map(({ actorName: _actorName, pictureCount: _count, ...row }, i) => ({
      ...row,
      previewUrl: albumPreviews[i]!,
      previewWidth: 320,
      previewHeight: 240,
    })),
    async (batch) => insertedAlbums.push(...(await ctx.db.insert(albums).values(batch).returning({ id: albums.id }))),
  );
  await insertBatched(
    pictureJobs.map((p, i) => ({
      albumId: insertedAlbums[p.albumIndex]!.id,
      position: p.position,
      url: pictureUrls[i]!,
      width: 640,
      height: 480,
      likes: faker.number.int({ min: 0, max: 300 }),
      dislikes: faker.number.int({ min: 0, max: 20 }),
    })),
    (batch) => ctx.db.insert(albumPictures).values(batch),
  );

  ctx.log.info(
    {
      videos: videoCount,
      albums: albumCount,
      pictures: pictureJobs.length,
      clips: clips.length,
      ms: Math.round(performance.now() - started),
    },
    'media: seeded videos and albums',
  );
}

/** A catalogue seeded before clips existed gets them on the next start: the videos without one share them. */
export async function assignMissingClips(ctx: ModuleContext): Promise<void> {
  const [missing] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(videos)
    .where(isNull(videos.clip));
  if (!missing?.count) return;
  const clips = await generateClips(ctx.config.dataDir, CLIP_COUNT);
  await ctx.db
    .update(videos)
    .set({ clip: sql`'clip-' || (${videos.id} % ${clips.length} + 1)` })
    .where(isNull(videos.clip));
  ctx.log.info({ videos: missing.count, clips: clips.length }, 'media: clips assigned to videos seeded without');
}

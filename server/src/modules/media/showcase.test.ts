import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import {
  JUMBOTRON_CACHE_MAX_AGE_SECONDS,
  TOP_VIDEOS_COUNT,
  VIDEO_STILLS_COUNT,
  encodeTileGridPayload,
  needsAgeCheck,
  parseGalleryPreview,
  type ErrorBody,
  type JumbotronConfig,
  type PictureRatingResult,
  type Video,
  type VideoPage,
  type VideoStill,
  type WatchStart,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { listPerformerCards } from '../performers/catalogue';
import { albumPictures, videos } from './schema';

/** The routes against one server: PGlite, or a PostgreSQL database. */
function suite(open: () => Promise<TestApp>) {
  let t: TestApp;
  let anonymous: string;
  let guest: string;

  before(async () => {
    t = await open();
    anonymous = await t.anonymousToken();
    guest = (await t.signup()).accessToken;
  });
  after(() => t.close());

  const code = (body: string) => (JSON.parse(body) as ErrorBody).code;

  /** The performer with the most videos, and her videos straight from the database. */
  async function busiestPerformer() {
    const rows = await t.ctx.db.select({ id: videos.id, actorId: videos.actorId }).from(videos);
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.actorId, (counts.get(row.actorId) ?? 0) + 1);
    const [actorId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const [card] = (await listPerformerCards(t.ctx.db)).filter((c) => c.id === actorId);
    return card!;
  }

  describe('gallery: promoted and top videos', () => {
    test('the promoted video is her best selling one; top videos are her best liked, at most TOP_VIDEOS_COUNT', async () => {
      const performer = await busiestPerformer();
      const promoted = await t.rest('GET', `/gallery/getpromotedvideo/${performer.id}`, anonymous);
      assert.equal(promoted.statusCode, 200, promoted.body);
      const [best] = await t.ctx.db
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.actorId, performer.id))
        .orderBy(desc(videos.salesCount), desc(videos.id))
        .limit(1);
      assert.equal(promoted.json<{ video: Video }>().video.id, best!.id);

      const top = await t.rest('GET', `/gallery/getTopVideos/${performer.name.toUpperCase()}`, anonymous);
      assert.equal(top.statusCode, 200, top.body);
      const items = top.json<{ items: Video[] }>().items;
      assert.ok(items.length > 0 && items.length <= TOP_VIDEOS_COUNT);
      assert.ok(items.every((v) => v.model.id === performer.id));
      const likes = items.map((v) => v.rating.likes);
      assert.deepEqual(
        likes,
        [...likes].sort((a, b) => b - a),
      );
    });

    test('an unknown performer is 404, a bad id 400', async () => {
      const missing = await t.rest('GET', '/gallery/getpromotedvideo/2000000000', anonymous);
      assert.equal(missing.statusCode, 404);
      assert.equal(code(missing.body), 'NOT_FOUND');
      assert.equal((await t.rest('GET', '/gallery/getpromotedvideo/abc', anonymous)).statusCode, 400);
      assert.equal((await t.rest('GET', '/gallery/getTopVideos/nobody-by-this-name', anonymous)).statusCode, 404);
    });
  });

  describe('gallery: picture rating', () => {
    test('a like counts, the same again takes it back, a dislike switches; counters are the database', async () => {
      const [picture] = await t.ctx.db.select().from(albumPictures).limit(1);
      const rate = async (guestRating: number) => {
        const response = await t.rest('POST', '/gallery/setPictureGuestRating', guest, {
          pictureId: picture!.id,
          guestRating,
        });
        assert.equal(response.statusCode, 200, response.body);
        return response.json<PictureRatingResult>();
      };
      const liked = await rate(5);
      assert.equal(liked.isLiked, true);
      assert.equal(liked.guestRatingLikes, picture!.likes + 1);
      const switched = await rate(1);
      assert.deepEqual(
        [switched.isLiked, switched.isDisliked, switched.guestRatingLikes, switched.guestRatingDislikes],
        [false, true, picture!.likes, picture!.dislikes + 1],
      );
      const back = await rate(1);
      assert.equal(back.isDisliked, false);
      const [stored] = await t.ctx.db.select().from(albumPictures).where(eq(albumPictures.id, picture!.id));
      assert.deepEqual([stored!.likes, stored!.dislikes], [picture!.likes, picture!.dislikes]);
    });

    test('a rating other than 1 or 5 is 400, an unknown picture 404, an anonymous visitor 401', async () => {
      const bad = await t.rest('POST', '/gallery/setPictureGuestRating', guest, { pictureId: 1, guestRating: 3 });
      assert.equal(bad.statusCode, 400);
      assert.equal(code(bad.body), 'VALIDATION_FAILED');
      const missing = await t.rest('POST', '/gallery/setPictureGuestRating', guest, {
        pictureId: 2_000_000_000,
        guestRating: 5,
      });
      assert.equal(missing.statusCode, 404);
      const visitor = await t.rest('POST', '/gallery/setPictureGuestRating', anonymous, {
        pictureId: 1,
        guestRating: 5,
      });
      assert.equal(code(visitor.body), 'LOGIN_REQUIRED');
    });
  });

  describe('gallery: preview', () => {
    test('answers the JSON text of the video preview; another performer name or bad input is refused', async () => {
      const [row] = await t.ctx.db.select().from(videos).where(isNotNull(videos.clip)).limit(1);
      const performer = (await listPerformerCards(t.ctx.db)).find((c) => c.id === row!.actorId)!;
      const response = await t.rest('POST', '/gallery/getPreview', anonymous, {
        actorName: performer.name,
        albumId: row!.id,
        isMobile: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      const preview = parseGalleryPreview(response.json<{ data: string }>().data);
      assert.equal(preview.context, 'video');
      assert.equal(preview.previewTitle, row!.title);
      // A visitor who is not verified gets no moving preview of a rated video.
      assert.equal(preview.urls.clip === null, needsAgeCheck('video', row!.ageRating));
      const other = await t.rest('POST', '/gallery/getPreview', anonymous, {
        actorName: 'someone-else-entirely',
        albumId: row!.id,
      });
      assert.equal(other.statusCode, 404);
      const bad = await t.rest('POST', '/gallery/getPreview', anonymous, { actorName: '', albumId: 'x' });
      assert.equal(bad.statusCode, 400);
    });
  });

  describe('video stills', () => {
    test('stills are frames ffmpeg took from the video clip, served by the server, blurred for a visitor when rated', async () => {
      const [row] = await t.ctx.db.select().from(videos).where(isNotNull(videos.clip)).limit(1);
      const response = await t.rest('GET', `/getVideoPictures/${row!.id}`, anonymous);
      assert.equal(response.statusCode, 200, response.body);
      const answer = response.json<{ needAgeCheck: boolean; pictures: VideoStill[] }>();
      assert.equal(answer.pictures.length, VIDEO_STILLS_COUNT);
      assert.equal(answer.needAgeCheck, needsAgeCheck('image', row!.ageRating));
      const seconds = answer.pictures.map((p) => p.second);
      assert.deepEqual(
        seconds,
        [...new Set(seconds)].sort((a, b) => a - b),
      );
      const file = path.join(t.config.dataDir, 'media', 'stills', `video-${row!.id}-1.webp`);
      await access(file);
      const meta = await sharp(file).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 320, 180]);
      const served = await t.app.inject({ method: 'GET', url: answer.pictures[0]!.url });
      assert.equal(served.statusCode, 200);
      assert.match(String(served.headers['content-type']), /image\/webp/);
      // Two frames seconds apart of a moving pattern differ.
      const [a, b] = await Promise.all(
        [1, 2].map((n) =>
          sharp(path.join(t.config.dataDir, 'media', 'stills', `video-${row!.id}-${n}.webp`))
            .raw()
            .toBuffer(),
        ),
      );
      assert.notDeepEqual(a, b);
    });

    test('a video without a clip or that does not exist is 404; a bad id 400', async () => {
      assert.equal((await t.rest('GET', '/getVideoPictures/2000000000', anonymous)).statusCode, 404);
      assert.equal((await t.rest('GET', '/getVideoPictures/-1', anonymous)).statusCode, 400);
    });
  });

  describe('tile grid settings', () => {
    test('stored settings are where the next grid starts; the payload still wins', async () => {
      const token = await t.anonymousToken();
      const stored = await t.rest('POST', '/storeTileGridSettings', token, {
        type: 'videos',
        settings: { pageSize: 5, sort: 'newest' },
      });
      assert.equal(stored.statusCode, 200, stored.body);
      const grid = async (payload: object) => {
        const response = await t.rest(
          'GET',
          `/tileGrid/get/videos/${encodeURIComponent(encodeTileGridPayload(payload))}`,
          token,
        );
        assert.equal(response.statusCode, 200, response.body);
        return response.json<VideoPage>();
      };
      const first = await grid({ type: 'all' });
      assert.deepEqual([first.pageSize, first.sort], [5, 'newest']);
      assert.equal((await grid({ type: 'all', pageSize: 7 })).pageSize, 7);
      // Another visitor's grid is untouched.
      const other = await t.rest('GET', `/tileGrid/get/videos/${encodeURIComponent('{}')}`, anonymous);
      assert.notEqual(other.json<VideoPage>().pageSize, 5);
    });

    test('unknown types, unknown settings and settings that are not an object are 400', async () => {
      for (const body of [
        { type: 'actors', settings: {} },
        { type: 'videos', settings: { colour: 'red' } },
        { type: 'videos', settings: 'pageSize=5' },
        { type: 'videos', settings: { pageSize: 0 } },
      ]) {
        const response = await t.rest('POST', '/storeTileGridSettings', anonymous, body);
        assert.equal(response.statusCode, 400, JSON.stringify(body));
        assert.equal(code(response.body), 'VALIDATION_FAILED');
      }
      assert.equal(
        (await t.rest('POST', '/storeTileGridSettings', undefined, { type: 'videos', settings: {} })).statusCode,
        401,
      );
    });
  });

  describe('jumbotron', () => {
    test('config and home slides are cached for the spec minute; slides are recommended videos, newest first', async () => {
      const config = await t.rest('GET', '/video/jumbotron/config');
      assert.equal(config.statusCode, 200);
      assert.equal(config.headers['cache-control'], `public, max-age=${JUMBOTRON_CACHE_MAX_AGE_SECONDS}`);
      const settings = config.json<JumbotronConfig>();
      const home = await t.rest('GET', '/video/jumbotron/homepage');
      assert.equal(home.statusCode, 200);
      assert.equal(home.headers['cache-control'], `public, max-age=${JUMBOTRON_CACHE_MAX_AGE_SECONDS}`);
      const items = home.json<{ items: Video[] }>().items;
      assert.equal(settings.enabled, items.length > 0);
      assert.ok(items.length <= settings.slides);
      const recommended = await t.ctx.db
        .select({ id: videos.id })
        .from(videos)
        .where(and(eq(videos.recommended, true)));
      const ids = new Set(recommended.map((r) => r.id));
      assert.ok(items.every((v) => ids.has(v.id)));
      const released = items.map((v) => v.releasedAt);
      assert.deepEqual(released, [...released].sort().reverse());
    });

    test('a POST (the calls are GETs) is 404', async () => {
      assert.equal((await t.rest('POST', '/video/jumbotron/homepage', anonymous, {})).statusCode, 404);
    });
  });

  describe('watch start', () => {
    test('a free video plays in full for the age it allows; a paid one plays its preview until bought', async () => {
      const [paid] = await t.ctx.db
        .select()
        .from(videos)
        .where(and(eq(videos.free, false), eq(videos.vip, false), isNotNull(videos.clip)))
        .limit(1);
      const response = await t.rest('POST', '/watch/start', guest, { videoId: paid!.id });
      assert.equal(response.statusCode, 200, response.body);
      const start = response.json<WatchStart>();
      assert.equal(start.full, false);
      assert.ok(start.reason === 'NOT_OWNED' || start.reason === 'AGE_CHECK_REQUIRED');
      assert.match(start.url, /-preview\.mp4/);
      const [free] = await t.ctx.db
        .select()
        .from(videos)
        .where(and(eq(videos.free, true), isNotNull(videos.clip)))
        .limit(1);
      if (free && !needsAgeCheck('video', free.ageRating)) {
        const played = (await t.rest('POST', '/watch/start', guest, { videoId: free.id })).json<WatchStart>();
        assert.deepEqual([played.full, played.reason], [true, null]);
        assert.match(played.url, /\/stream$/);
      }
    });

    test('an unknown video is 404, a missing id 400', async () => {
      assert.equal((await t.rest('POST', '/watch/start', anonymous, { videoId: 2_000_000_000 })).statusCode, 404);
      const bad = await t.rest('POST', '/watch/start', anonymous, {});
      assert.equal(bad.statusCode, 400);
      assert.equal(code(bad.body), 'VALIDATION_FAILED');
    });
  });

  describe('sales of a performer', () => {
    test('her videos on sale, biggest discount first, with the biggest discount', async () => {
      const performer = await busiestPerformer();
      const own = await t.ctx.db.select().from(videos).where(eq(videos.actorId, performer.id));
      // Two of her videos go on sale at known discounts.
      const [a, b] = own;
      await t.ctx.db
        .update(videos)
        .set({ price: Math.floor(a!.basePrice / 2) })
        .where(eq(videos.id, a!.id));
      await t.ctx.db
        .update(videos)
        .set({ price: Math.floor(b!.basePrice * 0.9) })
        .where(eq(videos.id, b!.id));
      const response = await t.rest('GET', `/sales/actor/${performer.id}?pageSize=100`, anonymous);
      assert.equal(response.statusCode, 200, response.body);
      const sales = response.json<VideoPage & { actorId: number; maxDiscountPercent: number }>();
      const onSale = (await t.ctx.db.select().from(videos).where(eq(videos.actorId, performer.id))).filter(
        (v) => v.price < v.basePrice && v.releasedAt <= t.ctx.now(),
      );
      assert.equal(sales.total, onSale.length);
      assert.ok(sales.items.every((v) => v.price.value < v.basePrice.value && v.model.id === performer.id));
      const discounts = sales.items.map((v) => Math.floor(100 - (v.price.value * 100) / v.basePrice.value));
      assert.deepEqual(
        discounts,
        [...discounts].sort((x, y) => y - x),
      );
      assert.equal(sales.maxDiscountPercent, discounts[0]);
      assert.ok(sales.maxDiscountPercent >= 50);
    });

    test('an unknown performer is 404, a bad id or page size 400', async () => {
      assert.equal((await t.rest('GET', '/sales/actor/2000000000', anonymous)).statusCode, 404);
      assert.equal((await t.rest('GET', '/sales/actor/0', anonymous)).statusCode, 400);
      assert.equal((await t.rest('GET', '/sales/actor/1?pageSize=1000', anonymous)).statusCode, 400);
    });
  });
}

describe('media showcase on PGlite', () => suite(() => createTestApp({ seedScale: 0.05 })));

const postgres = await startPostgres();
after(() => postgres?.stop());
describe(
  'media showcase on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () =>
    suite(async () => createTestApp({ config: { databaseUrl: await postgres!.createDatabase() }, seedScale: 0.05 })),
);

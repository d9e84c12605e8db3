import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  VIDEO_GRID_PAGE_SIZE,
  encodeTileGridPayload,
  videosQuery,
  type Album,
  type AlbumComments,
  type AlbumRatingResult,
  type ErrorBody,
  type Page,
  type AlbumSummary,
  type MediathekItem,
  type Video,
  type VideoGridRequest,
  type VideoPage,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { performerCard } from '../performers/catalogue';
import { albums, mediaLibrary, videos } from './schema';

const DAY_MS = 86_400_000;
let t: TestApp;
let anonymous: string;

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  anonymous = await t.anonymousToken();
});
after(() => t.close());

async function get(url: string, token = anonymous) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}
async function grid(request: VideoGridRequest, token = anonymous): Promise<VideoPage> {
  const response = await get(
    `/rest/v1/tileGrid/get/videos/${encodeURIComponent(encodeTileGridPayload(request))}`,
    token,
  );
  assert.equal(response.statusCode, 200, response.body);
  return response.json<VideoPage>();
}
/** Every matching video across all pages. */
async function all(request: VideoGridRequest, token = anonymous): Promise<Video[]> {
  return (await grid({ ...request, pageSize: 100 }, token)).items;
}
/** A column of the given videos, in their order, straight from the database. */
async function column<K extends keyof typeof videos.$inferSelect>(items: Video[], key: K) {
  const rows = await t.ctx.db
    .select()
    .from(videos)
    .where(
      inArray(
        videos.id,
        items.map((v) => v.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r[key]]));
  return items.map((v) => byId.get(v.id)!);
}
/** Videos matching a condition, counted by the database itself. */
async function countVideos(where?: SQL): Promise<number> {
  const [row] = await t.ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(videos)
    .innerJoin(performerCard, eq(performerCard.id, videos.actorId))
    .where(where);
  return row!.count;
}
const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);
const nonDecreasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

describe('video grid', () => {
  test('pages 16 videos at a time without overlap, with the total of the whole grid', async () => {
    const first = await grid({ type: 'all' });
    const second = await grid({ type: 'all', page: 2 });
    const count = await countVideos();
    assert.equal(first.pageSize, VIDEO_GRID_PAGE_SIZE);
    assert.equal(first.items.length, VIDEO_GRID_PAGE_SIZE);
    assert.equal(first.total, count);
    assert.equal(second.page, 2);
    const firstIds = new Set(first.items.map((v) => v.id));
    assert.ok(second.items.every((v) => !firstIds.has(v.id)));
    const beyond = await grid({ type: 'all', page: 1000 });
    assert.deepEqual(beyond.items, []);
  });

  test('each category applies its default sort', async () => {
    const expected = {
      all: 'topRated',
      new: 'newest',
      discounted: 'newest',
      trending: 'topTrending',
      free: 'newest',
      top: 'bestSelling',
      vip30: 'topRated',
    };
    for (const [type, sort] of Object.entries(expected)) assert.equal((await grid({ type })).sort, sort, type);
    const all = await grid({ type: 'all', pageSize: 100 });
    assert.ok(nonIncreasing(all.items.map((v) => v.rating.likes)));
  });

  test('trending holds only videos of the last 8 days, top only of the last 9 months, sorted by sales', async () => {
    const trending = await all({ type: 'trending' });
    assert.ok(trending.length > 0, 'the seed releases some videos within 8 days');
    assert.ok(trending.every((v) => Date.now() - Date.parse(v.releasedAt) <= 8 * DAY_MS));
    const top = await all({ type: 'top' });
    assert.ok(top.length > 0);
    assert.ok(top.every((v) => Date.now() - Date.parse(v.releasedAt) <= 274 * DAY_MS));
    assert.ok(nonIncreasing(await column(top, 'salesCount')));
    assert.equal(trending.length, await countVideos(sql`${videos.releasedAt} >= now() - interval '8 days'`));
  });

  test("the release windows follow the server's clock", async () => {
    const [latest] = (await grid({ type: 'all', sort: 'newest', pageSize: 1 })).items;
    const newest = Date.parse(latest!.releasedAt);
    const clock = t.ctx.now;
    try {
      // nine days after the newest release nothing is trending any more; the day after it all of it still is
      t.ctx.now = () => new Date(newest + 9 * DAY_MS);
      assert.equal((await grid({ type: 'trending' })).total, 0);
      t.ctx.now = () => new Date(newest + DAY_MS);
      const { total } = await grid({ type: 'trending' });
      assert.ok(total > 0);
      assert.equal(total, await countVideos(sql`${videos.releasedAt} >= ${new Date(newest - 7 * DAY_MS)}`));
    } finally {
      t.ctx.now = clock;
    }
  });

  test('free clips are free videos of female performers; discounted ones are cheaper than their base price', async () => {
    const free = await all({ type: 'free' });
    assert.ok(free.length > 0);
    assert.equal(free.length, await countVideos(sql`${videos.free} and ${performerCard.gender} = 'F'`));
    assert.ok(free.every((v) => v.free));
    const discounted = await all({ type: 'discounted' });
    assert.ok(discounted.length > 0);
    assert.ok(discounted.every((v) => v.price.value < v.basePrice.value));
    assert.ok(nonIncreasing(discounted.map((v) => Date.parse(v.releasedAt))));
    assert.ok((await all({ type: 'vip30' })).every((v) => v.vip));
    assert.ok((await all({ type: 'new' })).every((v) => v.new));
  });

  test('the seven sort orders', async () => {
    const sorted = async (sort: VideoGridRequest['sort']) => all({ type: 'all', sort });
    assert.ok(nonIncreasing((await sorted('newest')).map((v) => Date.parse(v.releasedAt))));
    assert.ok(nonIncreasing((await sorted('mostExpensive')).map((v) => v.price.value)));
    assert.ok(nonDecreasing((await sorted('cheapest')).map((v) => v.price.value)));
    assert.ok(nonIncreasing((await sorted('longest')).map((v) => v.duration)));
    assert.ok(nonDecreasing((await sorted('shortest')).map((v) => v.duration)));
    assert.ok(nonIncreasing(await column(await sorted('bestSelling'), 'salesCount')));
    assert.ok(nonIncreasing((await sorted('topRated')).map((v) => v.rating.likes)));
  });

  test('filters: tags, duration, genders, flags and the search pattern', async () => {
    const everything = await all({ type: 'all' });
    const tag = everything[0]!.tags[0]!;
    const tagged = await all({ type: 'all', tags: [tag] });
    assert.ok(tagged.length > 0 && tagged.every((v) => v.tags.includes(tag)));
    const short = await all({ type: 'all', duration: { from: 60, to: 600 } });
    assert.ok(short.length > 0 && short.every((v) => v.duration >= 60 && v.duration <= 600));
    assert.equal((await all({ type: 'all', duration: { from: -1, to: -1 } })).length, everything.length);

    const noFree = await all({ type: 'all', includeFreeVideos: false });
    assert.ok(noFree.every((v) => !v.free));
    const onlyFree = await all({ type: 'all', freeVideosOnly: true });
    assert.ok(onlyFree.length > 0 && onlyFree.every((v) => v.free));
    assert.equal(noFree.length + onlyFree.length, everything.length);
    assert.ok((await all({ type: 'all', includeVIPVideos: false })).every((v) => !v.vip));
    assert.ok(
      (await all({ type: 'all', includeOnSaleVideos: false })).every((v) => v.price.value >= v.basePrice.value),
    );
    assert.ok((await all({ type: 'all', includeContestVideos: false })).every((v) => v.contestInfo === null));
    assert.ok((await column(await all({ type: 'all', isRecommended: true }), 'recommended')).every(Boolean));

    const males = await all({ type: 'all', actorGenders: ['M'] });
    assert.equal(males.length, await countVideos(eq(performerCard.gender, 'M')));
    assert.equal((await all({ type: 'all', actorGenders: ['NONE'] })).length, everything.length);

    const word = everything[0]!.title.split(' ')[0]!;
    const found = await all({ type: 'all', searchPattern: word });
    assert.ok(
      found.length > 0 &&
        found.every((v) =>
          `${v.title} ${v.model.displayName} ${v.tags.join(' ')}`.toLowerCase().includes(word.toLowerCase()),
        ),
    );
    assert.deepEqual(await all({ type: 'all', searchPattern: '%_no such video_%' }), []);
  });

  test('an unknown category is the 400 "Unmapped category"; bad payloads are 400 too', async () => {
    const response = await get(
      `/rest/v1/tileGrid/get/videos/${encodeURIComponent(JSON.stringify({ type: 'nonsense' }))}`,
    );
    assert.equal(response.statusCode, 400);
    const body = response.json<ErrorBody>();
    assert.equal(body.code, 'UNMAPPED_CATEGORY');
    assert.match(body.message, /Unmapped category/);
    for (const payload of [
      '[1,2]',
      '"text"',
      'not json',
      JSON.stringify({ type: 'all', page: 0 }),
      JSON.stringify({ sort: 'random' }),
    ]) {
      const bad = await get(`/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`);
      assert.equal(bad.statusCode, 400, payload);
      assert.equal(bad.json<ErrorBody>().code, 'VALIDATION_FAILED');
    }
    assert.equal((await get(`/rest/v1/tileGrid/get/actors/${encodeURIComponent('{}')}`)).statusCode, 400);
  });

  test('the bought category needs a logged-in guest', async () => {
    const response = await get(
      `/rest/v1/tileGrid/get/videos/${encodeURIComponent(JSON.stringify({ type: 'bought' }))}`,
    );
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<ErrorBody>().code, 'LOGIN_REQUIRED');
  });
});

describe('videos, albums and the media library', () => {
  test('video by id, and 404 for an unknown one', async () => {
    const [first] = (await grid({ type: 'all' })).items;
    const response = await get(`/rest/v1/video/${first!.id}`);
    assert.equal(response.statusCode, 200);
    const found = response.json<Video>();
    assert.deepEqual(found, first);
    assert.match(found.preview.url, /^\/media\//);
    assert.equal((await t.app.inject({ method: 'GET', url: found.preview.url })).statusCode, 200);
    const missing = await get('/rest/v1/video/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<ErrorBody>().code, 'NOT_FOUND');
    assert.equal((await get('/rest/v1/video/abc')).statusCode, 400);
  });

  test('album by id with its pictures, and 404 for an unknown one', async () => {
    const [someAlbum] = await t.ctx.db.select({ id: albums.id }).from(albums).limit(1);
    const response = await get(`/rest/v1/gallery/open?albumId=${someAlbum!.id}`);
    assert.equal(response.statusCode, 200);
    const album = response.json<Album>();
    assert.ok(album.pictures.length >= 4 && album.pictures.length <= 8);
    assert.equal(album.pictureCount, album.pictures.length);
    assert.ok(album.pictures.every((p) => p.width === 640 && p.height === 480));
    const missing = await get('/rest/v1/gallery/open?albumId=999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<ErrorBody>().code, 'NOT_FOUND');
  });

  test("an actor's videos and albums are theirs only", async () => {
    const [videoRow] = await t.ctx.db.select({ actorId: videos.actorId }).from(videos).limit(1);
    const page = (await get(`/rest/v1/media/actor/${videoRow!.actorId}/videos?pageSize=100`)).json<Page<Video>>();
    assert.ok(page.items.length > 0 && page.items.every((v) => v.model.id === videoRow!.actorId));
    const [albumRow] = await t.ctx.db.select({ actorId: albums.actorId }).from(albums).limit(1);
    const actorAlbums = (await get(`/rest/v1/media/actor/${albumRow!.actorId}/albums`)).json<Page<AlbumSummary>>();
    assert.ok(actorAlbums.items.length > 0 && actorAlbums.items.every((a) => a.actor.id === albumRow!.actorId));
    assert.deepEqual((await get('/rest/v1/media/actor/999999/videos')).json<Page<Video>>().items, []);
  });

  test('the media library needs a guest, starts empty and shows what the guest owns', async () => {
    assert.equal((await get('/rest/v1/mediathek/items')).json<ErrorBody>().code, 'LOGIN_REQUIRED');
    const { accessToken, guest } = await t.signup();
    const empty = (await get('/rest/v1/mediathek/items', accessToken)).json<Page<MediathekItem>>();
    assert.equal(empty.total, 0);

    const [owned] = (await grid({ type: 'all' })).items;
    await t.ctx.db
      .insert(mediaLibrary)
      .values({ guestId: guest.id, mediaType: 'VIDEO', videoId: owned!.id, source: 'PURCHASED' });
    const library = (await get('/rest/v1/mediathek/items?mediaType=VIDEO', accessToken)).json<Page<MediathekItem>>();
    assert.equal(library.total, 1);
    assert.equal(library.items[0]!.video!.id, owned!.id);
    assert.equal(library.items[0]!.video!.guestInfo.bought, true);
    assert.equal(
      (await get('/rest/v1/mediathek/items?mediaType=PHOTO', accessToken)).json<Page<MediathekItem>>().total,
      0,
    );

    assert.deepEqual(
      (await all({ type: 'bought' }, accessToken)).map((v) => v.id),
      [owned!.id],
    );
    assert.ok((await all({ type: 'all', includeBoughtVideos: false }, accessToken)).every((v) => v.id !== owned!.id));
    assert.equal((await get(`/rest/v1/video/${owned!.id}`)).json<Video>().guestInfo.bought, false, 'not for others');
  });
});

describe('album ratings and comments', () => {
  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

  test('like and dislike toggle, and the counters follow', async () => {
    const [albumRow] = await t.ctx.db.select().from(albums).limit(1);
    const { accessToken } = await t.signup();
    const rate = async (guestRating: number) => {
      const response = await post('/rest/v1/gallery/setGuestRating', accessToken, {
        albumId: albumRow!.id,
        guestRating,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<AlbumRatingResult>();
    };
    const liked = await rate(5);
    assert.deepEqual(
      [liked.guestRatingLikes, liked.guestRatingDislikes, liked.isLiked, liked.isDisliked],
      [albumRow!.likes + 1, albumRow!.dislikes, true, false],
    );
    const opened = (await get(`/rest/v1/gallery/open?albumId=${albumRow!.id}`, accessToken)).json<Album>();
    assert.equal(opened.isLiked, true);
    const switched = await rate(1);
    assert.deepEqual(
      [switched.guestRatingLikes, switched.guestRatingDislikes, switched.isLiked, switched.isDisliked],
      [albumRow!.likes, albumRow!.dislikes + 1, false, true],
    );
    const takenBack = await rate(1);
    assert.deepEqual(
      [takenBack.guestRatingLikes, takenBack.guestRatingDislikes, takenBack.isDisliked],
      [albumRow!.likes, albumRow!.dislikes, false],
    );

    assert.equal(
      (
        await post('/rest/v1/gallery/setGuestRating', anonymous, { albumId: albumRow!.id, guestRating: 5 })
      ).json<ErrorBody>().code,
      'LOGIN_REQUIRED',
    );
    assert.equal(
      (await post('/rest/v1/gallery/setGuestRating', accessToken, { albumId: albumRow!.id, guestRating: 3 }))
        .statusCode,
      400,
    );
    assert.equal(
      (await post('/rest/v1/gallery/setGuestRating', accessToken, { albumId: 999999, guestRating: 5 })).statusCode,
      404,
    );
  });

  test('a guest comments once; the total rises and commenting closes', async () => {
    const [albumRow] = await t.ctx.db.select().from(albums).limit(1);
    const { accessToken, guest } = await t.signup();
    const comments = async (token: string) =>
      (await get(`/rest/v1/gallery/getComments?albumId=${albumRow!.id}&limit=5`, token)).json<AlbumComments>();
    const before = await comments(accessToken);
    assert.equal(before.isGuestAllowedToCommentAlbum, true);
    assert.equal((await comments(anonymous)).isGuestAllowedToCommentAlbum, false);

    const response = await post('/rest/v1/gallery/postComment', accessToken, {
      albumId: albumRow!.id,
      commentText: '  Lovely light!  ',
    });
    assert.equal(response.statusCode, 200, response.body);
    const posted = response.json<{
      comment: { text: string; guestName: string };
      commentsTotal: number;
      isGuestAllowedToCommentAlbum: boolean;
    }>();
    assert.deepEqual(
      [posted.comment.text, posted.comment.guestName, posted.commentsTotal, posted.isGuestAllowedToCommentAlbum],
      ['Lovely light!', guest.name, before.total + 1, false],
    );
    const after = await comments(accessToken);
    assert.equal(after.comments[0]!.text, 'Lovely light!');
    assert.equal(after.isGuestAllowedToCommentAlbum, false);
    assert.equal(
      (await get(`/rest/v1/gallery/open?albumId=${albumRow!.id}`, accessToken)).json<Album>().commentsTotal,
      before.total + 1,
    );

    const again = await post('/rest/v1/gallery/postComment', accessToken, {
      albumId: albumRow!.id,
      commentText: 'Again',
    });
    assert.equal(again.statusCode, 403);
    assert.equal(again.json<ErrorBody>().code, 'FORBIDDEN');
    assert.equal(
      (await post('/rest/v1/gallery/postComment', accessToken, { albumId: albumRow!.id, commentText: '   ' }))
        .statusCode,
      400,
    );
    assert.equal(
      (
        await post('/rest/v1/gallery/postComment', anonymous, { albumId: albumRow!.id, commentText: 'Hi' })
      ).json<ErrorBody>().code,
      'LOGIN_REQUIRED',
    );
    assert.equal((await get('/rest/v1/gallery/getComments?albumId=999999')).statusCode, 404);
    assert.equal((await get(`/rest/v1/gallery/getComments?albumId=${albumRow!.id}&limit=501`)).statusCode, 400);
  });
});

describe('videos query', () => {
  test('answers the same page as the tile grid, and Unmapped category as an error', async () => {
    const ask = (variables: object) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${anonymous}` },
        payload: { query: videosQuery.document, variables },
      });
    const response = await ask({ filter: { type: 'discounted', page: 2, sort: null } });
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json<{ data: { videos: VideoPage } }>();
    assert.deepEqual(data.videos, await grid({ type: 'discounted', page: 2 }));
    const unmapped = (await ask({ filter: { type: 'nonsense' } })).json<{ errors: { message: string }[] }>();
    assert.match(unmapped.errors[0]!.message, /Unmapped category/);
  });
});

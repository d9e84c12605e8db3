import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Album, AuthResponse, ErrorBody, Page, PinnedPhoto, Video } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { setAvsStatus } from '../auth/age';
import { albums, videos } from './schema';

let t: TestApp;
let anonymous: string;
let unverified: AuthResponse;
let verified: AuthResponse;
let freeVideoId: number;
let paidVideoId: number;
let adultAlbumId: number;
let teenAlbumId: number;

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  anonymous = await t.anonymousToken();
  unverified = await t.signup();
  verified = await t.signup();
  await setAvsStatus(t.ctx.db, verified.guest.id, 'accepted');
  const [free] = await t.ctx.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.free, true), isNotNull(videos.clip)))
    .limit(1);
  const [paid] = await t.ctx.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.free, false), isNotNull(videos.clip)))
    .limit(1);
  const [adult] = await t.ctx.db.select({ id: albums.id }).from(albums).where(eq(albums.ageRating, 18)).limit(1);
  const [teen] = await t.ctx.db.select({ id: albums.id }).from(albums).where(eq(albums.ageRating, 16)).limit(1);
  freeVideoId = free!.id;
  paidVideoId = paid!.id;
  adultAlbumId = adult!.id;
  teenAlbumId = teen!.id;
});
after(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const video = async (id: number, token: string) => (await get(`/rest/v1/video/${id}`, token)).json<Video>();
const album = async (id: number, token: string) =>
  (await get(`/rest/v1/gallery/open?albumId=${id}`, token)).json<Album>();
const refused = (answer: Awaited<ReturnType<typeof get>>, what: string) => {
  assert.equal(answer.statusCode, 403, what);
  assert.equal(answer.json<ErrorBody>().code, 'AGE_CHECK_REQUIRED', what);
};
const original = (url: string) => url.replace(/\.blur\.webp$/, '.webp').replace(/\?.*$/, '');

describe('videos rated 18', () => {
  test('a guest who is not verified (and every visitor) gets the blurred preview, and the files are refused', async () => {
    for (const [who, token] of [
      ['visitor', anonymous],
      ['guest', unverified.accessToken],
    ] as const) {
      const shown = await video(paidVideoId, token);
      assert.equal(shown.ageRating, 18);
      assert.equal(shown.needAgeCheck, true, who);
      assert.match(shown.preview.url, /^\/media\/videos\/\d+\/preview\.blur\.webp$/, who);
      assert.deepEqual(shown.previewThumbnails, [shown.preview.url]);
      const blurred = await get(shown.preview.url);
      assert.equal(blurred.statusCode, 200, who);
      assert.equal(blurred.headers['content-type'], 'image/webp');
      refused(await get(original(shown.preview.url)), `${who}: the preview itself`);
      refused(await get(shown.clip!.previewUrl), `${who}: the preview clip`);
    }
    refused(await get(`/rest/v1/video/${freeVideoId}/stream`, unverified.accessToken), 'a free video in full');
    refused(await get(`/rest/v1/video/${paidVideoId}/stream`, unverified.accessToken), 'a paid video in full');
  });

  test('the blurred variant is a real, smaller image, not the original', async () => {
    const shown = await video(paidVideoId, unverified.accessToken);
    const blurred = await sharp((await get(shown.preview.url)).rawPayload).metadata();
    const verifiedView = await video(paidVideoId, verified.accessToken);
    const real = await sharp((await get(verifiedView.preview.url)).rawPayload).metadata();
    assert.equal(real.width, 320);
    assert.ok(blurred.width! < real.width! / 4, `blurred ${blurred.width} wide`);
  });

  test('a verified guest gets signed URLs of the real files and streams what it may', async () => {
    const shown = await video(paidVideoId, verified.accessToken);
    assert.equal(shown.needAgeCheck, false);
    assert.match(shown.preview.url, /^\/media\/videos\/\d+\/preview\.webp\?avs=\d+\.[\w-]{43}$/);
    assert.equal((await get(shown.preview.url)).statusCode, 200);
    assert.equal((await get(shown.clip!.previewUrl)).statusCode, 200);
    const stream = await get(`/rest/v1/video/${freeVideoId}/stream`, verified.accessToken);
    assert.equal(stream.statusCode, 200);
    assert.equal(stream.headers['content-type'], 'video/mp4');
    // verified is not owning: a paid video still needs buying
    const paid = await get(`/rest/v1/video/${paidVideoId}/stream`, verified.accessToken);
    assert.equal(paid.json<ErrorBody>().code, 'NOT_OWNED');
  });

  test('a signed URL altered, moved to another file or expired is refused', async () => {
    const { preview } = await video(paidVideoId, verified.accessToken);
    const [path, query] = preview.url.split('?');
    const signature = query!.split('.')[1]!;
    refused(await get(`${path}?${query!.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`), 'altered');
    const other = await video(freeVideoId, unverified.accessToken);
    refused(await get(`${original(other.preview.url)}?${query}`), 'another file');
    const expires = Number(query!.slice('avs='.length).split('.')[0]);
    const now = t.ctx.now;
    t.ctx.now = () => new Date(expires * 1000 + 1000);
    try {
      refused(await get(preview.url), 'expired');
    } finally {
      t.ctx.now = now;
    }
  });

  test('the structured query answers the same gate as REST', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${unverified.accessToken}` },
      payload: { query: '{ videos(filter: { pageSize: 3 }) { items { needAgeCheck preview { url } } } }' },
    });
    const items = answer.json<{ data: { videos: { items: Pick<Video, 'needAgeCheck' | 'preview'>[] } } }>().data.videos
      .items;
    assert.ok(items.length > 0);
    for (const item of items) {
      assert.equal(item.needAgeCheck, true);
      assert.match(item.preview.url, /\.blur\.webp$/);
    }
  });
});

describe('photo albums', () => {
  test('rated 18: previews and pictures blurred for a guest who is not verified, the originals refused', async () => {
    const shown = await album(adultAlbumId, unverified.accessToken);
    assert.equal(shown.needAgeCheck, true);
    for (const url of [shown.previews[0]!.url, ...shown.pictures.map((picture) => picture.url)]) {
      assert.match(url, /\.blur\.webp$/);
      assert.equal((await get(url)).statusCode, 200);
      refused(await get(original(url)), url);
    }
    const forVerified = await album(adultAlbumId, verified.accessToken);
    assert.equal(forVerified.needAgeCheck, false);
    for (const picture of forVerified.pictures) assert.equal((await get(picture.url)).statusCode, 200);
  });

  test('rated 16 (the free rating of images): the same pictures for everyone', async () => {
    const shown = await album(teenAlbumId, anonymous);
    assert.equal(shown.needAgeCheck, false);
    assert.match(shown.previews[0]!.url, /^\/media\/albums\/\d+\/preview\.webp$/);
    assert.equal((await get(shown.previews[0]!.url)).statusCode, 200);
  });

  test('a pinned picture of an adult album is blurred until the guest is verified', async () => {
    const guest = await t.signup();
    const pictureId = (await album(adultAlbumId, guest.accessToken)).pictures[0]!.id;
    const socket = await openSocketSession(t.app, guest.accessToken);
    try {
      socket.send({ type: 'favoritePinPicture', pictureId });
      await socket.next('favoritePicture');
    } finally {
      socket.close();
    }
    const pinned = async () =>
      (await get('/rest/v1/gallery/getPinnedPhotos?page=1&pageSize=10', guest.accessToken)).json<Page<PinnedPhoto>>()
        .items[0]!.url;
    assert.match(await pinned(), /\.blur\.webp$/);
    await setAvsStatus(t.ctx.db, guest.guest.id, 'accepted');
    assert.match(await pinned(), /\.webp\?avs=/);
  });
});

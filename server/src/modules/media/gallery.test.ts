import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Album, AlbumRatingResult, ErrorBody, Page, PinnedPhoto, Sedcards } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { listPerformerCards } from '../performers/catalogue';
import { albumPictures, albums } from './schema';
import { openSocketSession } from '../../testing/socket';

let t: TestApp;

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
after(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(token), payload });

describe('sedcards', () => {
  test('answers the performer sedcards by id and by name with the album rating fields', async () => {
    const [actor] = await listPerformerCards(t.ctx.db, 1);
    const visitor = await t.anonymousToken();
    const byId = await get(`/rest/v1/gallery/getsedcards/${actor!.id}`, visitor);
    assert.equal(byId.statusCode, 200);
    const sedcards = byId.json<Sedcards>();
    assert.equal(sedcards.actor.id, actor!.id);
    assert.equal(sedcards.pictures.length, 4);
    assert.ok(sedcards.pictures.every((p) => p.url.startsWith('/media/') && p.width === 640));
    assert.deepEqual(
      [sedcards.guestRatingLikes, sedcards.guestRatingDislikes, sedcards.isLiked, sedcards.isDisliked],
      [0, 0, false, false],
    );
    const byName = await get(`/rest/v1/gallery/getsedcards/${actor!.name.toUpperCase()}`, visitor);
    assert.deepEqual(byName.json<Sedcards>(), sedcards);
    const unknown = await get('/rest/v1/gallery/getsedcards/nobody-here', visitor);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<ErrorBody>().code, 'NOT_FOUND');
  });

  test('like and dislike toggle like album ratings, for logged-in guests only', async () => {
    const [actor] = await listPerformerCards(t.ctx.db, 1);
    const url = `/rest/v1/gallery/setSedcardsGuestRating/${actor!.id}`;
    const first = await t.signup();
    const second = await t.signup();
    const rate = async (token: string, guestRating: number) => {
      const response = await post(url, token, { guestRating });
      assert.equal(response.statusCode, 200, response.body);
      const { success, guestRatingLikes, guestRatingDislikes, isLiked, isDisliked, albumTotalViews } =
        response.json<AlbumRatingResult>();
      assert.equal(success, true);
      assert.equal(typeof albumTotalViews, 'number');
      return [guestRatingLikes, guestRatingDislikes, isLiked, isDisliked];
    };
    assert.deepEqual(await rate(first.accessToken, 5), [1, 0, true, false]);
    assert.deepEqual(await rate(second.accessToken, 5), [2, 0, true, false]);
    assert.deepEqual(await rate(first.accessToken, 1), [1, 1, false, true], 'the other rating switches');
    assert.deepEqual(await rate(first.accessToken, 1), [1, 0, false, false], 'the same rating is taken back');

    const shown = (await get(`/rest/v1/gallery/getsedcards/${actor!.id}`, second.accessToken)).json<Sedcards>();
    assert.deepEqual([shown.guestRatingLikes, shown.isLiked], [1, true]);

    const anonymous = await post(url, await t.anonymousToken(), { guestRating: 5 });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json<ErrorBody>().code, 'LOGIN_REQUIRED');
    const bad = await post(url, first.accessToken, { guestRating: 3 });
    assert.equal(bad.statusCode, 400);
    const missing = await post('/rest/v1/gallery/setSedcardsGuestRating/999999', first.accessToken, {
      guestRating: 5,
    });
    assert.equal(missing.statusCode, 404);
  });
});

describe('album views', () => {
  test('count once per logged-in guest; anonymous calls are answered and count nothing', async () => {
    const [album] = await t.ctx.db.select().from(albums).limit(1);
    const views = async () =>
      (await t.ctx.db.select({ v: albums.totalViews }).from(albums).where(eq(albums.id, album!.id)))[0]!.v;
    const before = await views();
    const record = (token: string) => post('/rest/v1/gallery/recordView', token, { albumId: album!.id });

    const anonymous = await record(await t.anonymousToken());
    assert.equal(anonymous.statusCode, 200);
    assert.deepEqual(anonymous.json(), { success: true, albumTotalViews: before });

    const { accessToken } = await t.signup();
    assert.deepEqual((await record(accessToken)).json(), { success: true, albumTotalViews: before + 1 });
    assert.deepEqual((await record(accessToken)).json(), { success: true, albumTotalViews: before + 1 });
    const other = await t.signup();
    assert.deepEqual((await record(other.accessToken)).json(), { success: true, albumTotalViews: before + 2 });
    assert.equal(await views(), before + 2);

    const missing = await post('/rest/v1/gallery/recordView', accessToken, { albumId: 999999 });
    assert.equal(missing.statusCode, 404);
  });
});

describe('pinned photos', () => {
  test('pin and unpin over the socket for logged-in guests; the list pages, newest first', async () => {
    const pictures = await t.ctx.db.select().from(albumPictures).orderBy(albumPictures.id).limit(3);
    const connect = (accessToken: string) => openSocketSession(t.app, accessToken);
    const { accessToken } = await t.signup();
    const tab = await connect(accessToken);
    for (const picture of pictures) {
      tab.send({ type: 'favoritePinPicture', pictureId: picture.id });
      assert.deepEqual(await tab.next('favoritePicture'), {
        type: 'favoritePicture',
        pictureId: picture.id,
        pinned: true,
      });
    }
    tab.send({ type: 'favoritePinPicture', pictureId: pictures[0]!.id });
    await tab.next('favoritePicture');
    tab.send({ type: 'favoriteUnpinPicture', pictureId: pictures[1]!.id });
    assert.deepEqual(await tab.next('favoritePicture'), {
      type: 'favoritePicture',
      pictureId: pictures[1]!.id,
      pinned: false,
    });
    tab.send({ type: 'favoritePinPicture', pictureId: 999999 });

    const page = (await get('/rest/v1/gallery/getPinnedPhotos?page=1&pageSize=1', accessToken)).json<
      Page<PinnedPhoto>
    >();
    assert.equal(page.total, 2, 'pinning twice keeps one pin; the unknown picture is ignored');
    assert.equal(page.items.length, 1);
    const all = (await get('/rest/v1/gallery/getPinnedPhotos', accessToken)).json<Page<PinnedPhoto>>();
    assert.deepEqual(
      all.items.map((p) => p.id),
      [pictures[2]!.id, pictures[0]!.id],
    );
    assert.equal(all.items[0]!.albumId, pictures[2]!.albumId);
    const album = (await get(`/rest/v1/gallery/open?albumId=${pictures[0]!.albumId}`, accessToken)).json<Album>();
    assert.equal(album.pictures.find((p) => p.id === pictures[0]!.id)?.pinned, true);
    assert.equal(album.pictures.find((p) => p.id === pictures[1]!.id)?.pinned, false);

    const visitorToken = await t.anonymousToken();
    const visitor = await connect(visitorToken);
    visitor.send({ type: 'favoritePinPicture', pictureId: pictures[0]!.id });
    // The hub drops a visitor's pin as it reads it: once a later ping is answered, it was dropped.
    await visitor.settled();
    assert.deepEqual(
      visitor.received.filter((m) => m.type === 'favoritePicture'),
      [],
    );
    const anonymousList = await get('/rest/v1/gallery/getPinnedPhotos', visitorToken);
    assert.equal(anonymousList.statusCode, 401);
    for (const client of [tab, visitor]) client.close();
  });
});

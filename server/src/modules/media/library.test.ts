import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  BuyResult,
  ErrorBody,
  MediathekItem,
  MediathekTotals,
  Page,
  SidebarCounts,
  Video,
} from '@velvet/contracts';
import { setAvsStatus } from '../auth/age';
import { createTestApp, type TestApp } from '../../testing/app';
import { accountBalance, transfer } from '../wallet/service';
import { walletEntries } from '../wallet/schema';
import { performerShare } from '../wallet/money';
import { assignMissingClips } from './seed';
import { albums, mediaLibrary, videos } from './schema';
import { guests } from '../auth/schema';
import { openSocketSession } from '../../testing/socket';
import { newestNotifications } from '../notifications/service';

let t: TestApp;

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
after(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const post = (url: string, token: string, payload: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const buyVideo = (token: string, videoId: number, payload: object = {}, key?: string | null) =>
  post(`/rest/v1/album/${videoId}/buy?mediaType=VIDEO`, token, payload, key);

/** Coins for a guest from the sandbox, as a successful charge would give them. */
async function credit(guestId: string, amount: number) {
  await transfer(t.ctx.db, {
    reason: 'test.credit',
    at: t.ctx.now(),
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -amount },
      { account: { kind: 'guest', id: guestId }, amount },
    ],
  });
}
const balance = (guestId: string) => accountBalance(t.ctx.db, { kind: 'guest', id: guestId });
async function paidVideos(count: number) {
  return t.ctx.db
    .select()
    .from(videos)
    .where(and(gt(videos.price, 0), eq(videos.free, false)))
    .orderBy(videos.id)
    .limit(count);
}
async function libraryRows(guestId: string) {
  return t.ctx.db.select().from(mediaLibrary).where(eq(mediaLibrary.guestId, guestId));
}

describe('buying', () => {
  test('charges the price shown, once, split between the performer and the platform', async () => {
    const [video] = await paidVideos(1);
    const { accessToken, guest } = await t.signup();

    const broke = await buyVideo(accessToken, video!.id, { price: video!.price });
    assert.equal(broke.statusCode, 402, broke.body);
    assert.equal(broke.json<ErrorBody>().code, 'INSUFFICIENT_FUNDS');
    assert.deepEqual(await libraryRows(guest.id), [], 'nothing is owned after a refused purchase');

    await credit(guest.id, video!.price + 250);
    const performerBefore = await accountBalance(t.ctx.db, { kind: 'performer', id: video!.actorId });
    const platformBefore = await accountBalance(t.ctx.db, { kind: 'system', id: 'platform' });
    const key = randomUUID();
    const bought = await buyVideo(accessToken, video!.id, { price: video!.price }, key);
    assert.equal(bought.statusCode, 200, bought.body);
    const result = bought.json<BuyResult>();
    assert.equal(result.charged, true);
    assert.equal(result.guestBalance, 2.5, 'the balance is answered in coins');
    assert.equal(result.guestBalanceFormatted, '2.50\u00a0VXC');
    assert.equal(await balance(guest.id), 250);
    const share = performerShare(video!.price);
    assert.equal(await accountBalance(t.ctx.db, { kind: 'performer', id: video!.actorId }), performerBefore + share);
    assert.equal(
      await accountBalance(t.ctx.db, { kind: 'system', id: 'platform' }),
      platformBefore + video!.price - share,
    );
    const rows = await libraryRows(guest.id);
    assert.deepEqual(
      rows.map((r) => [r.mediaType, r.videoId, r.source, r.origin]),
      [['VIDEO', video!.id, 'PURCHASED', 'SHOP']],
    );
    const page = (await get(`/rest/v1/video/${video!.id}`, accessToken)).json<Video>();
    assert.equal(page.guestInfo.bought, true);

    // The same request again answers the first answer; a new request for an owned video charges nothing.
    const replay = await buyVideo(accessToken, video!.id, { price: video!.price }, key);
    assert.deepEqual(replay.json(), bought.json());
    const again = await buyVideo(accessToken, video!.id, { price: video!.price });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json<BuyResult>().charged, false);
    assert.equal(await balance(guest.id), 250);
    assert.equal((await libraryRows(guest.id)).length, 1);
    // One notification for the one purchase: none for the refused one nor for the video she owned already.
    const notified = await newestNotifications(t.ctx, guest.id, 5);
    assert.deepEqual(
      notified.notifications.map((n) => n.text),
      ['Your new video is waiting in your media library'],
    );
  });

  test('refuses without an Idempotency-Key, with another price than shown, or for an unknown video', async () => {
    const [video] = await paidVideos(1);
    const { accessToken, guest } = await t.signup();
    await credit(guest.id, video!.price * 2);
    const noKey = await buyVideo(accessToken, video!.id, {}, null);
    assert.equal(noKey.json<ErrorBody>().code, 'IDEMPOTENCY_KEY_MISSING');
    const changed = await buyVideo(accessToken, video!.id, { price: video!.price + 100 });
    assert.equal(changed.statusCode, 409);
    assert.equal(changed.json<ErrorBody>().code, 'PRICE_CHANGED');
    assert.equal((await buyVideo(accessToken, 999_999)).statusCode, 404);
    const anonymous = await buyVideo(await t.anonymousToken(), video!.id);
    assert.equal(anonymous.json<ErrorBody>().code, 'LOGIN_REQUIRED');
    assert.equal(await balance(guest.id), video!.price * 2, 'nothing was charged');
    assert.deepEqual(await libraryRows(guest.id), []);
  });

  test('buys a photo album by its own id space', async () => {
    const [album] = await t.ctx.db.select().from(albums).where(gt(albums.price, 0)).limit(1);
    const { accessToken, guest } = await t.signup();
    await credit(guest.id, album!.price);
    const response = await post(`/rest/v1/album/${album!.id}/buy`, accessToken, { price: album!.price });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<BuyResult>().guestBalance, 0);
    const [row] = await libraryRows(guest.id);
    assert.deepEqual([row!.mediaType, row!.albumId, row!.videoId], ['PHOTO', album!.id, null]);
  });

  test('buys an album with a POST without any body, as the spec calls it, also one saying JSON', async () => {
    const [first, second] = await t.ctx.db.select().from(albums).where(gt(albums.price, 0)).limit(2);
    const { accessToken, guest } = await t.signup();
    await credit(guest.id, first!.price + second!.price);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = (albumId: number, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/rest/v1/album/${albumId}/buy`, {
        method: 'POST',
        headers: { ...auth(accessToken), 'idempotency-key': randomUUID(), ...headers },
      });
    const bare = await raw(first!.id);
    assert.equal(bare.status, 200, await bare.clone().text());
    assert.equal((await bare.json()).charged, true);
    const json = await raw(second!.id, { 'content-type': 'application/json' });
    assert.equal(json.status, 200, await json.clone().text());
    assert.deepEqual(await json.json(), {
      success: true,
      charged: true,
      guestBalance: 0,
      guestBalanceFormatted: '0\u00a0VXC',
    });
    assert.equal((await libraryRows(guest.id)).length, 2);
  });

  test('a free video goes to the library without any transfer', async () => {
    const [free] = await t.ctx.db.select().from(videos).where(eq(videos.free, true)).limit(1);
    const { accessToken, guest } = await t.signup();
    const [before] = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(walletEntries);
    const response = await buyVideo(accessToken, free!.id, { price: 0 });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json<BuyResult>(), {
      success: true,
      charged: false,
      guestBalance: 0,
      guestBalanceFormatted: response.json<BuyResult>().guestBalanceFormatted,
    });
    const [afterwards] = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(walletEntries);
    assert.equal(afterwards!.count, before!.count);
    assert.deepEqual(
      (await libraryRows(guest.id)).map((r) => [r.videoId, r.source]),
      [[free!.id, 'PURCHASED']],
    );
  });

  test('30 parallel purchases of one video charge once', async () => {
    const [video] = await paidVideos(1);
    const { accessToken, guest } = await t.signup();
    await credit(guest.id, video!.price * 5);
    const answers = await Promise.all(Array.from({ length: 30 }, () => buyVideo(accessToken, video!.id)));
    assert.ok(answers.every((a) => a.statusCode === 200));
    assert.equal(answers.filter((a) => a.json<BuyResult>().charged).length, 1);
    assert.equal(await balance(guest.id), video!.price * 4);
    assert.equal((await libraryRows(guest.id)).length, 1);
  });

  test('parallel purchases of different videos stop where the balance ends, never below zero', async () => {
    const list = await paidVideos(20);
    const { accessToken, guest } = await t.signup();
    const cheapestFirst = [...list].sort((a, b) => a.price - b.price);
    const affordable = cheapestFirst.slice(0, 5).reduce((sum, v) => sum + v.price, 0);
    await credit(guest.id, affordable);
    const answers = await Promise.all(list.map((v) => buyVideo(accessToken, v.id)));
    const succeeded = answers.filter((a) => a.statusCode === 200);
    assert.ok(answers.every((a) => a.statusCode === 200 || a.json<ErrorBody>().code === 'INSUFFICIENT_FUNDS'));
    const spent = list.filter((_, i) => answers[i]!.statusCode === 200).reduce((sum, v) => sum + v.price, 0);
    const left = await balance(guest.id);
    assert.ok(left >= 0);
    assert.equal(left, affordable - spent);
    assert.equal((await libraryRows(guest.id)).length, succeeded.length);
    const [ledger] = await t.ctx.db.select({ sum: sql<number>`coalesce(sum(amount), 0)::int` }).from(walletEntries);
    assert.equal(ledger!.sum, 0, 'the ledger sums to zero');
  });
});

describe('media library', () => {
  test('pins, archives and unarchives with totals, filters and sidebar counts', async () => {
    const [first, second] = await paidVideos(2);
    const [album] = await t.ctx.db.select().from(albums).limit(1);
    const { accessToken, guest } = await t.signup();
    await credit(guest.id, first!.price);
    assert.equal((await buyVideo(accessToken, first!.id)).statusCode, 200);
    const { setPinned } = await import('./library');
    assert.equal(await setPinned(t.ctx.db, guest.id, 'VIDEO', second!.id, true), true);
    assert.equal(await setPinned(t.ctx.db, guest.id, 'VIDEO', second!.id, true), false, 'pinning twice is a no-op');
    assert.equal(await setPinned(t.ctx.db, guest.id, 'PHOTO', album!.id, true), true);

    const items = async (query: string) =>
      (await get(`/rest/v1/mediathek/items?${query}`, accessToken)).json<Page<MediathekItem>>();
    const totals = async () => (await get('/rest/v1/mediathek/totals', accessToken)).json<MediathekTotals>();
    const counts = async () => (await get('/rest/v1/mediathek/sidebarCounts', accessToken)).json<SidebarCounts>();

    assert.deepEqual(
      (await items('mediaType=VIDEO&sourceType=PURCHASED')).items.map((i) => [i.mediaId, i.source]),
      [[first!.id, 'PURCHASED']],
    );
    const pinned = await items('sourceType=PINNED');
    assert.deepEqual(pinned.items.map((i) => i.mediaType).sort(), ['PHOTO', 'VIDEO']);
    assert.equal(pinned.items.find((i) => i.mediaType === 'VIDEO')!.video!.guestInfo.pinned, true);
    assert.equal((await items('originType=CHATCLIP')).total, 0);
    assert.deepEqual(await totals(), {
      VIDEO: { PURCHASED: 1, PINNED: 1, ARCHIVED: 0 },
      PHOTO: { PURCHASED: 0, PINNED: 1, ARCHIVED: 0 },
      chatClips: 0,
    });
    assert.deepEqual(await counts(), { boughtVideos: 1, boughtPhotos: 0, privateCollection: 0, pinnedFavorites: 2 });

    const archive = (archived: boolean, mediaId = first!.id) =>
      post('/rest/v1/mediathek/archive', accessToken, { mediaType: 'VIDEO', mediaId, archived }, null);
    // Bought and pinned: archiving moves the purchase, so the archive lists the video once.
    assert.equal(await setPinned(t.ctx.db, guest.id, 'VIDEO', first!.id, true), true);
    const archived = await archive(true);
    assert.equal(archived.statusCode, 200, archived.body);
    assert.deepEqual(archived.json<{ totals: MediathekTotals }>().totals.VIDEO, {
      PURCHASED: 0,
      PINNED: 2,
      ARCHIVED: 1,
    });
    assert.equal((await items('mediaType=VIDEO&sourceType=PURCHASED')).total, 0);
    assert.deepEqual(
      (await items('sourceType=ARCHIVED')).items.map((i) => [i.mediaId, i.source]),
      [[first!.id, 'ARCHIVED']],
    );
    assert.equal((await counts()).boughtVideos, 1, 'an archived video is still owned');
    assert.equal((await get(`/rest/v1/video/${first!.id}`, accessToken)).json<Video>().guestInfo.bought, true);
    assert.equal((await archive(false)).statusCode, 200);
    assert.equal((await items('mediaType=VIDEO&sourceType=PURCHASED')).total, 1);
    assert.equal((await archive(true, 999_999)).json<ErrorBody>().code, 'NOT_FOUND');

    assert.equal(await setPinned(t.ctx.db, guest.id, 'VIDEO', first!.id, false), true);
    assert.equal(await setPinned(t.ctx.db, guest.id, 'VIDEO', second!.id, false), true);
    assert.equal((await counts()).pinnedFavorites, 1);
    await assert.rejects(setPinned(t.ctx.db, guest.id, 'PHOTO', 999_999, true), /No album/);
  });

  test('pins and unpins over the socket, answering every tab of the guest; anonymous pins are ignored', async () => {
    const [video] = await paidVideos(1);
    const [album] = await t.ctx.db.select().from(albums).limit(1);
    const connect = (accessToken: string) => openSocketSession(t.app, accessToken);
    const { accessToken, guest } = await t.signup();
    const tab = await connect(accessToken);
    const otherTab = await connect(accessToken);
    tab.send({ type: 'favoritePinAlbum', albumId: video!.id, mediaType: 'VIDEO' });
    const pinned = { type: 'favoriteAlbum', albumId: video!.id, mediaType: 'VIDEO', pinned: true };
    assert.deepEqual(await tab.next('favoriteAlbum'), pinned);
    assert.deepEqual(await otherTab.next('favoriteAlbum'), pinned);
    tab.send({ type: 'favoritePinAlbum', albumId: album!.id });
    assert.deepEqual(await tab.next('favoriteAlbum'), {
      type: 'favoriteAlbum',
      albumId: album!.id,
      mediaType: 'PHOTO',
      pinned: true,
    });
    tab.send({ type: 'favoriteUnpinAlbum', albumId: video!.id, mediaType: 'VIDEO' });
    assert.equal((await tab.next('favoriteAlbum')).type, 'favoriteAlbum');
    const rows = await libraryRows(guest.id);
    assert.deepEqual(
      rows.map((r) => [r.mediaType, r.albumId ?? r.videoId, r.source]),
      [['PHOTO', album!.id, 'PINNED']],
    );

    const visitorToken = await t.anonymousToken();
    const visitor = await connect(visitorToken);
    visitor.send({ type: 'favoritePinAlbum', albumId: album!.id });
    // The hub drops a visitor's pin as it reads it: once a later ping is answered, it was dropped.
    await visitor.settled();
    assert.deepEqual(
      visitor.received.filter((m) => m.type === 'favoriteAlbum'),
      [],
    );
    for (const client of [tab, otherTab, visitor]) client.close();
  });
});

describe('video clips', () => {
  test('VIP videos stream in full for VIP members, flagged as their flatrate; not for other guests', async () => {
    const [vipVideo] = await t.ctx.db
      .select()
      .from(videos)
      .where(and(eq(videos.vip, true), eq(videos.free, false)))
      .limit(1);
    assert.ok(vipVideo, 'the seed has VIP videos');
    const member = await t.signup();
    const other = await t.signup();
    await t.ctx.db.update(guests).set({ vip: true }).where(eq(guests.id, member.guest.id));
    // Both adults: the age check comes before the flatrate, and only the VIP flag tells them apart here.
    await t.ctx.db
      .update(guests)
      .set({ avsStatus: 'accepted' })
      .where(inArray(guests.id, [member.guest.id, other.guest.id]));
    const stream = (token: string) =>
      t.app.inject({ method: 'GET', url: `/rest/v1/video/${vipVideo.id}/stream?accessToken=${token}` });
    assert.equal((await stream(member.accessToken)).statusCode, 200);
    assert.equal((await stream(other.accessToken)).json<ErrorBody>().code, 'NOT_OWNED');
    const shown = (token: string) => get(`/rest/v1/video/${vipVideo.id}`, token).then((r) => r.json<Video>());
    assert.equal((await shown(member.accessToken)).guestInfo.flatrate, true);
    assert.equal((await shown(other.accessToken)).guestInfo.flatrate, false);
  });

  test('rated 18: the preview and clip play for verified guests only; the full clip for verified owners or when free', async () => {
    const [video] = await paidVideos(1);
    const [free] = await t.ctx.db.select().from(videos).where(eq(videos.free, true)).limit(1);
    const { accessToken, guest } = await t.signup();
    await setAvsStatus(t.ctx.db, guest.id, 'accepted');
    const visitor = await t.anonymousToken();
    const shown = (await get(`/rest/v1/video/${video!.id}`, accessToken)).json<Video>();
    assert.ok(shown.clip, 'every seeded video has a clip');

    const preview = await t.app.inject({ method: 'GET', url: shown.clip.previewUrl });
    assert.equal(preview.statusCode, 200);
    assert.equal(preview.headers['content-type'], 'video/mp4');
    assert.equal(preview.rawPayload.subarray(4, 8).toString(), 'ftyp', 'a real MP4');
    const visitorsPreview = (await get(`/rest/v1/video/${video!.id}`, visitor)).json<Video>().clip!.previewUrl;
    assert.equal((await t.app.inject({ method: 'GET', url: visitorsPreview })).statusCode, 403);

    const stream = (token: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `${shown.clip!.streamUrl}?accessToken=${token}`,
        headers,
      });
    const refused = await stream(accessToken);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json<ErrorBody>().code, 'NOT_OWNED');
    assert.equal((await stream(visitor)).json<ErrorBody>().code, 'AGE_CHECK_REQUIRED');

    await credit(guest.id, video!.price);
    assert.equal((await buyVideo(accessToken, video!.id)).statusCode, 200);
    const full = await stream(accessToken);
    assert.equal(full.statusCode, 200);
    assert.equal(full.headers['content-type'], 'video/mp4');
    assert.ok(full.rawPayload.length > preview.rawPayload.length, 'the full clip is longer than the preview');
    const range = await stream(accessToken, { range: 'bytes=0-99' });
    assert.equal(range.statusCode, 206, 'players can seek');
    assert.equal(range.rawPayload.length, 100);
    // an owner whose verification was revoked no longer streams it
    await setAvsStatus(t.ctx.db, guest.id, 'unknown');
    assert.equal((await stream(accessToken)).json<ErrorBody>().code, 'AGE_CHECK_REQUIRED');
    await setAvsStatus(t.ctx.db, guest.id, 'accepted');

    const freeClip = await t.app.inject({
      method: 'GET',
      url: `/rest/v1/video/${free!.id}/stream?accessToken=${accessToken}`,
    });
    assert.equal(freeClip.statusCode, 200);
    const freeForVisitor = await t.app.inject({ method: 'GET', url: `/rest/v1/video/${free!.id}/stream` });
    assert.equal(freeForVisitor.json<ErrorBody>().code, 'AGE_CHECK_REQUIRED');
    assert.equal((await t.app.inject({ method: 'GET', url: '/rest/v1/video/999999/stream' })).statusCode, 404);
  });

  test('videos seeded before clips existed get one on the next start', async () => {
    const [video] = await paidVideos(1);
    await t.ctx.db.update(videos).set({ clip: null }).where(eq(videos.id, video!.id));
    await assignMissingClips(t.ctx);
    const [row] = await t.ctx.db.select({ clip: videos.clip }).from(videos).where(eq(videos.id, video!.id));
    assert.match(row!.clip ?? '', /^clip-\d+$/);
    const verified = await t.signup();
    await setAvsStatus(t.ctx.db, verified.guest.id, 'accepted');
    const shown = (await get(`/rest/v1/video/${video!.id}`, verified.accessToken)).json<Video>();
    assert.equal((await t.app.inject({ method: 'GET', url: shown.clip!.previewUrl })).statusCode, 200);
  });
});

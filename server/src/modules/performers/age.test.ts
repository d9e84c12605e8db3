import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  chatEndpoints,
  feedOperations,
  mediaEndpoints,
  onlineModelsQuery,
  topCamsQuery,
  type GraphqlOperation,
  type AuthResponse,
  type TopCam,
  type TopCamsKind,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { assertShownThroughGate, gateGuests } from './age-fixtures';
import { setFavorite } from './favorites';
import { actors, actorSedcards } from './schema';

let t: TestApp;
let unverified: AuthResponse;
let verified: AuthResponse;
let adult: typeof actors.$inferSelect;
let teen: typeof actors.$inferSelect;
let adultSedcard: string;

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  ({ unverified, verified } = await gateGuests(t));
  const firstRated = async (ageRating: number) => {
    const [row] = await t.ctx.db
      .select()
      .from(actors)
      .where(eq(actors.ageRating, ageRating))
      .orderBy(asc(actors.id))
      .limit(1);
    assert.ok(row, `the seed rates some performers ${ageRating}`);
    return row;
  };
  adult = await firstRated(18);
  teen = await firstRated(16);
  // enough good ratings to be first of the top cams
  await t.ctx.db
    .update(actors)
    .set({ ratingCount: 900, ratingSum: 4500, ratingGoodCount: 900 })
    .where(eq(actors.id, adult.id));
  const [sedcard] = await t.ctx.db
    .select({ url: actorSedcards.url })
    .from(actorSedcards)
    .where(eq(actorSedcards.actorId, adult.id))
    .limit(1);
  adultSedcard = sedcard!.url;
});
after(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
/** The width of the image a URL answers (the originals are 320 or 640 wide, the blurred variants 48). */
const widthAt = async (url: string) => {
  const answer = await get(url);
  assert.equal(answer.statusCode, 200, url);
  assert.equal(answer.headers['content-type'], 'image/webp', url);
  return (await sharp(answer.rawPayload).metadata()).width!;
};
const bytesAt = async (url: string) => (await get(url)).rawPayload;
const profile = async (token?: string) =>
  chatEndpoints.actorData.response.parse(
    (await get(`/rest/v1/actor/getActorDataByIdOrName/${adult.id}`, token)).json(),
  );

describe("a performer rated 18: her avatar's and sedcards' files", () => {
  test('the plain URL answers the blurred variant, not refused, and not cached for long', async () => {
    for (const url of [adult.avatarUrl, adultSedcard]) {
      const plain = await get(url);
      assert.equal(plain.statusCode, 200, url);
      assert.deepEqual(plain.rawPayload, await bytesAt(t.ctx.images.blurredUrl(url)), url);
      assert.equal(plain.headers['cache-control'], 'public, max-age=3600');
      assert.ok((await widthAt(url)) <= 48, url);
    }
  });

  test('a valid signature answers the original', async () => {
    assert.equal(await widthAt(t.ctx.images.signedUrl(adult.avatarUrl, t.ctx.now())), 320);
    assert.equal(await widthAt(t.ctx.images.signedUrl(adultSedcard, t.ctx.now())), 640);
  });

  test('a forged, moved or expired signature answers the blurred variant', async () => {
    const blurred = await bytesAt(t.ctx.images.blurredUrl(adult.avatarUrl));
    const signed = t.ctx.images.signedUrl(adult.avatarUrl, t.ctx.now());
    const [path, query] = signed.split('?') as [string, string];
    const forged = `${path}?${query.slice(0, -1)}${query.endsWith('A') ? 'B' : 'A'}`;
    const moved = `${path}?${t.ctx.images.signedUrl(adultSedcard, t.ctx.now()).split('?')[1]}`;
    for (const url of [forged, moved, `${path}?avs=1.x`]) assert.deepEqual(await bytesAt(url), blurred, url);
    const expires = Number(query.slice('avs='.length).split('.')[0]);
    const now = t.ctx.now;
    t.ctx.now = () => new Date(expires * 1000 + 1000);
    try {
      assert.deepEqual(await bytesAt(signed), blurred, 'expired');
    } finally {
      t.ctx.now = now;
    }
  });

  test("a performer rated 16 is untouched: her plain URLs answer the originals, for everyone's answers", async () => {
    assert.equal(await widthAt(teen.avatarUrl), 320);
    const shown = chatEndpoints.actorData.response.parse(
      (await get(`/rest/v1/actor/getActorDataByIdOrName/${teen.id}`, verified.accessToken)).json(),
    );
    assert.equal(shown.avatar.url, teen.avatarUrl);
    assert.ok(shown.sedcards.every((sedcard) => !sedcard.url.includes('?') && !sedcard.url.includes('.blur.')));
  });
});

describe('answers through the age gate', () => {
  test('the profile signs the avatar and sedcards for a verified guest, blurs them for a visitor or a guest', async () => {
    for (const [who, token] of [
      ['visitor', undefined],
      ['guest', unverified.accessToken],
    ] as const) {
      const shown = await profile(token);
      assert.equal(shown.avatar.url, t.ctx.images.blurredUrl(adult.avatarUrl), who);
      assert.ok(
        shown.sedcards.every((sedcard) => sedcard.url.endsWith('.blur.webp')),
        who,
      );
    }
    const shown = await profile(verified.accessToken);
    assert.match(shown.avatar.url, /^\/media\/actors\/[^?]+\/avatar\.webp\?avs=\d+\.[\w-]{43}$/);
    assert.equal(await widthAt(shown.avatar.url), 320);
    assert.equal(shown.sedcards.length, 4);
    for (const sedcard of shown.sedcards) assert.equal(await widthAt(sedcard.url), 640);
  });

  test('the performer lists sign her avatar for a verified guest only', async () => {
    const avatarOf = async (token?: string) => {
      const page = chatEndpoints.actorList.response.parse(
        (await get('/rest/v1/actors/list/top-cams?page=1&pageSize=100', token)).json(),
      );
      return page.items.find((item) => item.id === adult.id)!.avatarUrl;
    };
    assert.equal(await avatarOf(), t.ctx.images.blurredUrl(adult.avatarUrl));
    assert.equal(await avatarOf(unverified.accessToken), t.ctx.images.blurredUrl(adult.avatarUrl));
    assert.equal(await widthAt(await avatarOf(verified.accessToken)), 320);
  });

  test("the gallery's sedcards are signed for a verified guest only", async () => {
    const sedcards = async (token?: string) =>
      mediaEndpoints.sedcards.response.parse((await get(`/rest/v1/gallery/getsedcards/${adult.name}`, token)).json())
        .pictures;
    assert.ok((await sedcards()).every((picture) => picture.url.endsWith('.blur.webp')));
    const signed = await sedcards(verified.accessToken);
    assert.equal(signed.length, 4);
    for (const picture of signed) assert.equal(await widthAt(picture.url), 640);
  });

  test("the top cams' preview and avatar pictures are signed for a verified guest only", async () => {
    const first = async (token: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: topCamsQuery.document, variables: { kind: 'bestChats' satisfies TopCamsKind, first: 1 } },
      });
      const item = answer.json<{ data: { topCams: { items: TopCam[] } } }>().data.topCams.items[0]!;
      assert.equal(item.id, adult.id);
      return item;
    };
    const blurred = await first(unverified.accessToken);
    assert.match(blurred.previewPicture, /\/sedcard-1\.blur\.webp$/);
    assert.equal(blurred.avatarPicture, t.ctx.images.blurredUrl(adult.avatarUrl));
    const signed = await first(verified.accessToken);
    assert.equal(await widthAt(signed.previewPicture), 640);
    assert.equal(await widthAt(signed.avatarPicture), 320);
  });
});

describe("other modules' answers show her avatar through the age gate", () => {
  const graphql = async <R, V extends Record<string, unknown>>(
    operation: GraphqlOperation<R, V>,
    variables: V,
    token?: string,
    url = '/graphql',
  ): Promise<R> => {
    const answer = await t.app.inject({
      method: 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { query: operation.document, variables },
    });
    const body = answer.json<{ data?: R; errors?: unknown }>();
    assert.ok(body.data, JSON.stringify(body.errors));
    return body.data;
  };
  /** Blurred for a visitor (where the answer is open to one) and an unverified guest, the original for a verified one. */
  const assertGated = async (avatarFor: (token?: string) => Promise<string>, visitors = true) => {
    const [signed] = await assertShownThroughGate(
      t,
      { unverified, verified },
      [adult.avatarUrl],
      async (token) => [await avatarFor(token)],
      { visitors },
    );
    assert.equal(await widthAt(signed!), 320);
  };

  test('the online models', async () => {
    await t.ctx.db
      .update(actors)
      .set({ isOnline: true, isTopAmateur: true, favoriteCount: 1_000_000 })
      .where(eq(actors.id, adult.id));
    await assertGated(async (token) => {
      const { onlineModels } = await graphql(onlineModelsQuery, { first: 1 }, token);
      assert.equal(onlineModels.items[0]?.id, adult.id);
      return onlineModels.items[0]!.avatarUrl;
    }, false);
  });

  test("the messenger's channel with her", async () => {
    await assertGated(async (token) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/messenger/channel/touch',
        headers: { authorization: `Bearer ${token}` },
        payload: { actorId: adult.id },
      });
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json<{ channel: { previewPictureUrl: string } }>().channel.previewPictureUrl;
    }, false);
  });

  test("the messenger's recommendations", async () => {
    await t.ctx.db.update(actors).set({ isOnline: true, favoriteCount: 1_000_000 }).where(eq(actors.id, adult.id));
    await assertGated(async (token) => {
      const answer = await get('/rest/v1/messenger/recommendations?useGrid=true', token);
      assert.equal(answer.statusCode, 200, answer.body);
      const shown = answer
        .json<{ actors: { id: number; avatarUrl: string }[] }>()
        .actors.find((a) => a.id === adult.id);
      assert.ok(shown, 'she is recommended');
      return shown.avatarUrl;
    });
  });

  test("the messenger's favourites", async () => {
    for (const guest of [unverified, verified]) await setFavorite(t.ctx.db, guest.guest.id, adult.id, true);
    await assertGated(async (token) => {
      const answer = await get('/rest/v1/messenger/favorites?limit=50', token);
      assert.equal(answer.statusCode, 200, answer.body);
      const shown = answer
        .json<{ actors: { id: number; avatarUrl: string }[] }>()
        .actors.find((a) => a.id === adult.id);
      assert.ok(shown, 'she is a favourite');
      return shown.avatarUrl;
    }, false);
  });

  test("the feed's model when a guest follows her", async () => {
    await assertGated(
      async (token) =>
        (await graphql(feedOperations.followModel, { modelId: String(adult.id) }, token, '/feed/graphql')).followModel
          .avatar,
      false,
    );
  });
});

test("a restarted server restricts a rated performer's pictures again before it serves them", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-avatars-'));
  try {
    const seeded = await createTestApp({ dataDir, seedScale: 0.05 });
    const [row] = await seeded.ctx.db
      .select({ avatarUrl: actors.avatarUrl })
      .from(actors)
      .where(eq(actors.ageRating, 18))
      .limit(1);
    await seeded.close();
    const restarted = await createTestApp({ dataDir });
    try {
      const plain = await restarted.app.inject({ method: 'GET', url: row!.avatarUrl });
      assert.equal(plain.statusCode, 200);
      assert.ok((await sharp(plain.rawPayload).metadata()).width! <= 48);
    } finally {
      await restarted.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

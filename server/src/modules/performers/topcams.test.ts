import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { topCamsQuery, type TopCamsKind } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { setFavorite } from './favorites';
import { actors } from './schema';
import { createPerformer } from './fixtures';
import { TOP_LIST_LENGTH } from './topcams';

let t: TestApp;
let token: string;
let guestId: string;
before(async () => {
  t = await createTestApp();
  const { accessToken, guest } = await t.signup();
  token = accessToken;
  guestId = guest.id;
});
after(() => t.close());

async function topCams(kind: string, paging: { first?: number; offset?: number } = {}, as = token) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql?language=en',
    headers: { authorization: `Bearer ${as}` },
    payload: { query: topCamsQuery.document, variables: { kind: kind as TopCamsKind, ...paging } },
  });
  assert.ok(response.statusCode < 500, response.body);
  return response.json() as {
    data: { topCams: { total: number; items: { id: number; [key: string]: unknown }[] } } | null;
    errors?: { extensions?: { code?: string } }[];
  };
}
const idsOf = async (kind: string, paging = {}, as = token) =>
  (await topCams(kind, paging, as)).data!.topCams.items.map((item) => item.id);

describe('top cams', () => {
  const rated = (ratingCount: number, ratingGoodCount: number, ratingSum: number) => ({
    ratingCount,
    ratingGoodCount,
    ratingSum,
    isOnline: false,
  });
  let a: number, b: number, c: number, few: number;
  before(async () => {
    a = (await createPerformer(t.ctx.db, rated(100, 95, 450))).id; // 4.5 stars, 95 % satisfied
    b = (await createPerformer(t.ctx.db, rated(20, 19, 96))).id; // 4.8 stars, 95 %
    c = (await createPerformer(t.ctx.db, rated(50, 40, 240))).id; // 4.8 stars, 80 %
    few = (await createPerformer(t.ctx.db, rated(5, 5, 25))).id; // too few ratings to rank
  });

  it('ranks best chats by satisfaction, then number of ratings; only performers with enough ratings', async () => {
    assert.deepEqual(await idsOf('bestChats'), [a, b, c]);
    assert.ok(!(await idsOf('bestChats')).includes(few));
    const page = (await topCams('bestChats', { first: 2, offset: 1 })).data!.topCams;
    assert.deepEqual([page.total, page.items.map((i) => i.id)], [3, [b, c]]);
    const [first] = (await topCams('bestChats')).data!.topCams.items;
    assert.equal(first!.satisfactionRate, 95);
    assert.equal(first!.ratingCount, 100);
    assert.match(String(first!.profileLink), /^\/en\/amateur\/chat-performer-[\w-]+\/$/);
  });

  it('ranks the top 100 by average rating, then number of ratings', async () => {
    assert.deepEqual(await idsOf('top100'), [c, b, a]);
  });

  it('lists the calling guest’s favourites, online first; a visitor has none', async () => {
    const online = (await createPerformer(t.ctx.db, { isOnline: true })).id;
    await setFavorite(t.ctx.db, guestId, a, true);
    await setFavorite(t.ctx.db, guestId, online, true);
    assert.deepEqual(await idsOf('favorites'), [online, a]);
    const visitor = await topCams('favorites', {}, await t.anonymousToken());
    assert.deepEqual(visitor.data!.topCams, { total: 0, items: [] });
  });

  it('lists performers taking mobile video calls now by their ranking points', async () => {
    const call = (points: number, online: boolean, mobile: boolean) =>
      createPerformer(t.ctx.db, { rankingPointsVideoCall: points, isOnline: online, isOnlineMobileVideocall: mobile });
    const low = (await call(500, true, true)).id;
    const high = (await call(900, true, true)).id;
    await call(990, false, true);
    await call(999, true, false);
    assert.deepEqual(await idsOf('videocall'), [high, low]);
    const [item] = (await topCams('videocall')).data!.topCams.items;
    assert.deepEqual([item!.onlineVideocall, item!.rankingPointsVideoCall, item!.videocallPrice], [true, 900, 240]);
  });

  it('ends the top 100 at 100 and refuses an unknown list or paging', async () => {
    await t.ctx.db.insert(actors).values(
      Array.from({ length: TOP_LIST_LENGTH }, (_, i) => ({
        name: `top-${process.pid}-${i}`,
        displayName: `Top ${i}`,
        gender: 'F',
        age: 30,
        country: 'DE',
        languages: ['de'],
        threeWords: 'top',
        aboutMe: 'Top',
        avatarUrl: '/media/a.jpg',
        priceVideoChat: 100,
        priceVoyeurChat: 100,
        priceSingleC2C: 100,
        ratingCount: 10 + i,
        ratingSum: 40 + i,
        ratingGoodCount: 8,
      })),
    );
    assert.equal((await topCams('top100')).data!.topCams.total, TOP_LIST_LENGTH);
    const last = (await topCams('top100', { first: 50, offset: 90 })).data!.topCams;
    assert.equal(last.items.length, 10, 'the page stops at place 100');
    for (const [kind, paging] of [
      ['top1000', {}],
      ['bestChats', { first: 0 }],
      ['bestChats', { first: 101 }],
      ['bestChats', { offset: -1 }],
    ] as const) {
      const refused = await topCams(kind, paging);
      assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED', `${kind} ${JSON.stringify(paging)}`);
    }
  });
});

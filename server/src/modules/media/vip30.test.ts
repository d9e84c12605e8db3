import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { SANDBOX_CARDS, type BuyResult, type ErrorBody, type Video, type Vip30History } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { guests } from '../auth/schema';
import { renewDue } from '../subscriptions/service';
import { sandboxProvider } from '../wallet/payment';
import { accountBalance, transfer } from '../wallet/service';
import { videos } from './schema';
import { monthOf } from './vip30';

const MARCH = Date.parse('2026-03-02T10:00:00Z');
const APRIL = Date.parse('2026-04-03T10:00:00Z');

let t: TestApp;
before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
after(() => t.close());

const setNow = (time: number) => {
  t.ctx.now = () => new Date(time);
};
const headers = (token: string, key?: string) => ({
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/rest/v1${url}`, headers: headers(token) });
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/rest/v1${url}`, headers: headers(token, randomUUID()), payload });
const stream = (token: string, videoId: number) =>
  t.app.inject({ method: 'GET', url: `/rest/v1/video/${videoId}/stream?accessToken=${token}` });
const balance = (guestId: string) => accountBalance(t.ctx.db, { kind: 'guest', id: guestId });

/** The seeded VIP30 pool, split by the rule's month: the offers of `time`'s month and the others. */
async function offersAt(time: number) {
  const pool = await t.ctx.db.select().from(videos).where(eq(videos.isVip30Offer, true)).orderBy(videos.id);
  const month = monthOf(new Date(time));
  return {
    offered: pool.filter((video) => video.id % 3 === month % 3),
    others: pool.filter((video) => video.id % 3 !== month % 3),
  };
}

/** An adult guest with coins; `vip` buys the monthly VIP through the subscriptions. */
async function guest(vip: boolean) {
  const signedUp = await t.signup();
  await t.ctx.db
    .update(guests)
    .set({ avsStatus: 'accepted' })
    .where(inArray(guests.id, [signedUp.guest.id]));
  await transfer(t.ctx.db, {
    reason: 'test.credit',
    at: t.ctx.now(),
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -100_000 },
      { account: { kind: 'guest', id: signedUp.guest.id }, amount: 100_000 },
    ],
  });
  if (vip) {
    const bought = await post('/subscriptions/subscribe', signedUp.accessToken, {
      plan: 'vip',
      cardNumber: SANDBOX_CARDS.succeeds,
    });
    assert.equal(bought.statusCode, 200, bought.body);
  }
  return signedUp;
}

test("a VIP watches the month's VIP30 offers free, others pay; the set moves with the month", async () => {
  setNow(MARCH);
  const member = await guest(true);
  const other = await guest(false);
  const march = await offersAt(MARCH);
  const offer = march.offered[0]!;
  const notThisMonth = march.others[0]!;
  assert.ok(offer && notThisMonth, 'the seed gives every month offers');

  assert.equal((await stream(member.accessToken, offer.id)).statusCode, 200);
  assert.equal((await stream(other.accessToken, offer.id)).json<ErrorBody>().code, 'NOT_OWNED');
  assert.equal((await stream(member.accessToken, notThisMonth.id)).json<ErrorBody>().code, 'NOT_OWNED');
  const shown = await get(`/video/${offer.id}`, member.accessToken);
  assert.equal(shown.json<Video>().isVip30Offer, true);
  assert.equal(shown.json<Video>().guestInfo.flatrate, true);
  assert.equal((await get(`/video/${offer.id}`, other.accessToken)).json<Video>().guestInfo.flatrate, false);

  const before = { member: await balance(member.guest.id), other: await balance(other.guest.id) };
  const buy = (token: string) => post(`/album/${offer.id}/buy?mediaType=VIDEO`, token, {});
  const memberBuys = await buy(member.accessToken);
  assert.equal(memberBuys.json<BuyResult>().charged, false, memberBuys.body);
  assert.equal(await balance(member.guest.id), before.member, 'a VIP pays nothing for an offer');
  const otherBuys = await buy(other.accessToken);
  assert.equal(otherBuys.json<BuyResult>().charged, true, otherBuys.body);
  assert.equal(await balance(other.guest.id), before.other - offer.price);

  setNow(APRIL);
  await renewDue({ ...t.ctx, log: { ...console, error: () => undefined } as never }, sandboxProvider(t.ctx.db));
  const april = await offersAt(APRIL);
  assert.ok(april.offered.length > 0);
  assert.equal((await stream(member.accessToken, april.offered[0]!.id)).statusCode, 200);
  assert.equal((await get(`/video/${april.offered[0]!.id}`, member.accessToken)).json<Video>().isVip30Offer, true);
  assert.equal((await get(`/video/${offer.id}`, member.accessToken)).json<Video>().isVip30Offer, false);
});

test('the VIP30 value history sums the base prices of the offers of each month of membership', async () => {
  setNow(MARCH);
  const member = await guest(true);
  const other = await guest(false);
  assert.deepEqual((await get('/media/vip30/history', other.accessToken)).json<Vip30History>(), { months: [] });
  const worth = (offered: { basePrice: number }[]) => ({
    offers: offered.length,
    value: { value: offered.reduce((sum, video) => sum + video.basePrice, 0), currency: 'VXC' },
  });
  const march = worth((await offersAt(MARCH)).offered);
  assert.deepEqual((await get('/media/vip30/history', member.accessToken)).json<Vip30History>(), {
    months: [{ month: '2026-03', ...march }],
  });
  setNow(APRIL);
  await renewDue({ ...t.ctx, log: { ...console, error: () => undefined } as never }, sandboxProvider(t.ctx.db));
  const april = worth((await offersAt(APRIL)).offered);
  assert.notDeepEqual(april, march, 'another month, other offers');
  assert.deepEqual((await get('/media/vip30/history', member.accessToken)).json<Vip30History>(), {
    months: [
      { month: '2026-04', ...april },
      { month: '2026-03', ...march },
    ],
  });
  assert.equal((await get('/media/vip30/history', await t.anonymousToken())).statusCode, 401);
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import { eq, gt, inArray, sql } from 'drizzle-orm';
import { ONE_CLICK_AMOUNTS_EUR_CENTS, SANDBOX_CARDS } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../module';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { albums, videos } from './schema';
import { chargeOneClick } from '../wallet/one-click';
import { balanceOf, transfer, type TransferResult } from '../wallet/service';

/** A video's price in hundredths and the performer's share of it, as the shop charges them. */
const PRICE = 3_99;
const PERFORMER_SHARE = 2_79;

/** A purchase as the shop makes it: guest → performer's earnings and the platform, once per item. */
const buy = (
  ctx: Pick<ModuleContext, 'db' | 'now'>,
  guestId: string,
  itemId: number,
  performerId: number,
): Promise<TransferResult> =>
  transfer(ctx.db, {
    reason: 'purchase.video',
    at: ctx.now(),
    legs: [
      { account: { kind: 'guest', id: guestId }, amount: -PRICE },
      { account: { kind: 'performer', id: performerId }, amount: PERFORMER_SHARE },
      { account: { kind: 'system', id: 'platform' }, amount: PRICE - PERFORMER_SHARE },
    ],
    idempotency: { scope: `purchase:${guestId}`, key: `video:${itemId}` },
    metadata: { videoId: itemId },
  });

const fund = (ctx: Pick<ModuleContext, 'db' | 'now'>, guestId: string, amount: number) =>
  transfer(ctx.db, {
    reason: 'test.fund',
    at: ctx.now(),
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -amount },
      { account: { kind: 'guest', id: guestId }, amount },
    ],
  });

/**
 * The ledger's invariants over the whole database: all entries sum to zero, so does every transfer, every
 * balance is the sum of its account's entries, and no guest balance is negative.
 */
async function assertLedgerConsistent(db: Database): Promise<void> {
  // The result type of execute differs between the drivers; both answer `rows`.
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as { rows: T[] }).rows;
  const [total] = await rows<{ total: string }>(
    sql`select coalesce(sum(amount), 0)::text as total from wallet_entries`,
  );
  assert.equal(total!.total, '0', 'all entries sum to zero');
  const unbalanced = await rows(
    sql`select transfer_id from wallet_entries group by transfer_id having sum(amount) <> 0`,
  );
  assert.deepEqual(unbalanced, [], 'every transfer sums to zero');
  const drifted = await rows(sql`
    select a.id from wallet_accounts a left join wallet_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`);
  assert.deepEqual(drifted, [], 'every balance is the sum of its entries');
  const negative = await rows(sql`select id from wallet_accounts where kind = 'guest' and balance < 0`);
  assert.deepEqual(negative, [], 'no guest balance is negative');
}

/** Runs the work while sampling the guest's balance, and answers the lowest balance seen and the time taken. */
async function watchBalance<T>(db: Database, guestId: string, work: () => Promise<T>) {
  let lowest = Infinity;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      lowest = Math.min(lowest, await balanceOf(db, guestId));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, lowest, milliseconds: Math.round(performance.now() - started) };
  } finally {
    done = true;
    await sampler;
  }
}

const isInsufficientFunds = (reason: unknown) =>
  (reason as { statusCode?: number; code?: string }).statusCode === 402 &&
  (reason as { code?: string }).code === 'INSUFFICIENT_FUNDS';

/** The same invariants on each database the server runs on. */
function ledgerUnderLoad(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`ledger under concurrent load on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    test('200 parallel buys of different videos on a balance covering 10: exactly 10 succeed', async (c: TestContext) => {
      const { guest } = await t.signup();
      await fund(t.ctx, guest.id, 10 * PRICE);
      const { result, lowest, milliseconds } = await watchBalance(t.ctx.db, guest.id, () =>
        Promise.allSettled(Array.from({ length: 200 }, (_, i) => buy(t.ctx, guest.id, i + 1, 1000 + (i % 25)))),
      );
      const succeeded = result.filter((r) => r.status === 'fulfilled');
      const refused = result.filter((r) => r.status === 'rejected');
      assert.equal(succeeded.length, 10);
      assert.ok(
        refused.every((r) => isInsufficientFunds(r.reason)),
        'every other buy is 402 INSUFFICIENT_FUNDS',
      );
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
      assert.ok(lowest >= 0, `the balance never went below zero (lowest seen ${lowest})`);
      await assertLedgerConsistent(t.ctx.db);
      c.diagnostic(
        `${database}: 200 parallel buys, ${succeeded.length} succeeded, ${refused.length} refused, ${milliseconds} ms`,
      );
    });

    test('30 parallel buys of the same video charge once', async (c: TestContext) => {
      const { guest } = await t.signup();
      await fund(t.ctx, guest.id, 5 * PRICE);
      const { result, milliseconds } = await watchBalance(t.ctx.db, guest.id, () =>
        Promise.all(Array.from({ length: 30 }, () => buy(t.ctx, guest.id, 7, 1007))),
      );
      assert.equal(result.filter((r) => !r.replayed).length, 1, 'one transfer is made');
      assert.equal(new Set(result.map((r) => r.transferId)).size, 1, 'every buy answers the same transfer');
      assert.equal(await balanceOf(t.ctx.db, guest.id), 4 * PRICE);
      await assertLedgerConsistent(t.ctx.db);
      c.diagnostic(`${database}: 30 parallel identical buys, 1 charge, ${milliseconds} ms`);
    });

    /** Paid videos of the catalogue, all at the test's price so the balance covers an exact number of them. */
    async function pricedVideos(count: number) {
      const chosen = await t.ctx.db
        .select({ id: videos.id, actorId: videos.actorId })
        .from(videos)
        .where(eq(videos.free, false))
        .orderBy(videos.id)
        .limit(count);
      assert.equal(chosen.length, count, 'the seed has enough paid videos');
      await t.ctx.db
        .update(videos)
        .set({ price: PRICE, basePrice: PRICE })
        .where(
          inArray(
            videos.id,
            chosen.map((v) => v.id),
          ),
        );
      return chosen;
    }

    const buyOverHttp = (token: string, videoId: number, key: string = randomUUID()) =>
      t.app.inject({
        method: 'POST',
        url: `/rest/v1/album/${videoId}/buy?mediaType=VIDEO`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: { price: PRICE },
      });

    test('200 parallel POST album/:id/buy of different videos on a balance covering 10', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const list = await pricedVideos(200);
      await fund(t.ctx, guest.id, 10 * PRICE);
      const { result, lowest, milliseconds } = await watchBalance(t.ctx.db, guest.id, () =>
        Promise.all(list.map((video) => buyOverHttp(accessToken, video.id))),
      );
      const bought = result.filter((r) => r.statusCode === 200);
      const refused = result.filter((r) => r.statusCode === 402);
      assert.equal(bought.length, 10, result.map((r) => r.statusCode).join(','));
      assert.equal(refused.length, 190);
      assert.ok(refused.every((r) => r.json().code === 'INSUFFICIENT_FUNDS'));
      assert.ok(bought.every((r) => r.json().charged === true));
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
      assert.ok(lowest >= 0, `the balance never went below zero (lowest seen ${lowest})`);
      await assertLedgerConsistent(t.ctx.db);
      c.diagnostic(
        `${database}: 200 parallel HTTP buys, ${bought.length} succeeded, ${refused.length} refused (402), ${milliseconds} ms`,
      );
    });

    test('30 parallel POST album/:id/buy of one video, each with its own key, charge once', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const [video] = await pricedVideos(1);
      await fund(t.ctx, guest.id, 5 * PRICE);
      const started = performance.now();
      const result = await Promise.all(Array.from({ length: 30 }, () => buyOverHttp(accessToken, video!.id)));
      const milliseconds = Math.round(performance.now() - started);
      assert.deepEqual(new Set(result.map((r) => r.statusCode)), new Set([200]));
      assert.equal(result.filter((r) => r.json().charged).length, 1, 'one purchase is charged, the others own it');
      assert.equal(await balanceOf(t.ctx.db, guest.id), 4 * PRICE);
      await assertLedgerConsistent(t.ctx.db);
      c.diagnostic(`${database}: 30 parallel HTTP buys of one video, 1 charged, ${milliseconds} ms`);
    });

    test('one Idempotency-Key used for a video and then an album names two purchases, each charged', async () => {
      const { accessToken, guest } = await t.signup();
      const [video] = await pricedVideos(1);
      const [album] = await t.ctx.db.select().from(albums).where(gt(albums.price, 0)).limit(1);
      await fund(t.ctx, guest.id, PRICE + album!.price);
      const key = randomUUID();
      assert.equal((await buyOverHttp(accessToken, video!.id, key)).statusCode, 200);
      const albumBuy = await t.app.inject({
        method: 'POST',
        url: `/rest/v1/album/${album!.id}/buy?mediaType=PHOTO`,
        headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': key },
        payload: { price: album!.price },
      });
      assert.equal(albumBuy.statusCode, 200, albumBuy.body);
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0, 'both were paid for');
      await assertLedgerConsistent(t.ctx.db);
    });

    test('30 parallel money charges with one Idempotency-Key credit once', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const key = randomUUID();
      const started = performance.now();
      const responses = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/rest/v1/payment/sandbox/charge',
            headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': key },
            payload: { amountEur: 10, cardNumber: SANDBOX_CARDS.succeeds },
          }),
        ),
      );
      const milliseconds = Math.round(performance.now() - started);
      const ok = responses.filter((r) => r.statusCode === 200);
      const inFlight = responses.filter((r) => r.statusCode === 409);
      assert.equal(ok.length + inFlight.length, 30, responses.map((r) => r.statusCode).join(','));
      assert.ok(ok.length >= 1);
      assert.ok(inFlight.every((r) => r.json().code === 'IDEMPOTENCY_KEY_IN_USE'));
      assert.equal(new Set(ok.map((r) => r.body)).size, 1, 'every answer is the first answer');
      assert.equal(await balanceOf(t.ctx.db, guest.id), 40_00);
      await assertLedgerConsistent(t.ctx.db);
      c.diagnostic(
        `${database}: 30 parallel charges with one key, ${ok.length} answered 200 (replays), ${inFlight.length} 409 in flight, credited once, ${milliseconds} ms`,
      );
    });

    test('50 concurrent one-click charges answer exactly what the ledger credited', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const paid = await t.app.inject({
        method: 'POST',
        url: '/rest/v1/payment/sandbox/charge',
        headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
        payload: { amountEur: 1, cardNumber: SANDBOX_CARDS.succeeds },
      });
      assert.equal(paid.statusCode, 200, paid.body);
      const amounts = ONE_CLICK_AMOUNTS_EUR_CENTS;
      /** Runs the charges at once; answers them, what the ledger credited and what the answers reported. */
      const race = async (requestIds: string[]) => {
        const before = await balanceOf(t.ctx.db, guest.id);
        const results = await Promise.all(
          requestIds.map((id, i) => chargeOneClick(t.ctx, guest.id, amounts[i % amounts.length]!, id)),
        );
        const credited = (await balanceOf(t.ctx.db, guest.id)) - before;
        const answered = results.filter((r) => r.success).reduce((sum, r) => sum + r.coins, 0);
        return { results, credited, answered };
      };

      // One request id sent 50 times with the offered amounts mixed: one charge is credited, every success
      // reports exactly it, the others are refused as a reused id.
      const same = await race(Array.from({ length: 50 }, () => 'one-click-same-id'));
      const successes = same.results.filter((r) => r.success);
      assert.ok(successes.length >= 1);
      assert.ok(
        successes.every((r) => r.coins === same.credited),
        `every success reports the ${same.credited} credited: ${successes.map((r) => r.coins).join(',')}`,
      );
      assert.ok(
        same.results.every((r) => r.success || r.errorCode === 'IDEMPOTENCY_KEY_REUSED'),
        same.results.map((r) => r.errorCode).join(','),
      );

      // 50 request ids at once: each is credited once and answers its own credit.
      const distinct = await race(Array.from({ length: 50 }, () => randomUUID()));
      assert.ok(distinct.results.every((r) => r.success));
      assert.equal(distinct.answered, distinct.credited, 'the answers sum to what the ledger credited');
      await assertLedgerConsistent(t.ctx.db);
      const wrong = successes.filter((r) => r.coins !== same.credited).length;
      c.diagnostic(
        `${database}: one id x50 mixed amounts: ${successes.length} successes, ${wrong} reported coins never credited (ledger +${same.credited}); 50 ids: answered ${distinct.answered} = credited ${distinct.credited}`,
      );
    });
  });
}

/** Seeded with enough priced videos for 200 different purchases through the shop's buy endpoint. */
const SEED_SCALE = 0.25;

await onEachDatabase(ledgerUnderLoad, { seedScale: SEED_SCALE });

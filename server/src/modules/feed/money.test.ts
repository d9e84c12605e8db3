import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { feedOperations, type FeedPost, type GraphqlOperation } from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { openSocketSession } from '../../testing/socket';
import { accountBalance, balanceOf, transfer } from '../wallet/service';
import { feedPosts, feedTips } from './schema';

interface GraphqlAnswer<R> {
  data?: R | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Paid posts and tips as the feed service charges them, on each database the server runs on. */
function feedMoney(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`feed purchases and tips on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    const call = async <R, V extends Record<string, unknown>>(
      operation: GraphqlOperation<R, V>,
      variables: V,
      token?: string,
    ): Promise<GraphqlAnswer<R>> => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/feed/graphql',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { query: operation.document, variables },
      });
      assert.ok(response.statusCode < 500, response.body);
      return response.json<GraphqlAnswer<R>>();
    };
    const data = <R>(answer: GraphqlAnswer<R>): R => {
      assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
      return answer.data!;
    };
    const fund = (guestId: string, coins: number) =>
      transfer(t.ctx.db, {
        reason: 'test.fund',
        at: t.ctx.now(),
        legs: [
          { account: { kind: 'system', id: 'sandbox' }, amount: -coins * 100 },
          { account: { kind: 'guest', id: guestId }, amount: coins * 100 },
        ],
      });
    const firstPost = async (where: ReturnType<typeof and>) => {
      const [row] = await t.ctx.db.select().from(feedPosts).where(where).orderBy(feedPosts.id).limit(1);
      assert.ok(row, 'the seed has such a post');
      return row;
    };
    const performerEarnings = (actorId: number) => accountBalance(t.ctx.db, { kind: 'performer', id: actorId });

    test('30 parallel buys of one paid post charge once and unlock it', async (c: TestContext) => {
      const row = await firstPost(and(eq(feedPosts.paidContent, true), sql`${feedPosts.priceCoins} > 0`));
      const { accessToken, guest } = await t.signup();
      await fund(guest.id, 5 * row.priceCoins);
      const earnedBefore = await performerEarnings(row.actorId);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call(feedOperations.buyPost, { postId: String(row.id) }, accessToken)),
      );
      const milliseconds = Math.round(performance.now() - started);
      for (const answer of answers) {
        const post = data(answer).buyPost;
        assert.equal(post.guestState.bought, true);
        assert.equal(post.photos.length, post.photoCount, 'every picture instead of the teaser');
      }
      assert.equal(await balanceOf(t.ctx.db, guest.id), 4 * row.priceCoins * 100, 'charged exactly once');
      assert.equal(
        (await performerEarnings(row.actorId)) - earnedBefore,
        Math.floor((row.priceCoins * 100) / 2),
        'the model earns her half of the sale once',
      );
      const reloaded = data(await call(feedOperations.post, { id: String(row.id) }, accessToken)).post!;
      assert.equal(reloaded.guestState.bought, true, 'a bought post stays open');
      const bought = data(await call(feedOperations.feed, { bought: true, first: 50 }, accessToken)).feed;
      assert.deepEqual(
        bought.nodes.map((post) => post.id),
        [String(row.id)],
      );
      const totals = data(await call(feedOperations.totals, {}, accessToken)).totals;
      assert.equal(totals.boughtPhotos + totals.boughtClips, 1);
      assert.equal(
        data(await call(feedOperations.post, { id: String(row.id) })).post!.guestState.bought,
        false,
        'a visitor still sees it locked',
      );
      c.diagnostic(`${database}: 30 parallel buys of one post, 1 charge, ${milliseconds} ms`);
    });

    test('a buy without coins enough is 402 INSUFFICIENT_FUNDS and leaves the post locked', async () => {
      const row = await firstPost(and(eq(feedPosts.paidContent, true), sql`${feedPosts.priceCoins} > 1`));
      const { accessToken, guest } = await t.signup();
      await fund(guest.id, row.priceCoins - 1);
      const answer = await call(feedOperations.buyPost, { postId: String(row.id) }, accessToken);
      assert.equal(answer.errors?.[0]?.extensions?.code, 'INSUFFICIENT_FUNDS');
      assert.equal(await balanceOf(t.ctx.db, guest.id), (row.priceCoins - 1) * 100);
      const post = data(await call(feedOperations.post, { id: String(row.id) }, accessToken)).post!;
      assert.equal(post.guestState.bought, false);
      const free = await firstPost(eq(feedPosts.paidContent, false));
      const refused = await call(feedOperations.buyPost, { postId: String(free.id) }, accessToken);
      assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED');
      const visitor = await call(feedOperations.buyPost, { postId: String(row.id) });
      assert.equal(visitor.errors?.[0]?.extensions?.code, 'LOGIN_REQUIRED');
    });

    test('200 parallel tips by a guest with coins for 50: exactly 50, the goal sums them', async (c: TestContext) => {
      const row = await firstPost(isNotNull(feedPosts.tippingGoalCoins));
      const { accessToken, guest } = await t.signup();
      await fund(guest.id, 50);
      const earnedBefore = await performerEarnings(row.actorId);
      let lowest = Infinity;
      let done = false;
      const sampler = (async () => {
        while (!done) {
          lowest = Math.min(lowest, await balanceOf(t.ctx.db, guest.id));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          call(feedOperations.tipPost, { postId: String(row.id), amountCoins: 1 }, accessToken),
        ),
      );
      const milliseconds = Math.round(performance.now() - started);
      done = true;
      await sampler;
      const tipped = answers.filter((answer) => !answer.errors);
      const refused = answers.filter((answer) => answer.errors);
      assert.equal(tipped.length, 50);
      assert.ok(refused.every((answer) => answer.errors![0]!.extensions?.code === 'INSUFFICIENT_FUNDS'));
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
      assert.ok(lowest >= 0, `the balance never went below zero (lowest seen ${lowest})`);
      const [tips] = await t.ctx.db
        .select({ sum: sql<number>`coalesce(sum(${feedTips.amountCoins}), 0)::int` })
        .from(feedTips)
        .where(and(eq(feedTips.postId, row.id), eq(feedTips.guestId, guest.id)));
      assert.equal(tips!.sum, 50);
      const goal = data(await call(feedOperations.post, { id: String(row.id) })).post!.tippingGoal!;
      assert.equal(goal.tipsSumCoins, row.tipsSumCoins + 50, 'the goal moved by exactly the committed tips');
      assert.equal(goal.progressPercent, Math.min(100, Math.floor((goal.tipsSumCoins * 100) / goal.goalCoins)));
      assert.equal(goal.achieved, goal.tipsSumCoins >= goal.goalCoins);
      assert.equal((await performerEarnings(row.actorId)) - earnedBefore, 25_00, 'the model earns half of the tips');
      c.diagnostic(`${database}: 200 parallel tips, 50 committed, 150 refused (402), ${milliseconds} ms`);
    });

    test('a tip moves the goal on every open page, a retried attempt tips once, bad amounts are refused', async () => {
      const row = await firstPost(isNotNull(feedPosts.tippingGoalCoins));
      const { accessToken, guest } = await t.signup();
      await fund(guest.id, 20);
      const watcher = await openSocketSession(t.app, await t.anonymousToken());
      const own = await openSocketSession(t.app, accessToken);
      try {
        const before = data(await call(feedOperations.post, { id: String(row.id) })).post!.tippingGoal!;
        const operationKey = randomUUID();
        const tip = () =>
          call(feedOperations.tipPost, { postId: String(row.id), amountCoins: 7, operationKey }, accessToken);
        const first: FeedPost = data(await tip()).tipPost;
        assert.equal(first.tippingGoal!.tipsSumCoins, before.tipsSumCoins + 7);
        for (const page of [watcher, own]) {
          const pushed = await page.next('feedTippingGoal');
          assert.deepEqual(pushed, { type: 'feedTippingGoal', postId: String(row.id), tippingGoal: first.tippingGoal });
        }
        assert.equal(data(await tip()).tipPost.tippingGoal!.tipsSumCoins, before.tipsSumCoins + 7, 'tipped once');
        assert.equal(await balanceOf(t.ctx.db, guest.id), 13_00);
        for (const amountCoins of [0, -5, 10_001]) {
          const refused = await call(feedOperations.tipPost, { postId: String(row.id), amountCoins }, accessToken);
          assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED');
        }
        assert.equal(await balanceOf(t.ctx.db, guest.id), 13_00);
      } finally {
        watcher.close();
        own.close();
      }
    });
  });
}

/** A seed large enough for paid posts and posts with tipping goals. */
const SEED_SCALE = 0.05;

await onEachDatabase(feedMoney, { seedScale: SEED_SCALE });

import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  LOYALTY_POINTS_PER_COIN,
  attemptResult,
  guestBenefits,
  loyaltyGrant,
  loyaltyRewardHistoryQuery,
  redeemLoyaltyRewardMutation,
  spinMutation,
  spinwheel,
  spinwheelQuery,
  useAttemptMutation,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { grantVoucher } from '../account/service';
import { balanceOf, transfer } from '../wallet/service';
import { coinsSpent } from '../wallet/spending';
import { spendCoins } from '../wallet/fixtures';
import { openSocketSession } from '../../testing/socket';
import { errorOf, graphql } from './graphql-fixtures';
import { loyaltyAccounts, loyaltyHistory, specialEvents, spinwheelSegments } from './schema';

let t: TestApp;
before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
});
after(() => t.close());

/** Coins (in hundredths) moved as the wallet's callers move them. */
const move = (
  reason: string,
  from: Parameters<typeof transfer>[1]['legs'][number]['account'],
  to: typeof from,
  amount: number,
) =>
  transfer(t.ctx.db, {
    reason,
    at: t.ctx.now(),
    legs: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  });
const guestAccount = (id: string) => ({ kind: 'guest' as const, id });
const platform = { kind: 'system' as const, id: 'platform' as const };

async function wheel(token: string) {
  const { data, errors } = await graphql(t, spinwheelQuery, { type: 'default', language: 'en' }, token);
  assert.equal(errors, undefined, JSON.stringify(errors));
  return spinwheel.parse(data!.spinwheel);
}
const giveSpins = (guestId: string, spins: number) =>
  t.ctx.db.insert(loyaltyAccounts).values({ guestId, spins }).onConflictDoUpdate({
    target: loyaltyAccounts.guestId,
    set: { spins },
  });
const historyOf = (guestId: string) =>
  t.ctx.db.select().from(loyaltyHistory).where(eq(loyaltyHistory.guestId, guestId));

describe('the benefits page', () => {
  it('counts the spins her spinwheel holds, not spin vouchers', async () => {
    const { accessToken, guest } = await t.signup();
    const spinsOnBenefits = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/rest/v1/guest/benefits',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      assert.equal(response.statusCode, 200, response.body);
      return guestBenefits.parse(response.json()).spinwheelSpins;
    };
    await grantVoucher(t.ctx.db, { guestId: guest.id, type: 10, amount: 4, validFrom: t.ctx.now(), validTo: null });
    assert.equal(await spinsOnBenefits(), 0);
    await giveSpins(guest.id, 7);
    assert.equal(await spinsOnBenefits(), 7);
  });
});

describe('loyalty points', () => {
  it('are earned by coins spent, less refunds; deposits, bonuses and chat holds earn none', async () => {
    const { accessToken, guest } = await t.signup();
    const me = guestAccount(guest.id);
    await move('charge', { kind: 'system', id: 'sandbox' }, me, 50_00);
    await move('bonus.welcome', platform, me, 10_00);
    assert.equal((await wheel(accessToken)).guest?.points, 0);
    await move('purchase.video', me, { kind: 'performer', id: 1 }, 12_50);
    assert.equal((await wheel(accessToken)).guest?.points, 12 * LOYALTY_POINTS_PER_COIN);
    await move('refund.cam_show_ticket', { kind: 'performer', id: 1 }, me, 2_50);
    await move('chat.hold', me, { kind: 'hold', id: `chat-${guest.id}` }, 5_00);
    assert.equal((await wheel(accessToken)).guest?.points, 10 * LOYALTY_POINTS_PER_COIN);
    const anonymous = await wheel(await t.anonymousToken());
    assert.equal(anonymous.guest, null);
  });
  it('count a transfer in the Berlin month of the injected clock it was made at', async () => {
    const { accessToken, guest } = await t.signup();
    const me = guestAccount(guest.id);
    const realNow = t.ctx.now;
    // 00:30 on 1 April in Berlin (summer time), still 31 March in UTC and far from the database's own clock.
    t.ctx.now = () => new Date('2024-03-31T22:30:00Z');
    try {
      await move('charge', { kind: 'system', id: 'sandbox' }, me, 20_00);
      await move('purchase.video', me, { kind: 'performer', id: 1 }, 7_00);
      const april = { from: new Date('2024-03-31T22:00:00Z'), to: new Date('2024-04-30T22:00:00Z') };
      const march = { from: new Date('2024-02-29T23:00:00Z'), to: april.from };
      assert.equal(await coinsSpent(t.ctx.db, guest.id, april.from, april.to), 7_00);
      assert.equal(await coinsSpent(t.ctx.db, guest.id, march.from, march.to), 0);
      assert.equal((await wheel(accessToken)).guest?.points, 7 * LOYALTY_POINTS_PER_COIN);
      t.ctx.now = () => new Date('2024-05-01T12:00:00Z');
      assert.equal((await wheel(accessToken)).guest?.points, 0, 'a new month starts without points');
    } finally {
      t.ctx.now = realNow;
    }
  });
  it('are pushed to the connected guest when she spends coins', async () => {
    const { accessToken, guest } = await t.signup();
    await giveSpins(guest.id, 2);
    await move('charge', { kind: 'system', id: 'sandbox' }, guestAccount(guest.id), 30_00);
    const socket = await openSocketSession(t.app, accessToken);
    try {
      await spendCoins(t.ctx, guest.id, 9);
      const pushed = await socket.next('loyaltyPointsChanged');
      assert.deepEqual(pushed, { type: 'loyaltyPointsChanged', points: 9 * LOYALTY_POINTS_PER_COIN, spins: 2 });
    } finally {
      socket.close();
    }
  });
});

describe('monthly rewards', () => {
  it('are redeemed once a month at their points and give their reward', async () => {
    const { accessToken, guest } = await t.signup();
    const me = guestAccount(guest.id);
    await move('charge', { kind: 'system', id: 'sandbox' }, me, 50_00);
    await move('purchase.video', me, { kind: 'performer', id: 1 }, 10_00);
    const before = await wheel(accessToken);
    const spinsReward = before.monthlyRewards.find((r) => r.type === 'freeSpins')!;
    const far = before.monthlyRewards.find((r) => r.requiredPoints > before.guest!.points)!;
    assert.equal(before.guest!.points, 100);
    assert.equal(spinsReward.isRedeemable, true);

    const redeemed = await graphql(t, redeemLoyaltyRewardMutation, { id: spinsReward.id }, accessToken);
    assert.equal(redeemed.errors, undefined, JSON.stringify(redeemed.errors));
    assert.equal(loyaltyGrant.parse(redeemed.data!.redeemLoyaltyReward).spins, spinsReward.value);
    const after = await wheel(accessToken);
    assert.deepEqual(
      [after.monthlyRewards.find((r) => r.id === spinsReward.id)!.isRedeemed, after.guest!.spins],
      [true, spinsReward.value],
    );

    const twice = await graphql(t, redeemLoyaltyRewardMutation, { id: spinsReward.id }, accessToken);
    assert.equal(errorOf(twice), 'REWARD_NOT_REDEEMABLE');
    const tooFew = await graphql(t, redeemLoyaltyRewardMutation, { id: far.id }, accessToken);
    assert.equal(errorOf(tooFew), 'REWARD_NOT_REDEEMABLE');
    const unknown = await graphql(t, redeemLoyaltyRewardMutation, { id: 999_999 }, accessToken);
    assert.equal(errorOf(unknown), 'NOT_FOUND');
    assert.equal((await wheel(accessToken)).guest!.spins, spinsReward.value, 'refusals give nothing');
    assert.equal((await historyOf(guest.id)).length, 1);
  });
});

describe('the spinwheel', () => {
  it('takes one spin per spin, draws the prize on the server and gives it once', async () => {
    const { accessToken, guest } = await t.signup();
    await giveSpins(guest.id, 1);
    const pushes = mock.method(t.ctx.hub, 'sendToGuest');
    const balanceBefore = await balanceOf(t.ctx.db, guest.id);
    const spun = await graphql(t, spinMutation, { type: 'default', language: 'en' }, accessToken);
    assert.equal(spun.errors, undefined, JSON.stringify(spun.errors));
    const grant = loyaltyGrant.parse(spun.data!.spin);
    const segments = (await wheel(accessToken)).segments;
    const segment = segments.find((s) => s.id === grant.segmentId);
    assert.ok(segment, 'the prize is a segment of the wheel');
    assert.equal(grant.rewardType, segment.rewardType);
    assert.equal(grant.spins, grant.rewardType === 'freeSpins' ? grant.value : 0);
    assert.equal(
      (await balanceOf(t.ctx.db, guest.id)) - balanceBefore,
      grant.rewardType === 'bonus' ? grant.value * 100 : 0,
    );
    assert.deepEqual(
      pushes.mock.calls.map((c) => c.arguments).find(([, m]) => m.type === 'loyaltyPointsChanged'),
      [guest.id, { type: 'loyaltyPointsChanged', points: 0, spins: grant.spins }],
    );
    pushes.mock.restore();

    const { data } = await graphql(t, loyaltyRewardHistoryQuery, { language: 'en' }, accessToken);
    assert.deepEqual(
      data!.loyaltyRewardHistory.map((e) => [e.kind, e.rewardType, e.value]),
      [['spin', grant.rewardType, grant.value]],
    );
  });

  it('refuses a spin without spins and a wheel that does not exist, and grants nothing', async () => {
    const { accessToken, guest } = await t.signup();
    const none = await graphql(t, spinMutation, { type: 'default' }, accessToken);
    assert.equal(errorOf(none), 'NO_SPINS');
    const badType = await graphql(t, spinMutation, { type: 'roulette' }, accessToken);
    assert.equal(errorOf(badType), 'VALIDATION_FAILED');
    const visitor = await graphql(t, spinMutation, { type: 'default' }, await t.anonymousToken());
    assert.equal(errorOf(visitor), 'LOGIN_REQUIRED');
    assert.deepEqual(await historyOf(guest.id), []);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
  });

  it('spends each spin once under 12 parallel spins of the goldrausch wheel', async () => {
    const { accessToken, guest } = await t.signup();
    await giveSpins(guest.id, 3);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => graphql(t, spinMutation, { type: 'goldrausch' }, accessToken)),
    );
    const won = answers.filter((a) => !a.errors).map((a) => loyaltyGrant.parse(a.data!.spin));
    assert.ok(answers.filter((a) => a.errors).every((a) => errorOf(a) === 'NO_SPINS'));
    const history = await historyOf(guest.id);
    const freeSpins = history.filter((h) => h.rewardType === 'freeSpins').reduce((sum, h) => sum + h.value, 0);
    assert.equal(won.length, history.length, 'one history row per answered spin');
    assert.equal(won.length, 3 + freeSpins, 'every spin taken was one given');
    const [account] = await t.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.guestId, guest.id));
    assert.equal(account!.spins, Math.max(0, 3 + freeSpins - won.length));
    const bonus = history.filter((h) => h.rewardType === 'bonus').reduce((sum, h) => sum + h.value, 0);
    assert.equal(await balanceOf(t.ctx.db, guest.id), bonus * 100, 'each bonus credited once through the ledger');
  });
});

describe('the benefits page follows wins', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp({ seedScale: 0.05 });
  });
  after(() => app?.close());

  it('gets guestVouchers when a game attempt or a spin wins a voucher', async () => {
    const { accessToken, guest } = await app.signup();
    const now = app.ctx.now().getTime();
    // The slot machine runs and every attempt wins three free messages; every goldrausch segment a messenger gift.
    await app.ctx.db
      .update(specialEvents)
      .set({
        startDate: new Date(now - 86_400_000),
        endDate: new Date(now + 86_400_000),
        dailyAttempts: 3,
        dayConfigs: [],
        rewards: [{ type: 'freeMessages', value: 3, chance: 100 }],
      })
      .where(eq(specialEvents.id, 31));
    await app.ctx.db
      .update(spinwheelSegments)
      .set({ rewardType: 'messengerGift', value: 1 })
      .where(eq(spinwheelSegments.wheelType, 'goldrausch'));
    await app.ctx.db.insert(loyaltyAccounts).values({ guestId: guest.id, spins: 2 });
    const socket = await openSocketSession(app.app, accessToken);
    try {
      const played = await graphql(app, useAttemptMutation, { eventId: 31, language: 'en' }, accessToken);
      assert.equal(attemptResult.parse(played.data!.useAttempt).reward?.type, 'freeMessages');
      const afterGame = guestBenefits.parse(await socket.next('guestVouchers'));
      assert.deepEqual([afterGame.freeMessagesCount, afterGame.spinwheelSpins], [3, 2]);

      const spun = await graphql(app, spinMutation, { type: 'goldrausch' }, accessToken);
      assert.equal(loyaltyGrant.parse(spun.data!.spin).rewardType, 'messengerGift');
      const afterSpin = guestBenefits.parse(await socket.next('guestVouchers'));
      assert.deepEqual(
        [afterSpin.messengerGiftCount, afterSpin.freeMessagesCount, afterSpin.spinwheelSpins],
        [1, 3, 1],
      );
      const page = guestBenefits.parse((await app.rest('GET', '/guest/benefits', accessToken)).json());
      assert.deepEqual(page, afterSpin, 'the push is the benefits page as it is now');
    } finally {
      socket.close();
    }
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it, type TestContext } from 'node:test';
import { and, eq, gt, inArray, like } from 'drizzle-orm';
import {
  dailyBonus,
  dailyBonusClaim,
  dailyBonusQuery,
  guestBenefits as guestBenefitsSchema,
  PRIZE_BONUS_CODE,
  voucherUse,
  type VoucherTypeId,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { openSocketSession } from '../../testing/socket';
import { voucherActors, vouchers } from '../account/schema';
import { mediaLibrary, videos } from '../media/schema';
import { walletDeposits } from '../wallet/schema';
import { accountBalance, balanceOf } from '../wallet/service';
import { graphql } from './graphql-fixtures';
import { dailyBonusClaims, dailyBonusOffers, loyaltyAccounts, rewardGrants } from './schema';

/** 23:59:59 and then 00:00:00 in Berlin (winter time, UTC+1) on 25 and 26 November 2026. */
const LAST_SECOND = new Date('2026-11-25T22:59:59Z');
const MIDNIGHT = new Date('2026-11-25T23:00:00Z');
const DAY = 86_400_000;

const post = (t: TestApp, url: string, token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload,
  });
const codeOf = (body: string) => (JSON.parse(body) as { code?: string }).code;

async function giveVoucher(
  t: TestApp,
  guestId: string,
  voucher: {
    type: VoucherTypeId;
    amount: number;
    from?: Date;
    to?: Date | null;
    actorIds?: number[];
    code?: string;
  },
): Promise<number> {
  const now = t.ctx.now().getTime();
  const [row] = await t.ctx.db
    .insert(vouchers)
    .values({
      guestId,
      type: voucher.type,
      amount: voucher.amount,
      validFrom: voucher.from ?? new Date(now - DAY),
      validTo: voucher.to === undefined ? new Date(now + DAY) : voucher.to,
      code: voucher.code,
    })
    .returning({ id: vouchers.id });
  for (const actorId of voucher.actorIds ?? [])
    await t.ctx.db.insert(voucherActors).values({ voucherId: row!.id, actorId });
  return row!.id;
}

const paidVideos = (t: TestApp, count: number) =>
  t.ctx.db
    .select({ id: videos.id, actorId: videos.actorId, price: videos.price })
    .from(videos)
    .where(gt(videos.price, 0))
    .orderBy(videos.id)
    .limit(count);

const amountLeft = async (t: TestApp, voucherId: number) =>
  (await t.ctx.db.select({ amount: vouchers.amount }).from(vouchers).where(eq(vouchers.id, voucherId)))[0]!.amount;

const ownedVideos = (t: TestApp, guestId: string) =>
  t.ctx.db
    .select()
    .from(mediaLibrary)
    .where(and(eq(mediaLibrary.guestId, guestId), eq(mediaLibrary.mediaType, 'VIDEO')));

/** The reward grants of a bonus-code voucher's uses. */
const voucherGrants = (t: TestApp, voucherId: number) =>
  t.ctx.db
    .select()
    .from(rewardGrants)
    .where(like(rewardGrants.claim, `voucher:${voucherId}:%`));

const performerBalance = (t: TestApp, actorId: number) => accountBalance(t.ctx.db, { kind: 'performer', id: actorId });

function vouchersUnderLoad(database: string, start: () => Promise<TestApp>, skip: false | string) {
  describe(`vouchers on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await start();
    });
    after(() => t?.close());

    it('buys one video once for 20 parallel uses of one video voucher', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const [video] = await paidVideos(t, 1);
      const voucherId = await giveVoucher(t, guest.id, { type: 1, amount: 3 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(t, `/guest/vouchers/${voucherId}/use`, accessToken, { mediaId: video!.id }),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      assert.equal(ok.length, 1, answers.map((a) => a.body).join('\n'));
      assert.ok(answers.filter((a) => a.statusCode !== 200).every((a) => codeOf(a.body) === 'ALREADY_OWNED'));
      const use = voucherUse.parse(JSON.parse(ok[0]!.body));
      assert.deepEqual([use.used, use.mediaId], [1, video!.id]);
      assert.equal((await ownedVideos(t, guest.id)).length, 1, 'one purchase');
      assert.equal(await amountLeft(t, voucherId), 2, 'the voucher was used once');
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0, 'the guest paid nothing');
      c.diagnostic(`${database}: 20 parallel uses of one voucher on one video -> 1 purchase, 1 unit`);
    });

    it('takes the last unit once for 20 parallel uses on 20 videos', async () => {
      const { accessToken, guest } = await t.signup();
      const items = await paidVideos(t, 20);
      const voucherId = await giveVoucher(t, guest.id, { type: 1, amount: 1 });
      const answers = await Promise.all(
        items.map((video) => post(t, `/guest/vouchers/${voucherId}/use`, accessToken, { mediaId: video.id })),
      );
      assert.equal(answers.filter((a) => a.statusCode === 200).length, 1);
      assert.ok(answers.filter((a) => a.statusCode !== 200).every((a) => codeOf(a.body) === 'VOUCHER_USED_UP'));
      assert.equal((await ownedVideos(t, guest.id)).length, 1, 'the refused purchases were rolled back');
      assert.equal(await amountLeft(t, voucherId), 0);
    });

    it("grants a bonus-code voucher's prize once for 20 parallel uses of its one unit", async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const voucherId = await giveVoucher(t, guest.id, { type: 9, amount: 1, code: PRIZE_BONUS_CODE });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(t, `/guest/vouchers/${voucherId}/use`, accessToken)),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      assert.equal(ok.length, 1, answers.map((a) => a.body).join('\n'));
      assert.ok(answers.filter((a) => a.statusCode !== 200).every((a) => codeOf(a.body) === 'VOUCHER_USED_UP'));
      const use = voucherUse.parse(JSON.parse(ok[0]!.body));
      assert.deepEqual(use.bonus?.granted, [
        { type: 'bonus', amount: 15 },
        { type: 'freeMessages', amount: 5 },
      ]);
      assert.equal(await balanceOf(t.ctx.db, guest.id), 15_00, 'the coins once');
      assert.equal(use.benefits.freeMessagesCount, 5, 'the free messages once');
      assert.equal(use.benefits.bonusCodeCount, 0, 'the card is scratched');
      assert.equal((await voucherGrants(t, voucherId)).length, 2, 'one grant per benefit');
      c.diagnostic(`${database}: 20 parallel uses of one bonus-code voucher -> 1 grant of its code`);
    });

    it('pays the performer her share from the platform', async () => {
      const { accessToken, guest } = await t.signup();
      const [video] = await paidVideos(t, 1);
      const other = await paidVideos(t, 25);
      const item = other.find((v) => v.actorId !== video!.actorId) ?? video!;
      const before = await performerBalance(t, item.actorId);
      const voucherId = await giveVoucher(t, guest.id, { type: 1, amount: 1, actorIds: [item.actorId] });
      const answer = await post(t, `/guest/vouchers/${voucherId}/use`, accessToken, { mediaId: item.id });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal((await performerBalance(t, item.actorId)) - before, Math.floor(item.price / 2));
    });
  });
}

describe('bad vouchers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t?.close());

  it('refuses an expired voucher, one not valid yet, one for another performer and another guest’s', async () => {
    const { accessToken, guest } = await t.signup();
    const other = await t.signup();
    const [first, second] = await paidVideos(t, 40).then((rows) => {
      const a = rows[0]!;
      return [a, rows.find((v) => v.actorId !== a.actorId)!];
    });
    const now = t.ctx.now().getTime();
    const video = { mediaId: first!.id };
    const cases: [number, object, number, string][] = [
      [await giveVoucher(t, guest.id, { type: 1, amount: 1, to: new Date(now - 1000) }), video, 409, 'VOUCHER_EXPIRED'],
      [
        await giveVoucher(t, guest.id, { type: 1, amount: 1, from: new Date(now + DAY) }),
        video,
        409,
        'VOUCHER_NOT_VALID_YET',
      ],
      [
        await giveVoucher(t, guest.id, { type: 1, amount: 1, actorIds: [second!.actorId] }),
        video,
        403,
        'VOUCHER_WRONG_PERFORMER',
      ],
      [await giveVoucher(t, other.guest.id, { type: 1, amount: 1 }), video, 404, 'VOUCHER_NOT_FOUND'],
      [await giveVoucher(t, guest.id, { type: 4, amount: 1 }), { mediaId: 2_000_000 }, 404, 'NOT_FOUND'],
      [await giveVoucher(t, guest.id, { type: 4, amount: 1 }), {}, 400, 'VALIDATION_FAILED'],
      [await giveVoucher(t, guest.id, { type: 7, amount: 1 }), video, 409, 'VOUCHER_TYPE_MISMATCH'],
    ];
    for (const [voucherId, payload, status, code] of cases) {
      const answer = await post(t, `/guest/vouchers/${voucherId}/use`, accessToken, payload);
      assert.deepEqual([answer.statusCode, codeOf(answer.body)], [status, code], `voucher ${voucherId}`);
    }
    assert.equal((await ownedVideos(t, guest.id)).length, 0, 'nothing bought');
    const left = await t.ctx.db
      .select({ amount: vouchers.amount })
      .from(vouchers)
      .where(
        inArray(
          vouchers.id,
          cases.map(([id]) => id),
        ),
      );
    assert.equal(left.length, cases.length);
    assert.ok(
      left.every((row) => row.amount === 1),
      'nothing taken',
    );
  });

  it('turns credits into coins and spins into wheel spins, and the benefits follow', async () => {
    const { accessToken, guest } = await t.signup();
    const credits = await giveVoucher(t, guest.id, { type: 3, amount: 25 });
    const spins = await giveVoucher(t, guest.id, { type: 10, amount: 4 });
    const before = guestBenefitsSchema.parse(JSON.parse((await t.rest('GET', '/guest/benefits', accessToken)).body));
    // The count is the wheel's spins: a spin voucher is in the list until it is redeemed onto the wheel.
    assert.equal(before.spinwheelSpins, 0);
    assert.deepEqual(before.vouchers.map((voucher) => voucher.id).sort(), [credits, spins].sort());
    const coins = await post(t, `/guest/vouchers/${credits}/use`, accessToken);
    assert.equal(coins.statusCode, 200, coins.body);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00);
    const wheel = voucherUse.parse(JSON.parse((await post(t, `/guest/vouchers/${spins}/use`, accessToken)).body));
    assert.equal(wheel.used, 4);
    assert.equal(wheel.benefits.spinwheelSpins, 4);
    assert.deepEqual(wheel.benefits.vouchers, [], 'used vouchers leave the list');
    const [account] = await t.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.guestId, guest.id));
    assert.equal(account?.spins, 4);
    const again = await post(t, `/guest/vouchers/${credits}/use`, accessToken);
    assert.deepEqual([again.statusCode, codeOf(again.body)], [409, 'VOUCHER_USED_UP']);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00, 'credited once');
  });
});

describe('bonus-code vouchers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t?.close());

  it('come from a bonus-code reward with the prize code, count on the benefits page and redeem one unit a use', async () => {
    const { accessToken, guest } = await t.signup();
    // A code whose benefit is a bonus code gives a scratch card: a voucher holding the prize code.
    const card = await post(t, '/guest/redeemBonus', accessToken, { code: 'luckycard' });
    assert.equal(card.statusCode, 200, card.body);
    const benefits = guestBenefitsSchema.parse(JSON.parse((await t.rest('GET', '/guest/benefits', accessToken)).body));
    assert.equal(benefits.bonusCodeCount, 1);
    const [voucher] = benefits.vouchers;
    assert.deepEqual([voucher?.type, voucher?.amount, voucher?.code], [9, 1, PRIZE_BONUS_CODE]);
    await t.ctx.db.update(vouchers).set({ amount: 2 }).where(eq(vouchers.id, voucher!.id));

    const socket = await openSocketSession(t.app, accessToken);
    try {
      const first = await post(t, `/guest/vouchers/${voucher!.id}/use`, accessToken);
      assert.equal(first.statusCode, 200, first.body);
      const pushed = await socket.next('bonusCodeRedeemed');
      assert.ok(pushed.type === 'bonusCodeRedeemed' && pushed.bonus.code === PRIZE_BONUS_CODE);
      const counts = await socket.next('guestVouchers');
      assert.ok(counts.type === 'guestVouchers');
      assert.deepEqual([counts.bonusCodeCount, counts.freeMessagesCount], [1, 5]);
    } finally {
      socket.close();
    }
    const second = voucherUse.parse(
      JSON.parse((await post(t, `/guest/vouchers/${voucher!.id}/use`, accessToken)).body),
    );
    assert.deepEqual([second.used, second.benefits.bonusCodeCount, second.benefits.freeMessagesCount], [1, 0, 10]);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 30_00, 'each unit its prize');
    assert.equal((await voucherGrants(t, voucher!.id)).length, 4);
    const third = await post(t, `/guest/vouchers/${voucher!.id}/use`, accessToken);
    assert.deepEqual([third.statusCode, codeOf(third.body)], [409, 'VOUCHER_USED_UP']);
  });

  it('refuse the prize code typed in, an expired voucher and one whose code is gone, granting nothing', async () => {
    const { accessToken, guest } = await t.signup();
    const typed = await post(t, '/guest/redeemBonus', accessToken, { code: PRIZE_BONUS_CODE });
    assert.deepEqual([typed.statusCode, codeOf(typed.body)], [404, 'CODE_NOT_FOUND']);
    const now = t.ctx.now().getTime();
    const expired = await giveVoucher(t, guest.id, {
      type: 9,
      amount: 1,
      code: PRIZE_BONUS_CODE,
      to: new Date(now - 1),
    });
    const unknown = await giveVoucher(t, guest.id, { type: 9, amount: 1, code: 'NO-SUCH-CODE' });
    const expiredUse = await post(t, `/guest/vouchers/${expired}/use`, accessToken);
    assert.deepEqual([expiredUse.statusCode, codeOf(expiredUse.body)], [409, 'VOUCHER_EXPIRED']);
    const unknownUse = await post(t, `/guest/vouchers/${unknown}/use`, accessToken);
    assert.deepEqual([unknownUse.statusCode, codeOf(unknownUse.body)], [404, 'CODE_NOT_FOUND']);
    assert.equal(await amountLeft(t, unknown), 1, 'the refused use was rolled back');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
    assert.equal((await voucherGrants(t, unknown)).length, 0);
  });
});

describe('daily bonus claims', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t?.close());

  /** One offer on each of 25 and 26 November: a free messenger gift. */
  async function giftOffers() {
    const offer = (date: string) => ({
      date,
      offer: 'MessengerGift',
      title: { de: 'G', en: 'G', nl: 'G', es: 'G' },
      description: { de: 'G', en: 'G', nl: 'G', es: 'G' },
      imageUrl: '/media/x.webp',
      conditions: [],
      effect: { name: 'messengerGift', value: 1, unit: 'pieces', code: null },
      quantity: 10,
      free: true,
    });
    const rows = await t.ctx.db
      .insert(dailyBonusOffers)
      .values([offer('2026-11-25'), offer('2026-11-26')])
      .returning({ id: dailyBonusOffers.id });
    return rows.map((row) => row.id) as [number, number];
  }

  it("takes an offer at 23:59:59 on its Berlin day, and not at 00:00:00; the next day's only then", async () => {
    const [today, tomorrow] = await giftOffers();
    const late = await t.signup();
    const early = await t.signup();
    t.ctx.now = () => LAST_SECOND;
    const notYet = await post(t, `/special/dailybonus/${tomorrow}/claim`, early.accessToken);
    assert.deepEqual([notYet.statusCode, codeOf(notYet.body)], [409, 'OFFER_NOT_YET']);
    const claimed = await post(t, `/special/dailybonus/${today}/claim`, late.accessToken);
    assert.equal(claimed.statusCode, 200, claimed.body);
    const claim = dailyBonusClaim.parse(JSON.parse(claimed.body));
    assert.deepEqual(
      [claim.offer, claim.reward.type, claim.reward.value, claim.paid],
      ['MessengerGift', 'messengerGift', 1, 0],
    );
    const twice = await post(t, `/special/dailybonus/${today}/claim`, late.accessToken);
    assert.deepEqual([twice.statusCode, codeOf(twice.body)], [409, 'OFFER_ALREADY_CLAIMED']);

    t.ctx.now = () => MIDNIGHT;
    const expired = await post(t, `/special/dailybonus/${today}/claim`, early.accessToken);
    assert.deepEqual([expired.statusCode, codeOf(expired.body)], [409, 'OFFER_EXPIRED']);
    const next = await post(t, `/special/dailybonus/${tomorrow}/claim`, early.accessToken);
    assert.equal(next.statusCode, 200, next.body);

    const grants = await t.ctx.db.select().from(rewardGrants).where(eq(rewardGrants.guestId, early.guest.id));
    assert.equal(grants.length, 1, 'the refused claims granted nothing');
    const benefits = guestBenefitsSchema.parse(
      JSON.parse((await t.rest('GET', '/guest/benefits', late.accessToken)).body),
    );
    assert.equal(benefits.messengerGiftCount, 1, 'the gift is a voucher on her benefits page');
    const consumed = await t.rest('GET', '/special/dailybonus/consumed', late.accessToken);
    assert.deepEqual(
      (JSON.parse(consumed.body) as { claims: { offerId: number }[] }).claims.map((c) => c.offerId),
      [today],
    );
    const [stock] = await t.ctx.db.select().from(dailyBonusOffers).where(eq(dailyBonusOffers.id, today));
    assert.equal(stock!.purchased, 1);

    // The daily bonus marks what each guest took: the one who claimed yesterday's offer, the one today's.
    t.ctx.now = () => LAST_SECOND;
    const consumedBy = async (token: string) => {
      const { data, errors } = await graphql(t, dailyBonusQuery, { language: 'en' }, token);
      assert.equal(errors, undefined);
      return dailyBonus.parse(data!.dailyBonus).consumedOffers;
    };
    assert.deepEqual(await consumedBy(late.accessToken), [today]);
    assert.deepEqual(await consumedBy(early.accessToken), [tomorrow]);
    assert.deepEqual(await consumedBy(await t.anonymousToken()), [], 'a visitor took nothing');
  });

  it('names the bonus models of each day, each a performer of the catalogue', async () => {
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date();
    try {
      const { data } = await graphql(t, dailyBonusQuery, { language: 'de' }, await t.anonymousToken());
      const bonus = dailyBonus.parse(data!.dailyBonus);
      assert.ok(bonus.days.every((day) => day.bonusModels.length === 3));
      assert.notDeepEqual(bonus.days[0]!.bonusModels, bonus.days[1]!.bonusModels, 'each day its own');
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('grants a top-up offer only after the day’s deposits meet its condition, and charges a price once', async () => {
    t.ctx.now = () => LAST_SECOND;
    const { accessToken, guest } = await t.signup();
    const [flat, video] = await t.ctx.db
      .insert(dailyBonusOffers)
      .values([
        {
          date: '2026-11-25',
          offer: 'TopUpFlat',
          title: { de: 'F', en: 'F', nl: 'F', es: 'F' },
          description: { de: 'F', en: 'F', nl: 'F', es: 'F' },
          imageUrl: '/media/x.webp',
          conditions: [{ name: 'minTopUp', value: '2500' }],
          effect: { name: 'bonusCoins', value: 5000, unit: 'coins', code: 'FLAT50' },
          quantity: 10,
        },
        {
          date: '2026-11-25',
          offer: 'video',
          title: { de: 'V', en: 'V', nl: 'V', es: 'V' },
          description: { de: 'V', en: 'V', nl: 'V', es: 'V' },
          imageUrl: '/media/x.webp',
          conditions: [],
          effect: { name: 'discount', value: 50, unit: 'percent', code: null },
          quantity: 10,
          priceValue: 19_96,
          priceCurrency: 'VXC',
        },
      ])
      .returning({ id: dailyBonusOffers.id });
    const refused = await post(t, `/special/dailybonus/${flat!.id}/claim`, accessToken);
    assert.deepEqual([refused.statusCode, codeOf(refused.body)], [409, 'OFFER_CONDITION_NOT_MET']);
    const poor = await post(t, `/special/dailybonus/${video!.id}/claim`, accessToken);
    assert.deepEqual([poor.statusCode, codeOf(poor.body)], [402, 'INSUFFICIENT_FUNDS']);
    assert.equal((await ownedVideos(t, guest.id)).length, 0, 'no video without the price');

    // A deposit of 25 EUR an hour before (the ledger's coins for it stand in for the card).
    await t.ctx.db.insert(walletDeposits).values({
      reference: randomUUID(),
      guestId: guest.id,
      amountEurCents: 2500,
      status: 'credited',
      created: new Date(LAST_SECOND.getTime() - 3_600_000),
    });
    const granted = await post(t, `/special/dailybonus/${flat!.id}/claim`, accessToken);
    assert.equal(granted.statusCode, 200, granted.body);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 50_00, 'fifty bonus coins');
    const bought = await post(t, `/special/dailybonus/${video!.id}/claim`, accessToken);
    assert.equal(bought.statusCode, 200, bought.body);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 50_00 - 19_96, 'the price, once');
    assert.equal((await ownedVideos(t, guest.id)).length, 1, 'a video of the day in her library');
    const claims = await t.ctx.db.select().from(dailyBonusClaims).where(eq(dailyBonusClaims.guestId, guest.id));
    assert.equal(claims.length, 2);
  });
});

vouchersUnderLoad('PGlite', () => createTestApp({ seedScale: 0.05 }), false);
const postgres = await startPostgres();
after(() => postgres?.stop());
vouchersUnderLoad(
  'PostgreSQL',
  async () => createTestApp({ seedScale: 0.05, config: { databaseUrl: await postgres!.createDatabase() } }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

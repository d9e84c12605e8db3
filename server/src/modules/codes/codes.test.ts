import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  bonusCodeView,
  canRedeemAnswer,
  claimCoinLoyaltyBonusMutation,
  codeCampaign,
  coinLoyalty,
  coinLoyaltyQuery,
  type CodeCampaignBody,
  type CreateCodesBody,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { openSocketSession } from '../../testing/socket';
import { guests } from '../auth/schema';
import { pincalls } from '../lifecycle/schema';
import { rewardGrants, loyaltyAccounts } from '../specials/schema';
import { errorOf, graphql } from '../specials/graphql-fixtures';
import { balanceOf, transfer } from '../wallet/service';
import { spendCoins } from '../wallet/fixtures';
import { walletTopUpBonuses } from '../wallet/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const COIN = 100;

function campaignBody(t: TestApp, overrides: Partial<CodeCampaignBody> = {}): CodeCampaignBody {
  const now = t.ctx.now().getTime();
  return {
    name: 'Test campaign',
    kind: 'bonusCode',
    welcome: false,
    benefits: [{ type: 'bonus', tiers: [{ from: 0, amount: 10 }] }],
    conditions: { requireMobileAuth: false, vip: false },
    validFrom: new Date(now - DAY_MS).toISOString(),
    validTo: new Date(now + DAY_MS).toISOString(),
    ...overrides,
  };
}

let codeCounter = 0;
/** A fresh code name per test, so the tests of one app never share one. */
const freshCode = () => `TEST-${process.pid}-${++codeCounter}`;

async function createCampaign(t: TestApp, operator: string, overrides: Partial<CodeCampaignBody> = {}) {
  const answer = await t.rest('POST', '/operator/codes/campaigns/new', operator, campaignBody(t, overrides));
  assert.equal(answer.statusCode, 200, answer.body);
  return codeCampaign.parse(answer.json());
}
async function createCodes(t: TestApp, operator: string, campaignId: number, body: CreateCodesBody) {
  const answer = await t.rest('POST', `/operator/codes/campaigns/${campaignId}/codes`, operator, body);
  assert.equal(answer.statusCode, 200, answer.body);
  return (answer.json() as { codes: { code: string; remainingCount: number | null }[] }).codes;
}
/** A campaign with one named code; answers the code. */
async function bonusCode(
  t: TestApp,
  operator: string,
  overrides: Partial<CodeCampaignBody> = {},
  redemptions: number | null = null,
) {
  const campaign = await createCampaign(t, operator, overrides);
  const code = freshCode();
  await createCodes(t, operator, campaign.id, { code, redemptions });
  return code;
}

const redeem = (t: TestApp, token: string, code: string, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/v1/guest/redeemBonus',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { code },
  });
const canRedeem = async (t: TestApp, token: string, code: string) => {
  const answer = await t.rest('GET', `/guest/bonusCode/${encodeURIComponent(code)}/canRedeem`, token);
  assert.equal(answer.statusCode, 200, answer.body);
  return canRedeemAnswer.parse(answer.json());
};
const topUp = (t: TestApp, token: string, amountEur: number) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/v1/payment/sandbox/charge',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: { amountEur, cardNumber: '4242424242424242' },
  });
const grantsOf = (t: TestApp, guestId: string) =>
  t.ctx.db.select().from(rewardGrants).where(eq(rewardGrants.guestId, guestId));
const spinsOf = async (t: TestApp, guestId: string) =>
  (await t.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.guestId, guestId)))[0]?.spins ?? 0;

function expectRefused(answer: { statusCode: number; json(): unknown; body: string }, status: number, code: string) {
  assert.equal(answer.statusCode, status, answer.body);
  assert.equal((answer.json() as { code: string }).code, code);
}

describe('bonus codes', () => {
  let t: TestApp;
  let operator: string;
  before(async () => {
    t = await createTestApp();
    operator = await t.operatorToken();
  });
  after(() => t.close());

  it('are created by operators only: guests get 403, visitors 401, and bad campaigns 400', async () => {
    const { accessToken } = await t.signup();
    expectRefused(
      await t.rest('POST', '/operator/codes/campaigns/new', accessToken, campaignBody(t)),
      403,
      'FORBIDDEN',
    );
    expectRefused(await t.rest('GET', '/operator/codes/campaigns', accessToken), 403, 'FORBIDDEN');
    expectRefused(
      await t.rest('POST', '/operator/codes/campaigns/new', undefined, campaignBody(t)),
      401,
      'UNAUTHORIZED',
    );
    const backwards = campaignBody(t, { validTo: new Date(t.ctx.now().getTime() - 2 * DAY_MS).toISOString() });
    expectRefused(await t.rest('POST', '/operator/codes/campaigns/new', operator, backwards), 400, 'VALIDATION_FAILED');
    const unordered = campaignBody(t, {
      benefits: [
        {
          type: 'bonus',
          tiers: [
            { from: 10, amount: 1 },
            { from: 5, amount: 2 },
          ],
        },
      ],
    });
    expectRefused(await t.rest('POST', '/operator/codes/campaigns/new', operator, unordered), 400, 'VALIDATION_FAILED');

    const campaign = await createCampaign(t, operator, { name: 'Autumn' });
    const code = freshCode();
    await createCodes(t, operator, campaign.id, { code, redemptions: 3 });
    const again = await t.rest('POST', `/operator/codes/campaigns/${campaign.id}/codes`, operator, {
      code: code.toLowerCase(),
      redemptions: null,
    });
    expectRefused(again, 409, 'CODE_EXISTS');
    expectRefused(
      await t.rest('POST', `/operator/codes/campaigns/${campaign.id}/codes`, operator, { count: 2 }),
      400,
      'VALIDATION_FAILED',
    );
    const listed = await t.rest('GET', '/operator/codes/campaigns', operator);
    const mine = (listed.json() as { campaigns: { id: number; codes: number; name: string }[] }).campaigns.find(
      (c) => c.id === campaign.id,
    );
    assert.deepEqual({ name: mine?.name, codes: mine?.codes }, { name: 'Autumn', codes: 1 });
  });

  it('are checked, read and redeemed once: coins and spins through the reward engine, both pushes', async () => {
    const code = await bonusCode(t, operator, {
      welcome: true,
      benefits: [
        { type: 'bonus', tiers: [{ from: 0, amount: 10 }] },
        { type: 'freeSpins', tiers: [{ from: 0, amount: 2 }] },
      ],
    });
    const { accessToken, guest } = await t.signup();
    assert.deepEqual(await canRedeem(t, accessToken, code.toLowerCase()), { success: true, reason: null });
    const read = bonusCodeView.parse((await t.rest('GET', `/guest/bonusCode/${code}`, accessToken)).json());
    assert.equal(read.config.containsTopUpBenefit, false);
    assert.equal(read.remainingCount, null);

    const socket = await openSocketSession(t.app, accessToken);
    try {
      const answer = await redeem(t, accessToken, ` ${code.toLowerCase()} `);
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), {
        success: true,
        bonus: {
          code,
          granted: [
            { type: 'bonus', amount: 10 },
            { type: 'freeSpins', amount: 2 },
          ],
          onTop: null,
          welcome: true,
        },
      });
      const pushed = await socket.next('bonusCodeRedeemed');
      assert.deepEqual(pushed, { type: 'bonusCodeRedeemed', bonus: (answer.json() as { bonus: unknown }).bonus });
      await socket.next('welcomeBonusRedeemed');
      assert.equal((await socket.next('guestBalance')).type, 'guestBalance');
    } finally {
      socket.close();
    }
    assert.equal(await balanceOf(t.ctx.db, guest.id), 10 * COIN);
    assert.equal(await spinsOf(t, guest.id), 2);

    expectRefused(await redeem(t, accessToken, code), 409, 'CODE_ALREADY_REDEEMED');
    assert.deepEqual(await canRedeem(t, accessToken, code), { success: false, reason: 'CODE_ALREADY_REDEEMED' });
    // One welcome bonus per guest, whichever campaign gives it.
    const otherWelcome = await bonusCode(t, operator, { welcome: true });
    expectRefused(await redeem(t, accessToken, otherWelcome), 409, 'CODE_ALREADY_REDEEMED');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 10 * COIN, 'refusals grant nothing');
    assert.equal((await grantsOf(t, guest.id)).length, 2);
  });

  it('refuses unknown, early, expired, used-up codes and unmet conditions with a code, granting nothing', async () => {
    const { accessToken, guest } = await t.signup();
    expectRefused(await redeem(t, accessToken, 'NO-SUCH-CODE'), 404, 'CODE_NOT_FOUND');
    expectRefused(await t.rest('GET', '/guest/bonusCode/NO-SUCH-CODE', accessToken), 404, 'CODE_NOT_FOUND');
    expectRefused(await redeem(t, accessToken, '   '), 400, 'VALIDATION_FAILED');
    const now = t.ctx.now().getTime();
    const early = await bonusCode(t, operator, {
      validFrom: new Date(now + DAY_MS).toISOString(),
      validTo: new Date(now + 2 * DAY_MS).toISOString(),
    });
    expectRefused(await redeem(t, accessToken, early), 409, 'CODE_NOT_VALID_YET');
    const expired = await bonusCode(t, operator, {
      validFrom: new Date(now - 2 * DAY_MS).toISOString(),
      validTo: new Date(now - DAY_MS).toISOString(),
    });
    expectRefused(await redeem(t, accessToken, expired), 410, 'CODE_EXPIRED');
    assert.deepEqual(await canRedeem(t, accessToken, expired), { success: false, reason: 'CODE_EXPIRED' });

    const single = await bonusCode(t, operator, {}, 1);
    const first = await t.signup();
    assert.equal((await redeem(t, first.accessToken, single)).statusCode, 200);
    expectRefused(await redeem(t, accessToken, single), 409, 'CODE_USED_UP');

    const vip = await bonusCode(t, operator, {
      conditions: { requireMobileAuth: false, vip: true },
      benefits: [
        {
          type: 'freeMessages',
          tiers: [
            { from: 0, amount: 3 },
            { from: 100, amount: 10 },
          ],
        },
      ],
    });
    expectRefused(await redeem(t, accessToken, vip), 403, 'VIP_REQUIRED');
    const mobile = await bonusCode(t, operator, { conditions: { requireMobileAuth: true, vip: false } });
    expectRefused(await redeem(t, accessToken, mobile), 403, 'MOBILE_AUTH_REQUIRED');
    assert.deepEqual(await canRedeem(t, accessToken, mobile), { success: false, reason: 'MOBILE_AUTH_REQUIRED' });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
    assert.deepEqual(await grantsOf(t, guest.id), []);

    // Meeting them: a VIP with 12 coins spent this month (120 loyalty points) reaches the second tier.
    await t.ctx.db.update(guests).set({ vip: true }).where(eq(guests.id, guest.id));
    assert.equal((await topUp(t, accessToken, 5)).statusCode, 200);
    await spendCoins(t.ctx, guest.id, 12);
    const vipAnswer = await redeem(t, accessToken, vip);
    assert.equal(vipAnswer.statusCode, 200, vipAnswer.body);
    assert.deepEqual((vipAnswer.json() as { bonus: { granted: unknown } }).bonus.granted, [
      { type: 'freeMessages', amount: 10 },
    ]);
    await t.ctx.db.insert(pincalls).values({
      guestId: guest.id,
      type: 'mobile',
      phone: `49151${String(Date.now()).slice(-8)}`,
      countryCode: '49',
      verified: true,
      created: t.ctx.now(),
      expires: t.ctx.now(),
    });
    assert.equal((await redeem(t, accessToken, mobile)).statusCode, 200);
  });

  it('as scratch cards: each card redeems once, and one card per campaign and guest', async () => {
    const campaign = await createCampaign(t, operator, { kind: 'scratchCard' });
    const cards = await createCodes(t, operator, campaign.id, { count: 3 });
    assert.equal(new Set(cards.map((c) => c.code)).size, 3);
    assert.ok(cards.every((c) => /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(c.code) && c.remainingCount === 1));
    const anna = await t.signup();
    const ben = await t.signup();
    assert.equal((await redeem(t, anna.accessToken, cards[0]!.code)).statusCode, 200);
    expectRefused(await redeem(t, anna.accessToken, cards[1]!.code), 409, 'CODE_ALREADY_REDEEMED');
    expectRefused(await redeem(t, ben.accessToken, cards[0]!.code), 409, 'CODE_USED_UP');
    assert.equal((await redeem(t, ben.accessToken, cards[1]!.code)).statusCode, 200);
    assert.equal(await balanceOf(t.ctx.db, ben.guest.id), 10 * COIN);
  });

  it('as promo codes: the on-top bonus comes with the next top-up that reaches a tier, once', async () => {
    const code = await bonusCode(t, operator, {
      benefits: [
        {
          type: 'ontop',
          tiers: [
            { from: 40, amount: 10 },
            { from: 200, amount: 60 },
          ],
        },
      ],
    });
    const { accessToken, guest } = await t.signup();
    const waiting = async () =>
      (
        (await t.rest('GET', `/promo/hasGuestNotRedeemedOnTopCodeInstance/${code}`, accessToken)).json() as {
          hasNotRedeemedInstance: boolean;
        }
      ).hasNotRedeemedInstance;
    assert.equal(await waiting(), false);
    const answer = await redeem(t, accessToken, code);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(
      bonusCodeView.parse((await t.rest('GET', `/guest/bonusCode/${code}`, accessToken)).json()).config
        .containsTopUpBenefit,
      true,
    );
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0, 'nothing before the top-up');
    assert.equal(await waiting(), true);

    assert.equal((await topUp(t, accessToken, 5)).statusCode, 200);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 20 * COIN, '20 coins reach no tier: the bonus waits');
    assert.equal(await waiting(), true);
    assert.equal((await topUp(t, accessToken, 50)).statusCode, 200);
    assert.equal(await balanceOf(t.ctx.db, guest.id), (20 + 200 + 60) * COIN, '200 coins reach the second tier');
    assert.equal(await waiting(), false);
    assert.equal((await topUp(t, accessToken, 50)).statusCode, 200);
    assert.equal(await balanceOf(t.ctx.db, guest.id), (20 + 400 + 60) * COIN, 'given once');
  });
});

/** Coins a guest got and then spent at `at`: spending, as the ledger counts it for loyalty. */
async function spentAt(t: TestApp, guestId: string, coins: number, at: Date) {
  const guest = { kind: 'guest' as const, id: guestId };
  await transfer(t.ctx.db, {
    reason: 'charge',
    at,
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -coins * COIN },
      { account: guest, amount: coins * COIN },
    ],
  });
  await transfer(t.ctx.db, {
    reason: 'purchase.video',
    at,
    legs: [
      { account: guest, amount: -coins * COIN },
      { account: { kind: 'performer', id: 1 }, amount: coins * COIN },
    ],
  });
}
const claimLoyalty = (t: TestApp, token: string) => graphql(t, claimCoinLoyaltyBonusMutation, {}, token);

describe('the coin loyalty bonus', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t.close());

  it("gives back a share of last Berlin month's spending by its tier, claimed once in the month after", async () => {
    const { accessToken, guest } = await t.signup();
    const realNow = t.ctx.now;
    try {
      // 23:30 UTC on 31 October is already 1 November in Berlin: that spending counts for November.
      await spentAt(t, guest.id, 600, new Date('2026-10-15T12:00:00Z'));
      await spentAt(t, guest.id, 900, new Date('2026-10-31T23:30:00Z'));
      t.ctx.now = () => new Date('2026-11-10T12:00:00Z');
      const read = async () => {
        const body = await graphql(t, coinLoyaltyQuery, {}, accessToken);
        assert.equal(body.errors, undefined, JSON.stringify(body.errors));
        return coinLoyalty.parse(body.data!.coinLoyalty);
      };
      assert.deepEqual(await read(), {
        month: '2026-10',
        spentCoins: 600,
        percent: 7,
        bonusCoins: 42,
        claimed: false,
        claimable: true,
        claimableUntil: '2026-11-30T23:00:00.000Z',
      });
      const claimed = await claimLoyalty(t, accessToken);
      assert.equal(claimed.errors, undefined, JSON.stringify(claimed.errors));
      assert.equal(await balanceOf(t.ctx.db, guest.id), 42 * COIN);
      assert.equal(errorOf(await claimLoyalty(t, accessToken)), 'REWARD_NOT_REDEEMABLE');
      assert.equal((await read()).claimed, true);
      assert.equal(await balanceOf(t.ctx.db, guest.id), 42 * COIN);

      // December reads November: 900 coins, 7 % again, a new claim.
      t.ctx.now = () => new Date('2026-12-01T09:00:00Z');
      assert.equal((await read()).bonusCoins, 63);
      const { accessToken: idle } = await t.signup();
      assert.equal(errorOf(await claimLoyalty(t, idle)), 'REWARD_NOT_REDEEMABLE', 'nothing spent, nothing to claim');
      assert.equal(errorOf(await claimLoyalty(t, await t.anonymousToken())), 'LOGIN_REQUIRED');
    } finally {
      t.ctx.now = realNow;
    }
  });
});

/** Parallel redemptions and top-ups, on PGlite and on a real PostgreSQL server. */
function underLoad(name: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`codes under load on ${name}`, { skip }, () => {
    let t: TestApp;
    let operator: string;
    before(async () => {
      t = await open();
      operator = await t.operatorToken();
    });
    after(() => t?.close());

    it('20 parallel redemptions of one code by one guest grant once; the others are refused', async () => {
      const code = await bonusCode(t, operator);
      const { accessToken, guest } = await t.signup();
      const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(t, accessToken, code)));
      const statuses = answers.map((a) => a.statusCode).sort();
      assert.deepEqual(statuses, [200, ...Array<number>(19).fill(409)]);
      assert.ok(
        answers
          .filter((a) => a.statusCode === 409)
          .every((a) => a.json<{ code: string }>().code === 'CODE_ALREADY_REDEEMED'),
      );
      assert.equal(await balanceOf(t.ctx.db, guest.id), 10 * COIN);
      assert.equal((await grantsOf(t, guest.id)).length, 1);
    });

    it('20 guests racing for a code with 5 redemptions: exactly 5 get it', async () => {
      const code = await bonusCode(t, operator, {}, 5);
      const racers = await Promise.all(Array.from({ length: 20 }, () => t.signup()));
      const answers = await Promise.all(racers.map((r) => redeem(t, r.accessToken, code)));
      assert.equal(answers.filter((a) => a.statusCode === 200).length, 5);
      assert.ok(
        answers.filter((a) => a.statusCode !== 200).every((a) => a.json<{ code: string }>().code === 'CODE_USED_UP'),
      );
      const balances = await Promise.all(racers.map((r) => balanceOf(t.ctx.db, r.guest.id)));
      assert.equal(balances.filter((b) => b === 10 * COIN).length, 5);
    });

    it('20 parallel claims of the coin loyalty bonus grant it once', async () => {
      const { accessToken, guest } = await t.signup();
      await spentAt(t, guest.id, 2000, new Date('2026-10-15T12:00:00Z'));
      const realNow = t.ctx.now;
      t.ctx.now = () => new Date('2026-11-10T12:00:00Z');
      const answers = await Promise.all(Array.from({ length: 20 }, () => claimLoyalty(t, accessToken))).finally(
        () => (t.ctx.now = realNow),
      );
      assert.equal(answers.filter((a) => a.errors === undefined).length, 1);
      assert.ok(answers.filter((a) => a.errors).every((a) => errorOf(a) === 'REWARD_NOT_REDEEMABLE'));
      assert.equal(await balanceOf(t.ctx.db, guest.id), 200 * COIN);
    });

    it('20 parallel top-ups give a waiting on-top bonus once', async () => {
      const code = await bonusCode(t, operator, { benefits: [{ type: 'ontop', tiers: [{ from: 4, amount: 7 }] }] });
      const { accessToken, guest } = await t.signup();
      assert.equal((await redeem(t, accessToken, code)).statusCode, 200);
      const answers = await Promise.all(Array.from({ length: 20 }, () => topUp(t, accessToken, 1)));
      assert.ok(
        answers.every((a) => a.statusCode === 200),
        answers.map((a) => a.body).join('\n'),
      );
      assert.equal(await balanceOf(t.ctx.db, guest.id), (20 * 4 + 7) * COIN);
      const [bonus] = await t.ctx.db.select().from(walletTopUpBonuses).where(eq(walletTopUpBonuses.guestId, guest.id));
      assert.equal(bonus?.grantedCoins, 7);
    });
  });
}

underLoad('PGlite', () => createTestApp(), false);
const postgres = await startPostgres();
after(() => postgres?.stop());
underLoad(
  'PostgreSQL',
  async () => createTestApp({ config: { databaseUrl: await postgres!.createDatabase() } }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

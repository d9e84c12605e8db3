import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  REWARD_TYPES,
  adventCalendar,
  attemptResult,
  errorCodeOf,
  gameConfigQuery,
  gameGuestInfo,
  guestBenefits as guestBenefitsSchema,
  useAttemptMutation,
  type Language,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { balanceOf } from '../wallet/service';
import { errorOf, graphql } from './graphql-fixtures';
import { grantReward } from './rewards';
import { adventDoors, gameDays, loyaltyAccounts, rewardGrants, specialEvents } from './schema';

const SLOT_MACHINE = 31;
/** 23:59:59 and then 00:00:00 in Berlin (winter time, UTC+1) on 25 and 26 November 2026. */
const LAST_SECOND = new Date('2026-11-25T22:59:59Z');
const MIDNIGHT = new Date('2026-11-25T23:00:00Z');

/** Lets the slot machine run around the test's instants, with three attempts a day. */
async function runSlotMachineAround(t: TestApp, at: Date) {
  await t.ctx.db
    .update(specialEvents)
    .set({
      startDate: new Date(at.getTime() - 3 * 86_400_000),
      endDate: new Date(at.getTime() + 3 * 86_400_000),
      dailyAttempts: 3,
      dayConfigs: [],
    })
    .where(eq(specialEvents.id, SLOT_MACHINE));
}

/** Puts door `door` on the Berlin day of `at` with a coin reward. */
async function doorToday(t: TestApp, door: number, day: string, coins = 10) {
  await t.ctx.db.update(adventDoors).set({ day, rewardType: 'bonus', value: coins }).where(eq(adventDoors.door, door));
}

const grantsOf = (t: TestApp, guestId: string) =>
  t.ctx.db.select().from(rewardGrants).where(eq(rewardGrants.guestId, guestId));

function claimsUnderLoad(database: string, start: () => Promise<TestApp>, skip: false | string) {
  describe(`reward claims on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await start();
    });
    after(() => t?.close());

    it('grants one reward once for 50 parallel claims of it', async (c: TestContext) => {
      const { guest } = await t.signup();
      const before = await balanceOf(t.ctx.db, guest.id);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.ctx.db.transaction((tx) =>
            grantReward(tx, {
              guestId: guest.id,
              claim: 'test:one-reward',
              source: 'test',
              type: 'bonus',
              value: 7,
              at: t.ctx.now(),
            }),
          ),
        ),
      );
      assert.equal(answers.filter((a) => a.created).length, 1, 'one claim granted it');
      assert.ok(answers.every((a) => a.reward.type === 'bonus' && a.reward.value === 7));
      assert.equal((await grantsOf(t, guest.id)).length, 1);
      assert.equal((await balanceOf(t.ctx.db, guest.id)) - before, 7_00, 'the coins came once');
      c.diagnostic(`${database}: 50 parallel claims -> 1 grant`);
    });

    it("opens today's advent door once for 50 parallel requests", async () => {
      const { accessToken, guest } = await t.signup();
      t.ctx.now = () => LAST_SECOND;
      await doorToday(t, 5, '2026-11-25', 12);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.rest('POST', '/special/adventcalendar/5', accessToken)),
      );
      assert.ok(
        answers.every((a) => a.statusCode === 200),
        answers.map((a) => a.body).join('\n'),
      );
      assert.equal((await grantsOf(t, guest.id)).length, 1);
      assert.equal(await balanceOf(t.ctx.db, guest.id), 12_00);
    });

    it('takes no more attempts than the day has for 20 parallel attempts', async () => {
      const { accessToken, guest } = await t.signup();
      t.ctx.now = () => LAST_SECOND;
      await runSlotMachineAround(t, LAST_SECOND);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          graphql(t, useAttemptMutation, { eventId: SLOT_MACHINE, language: 'en' }, accessToken),
        ),
      );
      const results = answers.map((a) => attemptResult.parse(a.data!.useAttempt));
      assert.equal(results.filter((r) => r.success).length, 3);
      assert.ok(
        results.filter((r) => !r.success).every((r) => r.errorCode === 'NO_ATTEMPTS_LEFT' && r.reward === null),
      );
      assert.equal((await grantsOf(t, guest.id)).length, 3, 'three attempts, three grants');
    });
  });
}

claimsUnderLoad('PGlite', () => createTestApp({ seedScale: 0.05 }), false);
const postgres = await startPostgres();
after(() => postgres?.stop());
claimsUnderLoad(
  'PostgreSQL',
  async () => createTestApp({ seedScale: 0.05, config: { databaseUrl: await postgres!.createDatabase() } }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

describe('games', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t.close());

  const attempt = async (token: string, language: Language = 'en') => {
    const body = await graphql(t, useAttemptMutation, { eventId: SLOT_MACHINE, language }, token);
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return attemptResult.parse(body.data!.useAttempt);
  };
  const info = async (token: string) => {
    const answer = await t.rest('GET', `/special/slotmachine/getReward/${SLOT_MACHINE}?qmdate=2026-11-25`, token);
    assert.equal(answer.statusCode, 200, answer.body);
    return gameGuestInfo.parse(answer.json());
  };

  it('has the attempts of its Berlin day: the last second of a day, then a new day at midnight', async () => {
    const { accessToken } = await t.signup();
    await runSlotMachineAround(t, LAST_SECOND);
    t.ctx.now = () => LAST_SECOND;
    assert.equal((await info(accessToken)).attemptsLeftToday, 3);
    const played = [await attempt(accessToken), await attempt(accessToken), await attempt(accessToken)];
    assert.deepEqual(
      played.map((p) => p.attemptsLeftToday),
      [2, 1, 0],
    );
    assert.ok(played.every((p) => p.success && p.reward !== null && p.reward.type !== 'blank'));
    const refused = await attempt(accessToken);
    assert.equal(refused.success, false);
    assert.equal(refused.errorCode, 'NO_ATTEMPTS_LEFT');
    assert.equal(refused.errorMessage, 'You have no attempts left today');
    const texts = {
      de: 'Du hast heute keine Versuche mehr',
      nl: 'Je hebt vandaag geen pogingen meer',
      es: 'Hoy ya no te quedan intentos',
    };
    for (const [language, text] of Object.entries(texts)) {
      assert.equal((await attempt(accessToken, language as Language)).errorMessage, text, `in ${language}`);
    }
    assert.equal(refused.reward, null);
    const standing = await info(accessToken);
    assert.equal(standing.gainedRewards.length, 3, 'the refused attempt granted nothing');
    assert.equal(standing.attemptsLeftToday, 0);

    t.ctx.now = () => MIDNIGHT;
    assert.equal((await info(accessToken)).attemptsLeftToday, 3, 'a new Berlin day');
    const next = await attempt(accessToken);
    assert.equal(next.success, true);
    assert.equal(next.attemptsLeftToday, 2);
  });

  it('counts the points per attempt of each day of its config', async () => {
    const { accessToken } = await t.signup();
    await runSlotMachineAround(t, LAST_SECOND);
    await t.ctx.db
      .update(specialEvents)
      .set({
        dayConfigs: [
          { day: 4, dailyAttempts: 1, pointsPerAttempt: 40 },
          { day: 5, dailyAttempts: 2, pointsPerAttempt: 50 },
        ],
      })
      .where(eq(specialEvents.id, SLOT_MACHINE));
    t.ctx.now = () => LAST_SECOND;
    assert.equal((await attempt(accessToken)).points, 40);
    assert.equal((await attempt(accessToken)).errorCode, 'NO_ATTEMPTS_LEFT');
    t.ctx.now = () => MIDNIGHT;
    assert.equal((await attempt(accessToken)).points, 90);
    assert.equal((await attempt(accessToken)).points, 140);
    assert.equal((await info(accessToken)).points, 140);
    const config = await graphql(t, gameConfigQuery, { eventId: SLOT_MACHINE, language: 'de' }, accessToken);
    assert.equal(config.data?.gameConfig?.gameCategory, 'reels');
    assert.equal(config.data?.gameConfig?.dayConfigs.length, 2);
  });

  it('refuses a game outside its days, a wrong game route and a visitor, granting nothing', async () => {
    const { accessToken, guest } = await t.signup();
    t.ctx.now = () => new Date('2020-01-01T12:00:00Z');
    const outside = await attempt(accessToken);
    assert.equal(outside.errorCode, 'GAME_NOT_RUNNING');
    const wrongRoute = await t.rest('GET', `/special/halloween/getReward/${SLOT_MACHINE}`, accessToken);
    assert.equal(wrongRoute.statusCode, 404);
    const unknown = await graphql(t, useAttemptMutation, { eventId: 9999 }, accessToken);
    assert.equal(errorOf(unknown), 'NOT_FOUND');
    const visitor = await graphql(t, useAttemptMutation, { eventId: SLOT_MACHINE }, await t.anonymousToken());
    assert.equal(errorOf(visitor), 'LOGIN_REQUIRED');
    assert.equal((await grantsOf(t, guest.id)).length, 0);
    const days = await t.ctx.db.select().from(gameDays).where(eq(gameDays.guestId, guest.id));
    assert.equal(days.length, 0);
  });
});

describe('the advent calendar', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t.close());

  it('opens a door on its Berlin day only: not before, and not after its 23:59:59', async () => {
    const { accessToken, guest } = await t.signup();
    await doorToday(t, 1, '2026-11-25');
    await doorToday(t, 2, '2026-11-26');
    t.ctx.now = () => LAST_SECOND;
    const early = await t.rest('POST', '/special/adventcalendar/2', accessToken);
    assert.equal(early.statusCode, 409);
    assert.equal(errorCodeOf(early.json().code), 'DOOR_NOT_OPEN_YET');
    assert.equal((await grantsOf(t, guest.id)).length, 0, 'a door before its day grants nothing');
    const first = await t.rest('POST', '/special/adventcalendar/1', accessToken);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().reward, { type: 'bonus', value: 10, title: null });

    t.ctx.now = () => MIDNIGHT;
    const late = await t.rest('POST', '/special/adventcalendar/1', accessToken);
    assert.equal(errorCodeOf(late.json().code), 'DOOR_CLOSED');
    assert.equal((await t.rest('POST', '/special/adventcalendar/2', accessToken)).statusCode, 200);
    const calendar = adventCalendar.parse((await t.rest('GET', '/special/adventcalendar', accessToken)).json());
    assert.equal(calendar.today, '2026-11-26');
    assert.deepEqual(
      calendar.doors.slice(0, 2).map((d) => d.state),
      ['opened', 'opened'],
    );
    assert.equal(await balanceOf(t.ctx.db, guest.id), 20_00);
    const visitor = adventCalendar.parse((await t.rest('GET', '/special/adventcalendar')).json());
    assert.ok(visitor.doors.every((d) => d.state !== 'opened' && d.reward === null));
  });
});

describe('the reward engine', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t.close());

  it('grants every reward type with what it changes', async () => {
    const { accessToken, guest } = await t.signup();
    const now = t.ctx.now();
    for (const type of REWARD_TYPES) {
      const granted = await t.ctx.db.transaction((tx) =>
        grantReward(tx, { guestId: guest.id, claim: `all:${type}`, source: 'test', type, value: 2, at: now }),
      );
      assert.equal(granted.created, true, type);
    }
    // Coins: bonus, ontop and the VIP bonus, 2 coins each.
    assert.equal(await balanceOf(t.ctx.db, guest.id), 6_00);
    const [spins] = await t.ctx.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.guestId, guest.id));
    assert.equal(spins?.spins, 2);
    const benefits = guestBenefitsSchema.parse((await t.rest('GET', '/guest/benefits', accessToken)).json());
    assert.equal(benefits.spinwheelSpins, 2, 'free spins on the wheel');
    assert.equal(benefits.freeMessagesCount, 2);
    assert.equal(benefits.messengerGiftCount, 4, 'a messenger gift and chat roses');
    assert.equal(benefits.chatShowTickets, 2);
    assert.equal(benefits.privateShowTickets, 2);
    const types = new Set(benefits.vouchers.map((v) => v.type));
    for (const voucherType of [1, 2, 9] as const) assert.ok(types.has(voucherType), `voucher ${voucherType}`);
    const me = await t.rest('GET', '/auth/me', accessToken);
    assert.equal(me.json().guest.flags.vip, true, 'VIP days make her a VIP');
    const rewards = (await t.rest('GET', '/special/rewards', accessToken)).json().rewards as { type: string }[];
    assert.equal(rewards.length, REWARD_TYPES.length - 1, 'every reward but the blank');
    const media = await t.ctx.db
      .select()
      .from(rewardGrants)
      .where(and(eq(rewardGrants.guestId, guest.id), eq(rewardGrants.rewardType, 'video')));
    assert.ok(media[0]!.title, 'a drawn video with its title');
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  actorGiftCalendar,
  claimActorGiftCalendarRewardMutation,
  claimUserActivityRewardMutation,
  claimedActivityReward,
  collectedEgg,
  easterEvent,
  easterEgg,
  errorCodeOf,
  performerGiftCalendar,
  userActivityEvent,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { guests } from '../auth/schema';
import { balanceOf } from '../wallet/service';
import { recordActivity } from './events';
import { errorOf, graphql } from './graphql-fixtures';
import { activityDefinitions, calendarEvents, easterTokens, giftCalendarDays, rewardGrants } from './schema';

const DAY = 86_400_000;
/** 23:59:59 and then 00:00:00 in Berlin (winter time, UTC+1) on 25 and 26 November 2026. */
const LAST_SECOND = new Date('2026-11-25T22:59:59Z');
const MIDNIGHT = new Date('2026-11-25T23:00:00Z');

/** Lets the seeded event of a type run from `days` before `at` to `days` after it, claims a week longer. */
async function runAround(t: TestApp, eventType: 'easter' | 'userActivity', at: Date, days = 3) {
  await t.ctx.db
    .update(calendarEvents)
    .set({
      start: new Date(at.getTime() - days * DAY),
      end: new Date(at.getTime() + days * DAY),
      rewardClaimEnd: new Date(at.getTime() + (days + 7) * DAY),
    })
    .where(eq(calendarEvents.eventType, eventType));
}

async function eggsOn(t: TestApp, page: string, token?: string) {
  const answer = await t.rest('GET', `/special/easter/eggs/${page}`, token);
  assert.equal(answer.statusCode, 200, answer.body);
  return easterEgg.array().parse(answer.json().eggs);
}

const collect = (t: TestApp, verificationToken: string, token: string) =>
  t.rest('POST', '/special/easter/collectEgg', token, { verificationToken, qmdate: '2026-11-25' });

async function easter(t: TestApp, token?: string, language = 'en') {
  const answer = await t.rest('GET', `/special/getData/easter?language=${language}`, token);
  assert.equal(answer.statusCode, 200, answer.body);
  return easterEvent.parse(answer.json());
}

async function activityEvent(t: TestApp, token?: string) {
  const answer = await t.rest('GET', '/special/getData/userActivity?language=en', token);
  assert.equal(answer.statusCode, 200, answer.body);
  return userActivityEvent.parse(answer.json());
}

const claim = (t: TestApp, eventType: string, rewardId: number, token: string) =>
  t.rest('POST', `/special/getData/${eventType}/rewards/${rewardId}?language=en`, token);

const grantsOf = (t: TestApp, guestId: string) =>
  t.ctx.db.select().from(rewardGrants).where(eq(rewardGrants.guestId, guestId));

describe('the Easter egg hunt', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
    t.ctx.now = () => LAST_SECOND;
    await runAround(t, 'easter', LAST_SECOND);
  });
  after(() => t.close());

  it('issues a guest one token per egg, shows a visitor the eggs without tokens, and counts a found egg once', async () => {
    const { accessToken } = await t.signup();
    const visitorEggs = await eggsOn(t, 'home', await t.anonymousToken());
    assert.equal(visitorEggs.length, 1);
    assert.equal(visitorEggs[0]!.token, null);
    const [egg] = await eggsOn(t, 'home', accessToken);
    assert.ok(egg?.token && egg.token.length >= 32, 'a random token');
    assert.deepEqual(await eggsOn(t, 'home', accessToken), [egg], 'a second visit gets the same token');
    assert.deepEqual(await eggsOn(t, 'nowhere', accessToken), []);

    const found = await collect(t, egg.token, accessToken);
    assert.equal(found.statusCode, 200, found.body);
    const counted = collectedEgg.parse(found.json());
    assert.equal(counted.eggId, egg.id);
    assert.equal(counted.collectedEggs, 1);
    assert.equal(counted.totalEggs, 8);
    assert.deepEqual(await eggsOn(t, 'home', accessToken), [], 'a found egg is hidden no more');
    const again = await collect(t, egg.token, accessToken);
    assert.equal(again.statusCode, 409);
    assert.equal(errorCodeOf(again.json().code), 'EGG_ALREADY_COLLECTED');
    const standing = await easter(t, accessToken);
    assert.equal(standing.collectedEggs, 1);
    assert.equal(standing.totalEggs, 8);
  });

  it("refuses a forged token and another guest's token, and grants nothing", async () => {
    const owner = await t.signup();
    const thief = await t.signup();
    const [egg] = await eggsOn(t, 'videos', owner.accessToken);
    for (const forged of ['made-up-token', `${egg!.token}x`, egg!.token!.slice(1)]) {
      const answer = await collect(t, forged, thief.accessToken);
      assert.equal(answer.statusCode, 400, forged);
      assert.equal(errorCodeOf(answer.json().code), 'EGG_TOKEN_INVALID');
    }
    const stolen = await collect(t, egg!.token!, thief.accessToken);
    assert.equal(stolen.statusCode, 400);
    assert.equal(errorCodeOf(stolen.json().code), 'EGG_TOKEN_INVALID');
    assert.equal((await easter(t, thief.accessToken)).collectedEggs, 0);
    assert.equal((await easter(t, owner.accessToken)).collectedEggs, 0, "the owner's egg is still hers to find");
    const visitor = await t.rest('POST', '/special/easter/collectEgg', await t.anonymousToken(), {
      verificationToken: egg!.token,
    });
    assert.equal(visitor.statusCode, 401);
    const empty = await t.rest('POST', '/special/easter/collectEgg', owner.accessToken, { verificationToken: '' });
    assert.equal(empty.statusCode, 400);
    assert.equal(errorCodeOf(empty.json().code), 'VALIDATION_FAILED');
  });

  it('hides no eggs outside the hunt and refuses a token issued during it', async () => {
    const { accessToken } = await t.signup();
    const [egg] = await eggsOn(t, 'blog', accessToken);
    t.ctx.now = () => new Date(LAST_SECOND.getTime() + 4 * DAY);
    try {
      assert.deepEqual(await eggsOn(t, 'blog', accessToken), []);
      const late = await collect(t, egg!.token!, accessToken);
      assert.equal(late.statusCode, 409);
      assert.equal(errorCodeOf(late.json().code), 'EVENT_NOT_RUNNING');
    } finally {
      t.ctx.now = () => LAST_SECOND;
    }
    assert.equal((await easter(t, accessToken)).collectedEggs, 0);
  });

  it('grants a reward by eggs found once, keeps a surprise hidden until claimed, and stops at rewardClaimEnd', async () => {
    const { accessToken, guest } = await t.signup();
    const early = await claim(t, 'easter', 1, accessToken);
    assert.equal(early.statusCode, 409);
    assert.equal(errorCodeOf(early.json().code), 'REWARD_NOT_REDEEMABLE');
    for (const page of ['home', 'videos']) {
      const [egg] = await eggsOn(t, page, accessToken);
      assert.equal((await collect(t, egg!.token!, accessToken)).statusCode, 200);
    }
    const before = await easter(t, accessToken);
    assert.deepEqual(
      before.rewards.map((r) => [r.id, r.claimable, r.redeemed]),
      [
        [1, true, false],
        [2, false, false],
        [3, false, false],
        [4, false, false],
      ],
    );
    const surprise = before.rewards.find((r) => r.hidden)!;
    assert.deepEqual([surprise.type, surprise.value], ['blank', 0], 'a surprise keeps its prize to itself');
    const claims = await Promise.all(Array.from({ length: 10 }, () => claim(t, 'easter', 1, accessToken)));
    assert.ok(
      claims.every((c) => c.statusCode === 200),
      claims.map((c) => c.body).join('\n'),
    );
    assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00, 'the 25 coins came once');
    const after = easterEvent.parse(claims[0]!.json());
    assert.equal(after.rewards[0]!.redeemed, true);
    assert.equal(after.history.length, 1);
    assert.equal(after.history[0]!.source, `easter:${after.id}`);

    // The hunt ends (no more eggs), rewards stay claimable until rewardClaimEnd's last millisecond, then not.
    const event = (await t.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.eventType, 'easter')))[0]!;
    await t.ctx.db
      .update(calendarEvents)
      .set({ rewards: [{ ...event.rewards[0]!, id: 9 }] })
      .where(eq(calendarEvents.id, event.id));
    try {
      t.ctx.now = () => new Date(event.rewardClaimEnd.getTime() - 1);
      assert.equal((await claim(t, 'easter', 9, accessToken)).statusCode, 200);
      await t.ctx.db
        .update(calendarEvents)
        .set({ rewards: [{ ...event.rewards[0]!, id: 10 }] })
        .where(eq(calendarEvents.id, event.id));
      t.ctx.now = () => event.rewardClaimEnd;
      const late = await claim(t, 'easter', 10, accessToken);
      assert.equal(late.statusCode, 409);
      assert.equal(errorCodeOf(late.json().code), 'REWARD_CLAIM_ENDED');
    } finally {
      await t.ctx.db.update(calendarEvents).set({ rewards: event.rewards }).where(eq(calendarEvents.id, event.id));
      t.ctx.now = () => LAST_SECOND;
    }
    assert.equal((await grantsOf(t, guest.id)).length, 2);
  });

  it('answers the event in the language asked for', async () => {
    assert.equal((await easter(t, undefined, 'de')).name, 'Ostereiersuche');
    assert.equal((await easter(t, undefined, 'es')).name, 'Búsqueda de huevos de Pascua');
    const unknown = await t.rest('GET', '/special/getData/halloween');
    assert.equal(unknown.statusCode, 400);
  });
});

describe('the user-activity event', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
    t.ctx.now = () => LAST_SECOND;
    await runAround(t, 'userActivity', LAST_SECOND);
    await runAround(t, 'easter', LAST_SECOND);
  });
  after(() => t.close());

  const spinLimit = async () =>
    (await t.ctx.db.select().from(activityDefinitions).where(eq(activityDefinitions.key, 'spin')))[0]!;

  it('counts an activity up to its daily limit on a Berlin day, and again from midnight', async () => {
    const { accessToken, guest } = await t.signup();
    const spin = await spinLimit();
    const given = [];
    for (let i = 0; i < spin.limitPerDay + 2; i++) {
      given.push(await recordActivity(t.ctx.db, { guestId: guest.id, key: 'spin', now: t.ctx.now() }));
    }
    assert.deepEqual(given, [...Array.from({ length: spin.limitPerDay }, () => spin.points), 0, 0]);
    let event = await activityEvent(t, accessToken);
    assert.equal(event.points, spin.points * spin.limitPerDay);
    assert.equal(event.activities.find((a) => a.key === 'spin')!.doneToday, spin.limitPerDay);

    t.ctx.now = () => MIDNIGHT;
    try {
      assert.equal(await recordActivity(t.ctx.db, { guestId: guest.id, key: 'spin', now: t.ctx.now() }), spin.points);
      event = await activityEvent(t, accessToken);
      assert.equal(event.activities.find((a) => a.key === 'spin')!.doneToday, 1, 'a new Berlin day');
      assert.equal(event.points, spin.points * (spin.limitPerDay + 1));
    } finally {
      t.ctx.now = () => LAST_SECOND;
    }
  });

  it('adds the VIP bonus for a VIP member and counts nothing outside the event', async () => {
    const { guest } = await t.signup();
    const spin = await spinLimit();
    await t.ctx.db.update(guests).set({ vip: true }).where(eq(guests.id, guest.id));
    assert.equal(
      await recordActivity(t.ctx.db, { guestId: guest.id, key: 'spin', now: t.ctx.now() }),
      spin.points + spin.vipBonus,
    );
    const outside = new Date(LAST_SECOND.getTime() + 5 * DAY);
    assert.equal(await recordActivity(t.ctx.db, { guestId: guest.id, key: 'spin', now: outside }), 0);
  });

  it('fulfils a challenge by what the guest does on the site (found eggs) and lets her claim a reward once', async () => {
    const { accessToken, guest } = await t.signup();
    for (const page of ['home', 'videos', 'blog']) {
      const [egg] = await eggsOn(t, page, accessToken);
      assert.equal((await collect(t, egg!.token!, accessToken)).statusCode, 200);
    }
    const event = await activityEvent(t, accessToken);
    const eggs = event.activities.find((a) => a.key === 'easterEgg')!;
    assert.equal(eggs.doneToday, 3);
    const hunter = event.challenges.find((c) => c.activityKey === 'easterEgg')!;
    assert.equal(hunter.fullfilled, true);
    assert.equal(hunter.date, '2026-11-25');
    assert.equal(event.points, 3 * eggs.points + hunter.points);
    const reward = event.rewards.find((r) => r.requiredPoints <= event.points)!;
    assert.equal(reward.claimable, true);
    const locked = event.rewards.find((r) => r.requiredPoints > event.points)!;
    const refused = await claim(t, 'userActivity', locked.id, accessToken);
    assert.equal(errorCodeOf(refused.json().code), 'REWARD_NOT_REDEEMABLE');
    const claims = await Promise.all(Array.from({ length: 5 }, () => claim(t, 'userActivity', reward.id, accessToken)));
    assert.ok(claims.every((c) => c.statusCode === 200));
    const grants = await t.ctx.db
      .select()
      .from(rewardGrants)
      .where(and(eq(rewardGrants.guestId, guest.id), eq(rewardGrants.source, `userActivity:${event.id}`)));
    assert.equal(grants.length, 1);
    assert.equal(userActivityEvent.parse(claims[0]!.json()).rewards.find((r) => r.id === reward.id)!.redeemed, true);
    const visitor = await activityEvent(t);
    assert.equal(visitor.points, 0);
    assert.ok(visitor.rewards.every((r) => !r.claimable && !r.redeemed));
  });
});

describe('the actor gift calendar', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
    t.ctx.now = () => LAST_SECOND;
  });
  after(() => t.close());

  it("grants a day's gift on its Berlin day once, refuses other days, and shows the guest what she claimed", async () => {
    const { accessToken, guest } = await t.signup();
    const [seeded] = await t.ctx.db.select().from(giftCalendarDays).limit(1);
    const actorId = seeded!.actorId;
    await t.ctx.db.delete(giftCalendarDays).where(eq(giftCalendarDays.actorId, actorId));
    await t.ctx.db.insert(giftCalendarDays).values(
      ['2026-11-24', '2026-11-25', '2026-11-26'].map((day) => ({
        actorId,
        day,
        rewardType: 'bonus' as const,
        value: 4,
      })),
    );
    const claimDay = (qmday: string, token = accessToken) =>
      graphql(t, claimActorGiftCalendarRewardMutation, { actorId, qmday }, token);

    const claims = await Promise.all(Array.from({ length: 10 }, () => claimDay('2026-11-25')));
    assert.ok(
      claims.every((c) => c.errors === undefined),
      JSON.stringify(claims.map((c) => c.errors)),
    );
    assert.deepEqual(claims[0]!.data!.claimActorGiftCalendarReward, {
      date: '2026-11-25',
      state: 'opened',
      reward: { type: 'bonus', value: 4, title: null },
    });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 4_00, 'the gift came once');
    assert.equal(errorOf(await claimDay('2026-11-26')), 'DOOR_NOT_OPEN_YET');
    assert.equal(errorOf(await claimDay('2026-11-24')), 'DOOR_CLOSED');
    assert.equal(errorOf(await claimDay('2026-11-27')), 'NOT_FOUND');
    assert.equal(errorOf(await claimDay('25.11.2026')), 'VALIDATION_FAILED');
    assert.equal(errorOf(await claimDay('2026-11-25', await t.anonymousToken())), 'LOGIN_REQUIRED');

    const calendar = await t.rest('GET', `/special/giftCalendar/${actorId}`, accessToken);
    assert.equal(calendar.statusCode, 200, calendar.body);
    assert.deepEqual(
      actorGiftCalendar.parse(calendar.json()).days.map((day) => day.state),
      ['missed', 'opened', 'locked'],
    );
    t.ctx.now = () => MIDNIGHT;
    try {
      assert.equal(errorOf(await claimDay('2026-11-26')), undefined);
    } finally {
      t.ctx.now = () => LAST_SECOND;
    }
    assert.equal(await balanceOf(t.ctx.db, guest.id), 8_00);
  });

  it("lists the calendars not over yet, the one ending first first, each with the caller's claimed days", async () => {
    const [first, second, over] = await t.ctx.db
      .selectDistinct({ actorId: giftCalendarDays.actorId })
      .from(giftCalendarDays)
      .orderBy(giftCalendarDays.actorId)
      .limit(3);
    const runUntil = async (actorId: number, days: string[]) => {
      await t.ctx.db.delete(giftCalendarDays).where(eq(giftCalendarDays.actorId, actorId));
      await t.ctx.db
        .insert(giftCalendarDays)
        .values(days.map((day) => ({ actorId, day, rewardType: 'bonus' as const, value: 2 })));
    };
    await runUntil(first!.actorId, ['2026-11-25', '2026-11-28']);
    await runUntil(second!.actorId, ['2026-11-24', '2026-11-25']);
    await runUntil(over!.actorId, ['2026-11-23', '2026-11-24']);
    const { accessToken } = await t.signup();
    const claim = await graphql(
      t,
      claimActorGiftCalendarRewardMutation,
      { actorId: second!.actorId, qmday: '2026-11-25' },
      accessToken,
    );
    assert.equal(claim.errors, undefined, JSON.stringify(claim.errors));

    const listed = async (token?: string) => {
      const answer = await t.rest('GET', '/special/giftCalendars', token);
      assert.equal(answer.statusCode, 200, answer.body);
      return performerGiftCalendar.array().parse(answer.json().calendars);
    };
    const mine = await listed(accessToken);
    const ids = mine.map((calendar) => calendar.actorId);
    assert.ok(!ids.includes(over!.actorId), 'a calendar whose last day has passed is not listed');
    assert.ok(
      ids.indexOf(second!.actorId) >= 0 && ids.indexOf(second!.actorId) < ids.indexOf(first!.actorId),
      `the calendar ending first comes first: ${ids.join(', ')}`,
    );
    const secondOfMine = mine.find((calendar) => calendar.actorId === second!.actorId)!;
    assert.ok(secondOfMine.actorName.length > 0 && secondOfMine.link.length > 0);
    assert.deepEqual(
      secondOfMine.days.map((day) => [day.date, day.state]),
      [
        ['2026-11-24', 'missed'],
        ['2026-11-25', 'opened'],
      ],
    );
    const visitors = await listed(await t.anonymousToken());
    assert.deepEqual(
      visitors.find((calendar) => calendar.actorId === second!.actorId)!.days.map((day) => day.state),
      ['missed', 'open'],
      'a visitor has claimed nothing',
    );
  });
});

function underLoad(database: string, start: () => Promise<TestApp>, skip: false | string) {
  describe(`egg collects and activities on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await start();
      t.ctx.now = () => LAST_SECOND;
      await runAround(t, 'easter', LAST_SECOND);
      await runAround(t, 'userActivity', LAST_SECOND);
    });
    after(() => t?.close());

    it('counts one egg once for 20 parallel collects of it', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const [egg] = await eggsOn(t, 'home', accessToken);
      const answers = await Promise.all(Array.from({ length: 20 }, () => collect(t, egg!.token!, accessToken)));
      const codes = answers.map((a) => a.statusCode);
      assert.equal(codes.filter((code) => code === 200).length, 1, answers.map((a) => a.body).join('\n'));
      assert.ok(answers.filter((a) => a.statusCode !== 200).every((a) => a.json().code === 'EGG_ALREADY_COLLECTED'));
      const found = await t.ctx.db.select().from(easterTokens).where(eq(easterTokens.guestId, guest.id));
      assert.equal(found.filter((token) => token.collectedAt !== null).length, 1);
      c.diagnostic(`${database}: 20 parallel collects -> 1 egg`);
    });

    it("never passes an activity's daily limit for 20 parallel activities", async (c: TestContext) => {
      const { guest } = await t.signup();
      const [spin] = await t.ctx.db.select().from(activityDefinitions).where(eq(activityDefinitions.key, 'spin'));
      const given = await Promise.all(
        Array.from({ length: 20 }, () =>
          recordActivity(t.ctx.db, { guestId: guest.id, key: 'spin', now: t.ctx.now() }),
        ),
      );
      assert.equal(given.filter((points) => points > 0).length, spin!.limitPerDay);
      c.diagnostic(`${database}: 20 parallel activities -> ${spin!.limitPerDay} counted`);
    });

    it('grants a user-activity reward once for 50 parallel claimUserActivityReward', async (c: TestContext) => {
      const { accessToken, guest } = await t.signup();
      const [event] = await t.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.eventType, 'userActivity'));
      const [first, second] = event!.rewards;
      // The first reward: 6 coins for any point; the second out of reach.
      await t.ctx.db
        .update(calendarEvents)
        .set({
          rewards: [
            { ...first!, type: 'bonus', value: 6, required: 1 },
            { ...second!, required: 1_000_000 },
          ],
        })
        .where(eq(calendarEvents.id, event!.id));
      const claimIt = (rewardId: number, eventId = event!.id, token = accessToken) =>
        graphql(t, claimUserActivityRewardMutation, { eventId, rewardId }, token);

      const early = await claimIt(first!.id);
      assert.equal(errorOf(early), 'REWARD_NOT_REDEEMABLE', 'no points yet');
      await recordActivity(t.ctx.db, { guestId: guest.id, key: 'spin', now: t.ctx.now() });
      const before = await balanceOf(t.ctx.db, guest.id);
      const answers = await Promise.all(Array.from({ length: 50 }, () => claimIt(first!.id)));
      assert.ok(
        answers.every((answer) => !answer.errors),
        JSON.stringify(answers.find((answer) => answer.errors)),
      );
      const claimed = claimedActivityReward.parse(answers[0]!.data!.claimUserActivityReward);
      assert.deepEqual(
        [claimed.eventId, claimed.rewardId, claimed.reward.type, claimed.reward.value],
        [event!.id, first!.id, 'bonus', 6],
      );
      const grants = await t.ctx.db
        .select()
        .from(rewardGrants)
        .where(and(eq(rewardGrants.guestId, guest.id), eq(rewardGrants.source, `userActivity:${event!.id}`)));
      assert.equal(grants.length, 1, 'one grant');
      assert.equal((await balanceOf(t.ctx.db, guest.id)) - before, 6_00, 'the coins came once');
      assert.equal((await activityEvent(t, accessToken)).rewards.find((r) => r.id === first!.id)!.redeemed, true);

      assert.equal(errorOf(await claimIt(second!.id)), 'REWARD_NOT_REDEEMABLE');
      const [easterEvent] = await t.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.eventType, 'easter'));
      assert.equal(errorOf(await claimIt(first!.id, easterEvent!.id)), 'NOT_FOUND', 'not a user-activity event');
      assert.equal(errorOf(await claimIt(first!.id, event!.id, await t.anonymousToken())), 'LOGIN_REQUIRED');
      const realNow = t.ctx.now;
      t.ctx.now = () => new Date(event!.rewardClaimEnd.getTime() + 1000);
      try {
        const late = await t.signup();
        assert.equal(errorOf(await claimIt(first!.id, event!.id, late.accessToken)), 'REWARD_CLAIM_ENDED');
      } finally {
        t.ctx.now = realNow;
      }
      assert.equal((await grantsOf(t, guest.id)).length, 1, 'the refused claims granted nothing');
      c.diagnostic(`${database}: 50 parallel claimUserActivityReward -> 1 grant`);
    });
  });
}

underLoad('PGlite', () => createTestApp({ seedScale: 0.05 }), false);
const postgres = await startPostgres();
after(() => postgres?.stop());
underLoad(
  'PostgreSQL',
  async () => createTestApp({ seedScale: 0.05, config: { databaseUrl: await postgres!.createDatabase() } }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

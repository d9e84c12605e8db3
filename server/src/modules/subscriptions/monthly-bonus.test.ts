import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { SANDBOX_CARDS, VIP_MONTHLY_BONUS_COINS } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { balanceOf } from '../wallet/service';
import { bonusMonth } from './monthly-bonus';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 1 a.m. in Berlin on the first of April, still March in UTC. */
const START = Date.parse('2026-03-31T23:00:00Z');

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const setNow = (time: number) => {
  t.ctx.now = () => new Date(time);
};
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
const collect = (token: string) => post('/subscriptions/monthlyBonus', token);
const notice = (guestId: string) => t.ctx.statusBar.messageOf('monthlyBonusNotification', guestId);

test('the month is the calendar month in Berlin', () => {
  assert.equal(bonusMonth(new Date(START)), '2026-04');
  assert.equal(bonusMonth(new Date(START - 60 * 60 * 1000 - 1)), '2026-03');
});

test('a VIP collects the monthly bonus once a month through the ledger, and the status bar offers it until then', async () => {
  setNow(START);
  const { accessToken, guest } = await t.signup();
  assert.equal(await notice(guest.id), null, 'no bonus before VIP');
  const refused = await collect(accessToken);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json<{ code: string }>().code, 'NO_SUBSCRIPTION');

  const bought = await post('/subscriptions/subscribe', accessToken, {
    plan: 'vip',
    cardNumber: SANDBOX_CARDS.succeeds,
  });
  assert.equal(bought.statusCode, 200, bought.body);
  const offered = {
    type: 'monthlyBonusNotification',
    data: { coins: VIP_MONTHLY_BONUS_COINS, month: '2026-04' },
    action: { claim: 'vipMonthlyBonus' },
  };
  assert.deepEqual(await notice(guest.id), offered);

  const before = await balanceOf(t.ctx.db, guest.id);
  const answers = await Promise.all([collect(accessToken), collect(accessToken), collect(accessToken)]);
  for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
  assert.deepEqual(
    answers.map((a) => a.json<{ credited: boolean }>().credited).sort(),
    [false, false, true],
    'collected at once three times, credited once',
  );
  assert.equal(await balanceOf(t.ctx.db, guest.id), before + VIP_MONTHLY_BONUS_COINS * 100);
  assert.equal(await notice(guest.id), null, 'collected: the status bar says nothing more this month');

  setNow(START + 29 * DAY_MS);
  assert.equal(await notice(guest.id), null, 'still April');
  assert.equal((await collect(accessToken)).json<{ credited: boolean }>().credited, false);
  assert.equal(await balanceOf(t.ctx.db, guest.id), before + VIP_MONTHLY_BONUS_COINS * 100);

  // The last minute of the period is in May already (Berlin): May's bonus is offered and credited again.
  setNow(START + 30 * DAY_MS - 60_000);
  assert.deepEqual(await notice(guest.id), { ...offered, data: { ...offered.data, month: '2026-05' } });
  assert.equal((await collect(accessToken)).json<{ credited: boolean }>().credited, true);
  assert.equal(await balanceOf(t.ctx.db, guest.id), before + 2 * VIP_MONTHLY_BONUS_COINS * 100);
  assert.equal((await post('/subscriptions/cancel', accessToken, { kind: 'vip' })).statusCode, 200);
  assert.equal((await post('/acceptCancellationOffer', accessToken, { kind: 'vip', accept: false })).statusCode, 200);
  setNow(START + 30 * DAY_MS + 1);
  assert.equal(await notice(guest.id), null, 'the VIP period is over');
  assert.equal((await collect(accessToken)).statusCode, 409);
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SANDBOX_CARDS, formatCurrency, type IncomingMessage, type StatusBarEntry } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { balanceOf } from './service';
import { spendCoins } from './fixtures';
import { chargeOneClick, chargeSavedCard } from './one-click';
import { walletDeposits, walletSandboxCharges } from './schema';

const START = Date.parse('2026-03-02T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const setNow = (time: number) => {
  t.ctx.now = () => new Date(time);
};
const post = (url: string, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload,
  });
const spend = (guestId: string, coins: number) => spendCoins(t.ctx, guestId, coins);
const shown = (message: IncomingMessage) => (message as IncomingMessage<'statusBar'>).statusBar;

test('an automatic recharge the card declines is told in the status bar until a deposit answers it', async () => {
  setNow(START);
  const { accessToken, guest } = await t.signup();
  // The first payment succeeds and saves the card; the provider declines every charge of it after that.
  const paid = await post('/payment/sandbox/charge', accessToken, {
    amountEur: 10,
    cardNumber: SANDBOX_CARDS.declinedOnReuse,
  });
  assert.equal(paid.statusCode, 200, paid.body);
  const on = await post('/payment/autoRecharge', accessToken, {
    enabled: true,
    amountEurCents: 1000,
    thresholdCoins: 30,
  });
  assert.equal(on.statusCode, 200, on.body);
  assert.equal(await t.ctx.statusBar.messageOf('error', guest.id), null);

  const socket = await openSocketSession(t.app, accessToken);
  await socket.next('statusBar');
  const declined: StatusBarEntry = {
    type: 'error',
    data: { context: 'autoRechargeDeclined', amount: formatCurrency(1000, 'EUR', 'en') },
    action: { href: '/en/myvisitx/payments/' },
  };
  await spend(guest.id, (await balanceOf(t.ctx.db, guest.id)) / 100 - 25);
  assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00, 'nothing was recharged');
  assert.deepEqual(shown(await socket.next('statusBar')), declined, 'pushed at once: the most urgent message');

  // A deposit by hand answers it (with the same kind of card, saved again for the next recharge).
  const again = await post('/payment/sandbox/charge', accessToken, {
    amountEur: 10,
    cardNumber: SANDBOX_CARDS.declinedOnReuse,
  });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(await t.ctx.statusBar.messageOf('error', guest.id), null);
  assert.notEqual(shown(await socket.next('statusBar'))?.type, 'error');

  // Declined again in a later window: told again, for a day.
  setNow(START + 11 * 60 * 1000);
  await spend(guest.id, (await balanceOf(t.ctx.db, guest.id)) / 100 - 25);
  assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00, 'nothing was recharged');
  assert.deepEqual(await t.ctx.statusBar.messageOf('error', guest.id), declined);
  setNow(START + 11 * 60 * 1000 + DAY_MS + 1);
  assert.equal(await t.ctx.statusBar.messageOf('error', guest.id), null, 'told for a day');
  socket.close();
});

test("an automatic recharge the guest's own deposit limit refuses is told in the status bar too, and its window charges nothing", async () => {
  setNow(START + 3 * DAY_MS);
  const { accessToken, guest } = await t.signup();
  const paid = await post('/payment/sandbox/charge', accessToken, {
    amountEur: 10,
    cardNumber: SANDBOX_CARDS.succeeds,
  });
  assert.equal(paid.statusCode, 200, paid.body);
  // 10 EUR deposited today: another 10 EUR would go over 15 EUR a day.
  const limited = await post('/payment/limits', accessToken, { daily: 1500, monthly: null });
  assert.equal(limited.statusCode, 200, limited.body);
  const on = await post('/payment/autoRecharge', accessToken, {
    enabled: true,
    amountEurCents: 1000,
    thresholdCoins: 30,
  });
  assert.equal(on.statusCode, 200, on.body);
  const socket = await openSocketSession(t.app, accessToken);
  assert.notEqual(shown(await socket.next('statusBar'))?.type, 'error');

  await spend(guest.id, (await balanceOf(t.ctx.db, guest.id)) / 100 - 25);
  assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00, 'nothing was recharged');
  const refused: StatusBarEntry = {
    type: 'error',
    data: { context: 'autoRechargeLimited', amount: formatCurrency(1000, 'EUR', 'en') },
    action: { href: '/en/myvisitx/payments/' },
  };
  assert.deepEqual(shown(await socket.next('statusBar')), refused, 'pushed at once: the most urgent message');
  const deposits = () => t.ctx.db.select().from(walletDeposits).where(eq(walletDeposits.guestId, guest.id));
  const [recharge] = (await deposits()).filter((deposit) => deposit.status === 'refused');
  assert.ok(recharge, 'the refusal is kept');
  assert.equal(recharge.amountEurCents, 1000);
  const charged = await t.ctx.db
    .select()
    .from(walletSandboxCharges)
    .where(eq(walletSandboxCharges.reference, recharge.reference));
  assert.deepEqual(charged, [], 'the card was not charged');

  // Lower still in the same window: not tried again.
  await spend(guest.id, 5);
  assert.equal((await deposits()).length, 2, 'the first payment and the refused recharge');
  assert.equal(await balanceOf(t.ctx.db, guest.id), 20_00);

  // A deposit answers it.
  const byHand = await post('/payment/sandbox/charge', accessToken, {
    amountEur: 5,
    cardNumber: SANDBOX_CARDS.succeeds,
  });
  assert.equal(byHand.statusCode, 200, byHand.body);
  assert.equal(await t.ctx.statusBar.messageOf('error', guest.id), null);
  assert.notEqual(shown(await socket.next('statusBar'))?.type, 'error');

  // The refused recharge stays refused, also once the limit has room again: it is never charged late.
  setNow(START + 4 * DAY_MS + 1);
  const late = await chargeSavedCard(t.ctx, guest.id, 1000, { requestId: 'late', reference: recharge.reference });
  assert.deepEqual([late.success, late.errorCode], [false, 'DEPOSIT_LIMIT_EXCEEDED']);
  // A guest's request named like the recharge's reference is her own charge: it neither books nor answers it.
  const lookalike = await chargeOneClick(t.ctx, guest.id, 1000, recharge.reference);
  assert.equal(lookalike.success, true, 'the limit has room again');
  assert.equal((await deposits()).find((deposit) => deposit.reference === recharge.reference)?.status, 'refused');
  socket.close();
});

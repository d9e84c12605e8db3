import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { SANDBOX_CARDS, formatCurrency, type IncomingMessage, type StatusBarEntry } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { balanceOf } from './service';
import { spendCoins } from './fixtures';

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

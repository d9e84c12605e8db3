import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  ONE_CLICK_AMOUNTS_EUR_CENTS,
  SANDBOX_CARDS,
  SUBSCRIPTION_PLANS,
  coinsForEur,
  formatCurrency,
  type DepositLimits,
  type GuestSubscription,
  type IncomingMessage,
  type SubscriptionPlanId,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { createTestApp, TEST_OPERATOR_PASSWORD, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { guests } from '../auth/schema';
import { OPERATOR } from '../auth/operator';
import { sandboxProvider, type PaymentProvider } from '../wallet/payment';
import { DEPOSIT_SETTLE_AFTER_MS, depositByCard, settleStaleDeposits } from '../wallet/deposits';
import { chargeOneClick } from '../wallet/one-click';
import { walletSandboxCharges, walletTransfers } from '../wallet/schema';
import { balanceOf } from '../wallet/service';
import { spendCoins } from '../wallet/fixtures';
import { subscriptionsModule } from './index';
import { subscriptionPayments, subscriptions } from './schema';
import { RESERVATION_SETTLE_AFTER_MS, renewDue, subscribe } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-02T10:00:00Z');

/**
 * The sandbox as a real provider behaves, with a record of what it was asked: every card charge, and one charge
 * per reference of saved cards (asking again answers the first); and a way to cut a call short just before or
 * just after the provider charged, as a stop of the server does.
 */
function recordingProvider(db: Database) {
  const sandbox = sandboxProvider(db);
  const charged = new Map<string, number>();
  const cardCharges: string[] = [];
  let cut: 'before' | 'after' | null = null;
  const provider: PaymentProvider = {
    name: sandbox.name,
    charge: async (request) => {
      if (cut === 'before') throw new Error('stopped before the charge');
      cardCharges.push(request.reference);
      const outcome = await sandbox.charge(request);
      if (cut === 'after') throw new Error('stopped after the charge');
      return outcome;
    },
    chargeSaved: async (request) => {
      if (cut === 'before') throw new Error('stopped before the charge');
      const outcome = await sandbox.chargeSaved(request);
      if (outcome.status === 'succeeded' && !charged.has(request.reference))
        charged.set(request.reference, request.amountEurCents);
      if (cut === 'after') throw new Error('stopped after the charge');
      return outcome;
    },
    finalize: (reference) => sandbox.finalize(reference),
  };
  return {
    provider,
    charged,
    cardCharges,
    cutShort: (when: 'before' | 'after' | null) => {
      cut = when;
    },
  };
}

const quietLog = { ...console, error: () => undefined };

/** A purchase through the service, with a provider of the test's choosing. */
const subscribeDirectly = (
  t: TestApp,
  provider: PaymentProvider,
  purchase: { guestId: string; plan: SubscriptionPlanId; card: string; operationKey: string },
) => subscribe(t.ctx, provider, purchase);

function helpers(t: TestApp) {
  const setNow = (time: number) => {
    t.ctx.now = () => new Date(time);
  };
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url: `/rest/v1${url}`,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const subscribe = (token: string, plan: string, card: string = SANDBOX_CARDS.succeeds, key = randomUUID()) =>
    call('POST', '/subscriptions/subscribe', token, { plan, cardNumber: card }, key);
  /** A new guest who bought `plan` with `card` at START. */
  const subscriber = async (plan: string, card: string = SANDBOX_CARDS.succeeds) => {
    setNow(START);
    const signedUp = await t.signup();
    const bought = await subscribe(signedUp.accessToken, plan, card);
    assert.equal(bought.statusCode, 200, bought.body);
    return signedUp;
  };
  const flags = async (guestId: string) => {
    const [row] = await t.ctx.db
      .select({ vip: guests.vip, tv: guests.tvSubscriber, formerTv: guests.formerTvSubscriber })
      .from(guests)
      .where(eq(guests.id, guestId));
    return row!;
  };
  /** The subscription payments the ledger holds for a guest, in EUR cents. */
  const ledgerPayments = async (guestId: string) =>
    (
      await t.ctx.db
        .select({ cents: sql<number>`(${walletTransfers.metadata} ->> 'amountEurCents')::int` })
        .from(walletTransfers)
        .where(
          and(
            like(walletTransfers.reason, 'subscription.%'),
            sql`${walletTransfers.metadata} ->> 'guestId' = ${guestId}`,
          ),
        )
    ).map((row) => row.cents);
  /** How many card charges the provider has answered (its own record). */
  const cardCharges = async () =>
    (await t.ctx.db.select().from(walletSandboxCharges).where(like(walletSandboxCharges.reference, 'subscription:%')))
      .length;
  const pushes: Array<{ guestId: string; message: IncomingMessage }> = [];
  const send = t.ctx.hub.sendToGuest.bind(t.ctx.hub);
  t.ctx.hub.sendToGuest = (guestId, message) => {
    pushes.push({ guestId, message });
    send(guestId, message);
  };
  const renewals = (provider: PaymentProvider) => renewDue({ ...t.ctx, log: quietLog as never }, provider);
  return { setNow, call, subscribe, subscriber, flags, ledgerPayments, cardCharges, pushes, renewals };
}

/** The whole life of subscriptions on one database. */
function lifecycle(name: string, makeApp: () => Promise<TestApp>, skip: string | false) {
  describe(`subscriptions on ${name}`, { skip }, () => {
    let t: TestApp;
    let h: ReturnType<typeof helpers>;
    test('start', async () => {
      t = await makeApp();
      h = helpers(t);
    });
    after(() => t?.close());

    test('a VIP purchase charges the card once, records the payment in the ledger and makes the guest VIP', async () => {
      h.setNow(START);
      const { accessToken, guest } = await t.signup();
      const key = randomUUID();
      const first = await h.subscribe(accessToken, 'vip', SANDBOX_CARDS.succeeds, key);
      assert.equal(first.statusCode, 200, first.body);
      const again = await h.subscribe(accessToken, 'vip', SANDBOX_CARDS.succeeds, key);
      assert.deepEqual(again.json(), first.json(), 'a retry with the same key answers the first purchase');
      const bought = first.json<GuestSubscription>();
      assert.equal(bought.status, 'active');
      assert.equal(bought.periodEnd, new Date(START + 30 * DAY_MS).toISOString());
      assert.deepEqual(await h.ledgerPayments(guest.id), [SUBSCRIPTION_PLANS.vip.priceCents]);
      assert.equal((await h.flags(guest.id)).vip, true);
      const me = await h.call('GET', '/auth/me', accessToken);
      assert.equal(me.json<{ guest: { flags: { vip: boolean } } }>().guest.flags.vip, true);
      const push = h.pushes.find((p) => p.guestId === guest.id && p.message.type === 'subscription');
      assert.deepEqual(push?.message, {
        type: 'subscription',
        kind: 'vip',
        subscriber: true,
        formerSubscriber: false,
        started: { plan: 'vip', priceCents: 999, currency: 'EUR' },
      });
      const second = await h.subscribe(accessToken, 'vip');
      assert.equal(second.json<{ code: string }>().code, 'SUBSCRIPTION_ACTIVE');
    });

    test('20 parallel purchases by one guest: one charge at the provider, one subscription, the others 409 uncharged', async () => {
      h.setNow(START);
      const { accessToken, guest } = await t.signup();
      const chargesBefore = await h.cardCharges();
      const answers = await Promise.all(Array.from({ length: 20 }, () => h.subscribe(accessToken, 'vip')));
      const codes = answers.map((a) =>
        a.statusCode === 200 ? 'ok' : `${a.statusCode} ${a.json<{ code: string }>().code}`,
      );
      assert.deepEqual(
        codes.sort(),
        ['409 SUBSCRIPTION_ACTIVE', ...Array(18).fill('409 SUBSCRIPTION_ACTIVE'), 'ok'].sort(),
      );
      assert.equal((await h.cardCharges()) - chargesBefore, 1, 'the provider charged once');
      assert.deepEqual(await h.ledgerPayments(guest.id), [SUBSCRIPTION_PLANS.vip.priceCents]);
      const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.guestId, guest.id));
      assert.deepEqual(
        rows.map((row) => row.status),
        ['active'],
      );
    });

    test('a purchase stopped after the charge is started once by the job, and its retry answers it uncharged', async () => {
      h.setNow(START);
      const { guest } = await t.signup();
      const { provider, cardCharges, cutShort } = recordingProvider(t.ctx.db);
      const purchase = {
        guestId: guest.id,
        plan: 'vip' as const,
        card: SANDBOX_CARDS.succeeds,
        operationKey: randomUUID(),
      };
      cutShort('after');
      await assert.rejects(subscribeDirectly(t, provider, purchase), /stopped after the charge/);
      cutShort(null);
      assert.equal((await h.flags(guest.id)).vip, false);
      h.setNow(START + RESERVATION_SETTLE_AFTER_MS - 1);
      await h.renewals(provider);
      assert.deepEqual(await h.ledgerPayments(guest.id), [], 'a purchase that may still be charging is left alone');
      h.setNow(START + RESERVATION_SETTLE_AFTER_MS);
      await Promise.all([h.renewals(provider), h.renewals(provider)]);
      await h.renewals(provider);
      assert.deepEqual(await h.ledgerPayments(guest.id), [SUBSCRIPTION_PLANS.vip.priceCents], 'recorded once');
      assert.equal((await h.flags(guest.id)).vip, true);
      const retried = await subscribeDirectly(t, provider, purchase);
      assert.equal(retried.status, 'active');
      assert.equal(retried.periodEnd, new Date(START + RESERVATION_SETTLE_AFTER_MS + 30 * DAY_MS).toISOString());
      assert.equal(cardCharges.length, 1, 'the card was charged once: neither the job nor the retry charged it');
      assert.deepEqual(await h.ledgerPayments(guest.id), [SUBSCRIPTION_PLANS.vip.priceCents]);
    });

    test('a retry of a purchase stopped after the charge starts it with that same charge', async () => {
      h.setNow(START);
      const { guest } = await t.signup();
      const { provider, cardCharges, cutShort } = recordingProvider(t.ctx.db);
      const purchase = {
        guestId: guest.id,
        plan: 'tv' as const,
        card: SANDBOX_CARDS.succeeds,
        operationKey: randomUUID(),
      };
      cutShort('after');
      await assert.rejects(subscribeDirectly(t, provider, purchase), /stopped after the charge/);
      cutShort(null);
      const retried = await subscribeDirectly(t, provider, purchase);
      assert.equal(retried.status, 'active');
      assert.equal(
        new Set(cardCharges).size,
        1,
        'both attempts charged one reference, which the provider charged once',
      );
      assert.deepEqual(await h.ledgerPayments(guest.id), [SUBSCRIPTION_PLANS.tv.priceCents]);
      assert.deepEqual(await subscribeDirectly(t, provider, purchase), retried, 'answered again, not bought again');
      assert.deepEqual(await h.ledgerPayments(guest.id), [SUBSCRIPTION_PLANS.tv.priceCents]);
    });

    test('a purchase stopped before the charge is dropped by the job, and nothing can be charged under it later', async () => {
      h.setNow(START);
      const { accessToken, guest } = await t.signup();
      const { provider, cutShort } = recordingProvider(t.ctx.db);
      cutShort('before');
      await assert.rejects(
        subscribeDirectly(t, provider, {
          guestId: guest.id,
          plan: 'vipTrial',
          card: SANDBOX_CARDS.succeeds,
          operationKey: randomUUID(),
        }),
        /stopped before the charge/,
      );
      cutShort(null);
      const [reservation] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.guestId, guest.id));
      assert.equal(reservation!.status, 'pending');
      assert.equal((await h.subscribe(accessToken, 'vip')).statusCode, 409, 'the reservation holds the place');
      h.setNow(START + RESERVATION_SETTLE_AFTER_MS);
      await h.renewals(provider);
      assert.deepEqual(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.guestId, guest.id)), []);
      const late = await sandboxProvider(t.ctx.db).charge({
        amountEurCents: SUBSCRIPTION_PLANS.vipTrial.priceCents,
        card: SANDBOX_CARDS.succeeds,
        guestId: guest.id,
        reference: `subscription:${reservation!.id}:period:1`,
      });
      assert.equal(late.status, 'declined', 'the settled reference stays closed');
      assert.deepEqual(await h.ledgerPayments(guest.id), []);
      const trial = await h.subscribe(accessToken, 'vipTrial');
      assert.equal(trial.statusCode, 200, 'the dropped reservation freed the place and the trial');
    });

    test('a money charge and a one-click charge stopped after the charge are credited once by the settlement job', async () => {
      h.setNow(START);
      const { guest } = await t.signup();
      const { provider, cutShort } = recordingProvider(t.ctx.db);
      const settle = () => settleStaleDeposits({ ...t.ctx, log: quietLog as never }, provider);
      const card = { guestId: guest.id, amountEurCents: 10_00, card: SANDBOX_CARDS.succeeds, reference: randomUUID() };
      cutShort('after');
      await assert.rejects(depositByCard(t.ctx, provider, card), /stopped after the charge/);
      cutShort(null);
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
      h.setNow(START + DEPOSIT_SETTLE_AFTER_MS - 1);
      assert.equal(await settle(), 0, 'a deposit that may still be charging is left alone');
      h.setNow(START + DEPOSIT_SETTLE_AFTER_MS);
      assert.equal(await settle(), 1);
      assert.equal(await settle(), 0);
      assert.equal(await balanceOf(t.ctx.db, guest.id), coinsForEur(10));

      const oneClick = ONE_CLICK_AMOUNTS_EUR_CENTS[0];
      cutShort('after');
      await assert.rejects(chargeOneClick(t.ctx, guest.id, oneClick, 'first', provider), /stopped after the charge/);
      cutShort(null);
      assert.equal(await balanceOf(t.ctx.db, guest.id), coinsForEur(10));
      h.setNow(START + 2 * DEPOSIT_SETTLE_AFTER_MS);
      assert.equal(await settle(), 1);
      const expected = coinsForEur(10) + coinsForEur(oneClick / 100);
      assert.equal(await balanceOf(t.ctx.db, guest.id), expected);
      const repeated = await chargeOneClick(t.ctx, guest.id, oneClick, 'first', provider);
      assert.equal(repeated.success, true, repeated.errorCode ?? '');
      assert.equal(await balanceOf(t.ctx.db, guest.id), expected, 'the repeat credits nothing more');

      // Stopped before the charge: the job frees the deposit's amount and closes its reference.
      cutShort('before');
      await assert.rejects(chargeOneClick(t.ctx, guest.id, oneClick, 'second', provider), /stopped before/);
      cutShort(null);
      h.setNow(START + 3 * DEPOSIT_SETTLE_AFTER_MS);
      assert.equal(await settle(), 1);
      const late = await chargeOneClick(t.ctx, guest.id, oneClick, 'second', provider);
      assert.equal(late.errorCode, 'PAYMENT_DECLINED', 'no charge under a settled reference');
      assert.equal(await balanceOf(t.ctx.db, guest.id), expected);
    });

    test('a declined card starts nothing and records nothing', async () => {
      const { accessToken, guest } = await t.signup();
      const declined = await h.subscribe(accessToken, 'tv', SANDBOX_CARDS.declined);
      assert.equal(declined.statusCode, 402);
      assert.equal(declined.json<{ code: string }>().code, 'PAYMENT_DECLINED');
      assert.deepEqual(await h.ledgerPayments(guest.id), []);
      assert.equal((await h.flags(guest.id)).tv, false);
    });

    test('the trial is taken once per guest, and renews as the monthly VIP', async () => {
      h.setNow(START);
      const { accessToken, guest } = await t.signup();
      const trial = await h.subscribe(accessToken, 'vipTrial');
      assert.equal(trial.statusCode, 200, trial.body);
      assert.equal(trial.json<GuestSubscription>().nextPriceCents, SUBSCRIPTION_PLANS.vip.priceCents);
      const { provider } = recordingProvider(t.ctx.db);
      h.setNow(START + 7 * DAY_MS);
      await h.renewals(provider);
      const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.guestId, guest.id));
      assert.equal(row!.period, 2);
      assert.equal(row!.periodEnd.toISOString(), new Date(START + 37 * DAY_MS).toISOString());
      assert.deepEqual(await h.ledgerPayments(guest.id), [199, 999]);
      // Cancelled and expired, the trial still counts as taken.
      await h.call('POST', '/acceptCancellationOffer', accessToken, { kind: 'vip', accept: false });
      h.setNow(START + 38 * DAY_MS);
      await h.renewals(provider);
      const again = await h.subscribe(accessToken, 'vipTrial');
      assert.equal(again.statusCode, 409);
      assert.equal(again.json<{ code: string }>().code, 'TRIAL_USED');
      const state = await h.call('GET', '/subscriptions', accessToken);
      assert.equal(state.json<{ trialUsed: boolean; formerVip: boolean }>().trialUsed, true);
      assert.equal(state.json<{ formerVip: boolean }>().formerVip, true);
    });

    test('renewal follows the clock: nothing before the period ends, one charge per period after', async () => {
      const { guest } = await h.subscriber('tv');
      const { provider, charged } = recordingProvider(t.ctx.db);
      h.setNow(START + 30 * DAY_MS - 1);
      await h.renewals(provider);
      assert.equal(charged.size, 0, 'not due a millisecond before the period ends');
      h.setNow(START + 30 * DAY_MS);
      await h.renewals(provider);
      await h.renewals(provider);
      assert.equal(charged.size, 1);
      h.setNow(START + 60 * DAY_MS);
      await Promise.all([h.renewals(provider), h.renewals(provider)]);
      assert.equal(charged.size, 2, 'two runs at once renew a period once');
      assert.deepEqual(await h.ledgerPayments(guest.id), [1499, 1499, 1499]);
      const payments = await t.ctx.db
        .select()
        .from(subscriptionPayments)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPayments.subscriptionId))
        .where(eq(subscriptions.guestId, guest.id));
      assert.deepEqual(payments.map((p) => p.subscription_payments.period).sort(), [1, 2, 3]);
      assert.equal((await h.flags(guest.id)).tv, true);
    });

    for (const when of ['before', 'after'] as const) {
      test(`a renewal cut short ${when} the charge is charged exactly once by the next run`, async () => {
        const { guest } = await h.subscriber('vip');
        const { provider, charged, cutShort } = recordingProvider(t.ctx.db);
        h.setNow(START + 30 * DAY_MS + 5);
        cutShort(when);
        await h.renewals(provider);
        assert.equal(charged.size, when === 'after' ? 1 : 0);
        assert.deepEqual(await h.ledgerPayments(guest.id), [999], 'nothing recorded by the cut run');
        cutShort(null);
        await h.renewals(provider);
        await h.renewals(provider);
        assert.equal(charged.size, 1, 'one charge at the provider');
        assert.deepEqual(await h.ledgerPayments(guest.id), [999, 999], 'one payment in the ledger');
      });
    }

    test('cancel: the offer first; taken, the next period costs half and it renews', async () => {
      const { accessToken, guest } = await h.subscriber('vip');
      const asked = await h.call('POST', '/subscriptions/cancel', accessToken, { kind: 'vip' });
      assert.deepEqual(asked.json(), {
        status: 'offered',
        endsAt: new Date(START + 30 * DAY_MS).toISOString(),
        offerPriceCents: 500,
      });
      assert.deepEqual(await t.ctx.statusBar.messageOf('cancellationOffer', guest.id), {
        type: 'cancellationOffer',
        data: { offer: formatCurrency(500, 'EUR', 'en') },
        action: { href: '/en/vipclub/' },
      });
      const taken = await h.call('POST', '/acceptCancellationOffer', accessToken, { kind: 'vip', accept: true });
      assert.equal(
        await t.ctx.statusBar.messageOf('cancellationOffer', guest.id),
        null,
        'an answered offer leaves the status bar',
      );
      assert.equal(taken.statusCode, 200, taken.body);
      assert.deepEqual(taken.json(), {
        acceptedOffer: true,
        info: { endsAt: new Date(START + 30 * DAY_MS).toISOString(), nextPriceCents: 500 },
      });
      const twice = await h.call('POST', '/acceptCancellationOffer', accessToken, { kind: 'vip', accept: true });
      assert.equal(twice.json<{ code: string }>().code, 'CANCELLATION_OFFER_UNAVAILABLE');
      const { provider } = recordingProvider(t.ctx.db);
      h.setNow(START + 30 * DAY_MS);
      await h.renewals(provider);
      h.setNow(START + 60 * DAY_MS);
      await h.renewals(provider);
      assert.deepEqual(await h.ledgerPayments(guest.id), [999, 500, 999], 'the discount is for one period');
      // With the offer used, asking to cancel cancels.
      const cancelled = await h.call('POST', '/subscriptions/cancel', accessToken, { kind: 'vip' });
      assert.equal(cancelled.json<{ status: string }>().status, 'cancelled');
    });

    test('cancel: offer declined, the subscription runs to the end of its period and then expires', async () => {
      const { accessToken, guest } = await h.subscriber('tv');
      await h.call('POST', '/subscriptions/cancel', accessToken, { kind: 'tv' });
      const declined = await h.call('POST', '/acceptCancellationOffer', accessToken, { kind: 'tv', accept: false });
      assert.deepEqual(declined.json(), {
        acceptedOffer: false,
        info: { endsAt: new Date(START + 30 * DAY_MS).toISOString(), nextPriceCents: null },
      });
      const { provider, charged } = recordingProvider(t.ctx.db);
      h.setNow(START + 30 * DAY_MS - 1);
      await h.renewals(provider);
      assert.deepEqual(await h.flags(guest.id), { vip: false, tv: true, formerTv: false }, 'still running');
      h.setNow(START + 30 * DAY_MS);
      await h.renewals(provider);
      assert.equal(charged.size, 0, 'a cancelled subscription is not charged again');
      assert.deepEqual(await h.flags(guest.id), { vip: false, tv: false, formerTv: true });
      const push = h.pushes.filter((p) => p.guestId === guest.id && p.message.type === 'subscription').at(-1);
      assert.deepEqual(push?.message, {
        type: 'subscription',
        kind: 'tv',
        subscriber: false,
        formerSubscriber: true,
        started: null,
      });
      // A former subscriber may subscribe again.
      const again = await h.subscribe(accessToken, 'tv');
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(await h.flags(guest.id), { vip: false, tv: true, formerTv: false });
    });

    test('a taken offer whose renewal is declined says so in the status bar', async () => {
      const { accessToken, guest } = await h.subscriber('vip', SANDBOX_CARDS.declinedOnReuse);
      await h.call('POST', '/subscriptions/cancel', accessToken, { kind: 'vip' });
      await h.call('POST', '/acceptCancellationOffer', accessToken, { kind: 'vip', accept: true });
      h.setNow(START + 30 * DAY_MS);
      await h.renewals(recordingProvider(t.ctx.db).provider);
      assert.equal((await h.flags(guest.id)).vip, false);
      assert.deepEqual(await t.ctx.statusBar.messageOf('cancellationOfferError', guest.id), {
        type: 'cancellationOfferError',
        data: {},
        action: { href: '/en/vipclub/' },
      });
      h.setNow(START + 38 * DAY_MS);
      assert.equal(await t.ctx.statusBar.messageOf('cancellationOfferError', guest.id), null, 'told for a week');
    });

    test('a renewal the saved card declines ends the subscription', async () => {
      const { guest } = await h.subscriber('vip', SANDBOX_CARDS.declinedOnReuse);
      h.setNow(START + 30 * DAY_MS);
      await h.renewals(recordingProvider(t.ctx.db).provider);
      assert.equal((await h.flags(guest.id)).vip, false);
      assert.deepEqual(await h.ledgerPayments(guest.id), [999]);
    });

    test('bad input is a 4xx with a code', async () => {
      const { accessToken } = await t.signup();
      const unknownPlan = await h.subscribe(accessToken, 'gold');
      assert.equal(unknownPlan.statusCode, 400);
      const noKey = await h.call('POST', '/subscriptions/subscribe', accessToken, {
        plan: 'vip',
        cardNumber: SANDBOX_CARDS.succeeds,
      });
      assert.equal(noKey.json<{ code: string }>().code, 'IDEMPOTENCY_KEY_MISSING');
      const none = await h.call('POST', '/subscriptions/cancel', accessToken, { kind: 'tv' });
      assert.equal(none.statusCode, 404);
      assert.equal(none.json<{ code: string }>().code, 'NO_SUBSCRIPTION');
      const anonymous = await h.subscribe(await t.anonymousToken(), 'vip');
      assert.equal(anonymous.statusCode, 401);
    });

    test('parallel charges never take deposits over the daily limit', async () => {
      h.setNow(START);
      const { accessToken, guest } = await t.signup();
      const set = await h.call('POST', '/payment/limits', accessToken, { daily: 3000, monthly: 10000 });
      assert.equal(set.statusCode, 200, set.body);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          h.call(
            'POST',
            '/payment/sandbox/charge',
            accessToken,
            { amountEur: 10, cardNumber: SANDBOX_CARDS.succeeds },
            randomUUID(),
          ),
        ),
      );
      const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json<{ code: string }>().code)).sort();
      assert.deepEqual(
        codes,
        ['DEPOSIT_LIMIT_EXCEEDED', ...Array(4).fill('DEPOSIT_LIMIT_EXCEEDED'), 'ok', 'ok', 'ok'].sort(),
      );
      assert.equal(await balanceOf(t.ctx.db, guest.id), 3 * coinsForEur(10));
      const limits = (await h.call('GET', '/payment/limits', accessToken)).json<DepositLimits>();
      assert.equal(limits.depositedToday, 3000);
      // A day later the daily window has room again; the monthly one still counts.
      h.setNow(START + DAY_MS + 1);
      const next = await h.call(
        'POST',
        '/payment/sandbox/charge',
        accessToken,
        { amountEur: 20, cardNumber: SANDBOX_CARDS.succeeds },
        randomUUID(),
      );
      assert.equal(next.statusCode, 200, next.body);
    });
  });
}

lifecycle('PGlite', () => createTestApp(), false);
const postgres = await startPostgres();
after(() => postgres?.stop());
lifecycle(
  'PostgreSQL',
  async () => createTestApp({ config: { databaseUrl: await postgres!.createDatabase() } }),
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

describe('deposit limits', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  test('start', async () => {
    t = await createTestApp();
    h = helpers(t);
  });
  after(() => t?.close());

  const charge = (token: string, amountEur: number) =>
    h.call('POST', '/payment/sandbox/charge', token, { amountEur, cardNumber: SANDBOX_CARDS.succeeds }, randomUUID());

  test('lowering takes effect at once, raising after the cooling period', async () => {
    h.setNow(START);
    const { accessToken } = await t.signup();
    const first = (
      await h.call('POST', '/payment/limits', accessToken, { daily: 2000, monthly: null })
    ).json<DepositLimits>();
    assert.equal(first.daily, 2000, 'a first limit takes effect at once');
    assert.equal(first.pending, null);
    assert.equal((await charge(accessToken, 20)).statusCode, 200);
    const refused = await charge(accessToken, 5);
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json<{ code: string }>().code, 'DEPOSIT_LIMIT_EXCEEDED');

    const raised = (
      await h.call('POST', '/payment/limits', accessToken, { daily: 5000, monthly: null })
    ).json<DepositLimits>();
    assert.equal(raised.daily, 2000, 'the raise waits');
    assert.deepEqual(raised.pending, {
      daily: 5000,
      monthly: null,
      effectiveAt: new Date(START + 7 * DAY_MS).toISOString(),
    });
    assert.equal((await charge(accessToken, 5)).statusCode, 409, 'still the old limit');
    h.setNow(START + 7 * DAY_MS);
    const applied = (await h.call('GET', '/payment/limits', accessToken)).json<DepositLimits>();
    assert.equal(applied.daily, 5000);
    assert.equal(applied.pending, null);
    assert.equal((await charge(accessToken, 50)).statusCode, 200);

    const lowered = (
      await h.call('POST', '/payment/limits', accessToken, { daily: 1000, monthly: null })
    ).json<DepositLimits>();
    assert.equal(lowered.daily, 1000, 'lowering takes effect at once');
    const lifted = (
      await h.call('POST', '/payment/limits', accessToken, { daily: null, monthly: null })
    ).json<DepositLimits>();
    assert.equal(lifted.daily, 1000, 'lifting a limit waits too');
    assert.equal(lifted.pending?.daily, null);
  });

  test('a declined card does not count towards the limit', async () => {
    h.setNow(START);
    const { accessToken } = await t.signup();
    await h.call('POST', '/payment/limits', accessToken, { daily: 1000, monthly: null });
    const declined = await h.call(
      'POST',
      '/payment/sandbox/charge',
      accessToken,
      { amountEur: 10, cardNumber: SANDBOX_CARDS.declined },
      randomUUID(),
    );
    assert.equal(declined.statusCode, 402);
    assert.equal((await charge(accessToken, 10)).statusCode, 200);
  });

  test('limits below one euro, or not whole cents, are refused', async () => {
    const { accessToken } = await t.signup();
    const low = await h.call('POST', '/payment/limits', accessToken, { daily: 50, monthly: null });
    assert.equal(low.statusCode, 400);
    const fraction = await h.call('POST', '/payment/limits', accessToken, { daily: 1000.5, monthly: null });
    assert.equal(fraction.statusCode, 400);
  });
});

describe('operator compensation', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  test('start', async () => {
    t = await createTestApp();
    h = helpers(t);
  });
  after(() => t?.close());

  test('an operator credits coins with a reason through the ledger, once per key; guests may not', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      payload: { email: OPERATOR.email, password: TEST_OPERATOR_PASSWORD },
    });
    const operator = login.json<{ accessToken: string; guest: { id: string } }>();
    const { accessToken, guest } = await t.signup();
    const body = { guest: guest.id, coins: 25, reason: 'Stream froze during a paid chat' };
    const key = randomUUID();
    const first = await h.call('POST', '/operator/compensation', operator.accessToken, body, key);
    assert.equal(first.statusCode, 200, first.body);
    const again = await h.call('POST', '/operator/compensation', operator.accessToken, body, key);
    assert.deepEqual(again.json(), first.json());
    assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00);
    const [row] = await t.ctx.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.id, first.json<{ transferId: string }>().transferId));
    assert.equal(row!.reason, 'compensation');
    assert.deepEqual(row!.metadata, { note: body.reason, operatorId: operator.guest.id });
    assert.ok(h.pushes.some((p) => p.guestId === guest.id && p.message.type === 'guestBalance'));
    const byEmail = await h.call(
      'POST',
      '/operator/compensation',
      operator.accessToken,
      { ...body, guest: guest.email!.toUpperCase() },
      randomUUID(),
    );
    assert.equal(byEmail.json<{ guestId: string }>().guestId, guest.id, 'found by e-mail, in any case');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 50_00);

    const byGuest = await h.call('POST', '/operator/compensation', accessToken, body, randomUUID());
    assert.equal(byGuest.statusCode, 403);
    const unknown = await h.call(
      'POST',
      '/operator/compensation',
      operator.accessToken,
      { ...body, guest: randomUUID() },
      randomUUID(),
    );
    assert.equal(unknown.statusCode, 404);
  });
});

describe('renewal across a restart', { timeout: 60_000 }, () => {
  test('a renewal charged before the server stopped is recorded once by the run at the next start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-subs-'));
    try {
      let t = await createTestApp({ dataDir });
      const { accessToken, guest } = await t.signup();
      const h = helpers(t);
      assert.equal((await h.subscribe(accessToken, 'vip')).statusCode, 200);
      const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.guestId, guest.id));
      // The period is over; the server charges the renewal and stops before recording it.
      await t.ctx.db
        .update(subscriptions)
        .set({ periodEnd: new Date(t.ctx.now().getTime() - 1000) })
        .where(eq(subscriptions.id, row!.id));
      const cut = recordingProvider(t.ctx.db);
      cut.cutShort('after');
      await h.renewals(cut.provider);
      assert.equal(cut.charged.size, 1);
      await t.close();

      t = await createTestApp({ dataDir });
      const stop = subscriptionsModule.start!(t.ctx);
      try {
        // The start's run: wait until it has moved the subscription on.
        for (;;) {
          const [now] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
          if (now!.period === 2) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        assert.deepEqual(await helpers(t).ledgerPayments(guest.id), [999, 999]);
        assert.equal((await t.ctx.db.select().from(guests).where(eq(guests.id, guest.id)))[0]!.vip, true);
      } finally {
        stop();
        await t.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('automatic recharge and the provider return', () => {
  let t: TestApp;
  let h: ReturnType<typeof helpers>;
  test('start', async () => {
    t = await createTestApp();
    h = helpers(t);
  });
  after(() => t?.close());

  const spend = (guestId: string, coins: number) => spendCoins(t.ctx, guestId, coins);
  const settings = (token: string, body: object) => h.call('POST', '/payment/autoRecharge', token, body);

  test('below the threshold the saved card recharges once per window, within the deposit limits', async () => {
    h.setNow(START);
    const { accessToken, guest } = await t.signup();
    const noCard = await settings(accessToken, { enabled: true, amountEurCents: 1000, thresholdCoins: 30 });
    assert.equal(noCard.statusCode, 409);
    assert.equal(noCard.json<{ code: string }>().code, 'PAYMENT_METHOD_MISSING');
    const charged = await h.call(
      'POST',
      '/payment/sandbox/charge',
      accessToken,
      { amountEur: 10, cardNumber: SANDBOX_CARDS.succeeds },
      randomUUID(),
    );
    assert.equal(charged.statusCode, 200, charged.body);
    const odd = await settings(accessToken, { enabled: true, amountEurCents: 1234, thresholdCoins: 30 });
    assert.equal(odd.statusCode, 400, 'only the amounts on offer');
    const on = await settings(accessToken, { enabled: true, amountEurCents: 1000, thresholdCoins: 30 });
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(await t.ctx.statusBar.messageOf('automaticRecharge', guest.id), {
      type: 'automaticRecharge',
      data: { amount: formatCurrency(1000, 'EUR', 'en') },
      action: { href: '/en/myvisitx/payments/' },
    });

    await spend(guest.id, 5);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 35_00, 'above the threshold nothing happens');
    await spend(guest.id, 10);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 25_00 + coinsForEur(10), 'recharged 10 EUR');
    await spend(guest.id, 50);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 15_00, 'once per window');
    h.setNow(START + 11 * 60 * 1000);
    await h.call('POST', '/payment/limits', accessToken, { daily: 2500, monthly: null });
    await spend(guest.id, 1);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 14_00, 'a recharge over the deposit limit is refused');
    h.setNow(START + DAY_MS + 1);
    await spend(guest.id, 1);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 13_00 + coinsForEur(10), 'the next day it recharges again');
  });

  test('the teaser state is kept', async () => {
    const { accessToken } = await t.signup();
    assert.equal(
      (await h.call('GET', '/payment/autoRecharge', accessToken)).json<{ teaserState: string }>().teaserState,
      'open',
    );
    const closed = await h.call('POST', '/autoRechargeTeaserState', accessToken, { mode: 'closed' });
    assert.equal(closed.json<{ teaserState: string }>().teaserState, 'closed');
    assert.equal(
      (await h.call('GET', '/payment/autoRecharge', accessToken)).json<{ teaserState: string }>().teaserState,
      'closed',
    );
    const bad = await h.call('POST', '/autoRechargeTeaserState', accessToken, { mode: 'maybe' });
    assert.equal(bad.statusCode, 400);
  });

  test('the provider return answers the guest as the session shows it; its logout ends the session', async () => {
    const { accessToken, guest } = await h.subscriber('tv');
    const back = await h.call('POST', '/vxpay/onsuccess', accessToken);
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json<{ guest: { flags: { tvSubscriber: boolean } } }>().guest.flags.tvSubscriber, true);
    assert.ok(h.pushes.some((p) => p.guestId === guest.id && p.message.type === 'guestBalance'));
    const out = await h.call('POST', '/vxpay/logout', accessToken);
    assert.deepEqual(out.json(), { ended: true });
    assert.equal((await h.call('GET', '/auth/me', accessToken)).statusCode, 401);
  });
});

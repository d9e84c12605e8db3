import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq, like, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import {
  CHARGE_MAX_EUR,
  CHARGE_MIN_EUR,
  SANDBOX_CARDS,
  coinsForEur,
  type ErrorBody,
  type IncomingMessage,
} from '@velvet/contracts';
import { afterTransaction } from '../../db/database';
import { createTestApp, type TestApp } from '../../testing/app';
import { guests } from '../auth/schema';
import { pruneIdempotencyKeys, releaseDeadClaims } from './idempotency';
import { creditCharge } from './payment';
import { walletAccounts, walletEntries, walletIdempotencyKeys, walletTransfers } from './schema';
import { accountBalance, balanceOf, balanceView, forgetBalanceView, transfer } from './service';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const charge = (token: string, body: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/rest/v1/payment/sandbox/charge',
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const getBalance = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/rest/v1/getGuestBalance',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json<{
    balance: number;
    balanceFormatted: string;
    isPayingCustomer: boolean;
  }>();

/** Gives a guest coins from the sandbox account, as a charge would. */
const fund = (guestId: string, amount: number) =>
  transfer(t.ctx.db, {
    reason: 'test.fund',
    at: t.ctx.now(),
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -amount },
      { account: { kind: 'guest', id: guestId }, amount },
    ],
  });

/** Drizzle wraps the database's error; its message is the cause's. */
const databaseRefuses = (promise: Promise<unknown>, message: RegExp) =>
  assert.rejects(promise, (error: Error) =>
    message.test(String((error.cause as Error | undefined)?.message ?? error.message)),
  );

describe('coins for EUR', () => {
  test('EUR × 4, rounded up to whole coins, in hundredths', () => {
    assert.equal(coinsForEur(5), 20_00);
    assert.equal(coinsForEur(100), 400_00);
    assert.equal(coinsForEur(9.99), 40_00);
    assert.equal(coinsForEur(0.2), 1_00);
    assert.equal(coinsForEur(0.26), 2_00);
  });
});

describe('transfer', () => {
  test('moves coins between accounts and keeps each balance as the sum of its entries', async () => {
    const { guest } = await t.signup();
    await fund(guest.id, 10_00);
    const { replayed } = await transfer(t.ctx.db, {
      reason: 'test.purchase',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'guest', id: guest.id }, amount: -7_50 },
        { account: { kind: 'performer', id: 42 }, amount: 6_00 },
        { account: { kind: 'system', id: 'platform' }, amount: 1_50 },
      ],
    });
    assert.equal(replayed, false);
    assert.equal(await balanceOf(t.ctx.db, guest.id), 2_50);
    assert.ok((await accountBalance(t.ctx.db, { kind: 'performer', id: 42 })) >= 6_00);
  });

  test('a guest balance never goes negative: 402 INSUFFICIENT_FUNDS and nothing moves', async () => {
    const { guest } = await t.signup();
    await fund(guest.id, 1_00);
    const before = await accountBalance(t.ctx.db, { kind: 'performer', id: 43 });
    await assert.rejects(
      transfer(t.ctx.db, {
        reason: 'test.purchase',
        at: t.ctx.now(),
        legs: [
          { account: { kind: 'guest', id: guest.id }, amount: -1_01 },
          { account: { kind: 'performer', id: 43 }, amount: 1_01 },
        ],
      }),
      (error: { statusCode?: number; code?: string }) =>
        error.statusCode === 402 && error.code === 'INSUFFICIENT_FUNDS',
    );
    assert.equal(await balanceOf(t.ctx.db, guest.id), 1_00);
    assert.equal(await accountBalance(t.ctx.db, { kind: 'performer', id: 43 }), before);
  });

  test('legs that do not sum to zero are refused before touching the database', async () => {
    await assert.rejects(
      transfer(t.ctx.db, {
        reason: 'test.broken',
        at: t.ctx.now(),
        legs: [
          { account: { kind: 'system', id: 'sandbox' }, amount: -5 },
          { account: { kind: 'system', id: 'platform' }, amount: 4 },
        ],
      }),
      /sum to zero/,
    );
  });

  test('the same idempotency key moves money once and answers the first transfer', async () => {
    const { guest } = await t.signup();
    const request = {
      reason: 'test.bonus',
      at: t.ctx.now(),
      legs: [
        { account: { kind: 'system', id: 'platform' } as const, amount: -3_00 },
        { account: { kind: 'guest', id: guest.id } as const, amount: 3_00 },
      ],
      idempotency: { scope: 'test', key: randomUUID() },
    };
    const first = await transfer(t.ctx.db, request);
    const again = await transfer(t.ctx.db, request);
    assert.deepEqual(again, { transferId: first.transferId, replayed: true });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 3_00);
  });

  test('the ledger is append-only and every transfer sums to zero in the database itself', async () => {
    await databaseRefuses(t.ctx.db.execute(sql`update wallet_entries set amount = amount + 1`), /append-only/);
    await databaseRefuses(t.ctx.db.delete(walletTransfers), /append-only/);
    const [transferRow] = await t.ctx.db.insert(walletTransfers).values({ reason: 'test.unbalanced' }).returning();
    const [anyAccount] = await t.ctx.db.select({ id: walletAccounts.id }).from(walletAccounts).limit(1);
    await databaseRefuses(
      t.ctx.db.transaction(async (tx) => {
        await tx.insert(walletEntries).values({ transferId: transferRow!.id, accountId: anyAccount!.id, amount: 1 });
      }),
      /sum to 1 instead of zero/,
    );
    const unbalanced = await t.ctx.db.select().from(walletEntries).where(eq(walletEntries.transferId, transferRow!.id));
    assert.equal(unbalanced.length, 0);
  });
});

describe('balances on the wire', () => {
  test('getGuestBalance answers coins: 500 for 500 VXC, 0.5 for half a coin, the ledger keeps hundredths', async () => {
    const { accessToken, guest } = await t.signup();
    await fund(guest.id, 500_00);
    const raw = await t.app.inject({
      method: 'GET',
      url: '/rest/v1/getGuestBalance',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    assert.equal(raw.body, '{"balance":500,"balanceFormatted":"500\u00a0VXC","isPayingCustomer":false}');
    await fund(guest.id, 50);
    assert.deepEqual(await getBalance(accessToken), {
      balance: 500.5,
      balanceFormatted: '500.50\u00a0VXC',
      isPayingCustomer: false,
    });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 500_50);
  });
});

describe('balance view kept in memory', () => {
  test('a transfer shows in the next answer, though nothing pushed it', async () => {
    const { accessToken, guest } = await t.signup();
    assert.equal((await getBalance(accessToken)).balance, 0);
    await fund(guest.id, 10_00);
    assert.equal((await getBalance(accessToken)).balance, 10);
  });

  test("a transfer inside its caller's transaction shows once that transaction has committed", async () => {
    const { accessToken, guest } = await t.signup();
    assert.deepEqual(await getBalance(accessToken), {
      balance: 0,
      balanceFormatted: '0\u00a0VXC',
      isPayingCustomer: false,
    });
    await t.ctx.db.transaction(async (tx) => {
      await transfer(tx, {
        reason: 'test.fund',
        at: t.ctx.now(),
        legs: [
          { account: { kind: 'system', id: 'sandbox' }, amount: -1234_00 },
          { account: { kind: 'guest', id: guest.id }, amount: 1234_00 },
        ],
      });
      await tx.update(guests).set({ payingCustomer: true }).where(eq(guests.id, guest.id));
    });
    assert.deepEqual(await getBalance(accessToken), {
      balance: 1234,
      balanceFormatted: '1,234\u00a0VXC',
      isPayingCustomer: true,
    });
  });

  test('a rolled-back transfer leaves the balance as it was', async () => {
    const { accessToken, guest } = await t.signup();
    await fund(guest.id, 5_00);
    assert.equal((await getBalance(accessToken)).balance, 5);
    await assert.rejects(
      t.ctx.db.transaction(async (tx) => {
        await transfer(tx, {
          reason: 'test.fund',
          at: t.ctx.now(),
          legs: [
            { account: { kind: 'system', id: 'sandbox' }, amount: -1_00 },
            { account: { kind: 'guest', id: guest.id }, amount: 1_00 },
          ],
        });
        throw new Error('the caller gives up');
      }),
      /gives up/,
    );
    assert.equal((await getBalance(accessToken)).balance, 5);
  });

  test('a new language shows in the next answer', async () => {
    const { accessToken, guest } = await t.signup();
    await fund(guest.id, 1234_00);
    assert.equal((await getBalance(accessToken)).balanceFormatted, '1,234\u00a0VXC');
    const updated = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/guest/profile/update',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { properties: { preferences: { language: 'de' } } },
    });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal((await getBalance(accessToken)).balanceFormatted, '1.234\u00a0VXC');
  });

  test('a read that overlapped a change is not kept', async () => {
    const { guest } = await t.signup();
    const reading = balanceView(t.ctx.db, guest.id);
    // A change committed while the read runs (here written behind the wallet's back, then announced).
    const changing = t.ctx.db.update(guests).set({ payingCustomer: true }).where(eq(guests.id, guest.id));
    forgetBalanceView(guest.id);
    assert.equal((await reading).isPayingCustomer, false);
    await changing;
    assert.equal((await balanceView(t.ctx.db, guest.id)).isPayingCustomer, true);
  });

  test("what a transaction asks to run after it waits for the outermost one's end", async () => {
    const ran: string[] = [];
    await t.ctx.db.transaction(async (tx) => {
      await tx.transaction(async () => {
        afterTransaction(() => ran.push('effect'));
      });
      ran.push('outer transaction still open');
    });
    assert.deepEqual(ran, ['outer transaction still open', 'effect']);
  });
});

describe('sandbox charge', () => {
  test('no sequence of small charges buys more coins per EUR than one big charge', async () => {
    const { accessToken } = await t.signup();
    const one = await charge(accessToken, { amountEur: 101, cardNumber: SANDBOX_CARDS.succeeds });
    assert.equal(one.json<{ coins: number }>().coins, 404_00);
    const cents = await charge(accessToken, { amountEur: 1.01, cardNumber: SANDBOX_CARDS.succeeds });
    assert.equal(cents.statusCode, 400, 'an amount with cents is refused');
    assert.equal(cents.json<ErrorBody>().code, 'VALIDATION_FAILED');
    // Every amount a charge accepts buys exactly 4 coins per EUR, so any sequence buys what one charge of the sum does.
    for (let eur = CHARGE_MIN_EUR; eur <= CHARGE_MAX_EUR; eur++) assert.equal(coinsForEur(eur), eur * 4_00);
  });

  test('the test card credits EUR × 4 coins, pushes nothing twice and makes a paying customer', async () => {
    const { accessToken } = await t.signup();
    assert.equal((await getBalance(accessToken)).isPayingCustomer, false);
    const response = await charge(accessToken, { amountEur: 10, cardNumber: SANDBOX_CARDS.succeeds });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.success, true);
    assert.equal(body.coins, 40_00);
    assert.equal(body.guestBalance, 40);
    assert.equal(body.guestBalanceFormatted, '40\u00a0VXC');
    assert.match(body.reference, /^sbx_/);
    assert.deepEqual(await getBalance(accessToken), {
      balance: 40,
      balanceFormatted: '40\u00a0VXC',
      isPayingCustomer: true,
    });
  });

  test('every open session of the guest gets the new balance pushed', async () => {
    const { accessToken, guest } = await t.signup();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const balances: number[] = [];
    let told: () => void;
    const toldOnce = new Promise<void>((resolve) => (told = resolve));
    const credited = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as IncomingMessage;
        if (message.type === 'guestBalance') balances.push(message.balance);
        if (message.type === 'guestBalance') told();
        if (message.type === 'guestBalance' && message.balance === 20) resolve();
      }),
    );
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken, guestId: guest.id }));
    await toldOnce;
    assert.equal((await charge(accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds })).statusCode, 200);
    await credited;
    assert.deepEqual(balances, [0, 20]);
    socket.close();
  });

  test('a declined card is 402 PAYMENT_DECLINED and moves nothing', async () => {
    const { accessToken } = await t.signup();
    const response = await charge(accessToken, { amountEur: 20, cardNumber: SANDBOX_CARDS.declined });
    assert.equal(response.statusCode, 402);
    assert.equal(response.json<ErrorBody>().code, 'PAYMENT_DECLINED');
    assert.deepEqual(await getBalance(accessToken), {
      balance: 0,
      balanceFormatted: '0\u00a0VXC',
      isPayingCustomer: false,
    });
  });

  test('without an Idempotency-Key it is 400 IDEMPOTENCY_KEY_MISSING', async () => {
    const { accessToken } = await t.signup();
    const response = await charge(accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds }, null);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<ErrorBody>().code, 'IDEMPOTENCY_KEY_MISSING');
    assert.equal((await getBalance(accessToken)).balance, 0);
  });

  test('bad input is a 400, anonymous callers a 401', async () => {
    const { accessToken } = await t.signup();
    for (const body of [
      { amountEur: 0, cardNumber: SANDBOX_CARDS.succeeds },
      { amountEur: 10.001, cardNumber: SANDBOX_CARDS.succeeds },
      { amountEur: 1.01, cardNumber: SANDBOX_CARDS.succeeds },
      { amountEur: 10.5, cardNumber: SANDBOX_CARDS.succeeds },
      { amountEur: 10, cardNumber: '4242' },
      { amountEur: '10', cardNumber: SANDBOX_CARDS.succeeds },
    ]) {
      const response = await charge(accessToken, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json<ErrorBody>().code, 'VALIDATION_FAILED');
    }
    const anonymous = await charge(await t.anonymousToken(), { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds });
    assert.equal(anonymous.statusCode, 401);
  });

  test('a replayed key answers the first answer and charges once; other parameters are 422', async () => {
    const { accessToken } = await t.signup();
    const key = randomUUID();
    const first = await charge(accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds }, key);
    const replay = await charge(accessToken, { cardNumber: SANDBOX_CARDS.succeeds, amountEur: 5 }, key);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(replay.statusCode, 200);
    assert.deepEqual(replay.json(), first.json());
    assert.equal((await getBalance(accessToken)).balance, 20);
    const sameWithOtherLanguage = await t.app.inject({
      method: 'POST',
      url: `/rest/v1/payment/sandbox/charge?language=de&version=2&accessToken=${accessToken}`,
      headers: { 'idempotency-key': key },
      payload: { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds },
    });
    assert.deepEqual(sameWithOtherLanguage.json(), first.json());
    const otherQuery = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/payment/sandbox/charge?amountEur=50',
      headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': key },
      payload: { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds },
    });
    assert.equal(otherQuery.statusCode, 422);
    const reused = await charge(accessToken, { amountEur: 50, cardNumber: SANDBOX_CARDS.succeeds }, key);
    assert.equal(reused.statusCode, 422);
    assert.equal(reused.json<ErrorBody>().code, 'IDEMPOTENCY_KEY_REUSED');
    assert.equal((await getBalance(accessToken)).balance, 20);
  });

  test('a replayed declined attempt answers the same 402 again', async () => {
    const { accessToken } = await t.signup();
    const key = randomUUID();
    const first = await charge(accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.declined }, key);
    const replay = await charge(accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.declined }, key);
    assert.equal(first.statusCode, 402);
    assert.deepEqual(replay.json(), first.json());
  });

  test('keys of different guests never meet', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const key = randomUUID();
    assert.equal(
      (await charge(a.accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds }, key)).statusCode,
      200,
    );
    assert.equal(
      (await charge(b.accessToken, { amountEur: 10, cardNumber: SANDBOX_CARDS.succeeds }, key)).statusCode,
      200,
    );
    assert.equal((await getBalance(a.accessToken)).balance, 20);
    assert.equal((await getBalance(b.accessToken)).balance, 40);
  });

  test('a key whose first request still runs is 409; one whose request died is taken over, crediting once', async () => {
    const { accessToken, guest } = await t.signup();
    const key = randomUUID();
    const body = { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds };
    assert.equal((await charge(accessToken, body, key)).statusCode, 200);
    // As if the first request had moved the money and then died before storing its answer.
    const claim = and(eq(walletIdempotencyKeys.key, key), like(walletIdempotencyKeys.scope, `%:${guest.id}`));
    await t.ctx.db.update(walletIdempotencyKeys).set({ statusCode: null, response: null }).where(claim);
    const running = await charge(accessToken, body, key);
    assert.equal(running.statusCode, 409);
    assert.equal(running.json<ErrorBody>().code, 'IDEMPOTENCY_KEY_IN_USE');
    await t.ctx.db
      .update(walletIdempotencyKeys)
      .set({ claimedAt: sql`now() - interval '2 minutes'` })
      .where(claim);
    const retried = await charge(accessToken, body, key);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json().guestBalance, 20);
    assert.equal((await getBalance(accessToken)).balance, 20);
  });

  test('a claim left by a stopped process is released when the server starts, not after the lease', async () => {
    const { accessToken, guest } = await t.signup();
    const key = randomUUID();
    const body = { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds };
    assert.equal((await charge(accessToken, body, key)).statusCode, 200);
    const claim = and(eq(walletIdempotencyKeys.key, key), like(walletIdempotencyKeys.scope, `%:${guest.id}`));
    const [answered] = await t.ctx.db.select().from(walletIdempotencyKeys).where(claim);
    assert.ok(answered?.claimedBy, 'a claim names its process');
    // A request of this process that still runs keeps its claim.
    const runningKey = randomUUID();
    await t.ctx.db.insert(walletIdempotencyKeys).values({
      scope: answered.scope,
      key: runningKey,
      requestHash: answered.requestHash,
      claimedBy: answered.claimedBy,
    });
    // As if a process killed after moving the money had claimed the key a moment ago.
    await t.ctx.db
      .update(walletIdempotencyKeys)
      .set({ statusCode: null, response: null, claimedBy: 'a-process-killed-meanwhile' })
      .where(claim);
    assert.equal((await charge(accessToken, body, key)).json<ErrorBody>().code, 'IDEMPOTENCY_KEY_IN_USE');

    assert.ok((await releaseDeadClaims(t.ctx)) >= 1);
    const retried = await charge(accessToken, body, key);
    assert.equal(retried.statusCode, 200, retried.body);
    assert.equal(retried.json().guestBalance, 20, 'the retry credits nothing twice');
    const running = await t.ctx.db
      .select()
      .from(walletIdempotencyKeys)
      .where(eq(walletIdempotencyKeys.key, runningKey));
    assert.equal(running.length, 1, "this process's running claim stays");
  });

  test('stored answers are forgotten after a day', async () => {
    const { accessToken, guest } = await t.signup();
    const key = randomUUID();
    await charge(accessToken, { amountEur: 5, cardNumber: SANDBOX_CARDS.succeeds }, key);
    const mine = and(eq(walletIdempotencyKeys.key, key), like(walletIdempotencyKeys.scope, `%:${guest.id}`));
    await pruneIdempotencyKeys(t.ctx.db);
    assert.equal((await t.ctx.db.select().from(walletIdempotencyKeys).where(mine)).length, 1);
    await t.ctx.db
      .update(walletIdempotencyKeys)
      .set({ created: sql`now() - interval '25 hours'` })
      .where(mine);
    assert.ok((await pruneIdempotencyKeys(t.ctx.db)) >= 1);
    assert.equal((await t.ctx.db.select().from(walletIdempotencyKeys).where(mine)).length, 0);
  });

  test('a provider confirming the same charge twice credits it once', async () => {
    const { guest } = await t.signup();
    const confirmation = {
      provider: 'sandbox',
      providerReference: `sbx_${randomUUID()}`,
      guestId: guest.id,
      amountEurCents: 2000,
      at: t.ctx.now(),
    };
    const first = await creditCharge(t.ctx.db, confirmation);
    const second = await creditCharge(t.ctx.db, confirmation);
    assert.equal(first.replayed, false);
    assert.deepEqual({ ...second }, { ...first, replayed: true });
    assert.equal(await balanceOf(t.ctx.db, guest.id), 80_00);
  });
});

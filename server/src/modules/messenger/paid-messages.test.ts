import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { ageGate } from '../auth/age';
import { listPerformerCards } from '../performers/catalogue';
import { balanceOf, transfer } from '../wallet/service';
import { channels, messages } from './schema';
import { sendGuestMessage, type SendResult } from './send';
import { touchChannel } from './service';

/** Hundredths of a coin per message in these tests. */
const PRICE = 250;

/** A guest with `hundredths` of a coin and a channel with `freeMessages` left, then priced at PRICE. */
async function payingGuest(t: TestApp, hundredths: number, freeMessages = 0) {
  const { guest } = await t.signup();
  await transfer(t.ctx.db, {
    reason: 'test.fund',
    at: t.ctx.now(),
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -hundredths },
      { account: { kind: 'guest', id: guest.id }, amount: hundredths },
    ],
  });
  const [actor] = await listPerformerCards(t.ctx.db, 1);
  const gate = await ageGate(t.ctx, { guestId: guest.id, loggedIn: true });
  const channel = await touchChannel(t.ctx.db, guest.id, gate, actor!.id);
  await t.ctx.db
    .update(channels)
    .set({ freeMessagesAmount: freeMessages, isMessagingFree: false, messagePrice: PRICE })
    .where(eq(channels.id, channel.id));
  const send = (clientMessageId: string, text: string): Promise<SendResult> =>
    sendGuestMessage(
      t.ctx,
      { guestId: guest.id, loggedIn: true },
      { channelId: channel.id, clientMessageId, text, giftIds: [], language: 'en' },
    );
  return { guestId: guest.id, channelId: channel.id, send };
}

/** Runs the work while sampling the guest's balance; answers the lowest balance seen and the time taken. */
async function watchBalance<T>(t: TestApp, guestId: string, work: () => Promise<T>) {
  let lowest = Infinity;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      lowest = Math.min(lowest, await balanceOf(t.ctx.db, guestId));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const started = performance.now();
  try {
    return { result: await work(), lowest, milliseconds: Math.round(performance.now() - started) };
  } finally {
    done = true;
    await sampler;
  }
}

const storedCount = async (t: TestApp, channelId: number) =>
  (await t.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.channelId, channelId))).length;

/** The same money rules on each database the server runs on. */
function paidMessagesUnderLoad(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`paid messages under concurrent load on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    test('100 paid messages sent at once with money for 40: exactly 40 charged and delivered', async (c: TestContext) => {
      const { guestId, channelId, send } = await payingGuest(t, 40 * PRICE);
      const { result, lowest, milliseconds } = await watchBalance(t, guestId, () =>
        Promise.all(Array.from({ length: 100 }, (_, i) => send(randomUUID(), `message ${i}`))),
      );
      const sent = result.filter((r) => r.sent);
      const waiting = result.filter((r) => !r.sent && r.reason === 'insufficientFunds');
      assert.equal(sent.length, 40);
      assert.equal(waiting.length, 60, 'every other message waits for a top-up');
      assert.ok(sent.every((r) => r.sent && r.message.price === PRICE));
      assert.equal(await storedCount(t, channelId), 40);
      assert.equal(await balanceOf(t.ctx.db, guestId), 0);
      assert.ok(lowest >= 0, `the balance never went below zero (lowest seen ${lowest})`);
      c.diagnostic(`${database}: 100 parallel paid messages, 40 delivered, ${milliseconds} ms`);
    });

    test('30 messages at once with 5 free messages left and money for 10: 5 free, 10 charged', async () => {
      const { guestId, channelId, send } = await payingGuest(t, 10 * PRICE, 5);
      const result = await Promise.all(Array.from({ length: 30 }, (_, i) => send(randomUUID(), `message ${i}`)));
      const prices = result.flatMap((r) => (r.sent ? [r.message.price] : []));
      assert.deepEqual(
        prices.filter((price) => price === 0).length,
        5,
        'each free message is used once, by one message',
      );
      assert.equal(prices.filter((price) => price === PRICE).length, 10);
      assert.equal(result.filter((r) => !r.sent && r.reason === 'insufficientFunds').length, 15);
      assert.equal(await storedCount(t, channelId), 15);
      assert.equal(await balanceOf(t.ctx.db, guestId), 0);
      const [channel] = await t.ctx.db.select().from(channels).where(eq(channels.id, channelId));
      assert.equal(channel!.freeMessagesAmount, 0);
    });

    test('a free message sent 20 times at once is stored once and takes one free message', async () => {
      const { guestId, channelId, send } = await payingGuest(t, PRICE, 3);
      const id = randomUUID();
      const result = await Promise.all(Array.from({ length: 20 }, () => send(id, 'only once')));
      assert.ok(result.every((r) => r.sent));
      assert.equal(new Set(result.map((r) => r.sent && r.message.id)).size, 1);
      assert.equal(result.filter((r) => r.sent && !r.replayed).length, 1);
      assert.equal(await storedCount(t, channelId), 1);
      const [channel] = await t.ctx.db.select().from(channels).where(eq(channels.id, channelId));
      assert.equal(channel!.freeMessagesAmount, 2);
      assert.equal(channel!.lastMessageId, result[0]!.sent && result[0]!.message.id);
      assert.equal(await balanceOf(t.ctx.db, guestId), PRICE, 'nothing charged');
    });

    test('the same message id sent 20 times at once is stored and charged once', async () => {
      const { guestId, channelId, send } = await payingGuest(t, 10 * PRICE);
      const id = randomUUID();
      const result = await Promise.all(Array.from({ length: 20 }, () => send(id, 'only once')));
      assert.ok(result.every((r) => r.sent));
      assert.equal(new Set(result.map((r) => r.sent && r.message.id)).size, 1);
      assert.equal(result.filter((r) => r.sent && !r.replayed).length, 1);
      assert.equal(await storedCount(t, channelId), 1);
      assert.equal(await balanceOf(t.ctx.db, guestId), 9 * PRICE);
    });
  });
}

await onEachDatabase(paidMessagesUnderLoad, { seedScale: 0.02 });

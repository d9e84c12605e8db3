import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  CHAT_EXIT_CODES,
  chatSessionEndpoints,
  guestBenefits,
  incomingMessages,
  type ActorProfile,
  type ChatSession,
} from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { voucherActors, vouchers } from '../account/schema';
import { accountBalance, balanceOf } from '../wallet/service';
import { createPerformer, manualClock } from '../performers/fixtures';
import { chatBillingSlices, chatSessions } from './schema';
import { assertLedgerConsistent, chatGuest, errorCodeOf, type ChatGuest } from './session-fixtures';
import { runDueChats } from './sessions';

/** Videochat-minute vouchers (type 2) pay a live chat's first minutes. */

const DAY = 86_400_000;
const PRICE = 300;

async function giveMinutes(t: TestApp, guestId: string, minutes: number, actorIds: number[] = []): Promise<number> {
  const now = t.ctx.now().getTime();
  const [row] = await t.ctx.db
    .insert(vouchers)
    .values({ guestId, type: 2, amount: minutes, validFrom: new Date(now - DAY), validTo: new Date(now + DAY) })
    .returning({ id: vouchers.id });
  for (const actorId of actorIds) await t.ctx.db.insert(voucherActors).values({ voucherId: row!.id, actorId });
  return row!.id;
}

const minutesLeft = async (t: TestApp, voucherId: number) =>
  (await t.ctx.db.select({ amount: vouchers.amount }).from(vouchers).where(eq(vouchers.id, voucherId)))[0]!.amount;

/** The performer's chat button as the guest's profile page reads it. */
async function buttonMinutes(t: TestApp, guest: ChatGuest, actorId: number): Promise<number> {
  const response = await t.rest('GET', `/actor/getActorDataByIdOrName/${actorId}`, guest.token);
  assert.equal(response.statusCode, 200, response.body);
  const profile = response.json<ActorProfile>();
  assert.equal(profile.chatButton.prices.voucherChatMinutes, profile.chatButton.voucherChatMinutes);
  return profile.chatButton.voucherChatMinutes;
}

async function started(guest: ChatGuest, actorId: number): Promise<ChatSession> {
  const response = await guest.start(actorId, 'LIVECHAT');
  assert.equal(response.statusCode, 200, response.body);
  return chatSessionEndpoints.start.response.parse(response.json());
}

const chatRow = async (t: TestApp, chatId: string) =>
  (await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chatId)))[0]!;

function chatVouchers(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`videochat vouchers on ${database}`, { skip }, () => {
    it('pays the first minutes: the guest is charged nothing for them, unreached minutes go back', async () => {
      const t = await open();
      try {
        const clock = manualClock(t);
        const performer = await createPerformer(t.ctx.db, { priceVideoChat: PRICE });
        const other = await createPerformer(t.ctx.db, { priceVideoChat: PRICE });
        const guest = await chatGuest(t, { coins: 10_00 });
        const voucherId = await giveMinutes(t, guest.id, 5, [performer.id]);
        assert.equal(await buttonMinutes(t, guest, performer.id), 5, 'the button counts her minutes');
        assert.equal(await buttonMinutes(t, guest, other.id), 0, 'the voucher is limited to the performer');
        const earnedBefore = await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id });

        const session = await started(guest, performer.id);
        assert.equal(session.heldAmount, 0, 'nothing is held while the voucher pays');
        assert.equal(session.secondsLeft, 5 * 60 + 3 * 60 + 20, 'voucher minutes, then her coins');
        assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00);
        assert.equal(await minutesLeft(t, voucherId), 0, 'the chat holds the minutes');
        const pushed = guestBenefits.parse(
          incomingMessages.guestVouchers.parse(await guest.socket.next('guestVouchers')),
        );
        assert.deepEqual(pushed.vouchers, [], 'the benefits page follows');
        assert.equal(await buttonMinutes(t, guest, performer.id), 0);

        for (let i = 0; i < 5; i++) {
          clock.advance(30);
          await runDueChats(t.ctx);
        }
        assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00, 'two voucher minutes billed, nothing charged');
        const stopped = await guest.post('/chat/stop', { chatId: session.chatId });
        assert.equal(stopped.statusCode, 200, stopped.body);
        const end = stopped.json<{ billedAmount: number; exitCode: number }>();
        assert.deepEqual([end.billedAmount, end.exitCode], [0, CHAT_EXIT_CODES.clientStop]);

        const row = await chatRow(t, session.chatId);
        assert.deepEqual([row.voucherMinutes, row.billedSeconds, row.billedAmount], [3, 150, 0]);
        assert.equal(await minutesLeft(t, voucherId), 2, 'the two minutes it did not reach went back');
        assert.equal(await buttonMinutes(t, guest, performer.id), 2);
        assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00, 'the guest paid nothing');
        const earned = (await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id })) - earnedBefore;
        assert.equal(earned, 150 + 150 + 75, 'the platform paid the performer her share of the time');
        const slices = await t.ctx.db
          .select()
          .from(chatBillingSlices)
          .where(eq(chatBillingSlices.chatId, session.chatId));
        assert.deepEqual(slices.map((slice) => [slice.seconds, slice.amount]).sort(), [
          [30, 0],
          [60, 0],
          [60, 0],
        ]);

        // The next chat takes the two minutes left, then bills her coins from the third minute on.
        const next = await started(guest, performer.id);
        clock.advance(60);
        await runDueChats(t.ctx);
        clock.advance(60);
        await runDueChats(t.ctx);
        assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00 - PRICE, 'the first paid minute is held when due');
        clock.advance(70);
        await runDueChats(t.ctx);
        const again = await guest.post('/chat/stop', { chatId: next.chatId });
        assert.equal(again.statusCode, 200, again.body);
        assert.equal(again.json<{ billedAmount: number }>().billedAmount, PRICE + 50);
        assert.equal(await balanceOf(t.ctx.db, guest.id), 10_00 - PRICE - 50, 'only the time after the voucher');
        assert.equal(await minutesLeft(t, voucherId), 0);
        assert.equal((await chatRow(t, next.chatId)).voucherMinutes, 2);
        await assertLedgerConsistent(t.ctx.db);
        guest.socket.close();
      } finally {
        await t.close();
      }
    });

    it('starts a chat without coins and ends it when the voucher minutes end', async () => {
      const t = await open();
      try {
        const clock = manualClock(t);
        const performer = await createPerformer(t.ctx.db, { priceVideoChat: PRICE });
        const poor = await chatGuest(t, {});
        const refused = await poor.start(performer.id, 'LIVECHAT');
        assert.deepEqual([refused.statusCode, errorCodeOf(refused)], [402, 'BALANCE_TOO_LOW']);
        await giveMinutes(t, poor.id, 1);
        const session = await started(poor, performer.id);
        assert.equal(session.secondsLeft, 60);
        clock.advance(61);
        await runDueChats(t.ctx);
        const row = await chatRow(t, session.chatId);
        assert.deepEqual([row.status, row.exitCode, row.billedAmount], ['ended', CHAT_EXIT_CODES.outOfMoney, 0]);
        assert.equal(await balanceOf(t.ctx.db, poor.id), 0);
        await assertLedgerConsistent(t.ctx.db);
        poor.socket.close();
      } finally {
        await t.close();
      }
    });

    it('uses one voucher exactly once for 20 chats started at once', async (c: TestContext) => {
      const t = await open();
      try {
        manualClock(t);
        const performer = await createPerformer(t.ctx.db, { priceVideoChat: PRICE });
        const guest = await chatGuest(t, { coins: 5_00 });
        const voucherId = await giveMinutes(t, guest.id, 3);
        const answers = await Promise.all(Array.from({ length: 20 }, () => guest.start(performer.id, 'LIVECHAT')));
        const ok = answers.filter((answer) => answer.statusCode === 200);
        assert.equal(ok.length, 1, answers.map((answer) => answer.body).join('\n'));
        const refusals = answers.filter((answer) => answer.statusCode !== 200).map(errorCodeOf);
        assert.ok(
          refusals.every((code) => code === 'CHAT_IN_PROGRESS' || code === 'WRONG_SEQUENCE_NUMBER'),
          refusals.join(', '),
        );
        const chats = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.guestId, guest.id));
        assert.equal(chats.length, 1);
        assert.deepEqual([chats[0]!.voucherId, chats[0]!.voucherMinutes], [voucherId, 3]);
        assert.equal(await minutesLeft(t, voucherId), 0, 'taken once');
        assert.equal(await balanceOf(t.ctx.db, guest.id), 5_00, 'nothing held or charged');
        await assertLedgerConsistent(t.ctx.db);
        c.diagnostic(`${database}: 20 parallel starts with one 3-minute voucher -> 1 chat, the voucher taken once`);
        guest.socket.close();
      } finally {
        await t.close();
      }
    });
  });
}

await onEachDatabase(chatVouchers);

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import { eq, isNull } from 'drizzle-orm';
import {
  chatSessionEndpoints,
  incomingMessages,
  messengerEndpoints,
  TOY_CONTROL_GIFT_IDS,
  type ErrorBody,
  type ToyRun,
} from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { chatGuest, fund, type ChatGuest } from '../chat/session-fixtures';
import { createPerformer, manualClock, updatePerformer } from '../performers/fixtures';
import { performerShare } from '../wallet/money';
import { accountBalance, balanceOf } from '../wallet/service';
import { boughtGifts, gifts, messages, toyRuns } from './schema';
import { advanceToyRuns, TOY_ACCEPT_SECONDS } from './toy';

const [SOFT, , , RANDOM] = TOY_CONTROL_GIFT_IDS;

/** The seeded toy control's price and duration. */
async function toyGift(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(gifts).where(eq(gifts.id, id));
  return { price: row!.price, duration: row!.toyDurationSeconds! };
}

const buy = (t: TestApp, guest: ChatGuest, actorId: number, giftId: number, key: string = randomUUID()) =>
  guest.post(`/messenger/toy/${actorId}`, { giftId }, { 'idempotency-key': key });

const runOf = (response: { json(): unknown }) => messengerEndpoints.buyToyControl.response.parse(response.json()).run;

/** The next toyControl push of the guest, checked against its contract. */
async function pushed(guest: ChatGuest): Promise<ToyRun> {
  return incomingMessages.toyControl.parse(await guest.socket.next('toyControl')).run;
}

const runsStored = async (t: TestApp, guestId: string) =>
  t.ctx.db.select().from(toyRuns).where(eq(toyRuns.guestId, guestId));

/** The same rules on each database the server runs on. */
function toyControls(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`toy controls on ${database}`, { skip }, () => {
    let t: TestApp;
    let clock: ReturnType<typeof manualClock>;
    before(async () => {
      t = await open();
      clock = manualClock(t);
    });
    after(() => t?.close());

    const toyPerformer = () => createPerformer(t.ctx.db, { isToyControlAvailable: true });

    test('20 buys at once with money for 5: exactly 5 runs, the balance never below 0', async (c: TestContext) => {
      const { price } = await toyGift(t, SOFT);
      const performer = await toyPerformer();
      const guest = await chatGuest(t, { coins: 5 * price });
      let lowest = Infinity;
      let done = false;
      const sampler = (async () => {
        while (!done) {
          lowest = Math.min(lowest, await balanceOf(t.ctx.db, guest.id));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const answers = await Promise.all(Array.from({ length: 20 }, () => buy(t, guest, performer.id, SOFT)));
      done = true;
      await sampler;
      const codes = answers.map((a) => a.statusCode);
      assert.equal(codes.filter((code) => code === 200).length, 5, codes.join());
      assert.ok(
        answers
          .filter((a) => a.statusCode !== 200)
          .every((a) => a.statusCode === 402 && a.json<ErrorBody>().code === 'INSUFFICIENT_FUNDS'),
      );
      assert.equal((await runsStored(t, guest.id)).length, 5);
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
      assert.ok(lowest >= 0, `the balance never went below zero (lowest seen ${lowest})`);
      // A request sent again under its key buys nothing more.
      const key = randomUUID();
      await fund(t.ctx, guest.id, price);
      const first = await buy(t, guest, performer.id, SOFT, key);
      const again = await buy(t, guest, performer.id, SOFT, key);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(again.json(), first.json());
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
      assert.equal((await runsStored(t, guest.id)).length, 6);
      c.diagnostic(`${database}: 20 parallel toy controls, 5 bought`);
      guest.socket.close();
    });

    test('a run moves available -> active -> started -> finished by the clock, pushed and in the conversation', async () => {
      const { price, duration } = await toyGift(t, SOFT);
      const performer = await toyPerformer();
      const guest = await chatGuest(t, { coins: 2 * price });
      const first = runOf(await buy(t, guest, performer.id, SOFT));
      const second = runOf(await buy(t, guest, performer.id, SOFT));
      assert.equal(first.state, 'available');
      assert.equal(first.intensity, 1);
      assert.equal(first.chatId, null);
      assert.deepEqual([(await pushed(guest)).state, (await pushed(guest)).state], ['available', 'available']);

      await advanceToyRuns(t.ctx);
      assert.deepEqual(await pushed(guest), { ...first, state: 'active' });
      clock.advance(TOY_ACCEPT_SECONDS - 1);
      await advanceToyRuns(t.ctx);
      clock.advance(1);
      await advanceToyRuns(t.ctx);
      const started = await pushed(guest);
      assert.equal(started.state, 'started');
      assert.equal(started.startedAt, clock.now().toISOString());
      assert.equal(Date.parse(started.endsAt!) - Date.parse(started.startedAt!), duration * 1000);
      // The toy runs one control at a time: the second waits.
      const toy = await t.rest('GET', `/messenger/toy/${performer.id}`, guest.token);
      assert.deepEqual(
        messengerEndpoints.toy.response.parse(toy.json()).runs.map((run) => [run.id, run.state]),
        [
          [first.id, 'started'],
          [second.id, 'available'],
        ],
      );
      clock.advance(duration);
      await advanceToyRuns(t.ctx);
      const finished = await pushed(guest);
      assert.deepEqual([finished.id, finished.state], [first.id, 'finished']);
      assert.deepEqual((await pushed(guest)).state, 'active', 'the next one takes the free toy');
      // The conversation's message shows the run's state; the performer is paid her half of what ran.
      const [shown] = await t.ctx.db
        .select({ type: messages.messageType, data: messages.data })
        .from(toyRuns)
        .innerJoin(messages, eq(messages.id, toyRuns.messageId))
        .where(eq(toyRuns.id, first.id));
      assert.equal(shown!.type, 'toy_control');
      assert.deepEqual(shown!.data, {
        state: 'finished',
        intensity: 1,
        random: 0,
        durationSeconds: duration,
      });
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0, 'nothing goes back for a run that ran its time');
      guest.socket.close();
    });

    /** The run is accepted and started, then the performer leaves a quarter of the way in: it ends completed. */
    const leaveAfterAQuarter = async (performerId: number, guest: ChatGuest, duration: number) => {
      await advanceToyRuns(t.ctx);
      clock.advance(TOY_ACCEPT_SECONDS);
      await advanceToyRuns(t.ctx);
      clock.advance(duration / 4);
      await updatePerformer(t.ctx.db, performerId, { isOnline: false });
      await advanceToyRuns(t.ctx);
      const states: string[] = [];
      for (let i = 0; i < 4; i++) states.push((await pushed(guest)).state);
      assert.deepEqual(states, ['available', 'active', 'started', 'completed']);
    };

    test('a run ends completed when the performer leaves; the part not run goes back', async () => {
      const { price, duration } = await toyGift(t, RANDOM);
      const performer = await toyPerformer();
      const guest = await chatGuest(t, { coins: price });
      const run = runOf(await buy(t, guest, performer.id, RANDOM));
      assert.deepEqual([run.intensity, run.random], [4, true]);
      await leaveAfterAQuarter(performer.id, guest, duration);
      assert.equal(await balanceOf(t.ctx.db, guest.id), price - Math.ceil(price / 4));
      // Moving on again moves nothing twice.
      assert.equal(await advanceToyRuns(t.ctx), 0);
      guest.socket.close();
    });

    test('a run paid with an owned toy control that ends early gives the toy control back, not coins', async () => {
      const { price, duration } = await toyGift(t, RANDOM);
      const performer = await toyPerformer();
      const guest = await chatGuest(t, { coins: 0 });
      await t.ctx.db.insert(boughtGifts).values({ guestId: guest.id, giftId: RANDOM, count: 1 });
      const ownedCount = async () =>
        (await t.ctx.db.select().from(boughtGifts).where(eq(boughtGifts.guestId, guest.id)))[0]!.count;
      const run = runOf(await buy(t, guest, performer.id, RANDOM));
      assert.equal(await ownedCount(), 0, 'the owned one paid for it');
      await leaveAfterAQuarter(performer.id, guest, duration);
      assert.equal(await ownedCount(), 1, 'the toy control is hers again');
      assert.equal(await balanceOf(t.ctx.db, guest.id), 0, 'no coins for a run paid with a gift');
      const told = async () => incomingMessages.boughtGifts.parse(await guest.socket.next('boughtGifts')).boughtGifts;
      assert.deepEqual(await told(), [], 'the buy took it');
      assert.deepEqual(await told(), [{ giftId: RANDOM, count: 1 }], 'her tabs are told it is back');
      assert.equal(
        await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id }),
        performerShare(Math.ceil(price / 4)),
        'the performer is paid for the quarter that ran',
      );
      // Settled once: moving on again gives nothing back twice.
      assert.equal(await advanceToyRuns(t.ctx), 0);
      assert.equal(await ownedCount(), 1);
      assert.equal((await runsStored(t, guest.id))[0]!.id, run.id);
      guest.socket.close();
    });

    test('bad input gets its 4xx code and charges nothing; an owned toy control is used before coins', async () => {
      const { price } = await toyGift(t, SOFT);
      const performer = await toyPerformer();
      const noToy = await createPerformer(t.ctx.db, { isToyControlAvailable: false });
      const offline = await createPerformer(t.ctx.db, { isToyControlAvailable: true, isOnline: false });
      const [plainGift] = await t.ctx.db.select().from(gifts).where(isNull(gifts.toyDurationSeconds)).limit(1);
      const guest = await chatGuest(t, { coins: price });
      const refused = async (actorId: number, giftId: number, status: number, code: string) => {
        const answer = await buy(t, guest, actorId, giftId);
        assert.equal(answer.statusCode, status, answer.body);
        assert.equal(answer.json<ErrorBody>().code, code);
      };
      await refused(performer.id, 1_000_000, 404, 'GIFT_NOT_FOUND');
      await refused(performer.id, plainGift!.id, 404, 'GIFT_NOT_FOUND');
      await refused(noToy.id, SOFT, 409, 'TOY_NOT_AVAILABLE');
      await refused(offline.id, SOFT, 409, 'TOY_NOT_AVAILABLE');
      await refused(1_000_000, SOFT, 404, 'NOT_FOUND');
      await refused(performer.id, RANDOM, 402, 'INSUFFICIENT_FUNDS');
      assert.equal(await balanceOf(t.ctx.db, guest.id), price);
      assert.deepEqual(await runsStored(t, guest.id), []);
      await t.ctx.db.insert(boughtGifts).values({ guestId: guest.id, giftId: SOFT, count: 1 });
      assert.equal((await buy(t, guest, performer.id, SOFT)).statusCode, 200);
      assert.equal(await balanceOf(t.ctx.db, guest.id), price, 'the owned one was used');
      const [owned] = await t.ctx.db.select().from(boughtGifts).where(eq(boughtGifts.guestId, guest.id));
      assert.equal(owned!.count, 0);
      guest.socket.close();
    });

    test('a live chat with toy control ends with the purchase category toy_control', async () => {
      const { price } = await toyGift(t, SOFT);
      const performer = await toyPerformer();
      const guest = await chatGuest(t, { coins: 10_00 + price });
      const plain = await chatGuest(t, { coins: 10_00 });
      const start = async (who: ChatGuest, actorId: number) => {
        const response = await who.start(actorId, 'LIVECHAT');
        assert.equal(response.statusCode, 200, response.body);
        return chatSessionEndpoints.start.response.parse(response.json());
      };
      const session = await start(guest, performer.id);
      const other = await start(plain, (await toyPerformer()).id);
      const run = runOf(await buy(t, guest, performer.id, SOFT));
      assert.equal(run.chatId, session.chatId);
      const stop = async (who: ChatGuest, chatId: string) => {
        const response = await who.post('/chat/stop', { chatId });
        assert.equal(response.statusCode, 200, response.body);
        return chatSessionEndpoints.stop.response.parse(response.json());
      };
      assert.equal((await stop(guest, session.chatId)).category, 'toy_control');
      assert.equal((await stop(plain, other.chatId)).category, 'live_chat', 'a chat without one keeps its own');
      guest.socket.close();
      plain.socket.close();
    });
  });
}

await onEachDatabase(toyControls, { seedScale: 0.02 });

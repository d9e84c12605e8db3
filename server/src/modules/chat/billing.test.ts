import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test, type TestContext } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { CHAT_EXIT_CODES, type ChatSession } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { accountBalance, balanceOf } from '../wallet/service';
import { startScheduleJob } from '../performers/schedule';
import { chatBillingSlices, chatSessions } from './schema';
import { assertLedgerConsistent, chatGuest, expectedBilling, rowsOf, type ChatGuest } from './session-fixtures';
import { createPerformer, manualClock } from '../performers/fixtures';
import { runDueChats, startBillingJob } from './sessions';

/** Prices per minute in hundredths, several not divisible by 60 so the last part rounds up. */
const PRICES = [60, 90, 120, 150, 199, 240, 300, 333, 450, 600];
const CHATS = 50;
/** The clock moves in steps of this many seconds; chats stop and slices are billed at once within each. */
const STEP_SECONDS = 7;
const RUN_SECONDS = 320;

interface Running {
  guest: ChatGuest;
  coins: number;
  price: number;
  session: ChatSession;
  /** When the guest means to stop (seconds from the start), null: never. */
  stopAt: number | null;
  /** When the guest did stop (or the chat ended otherwise). */
  stoppedAt?: number;
  /** The exit code of an end other than the guest's stop or the money running out. */
  exitCode?: number;
}

/** Coins of the i-th guest: from just enough to start to several minutes' worth. */
const coinsOf = (i: number) => 50 + ((i * 137) % 1500);

/** The lowest balance of every guest and hold account now. */
async function lowestBalance(t: TestApp): Promise<number> {
  const [row] = await rowsOf<{ lowest: string | null }>(
    t.ctx.db,
    sql`select min(balance)::text as lowest from wallet_accounts where kind in ('guest', 'hold')`,
  );
  return Number(row?.lowest ?? 0);
}

/** Performers' and platform's earnings together. */
async function earnings(t: TestApp, performerIds: number[]): Promise<number> {
  let total = await accountBalance(t.ctx.db, { kind: 'system', id: 'platform' });
  for (const id of performerIds) total += await accountBalance(t.ctx.db, { kind: 'performer', id });
  return total;
}

/** Signs up a guest per chat, opens their sockets, and starts every chat at the same moment. */
async function startChats(t: TestApp, count: number) {
  const performers = await Promise.all(PRICES.map((price) => createPerformer(t.ctx.db, { priceVideoChat: price })));
  const guests = await Promise.all(Array.from({ length: count }, (_, i) => chatGuest(t, { coins: coinsOf(i) })));
  const startedAt = performance.now();
  const responses = await Promise.all(
    guests.map((guest, i) => guest.start(performers[i % performers.length]!.id, 'LIVECHAT')),
  );
  const milliseconds = Math.round(performance.now() - startedAt);
  const chats: Running[] = responses.map((response, i) => {
    assert.equal(response.statusCode, 200, response.body);
    return {
      guest: guests[i]!,
      coins: coinsOf(i),
      price: PRICES[i % PRICES.length]!,
      session: response.json<ChatSession>(),
      stopAt: i % 5 === 0 ? null : 20 + ((i * 53) % 300),
    };
  });
  return { chats, performers, milliseconds };
}

/**
 * Each chat's bill against the rule (whole minutes at the price, the last part by the second, rounded up, no
 * further than the coins reach) and the guest's balance; answers the summed drift in hundredths.
 */
async function billingDrift(t: TestApp, chats: Running[], until: number) {
  let drift = 0;
  let slices = 0;
  for (const chat of chats) {
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chat.session.chatId));
    const expected = expectedBilling(chat.price, chat.coins, chat.stoppedAt ?? until);
    drift += Math.abs(row!.billedAmount - expected.amount);
    assert.equal(row!.billedAmount, expected.amount, `chat ${chat.session.chatId} at ${chat.price}/min`);
    assert.equal(row!.billedSeconds, expected.seconds);
    assert.equal(await balanceOf(t.ctx.db, chat.guest.id), chat.coins - row!.billedAmount - row!.heldAmount);
    const ranOut = expected.runsOutAt <= (chat.stoppedAt ?? until);
    if (row!.status === 'ended')
      assert.equal(row!.exitCode, ranOut ? CHAT_EXIT_CODES.outOfMoney : (chat.exitCode ?? CHAT_EXIT_CODES.clientStop));
    const sliceRows = await t.ctx.db
      .select()
      .from(chatBillingSlices)
      .where(eq(chatBillingSlices.chatId, chat.session.chatId));
    const wholeSlices = Math.floor(expected.seconds / 60);
    const partial = row!.status === 'ended' && expected.seconds % 60 > 0 ? 1 : 0;
    assert.equal(sliceRows.length, wholeSlices + partial, 'one row per billed slice, none twice');
    slices += sliceRows.length;
  }
  return { drift, slices };
}

const stopChat = async (chat: Running, clock: ReturnType<typeof manualClock>) => {
  const response = await chat.guest.post('/chat/stop', { chatId: chat.session.chatId });
  assert.equal(response.statusCode, 200, response.body);
  chat.stoppedAt ??= clock.elapsed();
};

function billingUnderLoad(database: string, open: (dataDir?: string) => Promise<TestApp>, skip: string | false) {
  describe(`paid chat billing under load on ${database}`, { skip }, () => {
    test(`${CHATS} chats at once, stopped, billed and run out of money concurrently, bill exactly`, async (c: TestContext) => {
      const t = await open();
      try {
        const clock = manualClock(t);
        const platformBefore = await accountBalance(t.ctx.db, { kind: 'system', id: 'platform' });
        const { chats, performers, milliseconds } = await startChats(t, CHATS);
        let lowest = Infinity;
        const work = performance.now();
        let steps = 0;
        for (let second = STEP_SECONDS; second <= RUN_SECONDS; second += STEP_SECONDS, steps++) {
          clock.advance(STEP_SECONDS);
          const stopping = chats.filter((chat) => chat.stopAt !== null && !chat.stoppedAt && chat.stopAt <= second);
          // Two billing runs at once (as two overlapping ticks would) beside the guests' stops.
          await Promise.all([runDueChats(t.ctx), runDueChats(t.ctx), ...stopping.map((chat) => stopChat(chat, clock))]);
          lowest = Math.min(lowest, await lowestBalance(t));
        }
        for (const chat of chats) if (!chat.stoppedAt) await stopChat(chat, clock);
        const seconds = Math.round((performance.now() - work) / 100) / 10;
        const { drift, slices } = await billingDrift(t, chats, clock.elapsed());
        assert.equal(drift, 0);
        assert.ok(lowest >= 0, `no guest or hold balance went below zero (lowest ${lowest})`);
        const billed = (await t.ctx.db.select().from(chatSessions)).reduce((sum, row) => sum + row.billedAmount, 0);
        assert.equal(
          (await earnings(
            t,
            performers.map((p) => p.id),
          )) - platformBefore,
          billed,
          'what guests paid is what performers and the platform earned',
        );
        const outOfMoney = (await t.ctx.db.select().from(chatSessions)).filter(
          (row) => row.exitCode === CHAT_EXIT_CODES.outOfMoney,
        ).length;
        await assertLedgerConsistent(t.ctx.db);
        c.diagnostic(
          `${database}: ${CHATS} chats at once (started in ${milliseconds} ms), ${clock.elapsed()} s of chat clock in ${steps} steps (${seconds} s real), ${slices} slices, ${billed} hundredths billed, ${outOfMoney} ran out of money (501), drift ${drift} hundredths`,
        );
        for (const chat of chats) chat.guest.socket.close();
      } finally {
        await t.close();
      }
    });

    test('a server killed and restarted bills no downtime: its chats end at their last billed moment', async (c: TestContext) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-restart-'));
      try {
        const first = await open(dataDir);
        const clock = manualClock(first);
        const { chats } = await startChats(first, 20);
        clock.advance(90);
        await runDueChats(first.ctx);
        const crashedAt = clock.elapsed();
        // The server dies now: nothing of it runs any more (no stop, no end of the chats).
        for (const chat of chats) chat.guest.socket.close();
        await first.close();

        // The server was down for 3.5 minutes; the new one ends the chats it finds running before it serves.
        clock.advance(210);
        const second = await open(dataDir);
        try {
          clock.attach(second);
          const ids = chats.map((chat) => chat.session.chatId);
          const rowsNow = () => second.ctx.db.select().from(chatSessions).where(inArray(chatSessions.id, ids));
          assert.ok(
            (await rowsNow()).every((row) => row.status === 'ended'),
            'no chat runs on after the restart',
          );
          const before = await second.ctx.db
            .select()
            .from(chatBillingSlices)
            .where(inArray(chatBillingSlices.chatId, ids));
          const stops = [startScheduleJob(second.ctx), startBillingJob(second.ctx)];
          await Promise.all([runDueChats(second.ctx), runDueChats(second.ctx)]);
          stops.forEach((stop) => stop());
          const again = await second.ctx.db
            .select()
            .from(chatBillingSlices)
            .where(inArray(chatBillingSlices.chatId, ids));
          assert.equal(again.length, before.length, 'the scheduler bills nothing more');

          let downtimeBilled = 0;
          for (const chat of chats) {
            const [row] = (await rowsNow()).filter((r) => r.id === chat.session.chatId);
            const endedAt = (row!.endedAt!.getTime() - row!.startedAt.getTime()) / 1000;
            downtimeBilled += Math.max(0, row!.billedSeconds - crashedAt);
            assert.ok(endedAt <= crashedAt, `chat ended at ${endedAt} s, the crash was at ${crashedAt} s`);
            if (expectedBilling(chat.price, chat.coins, crashedAt).runsOutAt > crashedAt) {
              // Running at the crash: it ends at its last billed slice's end, as its guest's connection was lost.
              assert.equal(row!.exitCode, CHAT_EXIT_CODES.clientConnectionLost);
              assert.equal(endedAt, row!.billedSeconds);
              chat.exitCode = CHAT_EXIT_CODES.clientConnectionLost;
            }
            chat.stoppedAt = endedAt;
          }
          assert.equal(downtimeBilled, 0, 'no second after the crash is billed');
          const { drift, slices } = await billingDrift(second, chats, crashedAt);
          assert.equal(drift, 0);
          await assertLedgerConsistent(second.ctx.db);
          c.diagnostic(
            `${database}: killed after ${crashedAt} s with 20 chats, 210 s down: ${chats.filter((chat) => chat.exitCode).length} ended at their last billed moment (104), ${downtimeBilled} s of downtime billed, ${slices} slices, drift ${drift} hundredths`,
          );
        } finally {
          await second.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}

billingUnderLoad('PGlite', (dataDir) => createTestApp(dataDir ? { dataDir } : {}), false);

const postgres = await startPostgres();
after(() => postgres?.stop());
/** One database per test; a restart opens the same database again. */
const databases = new Map<string, string>();
billingUnderLoad(
  'PostgreSQL',
  async (dataDir) => {
    const key = dataDir ?? crypto.randomUUID();
    if (!databases.has(key)) databases.set(key, await postgres!.createDatabase());
    // The same data directory keeps the token secret, so the guests' tokens work after the restart.
    return createTestApp({ ...(dataDir ? { dataDir } : {}), config: { databaseUrl: databases.get(key)! } });
  },
  postgres ? false : 'PostgreSQL could not be started here (CI must have it)',
);

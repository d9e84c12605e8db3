import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { CHAT_EXIT_CODES, type ChatSession } from '@velvet/contracts';
import { createTestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { createPerformer, manualClock } from '../performers/fixtures';
import { chatSessions } from './schema';
import { assertLedgerConsistent, chatGuest } from './session-fixtures';
import { GUEST_GONE_GRACE_SECONDS, noteGuestsPresent, runDueChats } from './sessions';

/**
 * Two server processes on one database (two apps, each with its own socket hub): the one billing a chat holds
 * no socket of its guest. The other process's notes keep the chat running; once they stop (the guest left, or
 * that process died), the chat ends at the last note like any chat whose guest left.
 */

const postgres = await startPostgres();
after(() => postgres?.stop());

describe(
  'a chat billed by a process without its guest',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () => {
    test("runs on while another process notes the guest's socket, and ends at the last note once they stop", async () => {
      const url = await postgres!.createDatabase();
      const billing = await createTestApp({ config: { databaseUrl: url } });
      const other = await createTestApp({ config: { databaseUrl: url } });
      try {
        const clock = manualClock(billing);
        clock.attach(other);
        const price = 120;
        const performer = await createPerformer(billing.ctx.db, { priceVideoChat: price });
        const guest = await chatGuest(other, { coins: 10 * price });
        const start = await guest.start(performer.id, 'LIVECHAT');
        assert.equal(start.statusCode, 200, start.body);
        const { chatId } = start.json<ChatSession>();
        const row = async () =>
          (await billing.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chatId)))[0]!;

        // Two minutes: the other process notes the guest every step, the billing one bills.
        for (let step = 0; step < 6; step++) {
          clock.advance(20);
          assert.equal(await noteGuestsPresent(other.ctx), 1);
          assert.equal(await noteGuestsPresent(billing.ctx), 0, 'the billing process holds no socket of hers');
          await runDueChats(billing.ctx);
        }
        assert.equal((await row()).status, 'active', 'the chat runs on: its guest is on line at another process');
        assert.equal((await row()).billedSeconds, 120);
        const lastNote = clock.elapsed();

        // The other process notes her no more (its sockets went): within the grace the chat waits, billed no further.
        guest.socket.close();
        clock.advance(GUEST_GONE_GRACE_SECONDS - 5);
        await runDueChats(billing.ctx);
        assert.equal((await row()).status, 'active');
        clock.advance(10);
        await runDueChats(billing.ctx);
        const ended = await row();
        assert.equal(ended.status, 'ended');
        assert.equal(ended.exitCode, CHAT_EXIT_CODES.clientConnectionLost);
        assert.equal(
          (ended.endedAt!.getTime() - ended.startedAt.getTime()) / 1000,
          lastNote,
          'it ends at the last note',
        );
        assert.equal(ended.billedAmount, 2 * price, 'two minutes billed, nothing after the guest left');
        await assertLedgerConsistent(billing.ctx.db);
      } finally {
        await other.close();
        await billing.close();
      }
    });
  },
);

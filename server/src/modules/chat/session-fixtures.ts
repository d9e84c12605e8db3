import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ChatType, ErrorBody } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../module';
import type { TestApp } from '../../testing/app';
import { openSocketSession, type TestSocket } from '../../testing/socket';
import { guests } from '../auth/schema';
import { transfer } from '../wallet/service';
import { forgetKeptGuest } from '../auth/guests';

/** Test support of the chat session and billing tests: guests with coins, the ledger's consistency. */

export const fund = (ctx: Pick<ModuleContext, 'db' | 'now'>, guestId: string, amount: number) =>
  transfer(ctx.db, {
    reason: 'test.fund',
    at: ctx.now(),
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -amount },
      { account: { kind: 'guest', id: guestId }, amount },
    ],
  });

export interface ChatGuest {
  id: string;
  token: string;
  socket: TestSocket;
  /** Starts a chat over HTTP with the next sequence number. */
  start(actorId: number, chatType: ChatType, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** A signed-up guest (or, with `anonymous`, a visitor) with coins and an open socket session. */
export async function chatGuest(
  t: TestApp,
  options: { coins?: number; anonymous?: boolean; language?: string; vip?: boolean; socket?: boolean } = {},
): Promise<ChatGuest> {
  let token: string;
  let id: string;
  if (options.anonymous) {
    token = await t.anonymousToken();
    id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { guestId: string }).guestId;
  } else {
    const signed = await t.signup();
    token = signed.accessToken;
    id = signed.guest.id;
    if (options.language || options.vip) {
      await t.ctx.db
        .update(guests)
        .set({ language: options.language ?? 'en', vip: options.vip ?? false })
        .where(eq(guests.id, id));
      forgetKeptGuest(id);
    }
    if (options.coins) await fund(t.ctx, id, options.coins);
  }
  const socket = options.socket === false ? null : await openSocketSession(t.app, token);
  let sequence = 0;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/v1${url}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
  return {
    id,
    token,
    socket: socket!,
    start: (actorId, chatType, headers) =>
      post('/chat/start', { actorId, chatType, sequenceNumber: ++sequence }, headers),
    post,
  };
}

export const errorCodeOf = (response: { json(): unknown }) => (response.json() as ErrorBody).code;

/** The database answers rows alike on both drivers. */
export const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: T[] }).rows;

/**
 * The ledger's invariants with paid chats: every transfer sums to zero, every balance is the sum of its
 * entries, no guest or hold balance is negative, and the holds of ended chats are empty.
 */
export async function assertLedgerConsistent(db: Database): Promise<void> {
  const [total] = await rowsOf<{ total: string }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from wallet_entries`,
  );
  assert.equal(total!.total, '0', 'all entries sum to zero');
  const unbalanced = await rowsOf(
    db,
    sql`select transfer_id from wallet_entries group by transfer_id having sum(amount) <> 0`,
  );
  assert.deepEqual(unbalanced, [], 'every transfer sums to zero');
  const drifted = await rowsOf(
    db,
    sql`select a.id from wallet_accounts a left join wallet_entries e on e.account_id = a.id
        group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  assert.deepEqual(drifted, [], 'every balance is the sum of its entries');
  const negative = await rowsOf(
    db,
    sql`select id from wallet_accounts where kind in ('guest', 'hold') and balance < 0`,
  );
  assert.deepEqual(negative, [], 'no guest or hold balance is negative');
  const heldAfterEnd = await rowsOf(
    db,
    sql`select a.owner_id from wallet_accounts a join chat_sessions c on c.id = a.owner_id
        where a.kind = 'hold' and c.status = 'ended' and a.balance <> 0`,
  );
  assert.deepEqual(heldAfterEnd, [], 'an ended chat holds nothing');
  const holdMismatch = await rowsOf(
    db,
    sql`select c.id from chat_sessions c left join wallet_accounts a on a.kind = 'hold' and a.owner_id = c.id
        where c.held_amount <> coalesce(a.balance, 0)`,
  );
  assert.deepEqual(holdMismatch, [], "every chat's held amount is its hold account's balance");
  const sliceMismatch = await rowsOf(
    db,
    sql`select c.id from chat_sessions c left join chat_billing_slices s on s.chat_id = c.id
        group by c.id, c.billed_amount, c.billed_seconds
        having c.billed_amount <> coalesce(sum(s.amount), 0) or c.billed_seconds <> coalesce(sum(s.seconds), 0)`,
  );
  assert.deepEqual(sliceMismatch, [], "every chat's billed amount and seconds are the sum of its slices");
}

/**
 * What a chat at `price` per minute costs after `seconds` when the guest brought `coins`: whole minutes at the
 * price, the last part by the second rounded up, no further than the coins reach. Answers the seconds it ran
 * and when the coins ran out too.
 */
export function expectedBilling(
  price: number,
  coins: number,
  seconds: number,
): { seconds: number; amount: number; runsOutAt: number } {
  const cost = (s: number) => Math.floor(s / 60) * price + Math.ceil((price * (s % 60)) / 60);
  const minutes = Math.floor(coins / price);
  const rest = coins - minutes * price;
  const runsOutAt = minutes * 60 + Math.floor((rest * 60) / price);
  const ran = Math.min(seconds, runsOutAt);
  return { seconds: ran, amount: cost(ran), runsOutAt };
}

import { and, eq } from 'drizzle-orm';
import { BILLING_SLICE_SECONDS, CHAT_EXIT_CODES, type ChatExitReason, type ChatType } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { walletAccounts } from '../wallet/schema';
import { performerShare, saleProceeds } from '../wallet/money';
import { restoreVoucherUnits } from '../account/vouchers';
import { transfer, type AccountRef } from '../wallet/service';
import { chatBillingSlices, chatSessions } from './schema';

/**
 * Per-minute billing of paid chats: a hold account per chat holds the coming slice,
 * taken from the guest ahead; every BILLING_SLICE_SECONDS from `started_at` (the server's clock) the slice moves
 * from the hold to the performer and the platform and the next hold is taken; the last slice is billed by the
 * second. Everything here runs inside one transaction that holds the chat's row lock, and each transfer has an
 * idempotency key named after the chat and slice, so a slice is never billed twice (the slice table's key
 * agrees), also when a restarted server catches up with chats that ran meanwhile. The first `voucherMinutes`
 * slices of a chat started with a videochat voucher cost the guest nothing and hold nothing: the platform pays
 * the performer her share of each, and the first hold is taken when the last of them ends.
 */

export type ChatRow = typeof chatSessions.$inferSelect;

const SLICE_MS = BILLING_SLICE_SECONDS * 1000;

/** Hundredths for `seconds` of a chat at `pricePerMinute`, rounded up to a hundredth. */
export const chargeFor = (seconds: number, pricePerMinute: number) =>
  Math.ceil((pricePerMinute * seconds) / BILLING_SLICE_SECONDS);

/** How many seconds (at most a slice) `held` hundredths pay for at `pricePerMinute`. */
export function coveredSeconds(held: number, pricePerMinute: number): number {
  if (pricePerMinute <= 0) return BILLING_SLICE_SECONDS;
  return Math.min(BILLING_SLICE_SECONDS, Math.floor((held * BILLING_SLICE_SECONDS) / pricePerMinute));
}

const holdOf = (chat: ChatRow): AccountRef => ({ kind: 'hold', id: chat.id });
const guestOf = (chat: ChatRow): AccountRef => ({ kind: 'guest', id: chat.guestId });
const keyed = (chat: ChatRow, key: string) => ({ scope: 'chat', key: `${chat.id}:${key}` });

/** The index of the slice running now: every slice before it was a whole one. */
const currentSlice = (chat: ChatRow) => Math.floor(chat.billedSeconds / BILLING_SLICE_SECONDS);
const sliceStart = (chat: ChatRow, index: number) => chat.startedAt.getTime() + index * SLICE_MS;
/** Whether the voucher the chat started with pays the slice. */
const voucherPays = (chat: ChatRow, index: number) => index < chat.voucherMinutes;

/** The exit reason of a chat whose own time ran out (preview, text countdown). */
export const timeLimitReason = (type: ChatType): ChatExitReason =>
  type === 'FREECHAT' ? 'textTimeLimit' : 'timeLimit';

/**
 * The guest's balance, its row locked for the rest of the transaction. Taken before any transfer of the chat so
 * every transaction locks accounts in the ledger's order (guest first), and a purchase meanwhile cannot make the
 * next hold fail.
 */
async function lockedGuestBalance(tx: Database, guestId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.kind, 'guest'), eq(walletAccounts.ownerId, guestId)))
    .for('update');
  return row?.balance ?? 0;
}

/** Moves `amount` from the chat's hold to the performer's earnings and the platform, as a purchase splits it. */
async function payOut(
  tx: Database,
  chat: ChatRow,
  index: number,
  seconds: number,
  amount: number,
  at: Date,
): Promise<void> {
  const { transferId } = await transfer(tx, {
    reason: 'chat.slice',
    at: at,
    legs: [{ account: holdOf(chat), amount: -amount }, ...saleProceeds(chat.actorId, amount)],
    idempotency: keyed(chat, `slice:${index}`),
    metadata: { chatId: chat.id, slice: index, seconds },
  });
  await tx.insert(chatBillingSlices).values({ chatId: chat.id, sliceIndex: index, seconds, amount, transferId });
}

/**
 * A slice (or, at the end, the part of one) the chat's voucher pays: the guest pays nothing, the platform pays the
 * performer her share of what the time would have cost; the slice's row records it with amount 0.
 */
async function payByVoucher(tx: Database, chat: ChatRow, index: number, seconds: number, at: Date): Promise<void> {
  const share = performerShare(chargeFor(seconds, chat.pricePerMinute));
  let transferId: string | null = null;
  if (share > 0) {
    ({ transferId } = await transfer(tx, {
      reason: 'chat.voucher',
      at,
      legs: [
        { account: { kind: 'system', id: 'platform' }, amount: -share },
        { account: { kind: 'performer', id: chat.actorId }, amount: share },
      ],
      idempotency: keyed(chat, `slice:${index}`),
      metadata: { chatId: chat.id, slice: index, seconds, voucherId: chat.voucherId },
    }));
  }
  await tx.insert(chatBillingSlices).values({ chatId: chat.id, sliceIndex: index, seconds, amount: 0, transferId });
}

/** Takes up to `wanted` from the guest into the chat's hold; answers what was taken. */
async function takeHold(tx: Database, chat: ChatRow, wanted: number, key: string, at: Date): Promise<number> {
  const amount = Math.min(wanted, await lockedGuestBalance(tx, chat.guestId));
  if (amount <= 0) return 0;
  await transfer(tx, {
    reason: 'chat.hold',
    at: at,
    legs: [
      { account: guestOf(chat), amount: -amount },
      { account: holdOf(chat), amount },
    ],
    idempotency: keyed(chat, key),
    metadata: { chatId: chat.id },
  });
  return amount;
}

/** The first hold of a new chat: one slice, or what the guest has. Runs in the transaction inserting the chat. */
export async function takeFirstHold(tx: Database, chat: ChatRow, at: Date): Promise<ChatRow> {
  if (chat.pricePerMinute === 0 || voucherPays(chat, 0)) return chat;
  const held = await takeHold(tx, chat, chat.pricePerMinute, 'hold:0', at);
  const [updated] = await tx
    .update(chatSessions)
    .set({ heldAmount: held })
    .where(eq(chatSessions.id, chat.id))
    .returning();
  return updated!;
}

export interface Advanced {
  chat: ChatRow;
  /** Whole slices billed on the way. */
  slicesBilled: number;
  /** When the chat's money or time ran out on the way, and why. */
  endsBy: { at: Date; reason: ChatExitReason } | null;
}

/**
 * Bills every whole slice that ended by `until` and takes the next hold after each; stops where the hold no
 * longer covers the chat (money ran out at the covered second) or where the chat's own time ends.
 */
async function advance(tx: Database, chat: ChatRow, until: Date): Promise<Advanced> {
  let current = { ...chat };
  let slicesBilled = 0;
  const price = current.pricePerMinute;
  if (price > 0) {
    await lockedGuestBalance(tx, current.guestId);
    for (;;) {
      const index = currentSlice(current);
      const start = sliceStart(current, index);
      const byVoucher = voucherPays(current, index);
      if (!byVoucher && current.heldAmount < price) {
        const coveredEnd = start + coveredSeconds(current.heldAmount, price) * 1000;
        if (until.getTime() >= coveredEnd) return finish(new Date(coveredEnd), 'outOfMoney');
        break;
      }
      if (until.getTime() < start + SLICE_MS) break;
      if (byVoucher) {
        await payByVoucher(tx, current, index, BILLING_SLICE_SECONDS, until);
        // The voucher's last minute ended: from here the guest pays, and the next slice is held as usual.
        const held = voucherPays(current, index + 1)
          ? 0
          : await takeHold(tx, current, price, `hold:${index + 1}`, until);
        current = {
          ...current,
          heldAmount: current.heldAmount + held,
          billedSeconds: current.billedSeconds + BILLING_SLICE_SECONDS,
        };
        slicesBilled++;
        continue;
      }
      await payOut(tx, current, index, BILLING_SLICE_SECONDS, price, until);
      const held = await takeHold(tx, current, price, `hold:${index + 1}`, until);
      current = {
        ...current,
        heldAmount: current.heldAmount - price + held,
        billedSeconds: current.billedSeconds + BILLING_SLICE_SECONDS,
        billedAmount: current.billedAmount + price,
      };
      slicesBilled++;
    }
  }
  if (current.endsAt && until.getTime() >= current.endsAt.getTime())
    return finish(current.endsAt, timeLimitReason(current.chatType as ChatType));
  return finish(null, null);

  async function finish(at: Date | null, reason: ChatExitReason | null): Promise<Advanced> {
    if (slicesBilled > 0) {
      await tx
        .update(chatSessions)
        .set({
          heldAmount: current.heldAmount,
          billedSeconds: current.billedSeconds,
          billedAmount: current.billedAmount,
        })
        .where(eq(chatSessions.id, current.id));
    }
    return { chat: current, slicesBilled, endsBy: at && reason ? { at, reason } : null };
  }
}

/**
 * Ends a chat at `at`: bills the running slice by the second (no further than the hold covers), gives the rest
 * of the hold back to the guest and marks the chat ended with the reason's exit code.
 */
async function close(tx: Database, chat: ChatRow, at: Date, reason: ChatExitReason): Promise<ChatRow> {
  const index = currentSlice(chat);
  const price = chat.pricePerMinute;
  const elapsed = Math.floor((at.getTime() - sliceStart(chat, index)) / 1000);
  const byVoucher = voucherPays(chat, index);
  const seconds = Math.max(
    0,
    Math.min(elapsed, byVoucher ? BILLING_SLICE_SECONDS : coveredSeconds(chat.heldAmount, price)),
  );
  const amount = price > 0 && !byVoucher ? chargeFor(seconds, price) : 0;
  if (amount > 0) await payOut(tx, chat, index, seconds, amount, at);
  if (byVoucher && seconds > 0) await payByVoucher(tx, chat, index, seconds, at);
  // Minutes of the voucher the chat never reached go back to it; a begun minute is used.
  const voucherMinutes = byVoucher ? index + (seconds > 0 ? 1 : 0) : chat.voucherMinutes;
  if (chat.voucherId !== null) await restoreVoucherUnits(tx, chat.voucherId, chat.voucherMinutes - voucherMinutes);
  const rest = chat.heldAmount - amount;
  if (rest > 0) {
    await transfer(tx, {
      reason: 'chat.release',
      at: at,
      legs: [
        { account: holdOf(chat), amount: -rest },
        { account: guestOf(chat), amount: rest },
      ],
      idempotency: keyed(chat, 'release'),
      metadata: { chatId: chat.id },
    });
  }
  const [ended] = await tx
    .update(chatSessions)
    .set({
      status: 'ended',
      endedAt: at,
      exitCode: CHAT_EXIT_CODES[reason],
      voucherMinutes,
      heldAmount: 0,
      billedSeconds: chat.billedSeconds + (price > 0 ? seconds : 0),
      billedAmount: chat.billedAmount + amount,
    })
    .where(eq(chatSessions.id, chat.id))
    .returning();
  return ended!;
}

export interface Settled {
  chat: ChatRow;
  slicesBilled: number;
  /** The chat ended in this call (with `chat.exitCode`). */
  endedNow: boolean;
  /** Coins moved between the guest and the hold in this call. */
  balanceMoved: boolean;
}

/**
 * Brings one chat's money up to `now` under its row lock and, when asked (or when its money or time ran out
 * before), ends it. A chat that has ended already answers `endedNow: false` and is left alone.
 */
export async function settle(
  db: Database,
  chatId: string,
  now: Date,
  endReason: ChatExitReason | null,
): Promise<Settled | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chatSessions).where(eq(chatSessions.id, chatId)).for('update');
    if (!locked) return null;
    if (locked.status !== 'active') return { chat: locked, slicesBilled: 0, endedNow: false, balanceMoved: false };
    const advanced = await advance(tx, locked, now);
    const by = advanced.endsBy ?? (endReason ? { at: now, reason: endReason } : null);
    if (!by) {
      return {
        chat: advanced.chat,
        slicesBilled: advanced.slicesBilled,
        endedNow: false,
        balanceMoved: advanced.slicesBilled > 0,
      };
    }
    const ended = await close(tx, advanced.chat, by.at, by.reason);
    return {
      chat: ended,
      slicesBilled: advanced.slicesBilled,
      endedNow: true,
      balanceMoved: locked.pricePerMinute > 0,
    };
  });
}

/**
 * After a top-up: bills what is due, then fills the running slice's hold up to a whole slice again from the
 * guest's new coins, so a chat about to run out goes on. Answers null for a chat that is not running.
 */
export async function refillHold(db: Database, chatId: string, now: Date): Promise<ChatRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chatSessions).where(eq(chatSessions.id, chatId)).for('update');
    if (!locked || locked.status !== 'active' || locked.pricePerMinute === 0) return null;
    const advanced = await advance(tx, locked, now);
    if (advanced.endsBy) return null;
    const chat = advanced.chat;
    // While the voucher pays there is nothing to hold; the hold after it is taken when its last minute ends.
    if (voucherPays(chat, currentSlice(chat))) return chat;
    const missing = chat.pricePerMinute - chat.heldAmount;
    if (missing <= 0) return chat;
    const added = await takeHold(tx, chat, missing, `refill:${currentSlice(chat)}:${chat.heldAmount}`, now);
    const [updated] = await tx
      .update(chatSessions)
      .set({ heldAmount: chat.heldAmount + added })
      .where(eq(chatSessions.id, chat.id))
      .returning();
    return updated!;
  });
}

/**
 * How many more seconds the chat can run from `now`: what the hold still covers of the running slice, then
 * whole slices and a last part from the guest's balance. Null for a chat not billed by the minute.
 */
export function secondsLeft(chat: ChatRow, guestBalance: number, now: Date): number | null {
  const price = chat.pricePerMinute;
  if (price === 0) return null;
  const fromGuest =
    Math.floor(guestBalance / price) * BILLING_SLICE_SECONDS + coveredSeconds(guestBalance % price, price);
  if (voucherPays(chat, currentSlice(chat))) {
    const voucherEnd = sliceStart(chat, chat.voucherMinutes);
    return Math.max(0, Math.floor((voucherEnd - now.getTime()) / 1000)) + fromGuest;
  }
  const coveredEnd = sliceStart(chat, currentSlice(chat)) + coveredSeconds(chat.heldAmount, price) * 1000;
  const fromHold = Math.max(0, Math.floor((coveredEnd - now.getTime()) / 1000));
  if (chat.heldAmount < price) return fromHold;
  return fromHold + fromGuest;
}

/** When the scheduler must look at a chat again: its next slice boundary, covered second or time limit. */
export function nextDue(chat: ChatRow): number | null {
  const candidates: number[] = [];
  if (chat.pricePerMinute > 0) {
    const index = currentSlice(chat);
    const start = sliceStart(chat, index);
    candidates.push(
      !voucherPays(chat, index) && chat.heldAmount < chat.pricePerMinute
        ? start + coveredSeconds(chat.heldAmount, chat.pricePerMinute) * 1000
        : start + SLICE_MS,
    );
  }
  if (chat.endsAt) candidates.push(chat.endsAt.getTime());
  return candidates.length ? Math.min(...candidates) : null;
}

import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  LANGUAGES,
  toyIntensityOf,
  type BoughtGift,
  type Language,
  type MessageGift,
  type MessengerGift,
  type ToyControl,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { spendVoucher } from '../account/service';
import { isVipGuest } from '../auth/guests';
import { pushBalance, transfer } from '../wallet/service';
import { boughtGifts, gifts } from './schema';

type GiftRow = typeof gifts.$inferSelect;

const giftName = (row: GiftRow, language: Language) => row.names[language] ?? row.names.en;

export function toMessengerGift(row: GiftRow, language: Language): MessengerGift {
  return {
    id: row.id,
    name: giftName(row, language),
    price: { value: row.price, currency: 'VXC', symbol: 'VXC' },
    imageUrl: row.imageUrl,
    active: row.active,
    vip: row.vip,
    categoryId: row.categoryId,
    translations: LANGUAGES.map((lang) => ({ language: lang, name: 'name', value: giftName(row, lang) })),
  };
}

export const toMessageGift = (row: GiftRow, language: Language): MessageGift => ({
  id: row.id,
  name: giftName(row, language),
  imageUrl: row.imageUrl,
});

/** The active catalogue in its order, without the toy controls (a list of their own). */
export async function giftCatalogue(db: Database, language: Language): Promise<MessengerGift[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.active, true), isNull(gifts.toyDurationSeconds)))
    .orderBy(asc(gifts.sortOrder), asc(gifts.id));
  return rows.map((row) => toMessengerGift(row, language));
}

/** The active toy controls, softest first; each is bought and owned like any gift. */
export async function toyControls(db: Database, language: Language): Promise<ToyControl[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.active, true), isNotNull(gifts.toyDurationSeconds)))
    .orderBy(asc(gifts.id));
  return rows.map((row) => ({
    ...toMessengerGift(row, language),
    displayName: giftName(row, language),
    duration: row.toyDurationSeconds!,
    random: row.toyRandom,
    intensity: toyIntensityOf(row.id),
  }));
}

/** Catalogue rows by id, inactive ones included (old messages still show what they carried). */
export async function giftsById(db: Database, ids: readonly number[]): Promise<Map<number, GiftRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(gifts)
    .where(inArray(gifts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function boughtGiftsOf(db: Database, guestId: string): Promise<BoughtGift[]> {
  return db
    .select({ giftId: boughtGifts.giftId, count: boughtGifts.count })
    .from(boughtGifts)
    .where(and(eq(boughtGifts.guestId, guestId), sql`${boughtGifts.count} > 0`))
    .orderBy(asc(boughtGifts.giftId));
}

/** The voucher type that pays a messenger gift (the spec's voucher types by number). */
const MESSENGER_GIFT_VOUCHER = 6;

/**
 * The gifts a message to a performer carries, checked in the message's transaction: each id is an active gift of
 * the catalogue (GIFT_NOT_FOUND), a VIP gift needs a VIP member (VIP_REQUIRED), and each gift is one the guest
 * owns, taken from her bought gifts under their row lock, or else paid by one unit of a messenger-gift voucher
 * that holds for this performer (a gift of the catalogue, not a toy control); without either, GIFT_NOT_OWNED.
 * Answers the gifts and the number of vouchers used.
 */
export async function takeGifts(
  tx: Database,
  guestId: string,
  ids: readonly number[],
  to: { actorId: number; now: Date },
): Promise<{ gifts: GiftRow[]; vouchersUsed: number }> {
  if (ids.length === 0) return { gifts: [], vouchersUsed: 0 };
  const catalogue = await giftsById(tx, ids);
  const rows = ids.map((id) => {
    const row = catalogue.get(id);
    if (!row?.active) throw new HttpError(404, 'GIFT_NOT_FOUND', `No gift ${id} in the catalogue`);
    return row;
  });
  if (rows.some((row) => row.vip) && !(await isVipGuest(tx, { guestId, loggedIn: true })))
    throw new HttpError(403, 'VIP_REQUIRED', 'Only VIP members may send this gift');
  let vouchersUsed = 0;
  const wanted = new Map<number, number>();
  for (const id of ids) wanted.set(id, (wanted.get(id) ?? 0) + 1);
  for (const [giftId, count] of wanted) {
    const owned = and(eq(boughtGifts.guestId, guestId), eq(boughtGifts.giftId, giftId));
    const [bought] = await tx.select({ count: boughtGifts.count }).from(boughtGifts).where(owned).for('update');
    const fromOwned = Math.min(bought?.count ?? 0, count);
    if (fromOwned > 0)
      await tx
        .update(boughtGifts)
        .set({ count: sql`${boughtGifts.count} - ${fromOwned}` })
        .where(owned);
    const isToy = catalogue.get(giftId)!.toyDurationSeconds !== null;
    for (let unit = fromOwned; unit < count; unit++) {
      if (isToy || (await spendVoucher(tx, guestId, MESSENGER_GIFT_VOUCHER, to.actorId, to.now)) === null)
        throw new HttpError(409, 'GIFT_NOT_OWNED', `Buy gift ${giftId} before sending it`);
      vouchersUsed++;
    }
  }
  return { gifts: rows, vouchersUsed };
}

/**
 * Buys `count` of a gift for the guest to send later: one transfer guest → platform keyed by the request's
 * operation key (a retry buys once) and the bought count, in one transaction. A VIP gift is sold to VIP members
 * only. The balance and bought gifts are pushed after the commit.
 */
export async function buyGift(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  guestId: string,
  giftId: number,
  count: number,
  operationKey: string,
): Promise<{ boughtGifts: BoughtGift[] }> {
  await ctx.db.transaction(async (tx) => {
    const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId));
    if (!gift?.active) throw new HttpError(404, 'GIFT_NOT_FOUND', `No gift ${giftId} in the catalogue`);
    if (gift.vip && !(await isVipGuest(tx, { guestId, loggedIn: true })))
      throw new HttpError(403, 'VIP_REQUIRED', 'Only VIP members may buy this gift');
    const price = gift.price * count;
    const { replayed } = await transfer(tx, {
      reason: 'messenger.gift',
      at: ctx.now(),
      legs: [
        { account: { kind: 'guest', id: guestId }, amount: -price },
        { account: { kind: 'system', id: 'platform' }, amount: price },
      ],
      idempotency: { scope: `messenger.gift:${guestId}`, key: operationKey },
      metadata: { giftId, count, price },
    });
    if (replayed) return;
    await tx
      .insert(boughtGifts)
      .values({ guestId, giftId, count })
      .onConflictDoUpdate({
        target: [boughtGifts.guestId, boughtGifts.giftId],
        set: { count: sql`${boughtGifts.count} + ${count}` },
      });
  });
  await pushBalance(ctx, guestId);
  const owned = await boughtGiftsOf(ctx.db, guestId);
  ctx.hub.sendToGuest(guestId, { type: 'boughtGifts', boughtGifts: owned });
  return { boughtGifts: owned };
}

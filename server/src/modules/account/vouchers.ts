import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { GuestBenefits, VoucherTypeId } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { Auth, ModuleContext } from '../module';
import { voucherActors, vouchers } from './schema';
import { guestBenefits } from './service';

export interface VoucherUse {
  guestId: string;
  voucherId: number;
  /** The voucher type that pays for the thing (a video needs a video voucher). */
  type: VoucherTypeId;
  /** The performer whose item, chat or show it pays; null for what belongs to no performer (credits, spins). */
  actorId: number | null;
  /** Units taken: one item, or the whole voucher. */
  units: number | 'all';
  now: Date;
}

/** The type of one of the guest's vouchers; 404 for an unknown one or another guest's. */
export async function voucherTypeOf(db: Database, guestId: string, voucherId: number): Promise<VoucherTypeId> {
  const [row] = await db
    .select({ guestId: vouchers.guestId, type: vouchers.type })
    .from(vouchers)
    .where(eq(vouchers.id, voucherId));
  if (!row || row.guestId !== guestId) throw new HttpError(404, 'VOUCHER_NOT_FOUND', 'No such voucher');
  return row.type as VoucherTypeId;
}

/**
 * The one place that decides whether a voucher covers something, and takes what it pays inside the caller's
 * transaction. The voucher's row is locked first, so parallel uses of one voucher take their units one after
 * another and the last unit only once. Bad input is refused with a stable code and nothing taken: another guest's
 * or an unknown voucher (404), another type, not valid yet, past its time, nothing left (409), limited to other
 * performers (403). Answers the units taken.
 */
export async function takeVoucher(tx: Database, use: VoucherUse): Promise<number> {
  return (await takeVoucherUnits(tx, use)).units;
}

/** `takeVoucher`, answering also the units the voucher had before and its bonus code. */
export async function takeVoucherUnits(
  tx: Database,
  use: VoucherUse,
): Promise<{ units: number; before: number; code: string | null }> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, use.voucherId)).for('update');
  if (!row || row.guestId !== use.guestId) throw new HttpError(404, 'VOUCHER_NOT_FOUND', 'No such voucher');
  if (row.type !== use.type) {
    throw new HttpError(409, 'VOUCHER_TYPE_MISMATCH', 'This voucher does not pay for this');
  }
  if (row.validFrom > use.now) throw new HttpError(409, 'VOUCHER_NOT_VALID_YET', 'This voucher is not valid yet');
  if (row.validTo !== null && row.validTo <= use.now) {
    throw new HttpError(409, 'VOUCHER_EXPIRED', 'This voucher has expired');
  }
  const units = use.units === 'all' ? row.amount : use.units;
  if (units <= 0 || row.amount < units) throw new HttpError(409, 'VOUCHER_USED_UP', 'This voucher is used up');
  if (use.actorId !== null) {
    const limits = await tx
      .select({ actorId: voucherActors.actorId })
      .from(voucherActors)
      .where(eq(voucherActors.voucherId, row.id));
    if (limits.length > 0 && !limits.some((limit) => limit.actorId === use.actorId)) {
      throw new HttpError(403, 'VOUCHER_WRONG_PERFORMER', 'This voucher is for other performers');
    }
  }
  await tx
    .update(vouchers)
    .set({ amount: row.amount - units })
    .where(eq(vouchers.id, row.id));
  return { units, before: row.amount, code: row.code };
}

/** Videochat-minute vouchers (type 2): each pays one minute of a live chat. */
const CHAT_MINUTES: VoucherTypeId = 2;

/** The guest's videochat-minute vouchers that can pay now: valid at `now`, minutes left. */
const usableChatVouchers = (guestId: string, now: Date) =>
  and(
    eq(vouchers.guestId, guestId),
    eq(vouchers.type, CHAT_MINUTES),
    gt(vouchers.amount, 0),
    lte(vouchers.validFrom, now),
    or(isNull(vouchers.validTo), gt(vouchers.validTo, now)),
  );

/**
 * The minutes the guest's videochat vouchers hold now, each with the performers it is limited to (empty: any
 * performer); a performer's chat button sums those that apply to her.
 */
export async function chatVoucherMinutes(
  db: Database,
  guestId: string,
  now: Date,
): Promise<{ minutes: number; actorIds: number[] }[]> {
  const rows = await db
    .select({ id: vouchers.id, amount: vouchers.amount })
    .from(vouchers)
    .where(usableChatVouchers(guestId, now));
  if (rows.length === 0) return [];
  const limits = await db
    .select()
    .from(voucherActors)
    .where(
      inArray(
        voucherActors.voucherId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    minutes: row.amount,
    actorIds: limits.filter((limit) => limit.voucherId === row.id).map((limit) => limit.actorId),
  }));
}

/**
 * A live chat with the performer starts: the first of the guest's videochat vouchers that applies to her (the one
 * ending first) pays the chat's first minutes, all its minutes taken at once under its row lock, so parallel
 * starts take them once. Minutes the chat does not reach go back when it ends (`restoreVoucherUnits`). Answers
 * the voucher and minutes, or null when none applies. Runs in the transaction that creates the chat.
 */
export async function takeChatVoucher(
  tx: Database,
  use: { guestId: string; actorId: number; now: Date },
): Promise<{ voucherId: number; minutes: number } | null> {
  const candidates = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(usableChatVouchers(use.guestId, use.now))
    .orderBy(sql`${vouchers.validTo} asc nulls last`, asc(vouchers.id))
    .for('update');
  for (const candidate of candidates) {
    const limits = await tx
      .select({ actorId: voucherActors.actorId })
      .from(voucherActors)
      .where(eq(voucherActors.voucherId, candidate.id));
    if (limits.length > 0 && !limits.some((limit) => limit.actorId === use.actorId)) continue;
    const minutes = await takeVoucher(tx, {
      guestId: use.guestId,
      voucherId: candidate.id,
      type: CHAT_MINUTES,
      actorId: use.actorId,
      units: 'all',
      now: use.now,
    });
    return { voucherId: candidate.id, minutes };
  }
  return null;
}

/** Gives back `units` of a voucher that paid less than it was taken for (chat minutes a chat did not reach). */
export async function restoreVoucherUnits(tx: Database, voucherId: number, units: number): Promise<void> {
  if (units <= 0) return;
  await tx
    .update(vouchers)
    .set({ amount: sql`${vouchers.amount} + ${units}` })
    .where(eq(vouchers.id, voucherId));
}

/** Gives back one unit of a voucher that paid for something given back (a show ticket returned before its start). */
export async function restoreVoucherUnit(tx: Database, voucherId: number): Promise<void> {
  await tx
    .update(vouchers)
    .set({ amount: sql`${vouchers.amount} + 1` })
    .where(eq(vouchers.id, voucherId));
}

/** A guest's benefits; her spins are the spinwheel's, which the specials module answers when it runs. */
export async function benefitsOf(
  ctx: Pick<ModuleContext, 'db' | 'images' | 'now' | 'hooks'>,
  auth: Pick<Auth, 'guestId' | 'loggedIn'>,
): Promise<GuestBenefits> {
  const [gate, wheelSpins] = await Promise.all([ageGate(ctx, auth), ctx.hooks.spinwheelSpins?.(auth.guestId)]);
  return guestBenefits(ctx.db, { guestId: auth.guestId, gate, now: ctx.now(), wheelSpins: wheelSpins ?? 0 });
}

/**
 * The guest's benefits as they are now, to every tab of hers on any process (after a voucher was granted or used);
 * answers them.
 */
export async function pushGuestVouchers(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'images' | 'now' | 'hooks'>,
  guestId: string,
): Promise<GuestBenefits> {
  const benefits = await benefitsOf(ctx, { guestId, loggedIn: true });
  ctx.hub.sendToGuest(guestId, { type: 'guestVouchers', ...benefits });
  return benefits;
}

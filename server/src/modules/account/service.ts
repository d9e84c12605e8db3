import { and, asc, eq, exists, gt, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { type GuestBenefits, type Voucher, type VoucherTypeId } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { AgeGate } from '../auth/age';
import { performerAvatar } from '../performers/age';
import { performerCard } from '../performers/catalogue';
import { voucherActors, vouchers } from './schema';

/** Which voucher type each count of the benefits page sums (the spins are the wheel's own, not vouchers). */
const BENEFIT_COUNTS = {
  messengerGiftCount: 6,
  freeMessagesCount: 5,
  privateShowTickets: 8,
  chatShowTickets: 7,
  bonusCodeCount: 9,
} as const satisfies Record<string, VoucherTypeId>;

/** The guest's vouchers valid now and not used up, with the performers they are limited to (their avatars through her age gate). */
export async function validVouchers(db: Database, guestId: string, gate: AgeGate, now: Date): Promise<Voucher[]> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.guestId, guestId),
        gt(vouchers.amount, 0),
        lte(vouchers.validFrom, now),
        or(isNull(vouchers.validTo), gt(vouchers.validTo, now)),
      ),
    )
    .orderBy(asc(vouchers.validTo), asc(vouchers.id));
  const limits = rows.length
    ? await db
        .select({
          voucherId: voucherActors.voucherId,
          id: performerCard.id,
          online: performerCard.isOnline,
          name: performerCard.displayName,
          link: performerCard.name,
          avatarUrl: performerCard.avatarUrl,
          ageRating: performerCard.ageRating,
        })
        .from(voucherActors)
        .innerJoin(performerCard, eq(performerCard.id, voucherActors.actorId))
        .where(
          inArray(
            voucherActors.voucherId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    id: row.id,
    guestId: row.guestId,
    type: row.type as VoucherTypeId,
    amount: row.amount,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo?.toISOString() ?? null,
    actors: limits
      .filter((limit) => limit.voucherId === row.id)
      .map(({ id, online, name, link, ...picture }) => ({
        id,
        online,
        name,
        link,
        avatar: performerAvatar(gate, picture),
      })),
    code: row.code,
  }));
}

/** The benefits page: the voucher counts and vouchers, and `wheelSpins`, the spins the guest's spinwheel holds. */
export async function guestBenefits(
  db: Database,
  options: { guestId: string; gate: AgeGate; now: Date; wheelSpins: number },
): Promise<GuestBenefits> {
  const valid = await validVouchers(db, options.guestId, options.gate, options.now);
  const sum = (type: VoucherTypeId) => valid.filter((v) => v.type === type).reduce((total, v) => total + v.amount, 0);
  return {
    spinwheelSpins: options.wheelSpins,
    messengerGiftCount: sum(BENEFIT_COUNTS.messengerGiftCount),
    freeMessagesCount: sum(BENEFIT_COUNTS.freeMessagesCount),
    privateShowTickets: sum(BENEFIT_COUNTS.privateShowTickets),
    chatShowTickets: sum(BENEFIT_COUNTS.chatShowTickets),
    bonusCodeCount: sum(BENEFIT_COUNTS.bonusCodeCount),
    vouchers: valid,
  };
}

/**
 * Uses one unit of a valid voucher of `type` that holds for this performer (limited to her, or to nobody): the
 * one whose time ends first. A guarded decrement, so two uses racing for the last unit cannot both have it.
 * Answers the voucher whose unit was used, or null.
 */
export async function spendVoucher(
  db: Database,
  guestId: string,
  type: VoucherTypeId,
  actorId: number,
  now: Date,
): Promise<number | null> {
  const limitedTo = (...conditions: SQL[]) =>
    exists(
      db
        .select()
        .from(voucherActors)
        .where(and(eq(voucherActors.voucherId, vouchers.id), ...conditions)),
    );
  const [used] = await db
    .update(vouchers)
    .set({ amount: sql`${vouchers.amount} - 1` })
    .where(
      eq(
        vouchers.id,
        db
          .select({ id: vouchers.id })
          .from(vouchers)
          .where(
            and(
              eq(vouchers.guestId, guestId),
              eq(vouchers.type, type),
              gt(vouchers.amount, 0),
              lte(vouchers.validFrom, now),
              or(isNull(vouchers.validTo), gt(vouchers.validTo, now)),
              or(not(limitedTo()), limitedTo(eq(voucherActors.actorId, actorId))),
            ),
          )
          .orderBy(sql`${vouchers.validTo} asc nulls last`, asc(vouchers.id))
          .limit(1)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: vouchers.id });
  return used?.id ?? null;
}

/** Grants the guest a voucher (a reward) inside the caller's transaction; answers its id. */
export async function grantVoucher(
  tx: Database,
  voucher: {
    guestId: string;
    type: VoucherTypeId;
    amount: number;
    validFrom: Date;
    validTo: Date | null;
    /** A bonus-code voucher's code. */
    code?: string;
  },
): Promise<number> {
  const [row] = await tx.insert(vouchers).values(voucher).returning({ id: vouchers.id });
  return row!.id;
}

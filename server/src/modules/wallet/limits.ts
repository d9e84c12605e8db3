import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { DEPOSIT_LIMIT_COOLING_DAYS, type DepositLimits } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { walletDepositLimits, walletDeposits } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The limits' windows are rolling: the last 24 hours and the last 30 days, so no midnight resets them. */
const DAILY_WINDOW_MS = DAY_MS;
const MONTHLY_WINDOW_MS = 30 * DAY_MS;
const COOLING_MS = DEPOSIT_LIMIT_COOLING_DAYS * DAY_MS;

type LimitRow = typeof walletDepositLimits.$inferSelect;
type Limit = number | null;

/** A limit b is a raise over a: higher, or none where there was one. */
const isRaise = (from: Limit, to: Limit) => from !== null && (to === null || to > from);

/** The guest's limit row, locked for this transaction (created on first use); a due raise is applied. */
async function lockedLimits(tx: Database, guestId: string, now: Date): Promise<LimitRow> {
  await tx.insert(walletDepositLimits).values({ guestId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(walletDepositLimits)
    .where(eq(walletDepositLimits.guestId, guestId))
    .for('update');
  if (row!.pendingFrom && row!.pendingFrom <= now) {
    const [applied] = await tx
      .update(walletDepositLimits)
      .set({
        daily: row!.pendingDaily,
        monthly: row!.pendingMonthly,
        pendingDaily: null,
        pendingMonthly: null,
        pendingFrom: null,
      })
      .where(eq(walletDepositLimits.guestId, guestId))
      .returning();
    return applied!;
  }
  return row!;
}

/** EUR cents of the guest's pending and credited deposits since `since`. */
async function depositedSince(db: Database, guestId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${walletDeposits.amountEurCents}), 0)`.mapWith(Number) })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.guestId, guestId),
        inArray(walletDeposits.status, ['pending', 'credited']),
        gt(walletDeposits.created, since),
      ),
    );
  return row!.total;
}

async function limitsView(db: Database, row: LimitRow, now: Date): Promise<DepositLimits> {
  const [depositedToday, depositedThisMonth] = await Promise.all([
    depositedSince(db, row.guestId, new Date(now.getTime() - DAILY_WINDOW_MS)),
    depositedSince(db, row.guestId, new Date(now.getTime() - MONTHLY_WINDOW_MS)),
  ]);
  return {
    daily: row.daily,
    monthly: row.monthly,
    pending: row.pendingFrom
      ? { daily: row.pendingDaily, monthly: row.pendingMonthly, effectiveAt: row.pendingFrom.toISOString() }
      : null,
    depositedToday,
    depositedThisMonth,
  };
}

export async function depositLimits(db: Database, guestId: string, now: Date): Promise<DepositLimits> {
  return db.transaction(async (tx) => limitsView(tx, await lockedLimits(tx, guestId, now), now));
}

/**
 * Sets the guest's limits the way regulated sites do: a lower limit (or a first one) takes effect at once, a
 * raise or a lift only after the cooling period, so a guest cannot undo a limit in the heat of the moment. A new
 * request replaces a raise still waiting.
 */
export async function setDepositLimits(
  db: Database,
  guestId: string,
  wanted: { daily: Limit; monthly: Limit },
  now: Date,
): Promise<DepositLimits> {
  return db.transaction(async (tx) => {
    const current = await lockedLimits(tx, guestId, now);
    const raises = isRaise(current.daily, wanted.daily) || isRaise(current.monthly, wanted.monthly);
    const [row] = await tx
      .update(walletDepositLimits)
      .set({
        daily: isRaise(current.daily, wanted.daily) ? current.daily : wanted.daily,
        monthly: isRaise(current.monthly, wanted.monthly) ? current.monthly : wanted.monthly,
        pendingDaily: raises ? wanted.daily : null,
        pendingMonthly: raises ? wanted.monthly : null,
        pendingFrom: raises ? new Date(now.getTime() + COOLING_MS) : null,
      })
      .where(eq(walletDepositLimits.guestId, guestId))
      .returning();
    return limitsView(tx, row!, now);
  });
}

const limitExceeded = () =>
  new HttpError(409, 'DEPOSIT_LIMIT_EXCEEDED', 'This deposit would go over your deposit limit');

/**
 * Books a deposit of `amountEurCents` under our `reference` before the card is charged, or refuses it (409
 * DEPOSIT_LIMIT_EXCEEDED) when it would take the guest's deposits of the last 24 hours or 30 days over a limit.
 * The guest's limit row is locked while counting, so parallel charges are counted one after another and never
 * exceed a limit together. The same reference again (a retry) is the same deposit and passes, unless it was
 * recorded as refused (`recordRefusedDeposit`): that one stays refused.
 */
export async function reserveDeposit(
  db: Database,
  deposit: { guestId: string; reference: string; amountEurCents: number },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const limits = await lockedLimits(tx, deposit.guestId, now);
    const [earlier] = await tx
      .select({ status: walletDeposits.status })
      .from(walletDeposits)
      .where(eq(walletDeposits.reference, deposit.reference));
    if (earlier?.status === 'refused') throw limitExceeded();
    if (earlier) return;
    for (const [limit, windowMs] of [
      [limits.daily, DAILY_WINDOW_MS],
      [limits.monthly, MONTHLY_WINDOW_MS],
    ] as const) {
      if (limit === null) continue;
      const deposited = await depositedSince(tx, deposit.guestId, new Date(now.getTime() - windowMs));
      if (deposited + deposit.amountEurCents > limit) throw limitExceeded();
    }
    await tx.insert(walletDeposits).values({ ...deposit, status: 'pending', created: now });
  });
}

/**
 * Keeps a deposit the limits refused under its reference, for a charge nobody waits for (an automatic recharge):
 * it counts towards no limit, tells the status bar, and the reference is refused again rather than charged. A
 * deposit booked under the reference meanwhile (a parallel attempt the limits let through) stays as it is.
 */
export async function recordRefusedDeposit(
  db: Database,
  deposit: { guestId: string; reference: string; amountEurCents: number },
  now: Date,
): Promise<void> {
  await db
    .insert(walletDeposits)
    .values({ ...deposit, status: 'refused', created: now })
    .onConflictDoNothing();
}

/** Ends a booked deposit: credited keeps counting towards the limits, declined frees its amount. */
export async function settleDeposit(db: Database, reference: string, status: 'credited' | 'declined'): Promise<void> {
  await db.update(walletDeposits).set({ status }).where(eq(walletDeposits.reference, reference));
}

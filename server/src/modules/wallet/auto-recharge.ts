import { and, desc, eq, gt } from 'drizzle-orm';
import { ONE_CLICK_AMOUNTS_EUR_CENTS, type AutoRechargeState } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { recordRefusedDeposit } from './limits';
import { chargeSavedCard, savedPaymentMethod } from './one-click';
import { walletAutoRecharge, walletDeposits } from './schema';

const DEFAULTS = { enabled: false, amountEurCents: ONE_CLICK_AMOUNTS_EUR_CENTS[1], threshold: 20_00 };
/** At most one automatic recharge per guest in this time, whatever the balance does. */
const RECHARGE_WINDOW_MS = 10 * 60 * 1000;
/** How long the status bar tells the guest that her automatic recharge was declined or refused. */
const FAILURE_SHOWN_MS = 24 * 60 * 60 * 1000;
/** The references of a guest's automatic recharges: apart from her one-click requests' (`one-click:`). */
const rechargeReference = (guestId: string, window: string) => `auto-recharge:${guestId}:${window}`;

async function settingsOf(db: Database, guestId: string) {
  const [row] = await db.select().from(walletAutoRecharge).where(eq(walletAutoRecharge.guestId, guestId));
  return row ?? { guestId, teaserState: 'open' as const, ...DEFAULTS };
}

export async function autoRechargeState(db: Database, guestId: string): Promise<AutoRechargeState> {
  const [row, method] = await Promise.all([settingsOf(db, guestId), savedPaymentMethod(db, guestId)]);
  return {
    enabled: row.enabled,
    amountEurCents: row.amountEurCents,
    thresholdCoins: row.threshold / 100,
    amounts: [...ONE_CLICK_AMOUNTS_EUR_CENTS],
    allowed: method !== null,
    teaserState: row.teaserState,
  };
}

/** Saves the settings: the amount must be one on offer, and turning it on needs a saved card. */
export async function setAutoRecharge(
  db: Database,
  guestId: string,
  settings: { enabled: boolean; amountEurCents: number; thresholdCoins: number },
): Promise<AutoRechargeState> {
  if (!(ONE_CLICK_AMOUNTS_EUR_CENTS as readonly number[]).includes(settings.amountEurCents))
    throw new HttpError(400, 'VALIDATION_FAILED', 'This amount is not on offer');
  if (settings.enabled && !(await savedPaymentMethod(db, guestId)))
    throw new HttpError(409, 'PAYMENT_METHOD_MISSING', 'Pay once with a card to recharge automatically');
  const values = {
    enabled: settings.enabled,
    amountEurCents: settings.amountEurCents,
    threshold: settings.thresholdCoins * 100,
  };
  await db
    .insert(walletAutoRecharge)
    .values({ guestId, ...values })
    .onConflictDoUpdate({ target: walletAutoRecharge.guestId, set: values });
  return autoRechargeState(db, guestId);
}

export async function setTeaserState(db: Database, guestId: string, mode: 'open' | 'closed') {
  await db
    .insert(walletAutoRecharge)
    .values({ guestId, ...DEFAULTS, teaserState: mode })
    .onConflictDoUpdate({ target: walletAutoRecharge.guestId, set: { teaserState: mode } });
  return autoRechargeState(db, guestId);
}

/** The amount an enabled automatic recharge adds, or null when it is off. */
export async function enabledRechargeCents(db: Database, guestId: string): Promise<number | null> {
  const row = await settingsOf(db, guestId);
  return row.enabled ? row.amountEurCents : null;
}

/**
 * Runs after every pushed balance: below the guest's threshold, the saved card is charged the chosen amount as a
 * one-click charge (so deposit limits apply). One recharge per guest and window: its reference names the window,
 * and a deposit booked under it already (a recharge running or done) is not charged again, which also ends the
 * recursion of the recharge's own balance push.
 */
export async function rechargeIfLow(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  guestId: string,
  balance: number,
): Promise<void> {
  const row = await settingsOf(ctx.db, guestId);
  if (!row.enabled || balance * 100 >= row.threshold) return;
  const window = String(Math.floor(ctx.now().getTime() / RECHARGE_WINDOW_MS));
  const reference = rechargeReference(guestId, window);
  const [booked] = await ctx.db
    .select({ reference: walletDeposits.reference })
    .from(walletDeposits)
    .where(eq(walletDeposits.reference, reference));
  if (booked) return;
  const outcome = await chargeSavedCard(ctx, guestId, row.amountEurCents, { requestId: reference, reference });
  if (outcome.errorCode === 'DEPOSIT_LIMIT_EXCEEDED') {
    await recordRefusedDeposit(ctx.db, { guestId, reference, amountEurCents: row.amountEurCents }, ctx.now());
  }
  // Nobody waits for this charge's answer: a declined card or a refusal by her limits is for the status bar to tell.
  if (!outcome.success) await ctx.statusBar.refresh(guestId);
}

/** Why an automatic recharge brought no coins: the card declined it, or the guest's deposit limits refused it. */
export type FailedRecharge = { amountEurCents: number; reason: 'declined' | 'refused' };

/**
 * The guest's automatic recharge that failed within the last day, when it is her latest deposit (one made since,
 * by hand or automatically, answers it), else null.
 */
export async function failedRecharge(db: Database, guestId: string, now: Date): Promise<FailedRecharge | null> {
  const [latest] = await db
    .select()
    .from(walletDeposits)
    .where(
      and(eq(walletDeposits.guestId, guestId), gt(walletDeposits.created, new Date(now.getTime() - FAILURE_SHOWN_MS))),
    )
    .orderBy(desc(walletDeposits.created))
    .limit(1);
  if (!latest?.reference.startsWith(rechargeReference(guestId, ''))) return null;
  const { status, amountEurCents } = latest;
  return status === 'declined' || status === 'refused' ? { amountEurCents, reason: status } : null;
}

import { and, desc, eq, sql } from 'drizzle-orm';
import { ONE_CLICK_AMOUNTS_EUR_CENTS, type ErrorCode } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { completeDeposit } from './deposits';
import { reserveDeposit } from './limits';
import { SANDBOX_PROVIDER, sandboxProvider, type PaymentProvider } from './payment';
import { walletAccounts, walletEntries, walletTransfers } from './schema';

/**
 * One-click top-up (`canOneClick`, `chargeOneClick`): the card of the guest's last successful payment, saved
 * by the provider, is charged again without the guest entering it. Idempotent by the client's request id.
 */

export interface OneClickOffer {
  /** The guest has a successful payment whose card can be charged again. */
  isPaying: boolean;
  amounts: number[];
  autoRechargeAllowed: boolean;
}

export interface OneClickResult {
  requestId: string;
  success: boolean;
  errorCode: ErrorCode | null;
  /** Hundredths of a coin credited (0 when nothing was). */
  coins: number;
}

const PROVIDER_SCOPE = `provider:${SANDBOX_PROVIDER}`;

/** Our reference of a one-click charge the guest asked for: her request id, per guest. */
export const oneClickReference = (guestId: string, requestId: string) => `one-click:${guestId}:${requestId}`;

/** The saved card of the guest's newest successful payment, or null. */
export async function savedPaymentMethod(db: Database, guestId: string): Promise<string | null> {
  const [row] = await db
    .select({ paymentMethod: sql<string>`${walletTransfers.metadata} ->> 'paymentMethod'` })
    .from(walletTransfers)
    .innerJoin(walletEntries, eq(walletEntries.transferId, walletTransfers.id))
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(
      and(
        eq(walletAccounts.kind, 'guest'),
        eq(walletAccounts.ownerId, guestId),
        eq(walletTransfers.reason, 'charge'),
        sql`${walletTransfers.metadata} ? 'paymentMethod'`,
      ),
    )
    .orderBy(desc(walletTransfers.created))
    .limit(1);
  return row?.paymentMethod ?? null;
}

export async function oneClickOffer(db: Database, guestId: string): Promise<OneClickOffer> {
  const isPaying = (await savedPaymentMethod(db, guestId)) !== null;
  return {
    isPaying,
    amounts: [...ONE_CLICK_AMOUNTS_EUR_CENTS],
    autoRechargeAllowed: isPaying,
  };
}

/** What an earlier charge with this provider reference was for, when there was one. */
async function earlierCharge(db: Database, providerReference: string): Promise<{ amountEurCents: number } | null> {
  const [row] = await db
    .select({ amountEurCents: sql<number>`(${walletTransfers.metadata} ->> 'amountEurCents')::int` })
    .from(walletTransfers)
    .where(
      and(eq(walletTransfers.idempotencyScope, PROVIDER_SCOPE), eq(walletTransfers.idempotencyKey, providerReference)),
    );
  return row ?? null;
}

/**
 * Charges the saved card `amountEurCents` (one of the offered amounts, else VALIDATION_FAILED) and credits EUR × 4
 * coins, then pushes the balance. The request id names the charge at the provider and the credit in the ledger,
 * so a repeat charges and credits nothing more and answers the same; the same id with another amount is refused
 * (IDEMPOTENCY_KEY_REUSED), also when the two raced each other: the answer reports what the ledger credited.
 */
export async function chargeOneClick(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  guestId: string,
  amountEurCents: number,
  requestId: string,
  provider: PaymentProvider = sandboxProvider(ctx.db),
): Promise<OneClickResult> {
  return chargeSavedCard(
    ctx,
    guestId,
    amountEurCents,
    { requestId, reference: oneClickReference(guestId, requestId) },
    provider,
  );
}

/**
 * The charge of the saved card under a reference its caller names. A guest's requests and the wallet's own
 * charges (automatic recharge) keep their references apart, so no request id a guest picks can book or answer
 * one of the wallet's charges.
 */
export async function chargeSavedCard(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  guestId: string,
  amountEurCents: number,
  { requestId, reference }: { requestId: string; reference: string },
  provider: PaymentProvider = sandboxProvider(ctx.db),
): Promise<OneClickResult> {
  const failed = (errorCode: ErrorCode) => ({ requestId, success: false, errorCode, coins: 0 });
  if (!(ONE_CLICK_AMOUNTS_EUR_CENTS as readonly number[]).includes(amountEurCents)) return failed('VALIDATION_FAILED');
  const paymentMethod = await savedPaymentMethod(ctx.db, guestId);
  if (!paymentMethod) return failed('PAYMENT_METHOD_MISSING');
  try {
    await reserveDeposit(ctx.db, { guestId, reference, amountEurCents }, ctx.now());
  } catch (error) {
    if (error instanceof HttpError && error.code === 'DEPOSIT_LIMIT_EXCEEDED') return failed(error.code);
    throw error;
  }
  const outcome = await provider.chargeSaved({ amountEurCents, paymentMethod, guestId, reference });
  if (outcome.status === 'succeeded') {
    // The provider answered an earlier charge of this request id, for another amount.
    const earlier = await earlierCharge(ctx.db, outcome.providerReference);
    if (earlier && earlier.amountEurCents !== amountEurCents) return failed('IDEMPOTENCY_KEY_REUSED');
  }
  const credited = await completeDeposit(ctx, provider, { guestId, reference, amountEurCents }, outcome);
  if (!credited) return failed('PAYMENT_DECLINED');
  if (credited.amountEurCents !== amountEurCents) return failed('IDEMPOTENCY_KEY_REUSED');
  return { requestId, success: true, errorCode: null, coins: credited.coins };
}

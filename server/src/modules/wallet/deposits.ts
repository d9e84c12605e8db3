import { and, eq, lte } from 'drizzle-orm';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { reserveDeposit, settleDeposit } from './limits';
import { creditCharge, type ChargeOutcome, type PaymentProvider } from './payment';
import { walletDeposits } from './schema';
import { pushBalance } from './service';

type Ctx = Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>;

/**
 * A deposit still pending this long after it was booked lost its request (the server stopped between the charge
 * and the credit): the settlement job asks the provider what became of it. Far longer than any request runs, so
 * the job never settles an attempt that is still charging.
 */
export const DEPOSIT_SETTLE_AFTER_MS = 10 * 60 * 1000;

/**
 * Ends a booked deposit with the provider's answer to its charge: a success credits the coins (once per provider
 * reference, whoever gets here first: the request, its retry or the settlement job), a decline frees its amount.
 * Answers what was credited and the balance pushed after it, or null for a decline.
 */
export async function completeDeposit(
  ctx: Ctx,
  provider: PaymentProvider,
  deposit: { guestId: string; reference: string; amountEurCents: number },
  outcome: ChargeOutcome,
) {
  if (outcome.status === 'declined') {
    await settleDeposit(ctx.db, deposit.reference, 'declined');
    return null;
  }
  const credited = await creditCharge(ctx.db, {
    provider: provider.name,
    providerReference: outcome.providerReference,
    guestId: deposit.guestId,
    amountEurCents: deposit.amountEurCents,
    paymentMethod: outcome.paymentMethod,
    at: ctx.now(),
  });
  await settleDeposit(ctx.db, deposit.reference, 'credited');
  const balance = await pushBalance(ctx, deposit.guestId);
  // A deposit answers a declined automatic recharge the status bar may be showing.
  await ctx.statusBar.refresh(deposit.guestId);
  return { coins: credited.coins, amountEurCents: credited.amountEurCents, ...balance };
}

/**
 * The money charge: books the deposit against the guest's limits before the card is charged, charges it under
 * our reference (the operation's key) and credits EUR × 4 coins. 402 PAYMENT_DECLINED when the card is declined.
 * A stop between the charge and the credit leaves the deposit pending for the settlement job.
 */
export async function depositByCard(
  ctx: Ctx,
  provider: PaymentProvider,
  request: { guestId: string; amountEurCents: number; card: string; reference: string },
) {
  const deposit = { guestId: request.guestId, reference: request.reference, amountEurCents: request.amountEurCents };
  await reserveDeposit(ctx.db, deposit, ctx.now());
  const outcome = await provider.charge({
    amountEurCents: request.amountEurCents,
    card: request.card,
    guestId: request.guestId,
    reference: request.reference,
  });
  const credited = await completeDeposit(ctx, provider, deposit, outcome);
  if (!credited) throw new HttpError(402, 'PAYMENT_DECLINED', 'The card was declined; nothing was charged');
  return { credited, providerReference: outcome.providerReference };
}

/**
 * The settlement job: every deposit pending longer than DEPOSIT_SETTLE_AFTER_MS is finalized at the provider and
 * credited or freed, so money taken from a card always becomes coins. One failing deposit does not stop the others.
 * Answers how many were settled.
 */
export async function settleStaleDeposits(
  ctx: Ctx & Pick<ModuleContext, 'log'>,
  provider: PaymentProvider,
): Promise<number> {
  const stale = await ctx.db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.status, 'pending'),
        lte(walletDeposits.created, new Date(ctx.now().getTime() - DEPOSIT_SETTLE_AFTER_MS)),
      ),
    );
  let settled = 0;
  for (const deposit of stale) {
    try {
      await completeDeposit(ctx, provider, deposit, await provider.finalize(deposit.reference));
      settled++;
    } catch (error) {
      ctx.log.error({ err: error, reference: deposit.reference }, 'wallet: deposit settlement failed, tried again');
    }
  }
  return settled;
}

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SANDBOX_CARDS, coinsForEur } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { guests } from '../auth/schema';
import { walletEntries, walletSandboxCharges, walletTransfers } from './schema';
import { grantTopUpBonuses } from './topup-bonus';
import { transfer, type TransferResult } from './service';
import { forgetKeptGuest } from '../auth/guests';

export interface ChargeRequest {
  amountEurCents: number;
  card: string;
  guestId: string;
  /** Our reference of the attempt; the provider answers the same charge for the same reference. */
  reference: string;
}

export interface ChargeOutcome {
  providerReference: string;
  status: 'succeeded' | 'declined';
  /** After a success: the provider's reference of the card, to charge it again without the guest (one-click). */
  paymentMethod?: string;
}

/** A charge of a payment method the provider saved at an earlier success. */
export interface SavedMethodChargeRequest {
  amountEurCents: number;
  paymentMethod: string;
  guestId: string;
  reference: string;
}

/**
 * Takes money from a card. A real provider plugs in behind the same interface. Every call names our reference of
 * the attempt, and the provider's first answer for a reference is final: charging it again answers that charge.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  chargeSaved(request: SavedMethodChargeRequest): Promise<ChargeOutcome>;
  /**
   * Settles an attempt whose answer we lost (the server stopped while charging): answers the charge made under
   * the reference, or, when none was made, closes the reference as declined, so no charge can follow under it.
   */
  finalize(reference: string): Promise<ChargeOutcome>;
}

/** The built-in provider's name: the ledger's scope of its references. */
export const SANDBOX_PROVIDER = 'sandbox';

const sandboxReference = (reference: string) =>
  `sbx_${createHash('sha256').update(reference).digest('hex').slice(0, 24)}`;
/** The sandbox's saved card: the test card's last four digits are all it needs to know. */
const SANDBOX_METHOD_PREFIX = 'pm_sbx_';
const lastFour = (card: string) => card.slice(-4);

/**
 * The built-in provider: test cards only (4242424242424242 succeeds, 4000000000000341 succeeds once and is
 * declined when charged again as a saved card, 4000000000000002 and every other card is declined). A success
 * saves the card as a payment method for one-click charges. Like a real provider it keeps its answers (in its
 * own table, which stands for the provider's side and outlives a restart of ours) and is idempotent on our
 * reference: the first answer for a reference is the answer to every later call with it.
 */
export function sandboxProvider(db: Database): PaymentProvider {
  const answer = async (
    reference: string,
    first: { status: 'succeeded' | 'declined'; paymentMethod?: string },
  ): Promise<ChargeOutcome> => {
    await db
      .insert(walletSandboxCharges)
      .values({
        reference,
        providerReference: sandboxReference(reference),
        status: first.status,
        paymentMethod: first.paymentMethod ?? null,
      })
      .onConflictDoNothing();
    const [kept] = await db.select().from(walletSandboxCharges).where(eq(walletSandboxCharges.reference, reference));
    return {
      providerReference: kept!.providerReference,
      status: kept!.status,
      ...(kept!.paymentMethod ? { paymentMethod: kept!.paymentMethod } : {}),
    };
  };
  return {
    name: SANDBOX_PROVIDER,
    charge: ({ card, reference }) => {
      const succeeded = card === SANDBOX_CARDS.succeeds || card === SANDBOX_CARDS.declinedOnReuse;
      return answer(
        reference,
        succeeded
          ? { status: 'succeeded', paymentMethod: `${SANDBOX_METHOD_PREFIX}${lastFour(card)}` }
          : { status: 'declined' },
      );
    },
    chargeSaved: ({ paymentMethod, reference }) =>
      answer(reference, {
        status:
          paymentMethod === `${SANDBOX_METHOD_PREFIX}${lastFour(SANDBOX_CARDS.succeeds)}` ? 'succeeded' : 'declined',
        paymentMethod,
      }),
    finalize: (reference) => answer(reference, { status: 'declined' }),
  };
}

/** What a charge transfer really credited: the guest's coins and the EUR it was recorded for. */
async function creditedBy(tx: Database, transferId: string): Promise<{ coins: number; amountEurCents: number }> {
  const [row] = await tx
    .select({
      coins: walletEntries.amount,
      amountEurCents: sql<number>`(${walletTransfers.metadata} ->> 'amountEurCents')::int`,
    })
    .from(walletTransfers)
    .innerJoin(walletEntries, eq(walletEntries.transferId, walletTransfers.id))
    .where(and(eq(walletTransfers.id, transferId), sql`${walletEntries.amount} > 0`));
  return row!;
}

/**
 * Credits a succeeded charge: EUR × 4 coins (rounded up) from the provider's system account to the guest, and
 * marks the guest a paying customer, in one transaction. The provider's reference is the transfer's
 * idempotency key, so a provider confirming the same charge twice credits it once. Answers what the ledger
 * credited under that reference, also when it was an earlier transfer, possibly of another amount (a
 * concurrent request with the same reference): an answer never reports coins the ledger did not credit.
 */
export async function creditCharge(
  db: Database,
  charge: {
    provider: string;
    providerReference: string;
    guestId: string;
    amountEurCents: number;
    /** The card the provider saved, so the guest can top up with one click later. */
    paymentMethod?: string;
    /** When the coins are credited (the injected clock). */
    at: Date;
  },
): Promise<TransferResult & { coins: number; amountEurCents: number }> {
  const coins = coinsForEur(charge.amountEurCents / 100);
  return db.transaction(async (tx) => {
    const moved = await transfer(tx, {
      reason: 'charge',
      at: charge.at,
      legs: [
        { account: { kind: 'system', id: 'sandbox' }, amount: -coins },
        { account: { kind: 'guest', id: charge.guestId }, amount: coins },
      ],
      idempotency: { scope: `provider:${charge.provider}`, key: charge.providerReference },
      metadata: {
        provider: charge.provider,
        amountEurCents: charge.amountEurCents,
        ...(charge.paymentMethod ? { paymentMethod: charge.paymentMethod } : {}),
      },
    });
    if (moved.replayed) return { ...moved, ...(await creditedBy(tx, moved.transferId)) };
    await tx.update(guests).set({ payingCustomer: true }).where(eq(guests.id, charge.guestId));
    forgetKeptGuest(charge.guestId);
    // A waiting on-top bonus (a promo code's) comes with the top-up that earns it, in the same transaction.
    await grantTopUpBonuses(tx, { guestId: charge.guestId, credited: coins, at: charge.at });
    return { ...moved, coins, amountEurCents: charge.amountEurCents };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An operator's compensation: whole coins from the platform to the guest (by id or e-mail), with the operator and the reason kept
 * on the transfer. `key` names the operation, so a repeated request credits once.
 */
export async function compensate(
  db: Database,
  request: { guest: string; coins: number; reason: string; operatorId: string; key: string; at: Date },
): Promise<{ transferId: string; guestId: string; coins: number }> {
  const [guest] = await db
    .select({ id: guests.id })
    .from(guests)
    .where(UUID.test(request.guest) ? eq(guests.id, request.guest) : eq(guests.email, request.guest.toLowerCase()));
  if (!guest) throw new HttpError(404, 'NOT_FOUND', 'No such guest');
  const amount = request.coins * 100;
  const moved = await transfer(db, {
    reason: 'compensation',
    at: request.at,
    legs: [
      { account: { kind: 'system', id: 'platform' }, amount: -amount },
      { account: { kind: 'guest', id: guest.id }, amount },
    ],
    idempotency: { scope: 'operator.compensation', key: request.key },
    metadata: { note: request.reason, operatorId: request.operatorId },
  });
  return { transferId: moved.transferId, guestId: guest.id, coins: request.coins };
}

/**
 * Records a subscription payment the provider took: its EUR (as the coins they are worth, the ledger's unit,
 * with the cents in the metadata) from the provider's account to the platform. The provider's reference is the
 * transfer's key, so a payment confirmed again (a renewal retried after a restart) is recorded once. Call it in
 * the transaction that moves the subscription on.
 */
export function recordSubscriptionPayment(
  db: Database,
  payment: {
    provider: string;
    providerReference: string;
    guestId: string;
    amountEurCents: number;
    kind: string;
    at: Date;
  },
): Promise<TransferResult> {
  const coins = coinsForEur(payment.amountEurCents / 100);
  return transfer(db, {
    reason: `subscription.${payment.kind}`,
    at: payment.at,
    legs: [
      { account: { kind: 'system', id: 'sandbox' }, amount: -coins },
      { account: { kind: 'system', id: 'platform' }, amount: coins },
    ],
    idempotency: { scope: `provider:${payment.provider}`, key: payment.providerReference },
    metadata: { provider: payment.provider, amountEurCents: payment.amountEurCents, guestId: payment.guestId },
  });
}

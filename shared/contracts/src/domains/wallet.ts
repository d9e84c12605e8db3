import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { coinBalance } from '../money';

/** The header every money-moving POST carries (Stripe's semantics: one key, one effect). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Amounts in EUR the money charge offers. */
export const CHARGE_AMOUNTS_EUR = [5, 10, 20, 50, 100] as const;
export const CHARGE_MIN_EUR = 1;
export const CHARGE_MAX_EUR = 1000;

/** Cards of the built-in sandbox provider. */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Charged once by hand it succeeds; a one-click charge of the saved card is declined (like Stripe's 0341). */
  declinedOnReuse: '4000000000000341',
} as const;

/** The in-chat one-click top-up offers these amounts, in EUR cents. */
export const ONE_CLICK_AMOUNTS_EUR_CENTS = [500, 1000, 2000] as const;

export const COINS_PER_EUR = 4;

/** Coins (in hundredths) a charge of this many EUR buys: EUR × 4, rounded up to whole coins. */
export function coinsForEur(amountEur: number): number {
  const cents = Math.round(amountEur * 100);
  return Math.ceil((cents * COINS_PER_EUR) / 100) * 100;
}

/**
 * A charge is a whole number of EUR: EUR × 4 coins is then exact, so the round-up of coinsForEur never adds a
 * coin and many small charges buy exactly as many coins per EUR as one big one (with cents, 1.01 EUR bought 5
 * coins, 24 % more per EUR than 101 EUR at once).
 */
export const chargeAmountEur = z.number().int('a whole number of EUR').min(CHARGE_MIN_EUR).max(CHARGE_MAX_EUR);

export const sandboxChargeBody = z.object({
  amountEur: chargeAmountEur,
  /** Digits only; spaces are removed by the client. */
  cardNumber: z.string().regex(/^\d{12,19}$/, 'a card number has 12 to 19 digits'),
});
export type SandboxChargeBody = z.infer<typeof sandboxChargeBody>;

export const chargeResult = z.object({
  success: z.literal(true),
  /** Hundredths of a coin credited by this charge. */
  coins: z.number().int(),
  /** The guest's balance after the charge, in coins. */
  guestBalance: coinBalance,
  guestBalanceFormatted: z.string(),
  /** The payment provider's reference of the charge. */
  reference: z.string(),
});
export type ChargeResult = z.infer<typeof chargeResult>;

export const walletEndpoints = {
  /**
   * Charges EUR with a test card at the sandbox provider and credits EUR × 4 coins (rounded up). Needs an
   * Idempotency-Key; a declined card is 402 PAYMENT_DECLINED and moves nothing.
   */
  sandboxCharge: defineEndpoint({
    method: 'POST',
    path: '/payment/sandbox/charge',
    needsGuest: true,
    schemas: () => ({ body: sandboxChargeBody, response: chargeResult }),
  }),
};

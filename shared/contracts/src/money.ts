import { z } from 'zod';
import { numberFormat } from './intl';
import type { Language } from './routes';

/**
 * The Intl locale of each site language: the one map every date, number and money format of server and client
 * reads, so one language never shows two styles.
 */
export const LOCALES: Readonly<Record<Language, string>> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' };
export const localeOf = (language: Language): string => LOCALES[language];

/**
 * Currency display of the spec: every amount handed in is an integer in hundredths (cents, hundredths of a coin),
 * the ledger's unit.
 * - EUR and CHF: always two decimals ("12,50 €").
 * - credits, voucher and VXC (credit-like): no decimals for whole amounts, the normal case ("12 VXC"); an amount
 *   with a fraction keeps it ("0,50 VXC"), since half a coin is what a chat needs at least.
 * - any other currency throws.
 * Digits are grouped and separated as the language does; without a language, German (the spec's comma).
 */
export const CURRENCIES = ['VXC', 'credits', 'voucher', 'EUR', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

const CREDIT_LIKE: ReadonlySet<string> = new Set(['VXC', 'credits', 'voucher']);
const UNIT: Record<Currency, string> = { VXC: 'VXC', credits: 'Credits', voucher: 'Voucher', EUR: '€', CHF: 'CHF' };

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

export function formatCurrency(hundredths: number, currency: string, language: Language = 'de'): string {
  if (!isCurrency(currency)) throw new Error(`Unknown currency ${currency}`);
  if (!Number.isInteger(hundredths)) throw new Error(`Amounts are integers in hundredths, got ${hundredths}`);
  const decimals = CREDIT_LIKE.has(currency) && hundredths % 100 === 0 ? 0 : 2;
  return `${numberFormat(LOCALES[language], { minimumFractionDigits: decimals, maximumFractionDigits: 2 }).format(hundredths / 100)}\u00a0${UNIT[currency]}`;
}

/**
 * Balances travel in coins (VXC): getGuestBalance answers 500 for 500 VXC, and so do the guestBalance push, the
 * guest's session and every purchase answer. Coins may have hundredths (0.5 is the least a chat needs). The
 * ledger keeps integer hundredths; this is the one place they become coins, at the edge, and the division of an
 * integer by 100 gives the double nearest the decimal, which JSON writes back as that decimal ("123.45").
 */
export const coinsFromHundredths = (hundredths: number): number => hundredths / 100;
/** The ledger's hundredths of a balance read from the wire (rounded: a coin amount is a decimal with 2 places). */
export const hundredthsFromCoins = (coins: number): number => Math.round(coins * 100);

/** A balance on the wire: coins, with hundredths at most. */
export const coinBalance = z.number().multipleOf(0.01);

/** The shown balance, the same text on the server (session, push, answers) and in the client. */
export const formatBalance = (coins: number, language: Language): string =>
  formatCurrency(hundredthsFromCoins(coins), 'VXC', language);

/** A balance as every answer and push carries it: coins and the text shown for them, in the guest's language. */
export function balanceOnWire(hundredths: number, language: Language): { balance: number; balanceFormatted: string } {
  const balance = coinsFromHundredths(hundredths);
  return { balance, balanceFormatted: formatBalance(balance, language) };
}

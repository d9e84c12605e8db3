/**
 * How amounts are shown. Every amount is an integer in hundredths (cents, hundredths of a coin),
 * the unit the server stores and sends.
 * - EUR and CHF: two decimals with a comma ("12,50 €").
 * - credits, voucher and VXC (credit-like): no decimals; a value with a fraction keeps it, but a trailing ",00"
 *   is stripped, so whole amounts (the normal case) show none ("12 VXC", "0,50 VXC").
 * - any other currency throws.
 */
export const CURRENCIES = ['VXC', 'credits', 'voucher', 'EUR', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

const CREDIT_LIKE: ReadonlySet<string> = new Set(['VXC', 'credits', 'voucher']);
const UNIT: Record<Currency, string> = { VXC: 'VXC', credits: 'Credits', voucher: 'Voucher', EUR: '€', CHF: 'CHF' };
const twoDecimals = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

export function formatCurrency(hundredths: number, currency: string): string {
  if (!isCurrency(currency)) throw new Error(`Unknown currency ${currency}`);
  if (!Number.isInteger(hundredths)) throw new Error(`Amounts are integers in hundredths, got ${hundredths}`);
  let number = twoDecimals.format(hundredths / 100);
  if (CREDIT_LIKE.has(currency)) number = number.replace(/,00$/, '');
  return `${number}\u00a0${UNIT[currency]}`;
}

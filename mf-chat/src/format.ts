import { CHAT_CURRENCY } from '@velvet/contracts';
import { formatCurrency } from '@velvet/sdk';

/** Chat prices are coins (VXC) in hundredths, shown per spec: no decimals for whole coins. */
export const formatChatPrice = (amount: number) => formatCurrency(amount, CHAT_CURRENCY);

/** Country and language names in the visitor's language, from the browser's own data. */
export function displayName(language: string, type: 'region' | 'language', code: string): string {
  try {
    return new Intl.DisplayNames([language], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

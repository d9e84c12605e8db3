import { formatCurrency } from '@velvet/sdk';
import type { MediaMoney } from '@velvet/contracts';

export const formatMoney = (money: MediaMoney) => formatCurrency(money.value, money.currency);

/** Whole percent saved against the base price; 0 when not on sale. */
export function discountPercent(price: MediaMoney, basePrice: MediaMoney): number {
  if (basePrice.value <= 0 || price.value >= basePrice.value) return 0;
  return Math.round((1 - price.value / basePrice.value) * 100);
}

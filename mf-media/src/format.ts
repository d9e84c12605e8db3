import { formatCurrency } from '@velvet/sdk';
import type { MediaMoney } from '@velvet/contracts';

/** Seconds as h:mm:ss or m:ss. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const formatMoney = (money: MediaMoney) => formatCurrency(money.value, money.currency);

/** Whole percent saved against the base price; 0 when not on sale. */
export function discountPercent(price: MediaMoney, basePrice: MediaMoney): number {
  if (basePrice.value <= 0 || price.value >= basePrice.value) return 0;
  return Math.round((1 - price.value / basePrice.value) * 100);
}

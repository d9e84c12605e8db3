import { formatCurrency } from '@velvet/sdk';

/** Feed prices are whole coins (spec: feed currency is coins); the currency formatter takes hundredths. */
export const formatCoins = (coins: number) => formatCurrency(coins * 100, 'VXC');

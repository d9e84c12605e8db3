import { COIN_LOYALTY_TIERS, type CoinLoyalty } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { claimGranted, grantReward } from '../specials/rewards';
import { loyaltyMonth } from '../specials/service';
import { coinsSpent } from '../wallet/spending';

const COIN = 100;
const claimOf = (month: string) => `coinLoyalty:${month}`;

/**
 * The coin loyalty bonus (the goldrausch programme): a share of the coins a guest spent in the last Berlin month,
 * by the tier her spending reached, claimable once during the following month. Spending is read from the ledger
 * (`coinsSpent`: purchases, tips, paid messages, less refunds), so deposits and bonuses earn nothing.
 */
export async function coinLoyalty(db: Database, guestId: string, now: Date): Promise<CoinLoyalty> {
  const current = loyaltyMonth(now);
  const last = loyaltyMonth(new Date(current.from.getTime() - 1));
  const spentCoins = Math.floor((await coinsSpent(db, guestId, last.from, last.to)) / COIN);
  const tier = COIN_LOYALTY_TIERS.reduce<(typeof COIN_LOYALTY_TIERS)[number] | null>(
    (best, step) => (spentCoins >= step.from ? step : best),
    null,
  );
  const bonusCoins = tier ? Math.floor((spentCoins * tier.percent) / 100) : 0;
  const claimed = await claimGranted(db, guestId, claimOf(last.month));
  return {
    month: last.month,
    spentCoins,
    percent: tier?.percent ?? 0,
    bonusCoins,
    claimed,
    claimable: !claimed && bonusCoins > 0,
    claimableUntil: current.to.toISOString(),
  };
}

/**
 * Claims last month's coin loyalty bonus through the reward engine, under a claim of that month: parallel claims
 * grant it once. Nothing to claim (no tier reached, claimed already) is 409 REWARD_NOT_REDEEMABLE.
 */
export async function claimCoinLoyaltyBonus(db: Database, guestId: string, now: Date): Promise<CoinLoyalty> {
  return db.transaction(async (tx) => {
    const state = await coinLoyalty(tx, guestId, now);
    if (!state.claimable) throw notClaimable();
    const granted = await grantReward(tx, {
      guestId,
      claim: claimOf(state.month),
      source: 'coinLoyalty',
      type: 'bonus',
      value: state.bonusCoins,
      at: now,
    });
    if (!granted.created) throw notClaimable();
    return { ...state, claimed: true, claimable: false };
  });
}

const notClaimable = () =>
  new HttpError(409, 'REWARD_NOT_REDEEMABLE', 'There is no coin loyalty bonus to claim this month');

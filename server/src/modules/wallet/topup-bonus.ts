import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { coinsFromHundredths, hundredthsFromCoins } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { walletTopUpBonuses } from './schema';
import { transfer } from './service';

export interface TopUpTier {
  /** Whole coins the top-up credits at least. */
  from: number;
  /** Whole coins added on top. */
  amount: number;
}

/**
 * Offers the guest an on-top bonus for her next top-up, once per `source` (a promo code's campaign). Answers false
 * when that source had offered it already.
 */
export async function offerTopUpBonus(
  db: Database,
  offer: { guestId: string; source: string; tiers: TopUpTier[]; validTo: Date; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(walletTopUpBonuses)
    .values({
      guestId: offer.guestId,
      source: offer.source,
      tiers: offer.tiers,
      validTo: offer.validTo,
      created: offer.at,
    })
    .onConflictDoNothing()
    .returning({ id: walletTopUpBonuses.id });
  return rows.length > 0;
}

/** Whether the source's on-top bonus still waits for the guest's top-up (offered, not given, not expired). */
export async function topUpBonusWaiting(db: Database, guestId: string, source: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: walletTopUpBonuses.id })
    .from(walletTopUpBonuses)
    .where(
      and(
        eq(walletTopUpBonuses.guestId, guestId),
        eq(walletTopUpBonuses.source, source),
        isNull(walletTopUpBonuses.grantedAt),
        gt(walletTopUpBonuses.validTo, now),
      ),
    );
  return row !== undefined;
}

/** The highest tier a top-up of `coins` whole coins reaches, or null below the first. */
export function reachedTier(tiers: readonly TopUpTier[], coins: number): TopUpTier | null {
  return tiers.reduce<TopUpTier | null>((best, tier) => (coins >= tier.from ? tier : best), null);
}

/**
 * Gives the on-top bonuses a top-up earns, inside the top-up's transaction: each waiting bonus whose tier the
 * credited coins reach adds its coins from the platform and is marked given. The rows are locked first, so two
 * top-ups at once give a bonus once; the transfer is keyed by the bonus too. A top-up below every tier leaves the
 * bonus waiting. Answers the coins added.
 */
export async function grantTopUpBonuses(
  tx: Database,
  topUp: { guestId: string; credited: number; at: Date },
): Promise<number> {
  const waiting = await tx
    .select()
    .from(walletTopUpBonuses)
    .where(
      and(
        eq(walletTopUpBonuses.guestId, topUp.guestId),
        isNull(walletTopUpBonuses.grantedAt),
        gt(walletTopUpBonuses.validTo, topUp.at),
      ),
    )
    .orderBy(asc(walletTopUpBonuses.id))
    .for('update');
  const coins = Math.floor(coinsFromHundredths(topUp.credited));
  let added = 0;
  for (const bonus of waiting) {
    const tier = reachedTier(bonus.tiers, coins);
    if (!tier) continue;
    await transfer(tx, {
      reason: 'bonus.ontop',
      at: topUp.at,
      legs: [
        { account: { kind: 'system', id: 'platform' }, amount: -hundredthsFromCoins(tier.amount) },
        { account: { kind: 'guest', id: topUp.guestId }, amount: hundredthsFromCoins(tier.amount) },
      ],
      idempotency: { scope: `ontop:${topUp.guestId}`, key: String(bonus.id) },
      metadata: { source: bonus.source },
    });
    await tx
      .update(walletTopUpBonuses)
      .set({ grantedAt: topUp.at, grantedCoins: tier.amount })
      .where(eq(walletTopUpBonuses.id, bonus.id));
    added += tier.amount;
  }
  return added;
}

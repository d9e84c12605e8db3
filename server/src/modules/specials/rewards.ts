import { and, desc, eq, sql } from 'drizzle-orm';
import {
  hundredthsFromCoins,
  PRIZE_BONUS_CODE,
  type GainedReward,
  type Reward,
  type RewardType,
  type VoucherTypeId,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { grantVoucher } from '../account/service';
import { giftMedia } from '../media/library';
import { grantVipDays } from '../subscriptions/service';
import { transfer } from '../wallet/service';
import { loyaltyAccounts, rewardGrants } from './schema';

/** A claim of one reward: `claim` names what is claimed, once per guest (an attempt, a door, a spin). */
export interface RewardClaim {
  guestId: string;
  claim: string;
  /** What gives it: `game:<eventId>`, `advent`, `loyalty`. */
  source: string;
  type: RewardType;
  /** Coins, spins, messages, days, tickets; for a video or album its id, or 0 for one the engine draws. */
  value: number;
  points?: number;
  at: Date;
}

export interface Granted {
  id: number;
  reward: Reward;
  points: number;
  /** False when the claim had been granted before: nothing was granted again. */
  created: boolean;
  /** Coins moved: the caller pushes the balance after its commit. */
  coins: boolean;
}

/** Vouchers a reward becomes, by type (the benefits page counts them); they are valid this long. */
const VOUCHERS: Partial<Record<RewardType, VoucherTypeId>> = {
  videoVoucher: 1,
  freePreview: 2,
  freeMessages: 5,
  messengerGift: 6,
  chatRoses: 6,
  ticketshow: 7,
  liveshow: 8,
  bonusCode: 9,
};
/** Whether a reward of this type becomes a voucher (its grant changes the benefits page). */
export const becomesVoucher = (type: RewardType) => VOUCHERS[type] !== undefined;
/** Whether granting a reward of this type changes the guest's benefits page (a voucher, or spins it counts). */
export const changesBenefits = (type: RewardType) => becomesVoucher(type) || type === 'freeSpins';
const VOUCHER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rewards paid in coins from the platform's account. */
const COIN_REWARDS: readonly RewardType[] = ['bonus', 'ontop', 'vipBonus'];

/**
 * The one reward engine: grants a reward inside the caller's transaction, exactly once per claim. The grant's row
 * comes first under a unique index, so parallel claims of one reward wait for it and find it granted; then what it
 * changes: coins through the wallet's ledger (keyed by the claim), spins, a voucher (a bonus code's holds the prize
 * code, scratched and redeemed later), a video or album into the media library, VIP days. Merchandise is kept for the operators to send; a blank gives nothing.
 */
export async function grantReward(tx: Database, claim: RewardClaim): Promise<Granted> {
  const [row] = await tx
    .insert(rewardGrants)
    .values({
      guestId: claim.guestId,
      claim: claim.claim,
      source: claim.source,
      rewardType: claim.type,
      value: claim.value,
      points: claim.points ?? 0,
      createdAt: claim.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [existing] = await tx
      .select()
      .from(rewardGrants)
      .where(and(eq(rewardGrants.guestId, claim.guestId), eq(rewardGrants.claim, claim.claim)));
    return { ...toGranted(existing!), created: false, coins: false };
  }
  const { guestId, type, value, at } = claim;
  let title: string | null = null;
  let given = value;
  if (COIN_REWARDS.includes(type) && value > 0) {
    await transfer(tx, {
      reason: `bonus.reward.${type}`,
      at,
      legs: [
        { account: { kind: 'system', id: 'platform' }, amount: -hundredthsFromCoins(value) },
        { account: { kind: 'guest', id: guestId }, amount: hundredthsFromCoins(value) },
      ],
      idempotency: { scope: `reward:${guestId}`, key: claim.claim },
      metadata: { rewardGrantId: row.id },
    });
  } else if (type === 'freeSpins' && value > 0) {
    await addSpins(tx, guestId, value);
  } else if (type === 'video' || type === 'photoAlbum') {
    const item = await giftMedia(tx, guestId, type === 'video' ? 'VIDEO' : 'PHOTO', value > 0 ? value : null);
    given = item?.id ?? 0;
    title = item?.title ?? null;
  } else if (type === 'vipAbo' && value > 0) {
    await grantVipDays(tx, guestId, value, at);
  } else if (VOUCHERS[type] !== undefined && value > 0) {
    await grantVoucher(tx, {
      guestId,
      type: VOUCHERS[type],
      amount: value,
      validFrom: at,
      validTo: new Date(at.getTime() + VOUCHER_DAYS * DAY_MS),
      ...(type === 'bonusCode' ? { code: PRIZE_BONUS_CODE } : {}),
    });
  }
  const [final] =
    given !== value || title !== null
      ? await tx.update(rewardGrants).set({ value: given, title }).where(eq(rewardGrants.id, row.id)).returning()
      : [row];
  return { ...toGranted(final!), created: true, coins: COIN_REWARDS.includes(type) && value > 0 };
}

/** Puts spins onto the guest's wheel. */
export async function addSpins(tx: Database, guestId: string, spins: number): Promise<void> {
  await tx
    .insert(loyaltyAccounts)
    .values({ guestId, spins })
    .onConflictDoUpdate({
      target: loyaltyAccounts.guestId,
      set: { spins: sql`${loyaltyAccounts.spins} + ${spins}` },
    });
}

function toGranted(row: typeof rewardGrants.$inferSelect): Omit<Granted, 'created' | 'coins'> {
  return { id: row.id, reward: { type: row.rewardType, value: row.value, title: row.title }, points: row.points };
}

export function toGainedReward(row: typeof rewardGrants.$inferSelect): GainedReward {
  return {
    id: row.id,
    source: row.source,
    type: row.rewardType,
    value: row.value,
    title: row.title,
    points: row.points,
    at: row.createdAt.toISOString(),
  };
}

/** What the guest won (blanks left out), newest first; of one source when given. */
export async function gainedRewards(db: Database, guestId: string, source?: string): Promise<GainedReward[]> {
  const rows = await db
    .select()
    .from(rewardGrants)
    .where(
      and(
        eq(rewardGrants.guestId, guestId),
        sql`${rewardGrants.rewardType} <> 'blank'`,
        source === undefined ? undefined : eq(rewardGrants.source, source),
      ),
    )
    .orderBy(desc(rewardGrants.createdAt), desc(rewardGrants.id))
    .limit(GAINED_REWARDS_SIZE);
  return rows.map(toGainedReward);
}
const GAINED_REWARDS_SIZE = 100;

/** Whether the guest's claim has been granted (a claim is granted once). */
export async function claimGranted(db: Database, guestId: string, claim: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rewardGrants.id })
    .from(rewardGrants)
    .where(and(eq(rewardGrants.guestId, guestId), eq(rewardGrants.claim, claim)));
  return row !== undefined;
}

import { and, desc, eq, sql } from 'drizzle-orm';
import {
  COINS_PER_EUR,
  addDaysToDate,
  dailyBonusDayEnd,
  dateInZone,
  type DailyBonusClaim,
  type DailyBonusOfferType,
  type RewardType,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isVipGuest } from '../auth/guests';
import { findMedia } from '../media/library';
import { saleProceeds } from '../wallet/money';
import { eurDeposited } from '../wallet/spending';
import { transfer, type Leg } from '../wallet/service';
import { grantReward } from './rewards';
import { dailyBonusClaims, dailyBonusOffers, rewardGrants } from './schema';

type OfferRow = typeof dailyBonusOffers.$inferSelect;

/** The reward an offer's effect is, granted by the reward engine. */
function rewardOf(offer: OfferRow, depositedEurCents: number): { type: RewardType; value: number } {
  const { effect } = offer;
  const kinds: Record<DailyBonusOfferType, () => { type: RewardType; value: number }> = {
    VipOneDay: () => ({ type: 'vipAbo', value: effect.value }),
    // The day's video or album; without one named, the engine draws one she does not own.
    video: () => ({ type: 'video', value: offer.content?.id ?? 0 }),
    photo_album: () => ({ type: 'photoAlbum', value: offer.content?.id ?? 0 }),
    // Per cent of the coins the guest's deposits of the day bought, in whole coins.
    TopUpPercent: () => ({
      type: 'ontop',
      value: Math.floor((depositedEurCents * COINS_PER_EUR * effect.value) / 100 / 100),
    }),
    // The flat bonus is written in hundredths of a coin.
    TopUpFlat: () => ({ type: 'ontop', value: Math.floor(effect.value / 100) }),
    Merchandise: () => ({ type: 'merch', value: effect.value }),
    MessengerGift: () => ({ type: 'messengerGift', value: effect.value }),
    VideoVoucher: () => ({ type: 'videoVoucher', value: effect.value }),
  };
  return kinds[offer.offer as DailyBonusOfferType]();
}

/** The instant a Berlin day starts: one second after the day before ended at 23:59:59. */
const dayStart = (date: string) => new Date(dailyBonusDayEnd(addDaysToDate(date, -1)).getTime() + 1000);

/**
 * The hundredths of a coin an offer costs: nothing for a free one or one without a price; a price in coins as it is,
 * merchandise priced in EUR at the coins a top-up of that much buys.
 */
function priceOf(offer: OfferRow): number {
  if (offer.free || offer.priceValue === null) return 0;
  return offer.priceCurrency === 'EUR' ? offer.priceValue * COINS_PER_EUR : offer.priceValue;
}

export interface ClaimOutcome {
  claim: DailyBonusClaim;
  /** The guest's coins moved (a price paid, a bonus granted): the caller pushes her balance. */
  coinsMoved: boolean;
  /** The offer became a voucher: the caller pushes her benefits. */
  voucher: boolean;
}

/**
 * Takes a daily-bonus offer for the guest on its Berlin day (it ends at 23:59:59 Europe/Berlin), in one
 * transaction under the offer's row lock, so claims of one offer count one after another and its stock never goes
 * below zero. Refusals grant and charge nothing: another day's offer (409 OFFER_NOT_YET / OFFER_EXPIRED), one she
 * took already (OFFER_ALREADY_CLAIMED), none left (SOLD_OUT), a condition not met (OFFER_CONDITION_NOT_MET: too
 * little deposited today; 403 VIP_REQUIRED), too few coins for its price (402 INSUFFICIENT_FUNDS). Then it pays the
 * price (a video's or album's to its performer and the platform, as a sale) and grants the effect through the
 * reward engine under the claim `dailyBonus:<offerId>`.
 */
export async function claimDailyBonus(
  db: Database,
  request: { guestId: string; offerId: number; now: Date },
): Promise<ClaimOutcome> {
  const { guestId, offerId, now } = request;
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(dailyBonusOffers).where(eq(dailyBonusOffers.id, offerId)).for('update');
    if (!offer) throw new HttpError(404, 'NOT_FOUND', 'No such offer');
    const today = dateInZone(now);
    if (offer.date > today) throw new HttpError(409, 'OFFER_NOT_YET', 'This offer starts on its day');
    if (offer.date < today) throw new HttpError(409, 'OFFER_EXPIRED', 'This offer has ended');
    const [taken] = await tx
      .select({ offerId: dailyBonusClaims.offerId })
      .from(dailyBonusClaims)
      .where(and(eq(dailyBonusClaims.offerId, offerId), eq(dailyBonusClaims.guestId, guestId)));
    if (taken) throw new HttpError(409, 'OFFER_ALREADY_CLAIMED', 'You took this offer already');
    if (offer.purchased >= offer.quantity) throw new HttpError(409, 'SOLD_OUT', 'This offer is sold out');
    const deposited = await eurDeposited(tx, guestId, dayStart(today), now);
    for (const condition of offer.conditions) {
      if (condition.name === 'minTopUp' && deposited < Number(condition.value)) {
        throw new HttpError(409, 'OFFER_CONDITION_NOT_MET', 'Top up enough today to take this offer');
      }
      if (condition.name === 'vip' && !(await isVipGuest(tx, { guestId, loggedIn: true }))) {
        throw new HttpError(403, 'VIP_REQUIRED', 'This offer is for VIP members');
      }
    }
    const reward = rewardOf(offer, deposited);
    const granted = await grantReward(tx, {
      guestId,
      claim: `dailyBonus:${offerId}`,
      source: 'dailyBonus',
      type: reward.type,
      value: reward.value,
      at: now,
    });
    const price = priceOf(offer);
    if (price > 0) {
      const media =
        granted.reward.value > 0 && (reward.type === 'video' || reward.type === 'photoAlbum')
          ? await findMedia(tx, reward.type === 'video' ? 'VIDEO' : 'PHOTO', granted.reward.value)
          : null;
      const proceeds: Leg[] = media
        ? saleProceeds(media.actorId, price)
        : [{ account: { kind: 'system', id: 'platform' }, amount: price }];
      await transfer(tx, {
        reason: 'purchase.dailyBonus',
        at: now,
        legs: [{ account: { kind: 'guest', id: guestId }, amount: -price }, ...proceeds],
        idempotency: { scope: `dailyBonus:${guestId}`, key: String(offerId) },
        metadata: { offerId, rewardGrantId: granted.id },
      });
    }
    await tx
      .update(dailyBonusOffers)
      .set({ purchased: sql`${dailyBonusOffers.purchased} + 1` })
      .where(eq(dailyBonusOffers.id, offerId));
    await tx.insert(dailyBonusClaims).values({ offerId, guestId, claimedAt: now, paid: price, grantId: granted.id });
    return {
      claim: {
        offerId,
        offer: offer.offer as DailyBonusOfferType,
        date: offer.date,
        claimedAt: now.toISOString(),
        paid: price,
        reward: granted.reward,
      },
      coinsMoved: price > 0 || granted.coins,
      voucher: reward.type === 'messengerGift' || reward.type === 'videoVoucher',
    };
  });
}

/** The offers the guest took, newest first, with what each gave. */
export async function consumedDailyBonus(db: Database, guestId: string): Promise<DailyBonusClaim[]> {
  const rows = await db
    .select({
      offerId: dailyBonusClaims.offerId,
      offer: dailyBonusOffers.offer,
      date: dailyBonusOffers.date,
      claimedAt: dailyBonusClaims.claimedAt,
      paid: dailyBonusClaims.paid,
      type: rewardGrants.rewardType,
      value: rewardGrants.value,
      title: rewardGrants.title,
    })
    .from(dailyBonusClaims)
    .innerJoin(dailyBonusOffers, eq(dailyBonusOffers.id, dailyBonusClaims.offerId))
    .innerJoin(rewardGrants, eq(rewardGrants.id, dailyBonusClaims.grantId))
    .where(eq(dailyBonusClaims.guestId, guestId))
    .orderBy(desc(dailyBonusClaims.claimedAt));
  return rows.map((row) => ({
    offerId: row.offerId,
    offer: row.offer as DailyBonusOfferType,
    date: row.date,
    claimedAt: row.claimedAt.toISOString(),
    paid: row.paid,
    reward: { type: row.type, value: row.value, title: row.title },
  }));
}

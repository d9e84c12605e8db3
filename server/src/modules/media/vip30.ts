import { eq } from 'drizzle-orm';
import type { Vip30History } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { vipPeriods } from '../subscriptions/service';
import { videos } from './schema';

/**
 * VIP30: each month a VIP watches that month's VIP30 offers for free. The videos flagged `isVip30Offer` are the
 * pool; the month's offers are the third of it whose id falls on the month (by the injected clock, UTC months), so
 * the set changes every month and every month has offers.
 */
const VIP30_ROTATION = 3;

/** Months counted from year 0, so consecutive months are consecutive numbers. */
export const monthOf = (time: Date) => time.getUTCFullYear() * 12 + time.getUTCMonth();
const monthName = (month: number) => `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;

/** Whether a video is among the VIP30 offers of the month of `now`. */
export const offeredInVip30 = (video: { id: number; isVip30Offer: boolean }, now: Date) =>
  video.isVip30Offer && video.id % VIP30_ROTATION === monthOf(now) % VIP30_ROTATION;

/**
 * The VIP30 value history: for each month of the guest's VIP membership up to the month of `now` (newest first),
 * how many VIP30 offers she got and what they are worth at their base prices.
 */
export async function vip30History(db: Database, guestId: string, now: Date): Promise<Vip30History> {
  const current = monthOf(now);
  const months = new Set<number>();
  for (const period of await vipPeriods(db, guestId)) {
    const last = Math.min(monthOf(new Date(period.end.getTime() - 1)), current);
    for (let month = monthOf(period.start); month <= last; month++) months.add(month);
  }
  const sorted = [...months].sort((a, b) => b - a);
  // The pool is a few dozen videos per thousand: summed here per residue of the rotation.
  const pool = sorted.length
    ? await db.select({ id: videos.id, basePrice: videos.basePrice }).from(videos).where(eq(videos.isVip30Offer, true))
    : [];
  const totals = new Map<number, { offers: number; value: number }>();
  for (const video of pool) {
    const total = totals.get(video.id % VIP30_ROTATION) ?? { offers: 0, value: 0 };
    totals.set(video.id % VIP30_ROTATION, { offers: total.offers + 1, value: total.value + video.basePrice });
  }
  return {
    months: sorted.map((month) => {
      const total = totals.get(month % VIP30_ROTATION) ?? { offers: 0, value: 0 };
      return { month: monthName(month), offers: total.offers, value: { value: total.value, currency: 'VXC' as const } };
    }),
  };
}

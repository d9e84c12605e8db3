import { eq, sql } from 'drizzle-orm';
import type { BuyResult, MediathekMediaType } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isVipGuest } from '../auth/guests';
import type { ModuleContext } from '../module';
import { notify } from '../notifications/service';
import { saleProceeds } from '../wallet/money';
import { balanceView, pushBalance, transfer } from '../wallet/service';
import { findMedia, libraryItem, mediathekPages } from './library';
import { mediaLibrary, videos } from './schema';
import { offeredInVip30 } from './vip30';

export interface PurchaseRequest {
  guestId: string;
  mediaType: MediathekMediaType;
  mediaId: number;
  /** The price the guest was shown; a different current price is refused (409 PRICE_CHANGED). */
  shownPrice?: number | undefined;
  /** The request's Idempotency-Key, also the transfer's, so a retried request cannot move coins twice. */
  idempotencyKey: string;
  /**
   * Pays for the item instead of the guest's coins (a voucher), in the purchase's transaction once the item is
   * hers; what it throws rolls the purchase back. Not called for an item she owns already.
   */
  cover?: (tx: Database, item: { actorId: number; price: number }) => Promise<void>;
}

/** What the guest pays for an item: nothing for one of the month's VIP30 offers while she is a VIP member. */
async function priceFor(
  tx: Database,
  guestId: string,
  mediaType: MediathekMediaType,
  item: { id: number; price: number },
  now: Date,
): Promise<number> {
  if (mediaType !== 'VIDEO' || item.price === 0) return item.price;
  const [video] = await tx
    .select({ id: videos.id, isVip30Offer: videos.isVip30Offer })
    .from(videos)
    .where(eq(videos.id, item.id));
  const included = video && offeredInVip30(video, now) && (await isVipGuest(tx, { guestId, loggedIn: true }));
  return included ? 0 : item.price;
}

/**
 * Buys a video or album at its current price in one database transaction: the library row (PURCHASED, SHOP)
 * first, so a second purchase of the same item waits on the unique index and then finds it owned (no charge);
 * then one transfer guest → performer's earnings + platform. Too little money: 402 INSUFFICIENT_FUNDS and the
 * row is rolled back with it. The balance push follows the commit.
 */
export async function buy(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  request: PurchaseRequest,
): Promise<BuyResult> {
  const { guestId, mediaType, mediaId } = request;
  const bought = await ctx.db.transaction(async (tx) => {
    const item = await findMedia(tx, mediaType, mediaId);
    const price = await priceFor(tx, guestId, mediaType, item, ctx.now());
    // The guest may have been shown the price or, as a VIP member, the VIP30 offer's nothing.
    if (request.shownPrice !== undefined && request.shownPrice !== item.price && request.shownPrice !== price) {
      throw new HttpError(409, 'PRICE_CHANGED', 'The price has changed; please check the new price');
    }
    const [added] = await tx
      .insert(mediaLibrary)
      .values({ guestId, ...libraryItem(mediaType, mediaId), source: 'PURCHASED', origin: 'SHOP' })
      .onConflictDoNothing()
      .returning({ id: mediaLibrary.id });
    if (!added) return null;
    mediathekPages.forget(guestId);
    if (request.cover) await request.cover(tx, item);
    else if (price > 0) {
      await transfer(tx, {
        reason: mediaType === 'VIDEO' ? 'purchase.video' : 'purchase.album',
        at: ctx.now(),
        legs: [{ account: { kind: 'guest', id: guestId }, amount: -price }, ...saleProceeds(item.actorId, price)],
        idempotency: { scope: `media.buy:${guestId}`, key: request.idempotencyKey },
        metadata: { mediaType, mediaId, price },
      });
    }
    if (mediaType === 'VIDEO') {
      await tx
        .update(videos)
        .set({ salesCount: sql`${videos.salesCount} + 1` })
        .where(eq(videos.id, mediaId));
    }
    return { charged: price > 0 && !request.cover };
  });
  const charged = bought?.charged ?? false;
  if (charged) await pushBalance(ctx, guestId);
  // A purchase (also one the VIP30 offer made free) is in the guest's notifications; owning it already is none.
  if (bought) await notify(ctx, guestId, 'purchase', { context: mediaType === 'VIDEO' ? 'video' : 'album' });
  const { balance, balanceFormatted } = await balanceView(ctx.db, guestId);
  return { success: true, charged, guestBalance: balance, guestBalanceFormatted: balanceFormatted };
}

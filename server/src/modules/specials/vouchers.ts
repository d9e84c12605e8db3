import { hundredthsFromCoins, type RedeemedBonus, type VoucherUse } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { takeVoucher, takeVoucherUnits, voucherTypeOf, pushGuestVouchers } from '../account/vouchers';
import { buy } from '../media/purchase';
import type { ModuleContext } from '../module';
import { performerShare } from '../wallet/money';
import { pushBalance, transfer } from '../wallet/service';
import { addSpins } from './rewards';
import { loyaltyPoints, spinsOf } from './service';

const platform = { kind: 'system', id: 'platform' } as const;

export interface VoucherUseRequest {
  guestId: string;
  voucherId: number;
  mediaId: number | undefined;
  idempotencyKey: string;
}

/**
 * Uses a voucher from the benefits page. A video or photo album voucher buys that item through the media
 * library's purchase, the voucher paying instead of the guest's coins (the platform pays the performer her share
 * of the price, as for any sale); credits become coins in her balance and spins go onto her wheel, the whole
 * voucher at once; a bonus-code voucher redeems its code (the codes module grants what it gives through the reward
 * engine) one unit a use, in the transaction that takes the unit, so parallel uses of its last unit grant once. Any refusal (the account's voucher rules, an item she owns already) leaves everything as it was.
 */
export async function redeemVoucher(ctx: ModuleContext, request: VoucherUseRequest): Promise<VoucherUse> {
  const { guestId, voucherId, mediaId } = request;
  const type = await voucherTypeOf(ctx.db, guestId, voucherId);
  const now = ctx.now();
  let used = 0;
  let bonus: RedeemedBonus | null = null;
  if (type === 1 || type === 4) {
    if (mediaId === undefined) throw new HttpError(400, 'VALIDATION_FAILED', 'Name the video or album to buy');
    await buy(ctx, {
      guestId,
      mediaType: type === 1 ? 'VIDEO' : 'PHOTO',
      mediaId,
      idempotencyKey: request.idempotencyKey,
      cover: async (tx, item) => {
        used = await takeVoucher(tx, { guestId, voucherId, type, actorId: item.actorId, units: 1, now });
        const share = performerShare(item.price);
        if (share === 0) return;
        await transfer(tx, {
          reason: 'voucher.purchase',
          at: now,
          legs: [
            { account: platform, amount: -share },
            { account: { kind: 'performer', id: item.actorId }, amount: share },
          ],
          idempotency: { scope: `voucher:${guestId}`, key: request.idempotencyKey },
          metadata: { voucherId, mediaId },
        });
      },
    });
    if (used === 0) throw new HttpError(409, 'ALREADY_OWNED', 'You own this already');
  } else if (type === 3) {
    await ctx.db.transaction(async (tx) => {
      used = await takeVoucher(tx, { guestId, voucherId, type, actorId: null, units: 'all', now });
      await transfer(tx, {
        reason: 'voucher.credits',
        at: now,
        legs: [
          { account: platform, amount: -hundredthsFromCoins(used) },
          { account: { kind: 'guest', id: guestId }, amount: hundredthsFromCoins(used) },
        ],
        idempotency: { scope: `voucher:${guestId}`, key: request.idempotencyKey },
        metadata: { voucherId },
      });
    });
    await pushBalance(ctx, guestId);
  } else if (type === 10) {
    await ctx.db.transaction(async (tx) => {
      used = await takeVoucher(tx, { guestId, voucherId, type, actorId: null, units: 'all', now });
      await addSpins(tx, guestId, used);
    });
    ctx.hub.sendToGuest(guestId, {
      type: 'loyaltyPointsChanged',
      points: await loyaltyPoints(ctx.db, guestId, now),
      spins: await spinsOf(ctx.db, guestId),
    });
  } else if (type === 9 && ctx.hooks.redeemVoucherCode) {
    const redeemCode = ctx.hooks.redeemVoucherCode;
    const redeemed = await ctx.db.transaction(async (tx) => {
      const taken = await takeVoucherUnits(tx, { guestId, voucherId, type, actorId: null, units: 1, now });
      used = taken.units;
      if (taken.code === null) throw new HttpError(409, 'VOUCHER_TYPE_MISMATCH', 'This voucher holds no code');
      // The claim names the unit taken (its count before), so each unit's benefits come once.
      return redeemCode(tx, { guestId, code: taken.code, claim: `voucher:${voucherId}:${taken.before}`, now });
    });
    bonus = redeemed.bonus;
    if (redeemed.coins) await pushBalance(ctx, guestId);
    ctx.hub.sendToGuest(guestId, { type: 'bonusCodeRedeemed', bonus });
  } else {
    // Minutes, messages, gifts and tickets pay where they apply: the chat, the messenger, the show.
    throw new HttpError(409, 'VOUCHER_TYPE_MISMATCH', 'This voucher is used where it applies');
  }
  const benefits = await pushGuestVouchers(ctx, guestId);
  return { voucherId, type, used, mediaId: type === 1 || type === 4 ? (mediaId ?? null) : null, bonus, benefits };
}

import type { BoughtGift, Voucher } from '@velvet/contracts';

/**
 * The gifts put into the message being written. Adding a gift lowers the temporary count of that gift the
 * guest owns, and once none is left uses one of her messenger-gift vouchers for this performer; removing one
 * gives back what it took (a voucher first, as the server uses owned gifts before vouchers), never above the
 * owned count. Only gifts of the catalogue can be added.
 */
export interface GiftDraft {
  /** Gift ids in the message, in the order added (an id twice: two of it). */
  included: number[];
  /** What is left of each owned gift while the message is written. */
  available: Record<number, number>;
  /** Messenger-gift voucher units left, each paying one gift of the catalogue that she does not own. */
  vouchers: number;
}

export const giftDraft = (owned: readonly BoughtGift[], vouchers = 0): GiftDraft => ({
  included: [],
  available: Object.fromEntries(owned.map((gift) => [gift.giftId, gift.count])),
  vouchers,
});

export function addGift(draft: GiftDraft, giftId: number, catalogue: ReadonlySet<number>): GiftDraft {
  if (!catalogue.has(giftId)) return draft;
  const left = draft.available[giftId] ?? 0;
  if (left > 0)
    return { ...draft, included: [...draft.included, giftId], available: { ...draft.available, [giftId]: left - 1 } };
  if (draft.vouchers > 0) return { ...draft, included: [...draft.included, giftId], vouchers: draft.vouchers - 1 };
  return draft;
}

export function removeGift(draft: GiftDraft, giftId: number, owned: readonly BoughtGift[]): GiftDraft {
  const index = draft.included.lastIndexOf(giftId);
  if (index < 0) return draft;
  const cap = owned.find((gift) => gift.giftId === giftId)?.count ?? 0;
  const included = draft.included.filter((_, i) => i !== index);
  // Units of this gift beyond the owned count were paid by vouchers.
  if (draft.included.filter((id) => id === giftId).length > cap)
    return { ...draft, included, vouchers: draft.vouchers + 1 };
  return {
    ...draft,
    included,
    available: { ...draft.available, [giftId]: Math.min(cap, (draft.available[giftId] ?? 0) + 1) },
  };
}

/** The voucher type that pays a messenger gift (the spec's voucher types by number). */
const MESSENGER_GIFT_VOUCHER = 6;

/** Units of the guest's valid messenger-gift vouchers that hold for this performer (limited to her, or to nobody). */
export const giftVouchersFor = (vouchers: readonly Voucher[], actorId: number): number =>
  vouchers
    .filter(
      (voucher) =>
        voucher.type === MESSENGER_GIFT_VOUCHER &&
        (voucher.actors.length === 0 || voucher.actors.some((actor) => actor.id === actorId)),
    )
    .reduce((sum, voucher) => sum + voucher.amount, 0);

/** The one-click amount (EUR cents) closest to what is asked; the smaller one when two are as close. */
export function closestAmount(amounts: readonly number[], asked: number): number | null {
  let best: number | null = null;
  for (const amount of amounts) if (best === null || Math.abs(amount - asked) < Math.abs(best - asked)) best = amount;
  return best;
}

import type { BoughtGift } from '@velvet/contracts';

/**
 * The gifts put into the message being written. Adding a gift lowers the temporary count of that gift the
 * guest owns; removing one restores it, never above the owned count. Only gifts of the catalogue can be added.
 */
export interface GiftDraft {
  /** Gift ids in the message, in the order added (an id twice: two of it). */
  included: number[];
  /** What is left of each owned gift while the message is written. */
  available: Record<number, number>;
}

export const giftDraft = (owned: readonly BoughtGift[]): GiftDraft => ({
  included: [],
  available: Object.fromEntries(owned.map((gift) => [gift.giftId, gift.count])),
});

export function addGift(draft: GiftDraft, giftId: number, catalogue: ReadonlySet<number>): GiftDraft {
  const left = draft.available[giftId] ?? 0;
  if (!catalogue.has(giftId) || left <= 0) return draft;
  return { included: [...draft.included, giftId], available: { ...draft.available, [giftId]: left - 1 } };
}

export function removeGift(draft: GiftDraft, giftId: number, owned: readonly BoughtGift[]): GiftDraft {
  const index = draft.included.lastIndexOf(giftId);
  if (index < 0) return draft;
  const cap = owned.find((gift) => gift.giftId === giftId)?.count ?? 0;
  return {
    included: draft.included.filter((_, i) => i !== index),
    available: { ...draft.available, [giftId]: Math.min(cap, (draft.available[giftId] ?? 0) + 1) },
  };
}

/** The one-click amount (EUR cents) closest to what is asked; the smaller one when two are as close. */
export function closestAmount(amounts: readonly number[], asked: number): number | null {
  let best: number | null = null;
  for (const amount of amounts) if (best === null || Math.abs(amount - asked) < Math.abs(best - asked)) best = amount;
  return best;
}

import { addGift, closestAmount, giftDraft, removeGift } from './giftDraft';

const owned = [
  { giftId: 1, count: 2 },
  { giftId: 2, count: 1 },
];
const catalogue = new Set([1, 2, 3]);

describe('gifts in a message', () => {
  it('adding a gift lowers its temporary count, down to zero and no further', () => {
    let draft = giftDraft(owned);
    draft = addGift(draft, 1, catalogue);
    expect(draft).toEqual({ included: [1], available: { 1: 1, 2: 1 }, vouchers: 0 });
    draft = addGift(addGift(draft, 1, catalogue), 1, catalogue);
    expect(draft).toEqual({ included: [1, 1], available: { 1: 0, 2: 1 }, vouchers: 0 });
  });

  it('removing one restores the count, capped at the owned count', () => {
    let draft = addGift(giftDraft(owned), 2, catalogue);
    draft = removeGift(draft, 2, owned);
    expect(draft).toEqual({ included: [], available: { 1: 2, 2: 1 }, vouchers: 0 });
    // Removing a gift that is not in the message changes nothing, so the count cannot pass what is owned.
    expect(removeGift(draft, 2, owned)).toBe(draft);
    expect(removeGift({ included: [2], available: { 2: 1 }, vouchers: 0 }, 2, owned).available[2]).toBe(1);
  });

  it('once the owned ones are used, vouchers pay gifts of the catalogue; removing gives the voucher back first', () => {
    let draft = giftDraft(owned, 2);
    draft = addGift(addGift(draft, 2, catalogue), 2, catalogue);
    expect(draft).toEqual({ included: [2, 2], available: { 1: 2, 2: 0 }, vouchers: 1 });
    draft = addGift(draft, 3, catalogue);
    expect(draft).toEqual({ included: [2, 2, 3], available: { 1: 2, 2: 0 }, vouchers: 0 });
    expect(addGift(draft, 3, catalogue)).toBe(draft);
    draft = removeGift(draft, 2, owned);
    expect(draft).toEqual({ included: [2, 3], available: { 1: 2, 2: 0 }, vouchers: 1 });
    draft = removeGift(draft, 2, owned);
    expect(draft).toEqual({ included: [3], available: { 1: 2, 2: 1 }, vouchers: 1 });
    draft = removeGift(draft, 3, owned);
    expect(draft).toEqual({ included: [], available: { 1: 2, 2: 1 }, vouchers: 2 });
    // Not a gift of the catalogue: no voucher pays it.
    expect(addGift(giftDraft([], 1), 9, catalogue)).toEqual(giftDraft([], 1));
  });

  it('only gifts of the catalogue can be added', () => {
    const draft = giftDraft([...owned, { giftId: 9, count: 3 }]);
    expect(addGift(draft, 9, catalogue)).toBe(draft);
    expect(addGift(draft, 3, catalogue)).toBe(draft);
  });
});

describe('one-click amount', () => {
  it('preselects the offered amount closest to the one asked', () => {
    expect(closestAmount([500, 1000, 2000], 100)).toBe(500);
    expect(closestAmount([500, 1000, 2000], 1400)).toBe(1000);
    expect(closestAmount([500, 1000, 2000], 1600)).toBe(2000);
    expect(closestAmount([500, 1000, 2000], 750)).toBe(500);
    expect(closestAmount([], 750)).toBeNull();
  });
});

import type { Leg } from './service';

/** The performer's share of a sale, in percent; the rest goes to the platform. */
const PERFORMER_SHARE_PERCENT = 50;

/** The performer's part of a sale of `amount` hundredths, rounded down (the platform keeps the odd hundredth). */
export const performerShare = (amount: number) => Math.floor((amount * PERFORMER_SHARE_PERCENT) / 100);

/** Where the `amount` hundredths of a sale (paid chat time, show ticket, media) go: performer and platform. */
export function saleProceeds(actorId: number, amount: number): Leg[] {
  const share = performerShare(amount);
  return [
    { account: { kind: 'performer', id: actorId }, amount: share },
    { account: { kind: 'system', id: 'platform' }, amount: amount - share },
  ];
}

import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { dbId, idParam } from '../input';
import { redeemedBonus } from './codes';

/** Voucher types of the spec, by number. */
export const VOUCHER_TYPES = {
  1: 'video',
  2: 'videochat',
  3: 'credits',
  4: 'photoAlbum',
  5: 'messages',
  6: 'messengerGift',
  7: 'liveShow',
  8: 'privateShow',
  9: 'bonusCode',
  10: 'spins',
} as const;
export type VoucherTypeId = keyof typeof VOUCHER_TYPES;
export type VoucherTypeName = (typeof VOUCHER_TYPES)[VoucherTypeId];
export const voucherTypeId = z.union(
  Object.keys(VOUCHER_TYPES).map((key) => z.literal(Number(key) as VoucherTypeId)) as unknown as [
    z.ZodLiteral<VoucherTypeId>,
    z.ZodLiteral<VoucherTypeId>,
    ...z.ZodLiteral<VoucherTypeId>[],
  ],
);

export const voucherActor = z.object({
  id: z.number().int(),
  online: z.boolean(),
  name: z.string(),
  /** Route args of the performer's profile: link with router.href('actorProfile', { actorName: link }). */
  link: z.string(),
  avatar: z.string(),
});

export const voucher = z.object({
  id: z.number().int(),
  guestId: z.string(),
  type: voucherTypeId,
  /** Count of the benefit (spins, messages, minutes, tickets, ...). */
  amount: z.number().int(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** Performers the voucher is limited to; empty for any performer. */
  actors: z.array(voucherActor),
  /** The bonus code a bonus-code voucher (9) redeems, hidden on its scratch card until scratched; else null. */
  code: z.string().nullable(),
});
export type Voucher = z.infer<typeof voucher>;

/** The benefits page: counts summed over the guest's valid vouchers, and the vouchers themselves. */
export const guestBenefits = z.object({
  spinwheelSpins: z.number().int(),
  messengerGiftCount: z.number().int(),
  freeMessagesCount: z.number().int(),
  privateShowTickets: z.number().int(),
  chatShowTickets: z.number().int(),
  /** Scratch cards to scratch: the units of her bonus-code vouchers. */
  bonusCodeCount: z.number().int(),
  vouchers: z.array(voucher),
});
export type GuestBenefits = z.infer<typeof guestBenefits>;

/**
 * Vouchers the guest uses from her benefits page: a video (1) or photo album (4) voucher buys the item `mediaId`,
 * credits (3) and spins (10) are taken whole (coins into her balance, spins onto the wheel), a bonus-code voucher (9)
 * redeems its code, one unit a use (the scratch card page scratches it). The others pay where
 * they apply: videochat minutes a chat's first minutes, free messages and messenger gifts in the messenger, live
 * and private show tickets a show's ticket.
 */
export const VOUCHER_TYPES_USED_HERE = [1, 3, 4, 9, 10] as const satisfies readonly VoucherTypeId[];

export const useVoucherBody = z.object({ mediaId: dbId.optional() });
export const voucherUse = z.object({
  voucherId: z.number().int(),
  type: voucherTypeId,
  /** Units the use took (1 for an item, the whole amount for credits and spins). */
  used: z.number().int(),
  /** The video or album it bought. */
  mediaId: z.number().int().nullable(),
  /** What a bonus-code voucher's code gave. */
  bonus: redeemedBonus.nullable(),
  benefits: guestBenefits,
});
export type VoucherUse = z.infer<typeof voucherUse>;

export const accountEndpoints = {
  benefits: defineEndpoint({
    method: 'GET',
    path: '/guest/benefits',
    needsGuest: true,
    schemas: () => ({ response: guestBenefits }),
  }),
  /** Money-moving (credits, a purchase): takes an Idempotency-Key. */
  useVoucher: defineEndpoint({
    method: 'POST',
    path: '/guest/vouchers/:voucherId/use',
    needsGuest: true,
    schemas: () => ({ params: z.object({ voucherId: idParam }), body: useVoucherBody, response: voucherUse }),
  }),
};

/** Structured query: the guest's benefits and vouchers. */
export const accountGraphqlSchema = /* GraphQL */ `
  type VoucherActor {
    id: Int!
    online: Boolean!
    name: String!
    link: String!
    avatar: String!
  }
  type Voucher {
    id: Int!
    guestId: String!
    type: Int!
    amount: Int!
    validFrom: String!
    validTo: String
    actors: [VoucherActor!]!
    code: String
  }
  type GuestBenefits {
    spinwheelSpins: Int!
    messengerGiftCount: Int!
    freeMessagesCount: Int!
    privateShowTickets: Int!
    chatShowTickets: Int!
    bonusCodeCount: Int!
    vouchers: [Voucher!]!
  }
  extend type Query {
    guestBenefits: GuestBenefits!
  }
`;
export const guestBenefitsQuery = defineOperation<{ guestBenefits: GuestBenefits }>(
  `query GuestBenefits { guestBenefits { spinwheelSpins messengerGiftCount freeMessagesCount privateShowTickets chatShowTickets bonusCodeCount
    vouchers { id guestId type amount validFrom validTo actors { id online name link avatar } code } } }`,
  { needsGuest: true },
);

import { z } from 'zod';
import { defineEndpoint, ERROR_CODES } from '../endpoint';
import { defineOperation } from '../graphql';
import { dbInt, idParam } from '../input';
import { REWARD_TYPES } from './games';

/**
 * Bonus codes, promo codes and scratch cards. An operator's campaign says what its codes give (benefits in staggered
 * tiers), to whom (conditions) and until when; its codes are what guests type in: a shared bonus code with a
 * number of redemptions left, or scratch cards, each a code of its own for one guest. A guest redeems a campaign
 * once. A benefit of type `ontop` is a promo code's on-top bonus: the wallet adds it at her next top-up.
 */

export const CODE_KINDS = ['bonusCode', 'scratchCard'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
/** What a code can give: every reward of the reward engine but a blank. */
export const CODE_BENEFIT_TYPES = REWARD_TYPES.filter((type) => type !== 'blank');
export type CodeBenefitType = (typeof CODE_BENEFIT_TYPES)[number];
/** What guests type: letters, digits and dashes, compared without case. */
export const CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const CODE_MAX_LENGTH = 32;
/** The most scratch cards one operator call makes. */
export const SCRATCH_CARDS_PER_CALL = 500;
export const MAX_TIERS = 5;
/**
 * The bonus code behind every bonus-code voucher a reward gives (a game's, an advent door's, a code's): the guest
 * scratches the voucher's card and redeems it once per unit. The codes module seeds its campaign.
 */
export const PRIZE_BONUS_CODE = 'VELVET-PRIZE';

/**
 * One step of a benefit: from `from` on, `amount`. For the on-top bonus `from` is the coins of the top-up; for every
 * other benefit it is the loyalty points the guest has this month. The highest step she reaches counts.
 */
export const codeTier = z.object({ from: dbInt(0), amount: dbInt(1, 100_000) });
export type CodeTier = z.infer<typeof codeTier>;
export const codeBenefit = z.object({
  type: z.enum(CODE_BENEFIT_TYPES),
  tiers: z
    .array(codeTier)
    .min(1)
    .max(MAX_TIERS)
    .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.from > tiers[i - 1]!.from), {
      message: 'tiers go up by from',
    }),
});
export type CodeBenefit = z.infer<typeof codeBenefit>;
export const codeConditions = z.object({ requireMobileAuth: z.boolean(), vip: z.boolean() });
export type CodeConditions = z.infer<typeof codeConditions>;

/** A code as a guest reads it (the spec's bonus code: code, config). */
export const bonusCodeView = z.object({
  code: z.string(),
  config: z.object({
    containsTopUpBenefit: z.boolean(),
    validTo: z.string(),
    conditions: codeConditions,
    benefits: z.array(codeBenefit),
  }),
  /** Redemptions this code has left (a scratch card: 1 or 0); null when unlimited. */
  remainingCount: z.number().int().nullable(),
});
export type BonusCodeView = z.infer<typeof bonusCodeView>;

/** Why a guest cannot redeem a code, as the redeem call would refuse it. */
export const CODE_REFUSALS = [
  'CODE_NOT_FOUND',
  'CODE_NOT_VALID_YET',
  'CODE_EXPIRED',
  'CODE_USED_UP',
  'CODE_ALREADY_REDEEMED',
  'MOBILE_AUTH_REQUIRED',
  'VIP_REQUIRED',
] as const satisfies readonly (typeof ERROR_CODES)[number][];
export type CodeRefusal = (typeof CODE_REFUSALS)[number];
export const canRedeemAnswer = z.object({ success: z.boolean(), reason: z.enum(CODE_REFUSALS).nullable() });
export type CanRedeemAnswer = z.infer<typeof canRedeemAnswer>;

/** What a redemption gave: each benefit at the tier she reached (the on-top bonus waits for her top-up). */
export const redeemedBonus = z.object({
  code: z.string(),
  granted: z.array(z.object({ type: z.enum(CODE_BENEFIT_TYPES), amount: z.number().int() })),
  /** The on-top bonus's tiers when the code has one: coins added at the next top-up of at least `from`. */
  onTop: z.array(codeTier).nullable(),
  welcome: z.boolean(),
});
export type RedeemedBonus = z.infer<typeof redeemedBonus>;

const codeParam = z.object({ code: z.string().min(1).max(CODE_MAX_LENGTH) });

export const codeCampaignBody = z.object({
  name: z.string().trim().min(3).max(80),
  kind: z.enum(CODE_KINDS),
  /** A welcome bonus: a guest gets one welcome campaign ever. */
  welcome: z.boolean().default(false),
  benefits: z.array(codeBenefit).min(1).max(CODE_BENEFIT_TYPES.length),
  conditions: codeConditions,
  validFrom: z.iso.datetime({ offset: true }),
  validTo: z.iso.datetime({ offset: true }),
});
export type CodeCampaignBody = z.infer<typeof codeCampaignBody>;

export const codeCampaign = codeCampaignBody.extend({
  id: z.number().int(),
  codes: z.number().int(),
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type CodeCampaign = z.infer<typeof codeCampaign>;

/** A named bonus code (with its redemptions, none for unlimited), or `count` scratch cards the server makes up. */
export const createCodesBody = z.union([
  z.object({ code: z.string().regex(CODE_PATTERN), redemptions: dbInt(1).nullable() }),
  z.object({ count: dbInt(1, SCRATCH_CARDS_PER_CALL) }),
]);
export type CreateCodesBody = z.infer<typeof createCodesBody>;

export const codesEndpoints = {
  /** Whether the caller can redeem the code now, and if not the refusal her redeem would get. */
  canRedeem: defineEndpoint({
    method: 'GET',
    path: '/guest/bonusCode/:code/canRedeem',
    needsGuest: true,
    schemas: () => ({ params: codeParam, response: canRedeemAnswer }),
  }),
  /** The code's benefits, conditions and validity; 404 CODE_NOT_FOUND for a code no running campaign has. */
  bonusCode: defineEndpoint({
    method: 'GET',
    path: '/guest/bonusCode/:code',
    needsGuest: true,
    schemas: () => ({ params: codeParam, response: bonusCodeView }),
  }),
  /** Redeems a code once per guest and campaign (needs an Idempotency-Key). */
  redeemBonus: defineEndpoint({
    method: 'POST',
    path: '/guest/redeemBonus',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ code: z.string().trim().min(1).max(CODE_MAX_LENGTH) }),
      response: z.object({ success: z.literal(true), bonus: redeemedBonus }),
    }),
  }),
  /** Whether the caller redeemed this promo code and its on-top bonus still waits for her next top-up. */
  hasOnTopInstance: defineEndpoint({
    method: 'GET',
    path: '/promo/hasGuestNotRedeemedOnTopCodeInstance/:promoCode',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ promoCode: z.string().min(1).max(CODE_MAX_LENGTH) }),
      response: z.object({ hasNotRedeemedInstance: z.boolean() }),
    }),
  }),
  /** Operators: the campaigns, newest first. */
  campaigns: defineEndpoint({
    method: 'GET',
    path: '/operator/codes/campaigns',
    needsGuest: true,
    schemas: () => ({ response: z.object({ campaigns: z.array(codeCampaign) }) }),
  }),
  createCampaign: defineEndpoint({
    method: 'POST',
    path: '/operator/codes/campaigns/new',
    needsGuest: true,
    schemas: () => ({ body: codeCampaignBody, response: codeCampaign }),
  }),
  /** Operators: a campaign's new codes (409 CODE_EXISTS for a bonus code some campaign has already). */
  createCodes: defineEndpoint({
    method: 'POST',
    path: '/operator/codes/campaigns/:campaignId/codes',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ campaignId: idParam }),
      body: createCodesBody,
      response: z.object({
        codes: z.array(z.object({ code: z.string(), remainingCount: z.number().int().nullable() })),
      }),
    }),
  }),
};

/** The push to her tabs after a redemption (the balance comes as its own push). */
export const bonusCodeRedeemedPush = z.object({ bonus: redeemedBonus });

// ---------------------------------------------------------------------------------------------------------------
// The coin loyalty bonus (the goldrausch programme)

/** Share of last month's spending given back, by the whole coins spent reached (the highest step counts). */
export const COIN_LOYALTY_TIERS = [
  { from: 100, percent: 5 },
  { from: 500, percent: 7 },
  { from: 2000, percent: 10 },
] as const;

export const coinLoyalty = z.object({
  /** The Berlin month whose spending counts (YYYY-MM): the last one. */
  month: z.string(),
  spentCoins: z.number().int(),
  percent: z.number().int(),
  bonusCoins: z.number().int(),
  claimed: z.boolean(),
  claimable: z.boolean(),
  /** The end of the month in which it can be claimed. */
  claimableUntil: z.string(),
});
export type CoinLoyalty = z.infer<typeof coinLoyalty>;

const coinLoyaltyFields = 'month spentCoins percent bonusCoins claimed claimable claimableUntil';
export const coinLoyaltyQuery = defineOperation<{ coinLoyalty: CoinLoyalty }, Record<string, never>>(
  `query CoinLoyalty { coinLoyalty { ${coinLoyaltyFields} } }`,
);
export const claimCoinLoyaltyBonusMutation = defineOperation<
  { claimCoinLoyaltyBonus: CoinLoyalty },
  Record<string, never>
>(`mutation ClaimCoinLoyaltyBonus { claimCoinLoyaltyBonus { ${coinLoyaltyFields} } }`);

export const codesSdl = /* GraphQL */ `
  type CoinLoyalty {
    month: String!
    spentCoins: Int!
    percent: Int!
    bonusCoins: Int!
    claimed: Boolean!
    claimable: Boolean!
    claimableUntil: String!
  }
  extend type Query {
    coinLoyalty: CoinLoyalty!
  }
  extend type Mutation {
    claimCoinLoyaltyBonus: CoinLoyalty!
  }
`;

import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { dbInt } from '../input';
import { guest } from '../guest';
import { coinBalance } from '../money';

/** What a subscription gives: VIP membership or premium TV. */
export const SUBSCRIPTION_KINDS = ['vip', 'tv'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/**
 * The plans on sale, priced in EUR cents. The trial VIP is once per guest and, unless cancelled, renews as the
 * monthly VIP at its price.
 */
export const SUBSCRIPTION_PLANS = {
  vip: { kind: 'vip', days: 30, priceCents: 999, trial: false, renewsAs: 'vip' },
  vipTrial: { kind: 'vip', days: 7, priceCents: 199, trial: true, renewsAs: 'vip' },
  tv: { kind: 'tv', days: 30, priceCents: 1499, trial: false, renewsAs: 'tv' },
} as const satisfies Record<
  string,
  { kind: SubscriptionKind; days: number; priceCents: number; trial: boolean; renewsAs: string }
>;
export type SubscriptionPlanId = keyof typeof SUBSCRIPTION_PLANS;
export const SUBSCRIPTION_PLAN_IDS = Object.keys(SUBSCRIPTION_PLANS) as SubscriptionPlanId[];

/** What VIP membership gives, whichever VIP plan pays for it (the VIP club lists them). */
export const VIP_BENEFITS = ['freeVideos', 'discount', 'livePreview', 'freeMessages', 'monthlyBonus'] as const;
export type VipBenefit = (typeof VIP_BENEFITS)[number];

/** The cancellation offer: the next period at this share of its price, once per subscription. */
export const CANCELLATION_OFFER_PERCENT = 50;

/** Whole coins a VIP may collect once per calendar month (Berlin time), credited through the ledger. */
export const VIP_MONTHLY_BONUS_COINS = 50;
export const monthlyBonusResult = z.object({
  /** Whole coins of this month's bonus. */
  coins: z.number().int(),
  /** The month it is for, YYYY-MM. */
  month: z.string(),
  /** False when it had been collected before: nothing moved this time. */
  credited: z.boolean(),
});

export const subscriptionPlan = z.object({
  id: z.enum(SUBSCRIPTION_PLAN_IDS as [SubscriptionPlanId, ...SubscriptionPlanId[]]),
  kind: z.enum(SUBSCRIPTION_KINDS),
  days: z.number().int(),
  priceCents: z.number().int(),
  trial: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

export const guestSubscription = z.object({
  id: z.string(),
  kind: z.enum(SUBSCRIPTION_KINDS),
  plan: z.enum(SUBSCRIPTION_PLAN_IDS as [SubscriptionPlanId, ...SubscriptionPlanId[]]),
  /** active: renews at periodEnd; cancelled: ends at periodEnd; expired: over. */
  status: z.enum(['active', 'cancelled', 'expired']),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** EUR cents of the next renewal (the cancellation offer lowers it once). */
  nextPriceCents: z.number().int(),
  /** Whether asking to cancel still brings the cancellation offer. */
  offerAvailable: z.boolean(),
});
export type GuestSubscription = z.infer<typeof guestSubscription>;

export const subscriptionsState = z.object({
  plans: z.array(subscriptionPlan),
  /** The caller's current subscriptions (active or cancelled, still running); none for visitors. */
  subscriptions: z.array(guestSubscription),
  trialUsed: z.boolean(),
  formerVip: z.boolean(),
  formerTvSubscriber: z.boolean(),
});
export type SubscriptionsState = z.infer<typeof subscriptionsState>;

export const subscribeBody = z.object({
  plan: z.enum(SUBSCRIPTION_PLAN_IDS as [SubscriptionPlanId, ...SubscriptionPlanId[]]),
  /** Digits only; spaces are removed by the client. */
  cardNumber: z.string().regex(/^\d{12,19}$/, 'a card number has 12 to 19 digits'),
});

export const cancelBody = z.object({ kind: z.enum(SUBSCRIPTION_KINDS) });
export const cancelResult = z.object({
  /** offered: nothing is cancelled yet, the guest is asked to take the offer first; cancelled: ends at endsAt. */
  status: z.enum(['offered', 'cancelled']),
  endsAt: z.string(),
  /** The next period's price with the offer, in EUR cents. */
  offerPriceCents: z.number().int().nullable(),
});

export const acceptCancellationOfferBody = z.object({ kind: z.enum(SUBSCRIPTION_KINDS), accept: z.boolean() });
export const acceptCancellationOfferResult = z.object({
  acceptedOffer: z.boolean(),
  info: z.object({ endsAt: z.string(), nextPriceCents: z.number().int().nullable() }),
});

/** The push of a change of the guest's VIP or TV subscription; `started` carries what a new one cost. */
export const subscriptionPush = z.object({
  kind: z.enum(SUBSCRIPTION_KINDS),
  subscriber: z.boolean(),
  formerSubscriber: z.boolean(),
  started: z.object({ plan: z.string(), priceCents: z.number().int(), currency: z.literal('EUR') }).nullable(),
});

/** Raising a deposit limit (or lifting it) takes effect after this cooling period; lowering takes effect at once. */
export const DEPOSIT_LIMIT_COOLING_DAYS = 7;
export const depositLimitValue = dbInt(100).nullable();
export const depositLimits = z.object({
  /** EUR cents per rolling 24 hours and per rolling 30 days; null: no limit. */
  daily: z.number().int().nullable(),
  monthly: z.number().int().nullable(),
  /** A raise waiting for its cooling period. */
  pending: z
    .object({ daily: z.number().int().nullable(), monthly: z.number().int().nullable(), effectiveAt: z.string() })
    .nullable(),
  /** EUR cents deposited in the current windows. */
  depositedToday: z.number().int(),
  depositedThisMonth: z.number().int(),
});
export type DepositLimits = z.infer<typeof depositLimits>;

/** Automatic recharge: the saved card is charged `amountEurCents` when the balance falls below `thresholdCoins`. */
export const AUTO_RECHARGE_TEASER_MODES = ['open', 'closed'] as const;
export const autoRechargeSettings = z.object({
  enabled: z.boolean(),
  /** One of ONE_CLICK_AMOUNTS_EUR_CENTS. */
  amountEurCents: z.number().int(),
  /** Whole coins. */
  thresholdCoins: z.number().int(),
});
export const autoRechargeState = autoRechargeSettings.extend({
  /** The amounts on offer (EUR cents). */
  amounts: z.array(z.number().int()),
  /** Whether the guest has a saved card to charge (a successful payment before). */
  allowed: z.boolean(),
  teaserState: z.enum(AUTO_RECHARGE_TEASER_MODES),
});
export type AutoRechargeState = z.infer<typeof autoRechargeState>;

export const compensationBody = z.object({
  /** The guest's id or e-mail address. */
  guest: z.string().trim().min(3).max(254),
  /** Whole coins (at most 10,000 at once). */
  coins: z.number().int().min(1).max(10_000),
  reason: z.string().trim().min(3).max(200),
});

export const subscriptionEndpoints = {
  state: defineEndpoint({ method: 'GET', path: '/subscriptions', schemas: () => ({ response: subscriptionsState }) }),
  /** Charges the card for the plan's first period (Idempotency-Key required) and starts the subscription. */
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/subscriptions/subscribe',
    needsGuest: true,
    schemas: () => ({ body: subscribeBody, response: guestSubscription }),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/subscriptions/cancel',
    needsGuest: true,
    schemas: () => ({ body: cancelBody, response: cancelResult }),
  }),
  acceptCancellationOffer: defineEndpoint({
    method: 'POST',
    path: '/acceptCancellationOffer',
    needsGuest: true,
    schemas: () => ({ body: acceptCancellationOfferBody, response: acceptCancellationOfferResult }),
  }),
  /** Collects this month's VIP bonus (409 NO_SUBSCRIPTION without a running VIP); a repeat moves nothing. */
  monthlyBonus: defineEndpoint({
    method: 'POST',
    path: '/subscriptions/monthlyBonus',
    needsGuest: true,
    schemas: () => ({ response: monthlyBonusResult }),
  }),
};

export const paymentFlowEndpoints = {
  limits: defineEndpoint({
    method: 'GET',
    path: '/payment/limits',
    needsGuest: true,
    schemas: () => ({ response: depositLimits }),
  }),
  setLimits: defineEndpoint({
    method: 'POST',
    path: '/payment/limits',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ daily: depositLimitValue, monthly: depositLimitValue }),
      response: depositLimits,
    }),
  }),
  autoRecharge: defineEndpoint({
    method: 'GET',
    path: '/payment/autoRecharge',
    needsGuest: true,
    schemas: () => ({ response: autoRechargeState }),
  }),
  /** Turning it on needs a saved card (409 PAYMENT_METHOD_MISSING); the amount is one of the one-click amounts. */
  setAutoRecharge: defineEndpoint({
    method: 'POST',
    path: '/payment/autoRecharge',
    needsGuest: true,
    schemas: () => ({
      body: autoRechargeSettings.extend({ thresholdCoins: dbInt(1, 10_000) }),
      response: autoRechargeState,
    }),
  }),
  /** The guest's answer to the teaser offering automatic recharge (closed: not shown again). */
  autoRechargeTeaserState: defineEndpoint({
    method: 'POST',
    path: '/autoRechargeTeaserState',
    needsGuest: true,
    schemas: () => ({ body: z.object({ mode: z.enum(AUTO_RECHARGE_TEASER_MODES) }), response: autoRechargeState }),
  }),
  /**
   * The payment provider's return after a successful payment: the guest's balance is pushed again and the answer
   * is the guest as the session shows it (balance, VIP and TV flags), so the page needs no reload.
   */
  vxpayOnSuccess: defineEndpoint({
    method: 'POST',
    path: '/vxpay/onsuccess',
    needsGuest: true,
    schemas: () => ({ response: z.object({ guest }) }),
  }),
  /** The payment provider's logout: the guest's session ends here as well (as /auth/logout). */
  vxpayLogout: defineEndpoint({
    method: 'POST',
    path: '/vxpay/logout',
    needsGuest: true,
    schemas: () => ({ response: z.object({ ended: z.boolean() }) }),
  }),
  /** Operators: credits a guest coins with a reason, through the ledger (Idempotency-Key required). */
  compensation: defineEndpoint({
    method: 'POST',
    path: '/operator/compensation',
    needsGuest: true,
    schemas: () => ({
      body: compensationBody,
      response: z.object({ transferId: z.string(), guestId: z.string(), coins: coinBalance }),
    }),
  }),
};

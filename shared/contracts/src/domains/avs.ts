import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { avsStatus } from '../guest';

/**
 * Identities of the built-in sandbox age-verification provider (like the sandbox's test cards): accepted at once,
 * rejected with a message, or pending and accepted a few seconds later through the provider's signed callback.
 * Any other identity is rejected.
 */
export const SANDBOX_AVS_IDENTITIES = {
  accepted: 'VV-ADULT-1990',
  rejected: 'VV-MINOR-2012',
  pending: 'VV-REVIEW-1985',
} as const;
/** How long the sandbox keeps a pending check before it calls back with its decision. */
export const SANDBOX_AVS_PENDING_SECONDS = 3;

/** Coins (hundredths, the ledger's unit) a guest gets once, at the first accepted verification. */
export const AVS_BONUS_HUNDREDTHS = 10_00;

/**
 * Age ratings up to which content needs no age verification: images up to 16, collections (albums) up to 12;
 * videos rated 18 and live chats always need it. Above, a guest who is not verified gets blurred previews and the
 * age check instead of the content (the server refuses the full files with AGE_CHECK_REQUIRED).
 */
export const FREE_AGE_RATING = { image: 16, collection: 12, video: 17 } as const;
export type AgeRatedKind = keyof typeof FREE_AGE_RATING;
export const needsAgeCheck = (kind: AgeRatedKind, ageRating: number) => ageRating > FREE_AGE_RATING[kind];

/** The signature header of a provider's callback: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const AVS_SIGNATURE_HEADER = 'x-avs-signature';

/** A provider's decision about a check, as its callback reports it. */
export const avsCallbackBody = z.object({
  /** The provider's id of this event: one event is applied once, a replay is refused. */
  eventId: z.string().min(8).max(100),
  checkId: z.string().uuid(),
  decision: z.enum(['accepted', 'rejected']),
  rejectMessage: z.string().max(500).nullable(),
});
export type AvsCallbackBody = z.infer<typeof avsCallbackBody>;

export const avsCheckResult = z.object({ status: avsStatus, rejectMessage: z.string().nullable() });
export type AvsCheckResult = z.infer<typeof avsCheckResult>;

export const avsEndpoints = {
  /**
   * The sandbox provider's checkout (where a real provider's page takes the guest's document): the identity is
   * decided at once, or the check stays pending until the provider calls back.
   */
  sandboxSubmit: defineEndpoint({
    method: 'POST',
    path: '/avs/sandbox/checkout/:checkId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ checkId: z.string().uuid() }),
      body: z.object({ identity: z.string().min(1).max(64) }),
      response: avsCheckResult,
    }),
  }),
  /** A provider's decision, signed by the provider (AVS_SIGNATURE_HEADER); forged, stale or replayed ones are refused. */
  callback: defineEndpoint({
    method: 'POST',
    path: '/avs/callback/:provider',
    schemas: () => ({
      params: z.object({ provider: z.string().min(1).max(40) }),
      body: avsCallbackBody,
      response: z.object({ applied: z.boolean() }),
    }),
  }),
  /** Operators: withdraws a guest's verification (pushes avsRevoked; running chats end with 601). */
  revoke: defineEndpoint({
    method: 'POST',
    path: '/avs/guests/:guestId/revoke',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ guestId: z.string().uuid() }),
      response: z.object({ guestId: z.string(), avsStatus }),
    }),
  }),
  /** Operators: a guest by e-mail or name with the state of the age verification, to revoke it. */
  guestLookup: defineEndpoint({
    method: 'GET',
    path: '/avs/guests',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ search: z.string().min(2).max(254) }),
      response: z.object({
        guests: z.array(
          z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), avsStatus: avsStatus }),
        ),
      }),
    }),
  }),
};

export interface AvsInfo {
  status: z.infer<typeof avsStatus>;
  rejectMessage: string | null;
  /** Whether the first accepted verification still brings the bonus. */
  bonusAvailable: boolean;
  /** The bonus in coins. */
  bonusCoins: number;
}

/** Structured query: the guest's verification and the checkout that starts one. */
export const avsGraphqlSchema = /* GraphQL */ `
  enum AvsStatus {
    pending
    rejected
    accepted
    unknown
  }
  type AvsInfo {
    status: AvsStatus!
    rejectMessage: String
    bonusAvailable: Boolean!
    bonusCoins: Float!
  }
  type AvsCheckout {
    checkoutLink: String!
  }
  extend type Query {
    avs: AvsInfo!
  }
  extend type Mutation {
    requestAvsCheckout(forwardUrl: String!): AvsCheckout!
  }
`;

export const avsQuery = defineOperation<{ avs: AvsInfo }>(
  `query Avs { avs { status rejectMessage bonusAvailable bonusCoins } }`,
);
export const requestAvsCheckoutMutation = defineOperation<
  { requestAvsCheckout: { checkoutLink: string } },
  { forwardUrl: string }
>(`mutation RequestAvsCheckout($forwardUrl: String!) { requestAvsCheckout(forwardUrl: $forwardUrl) { checkoutLink } }`);

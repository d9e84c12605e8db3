import { z } from 'zod';
import { dbIntParam } from './input';

/**
 * One REST call of the platform: method, path under /rest/v1 (params written `:name`) and the zod schemas of
 * what goes in and comes out. The server registers its routes from these, the SDK builds its client from them.
 * Method, path and flags are plain data; the schemas are built when one of them is first read (see
 * defineEndpoint), so a page pays only for the endpoints it calls.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends EndpointSchemas<P, Q, B, R> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Calls that need a logged-in guest (not just an anonymous token). */
  needsGuest?: boolean;
}
export interface EndpointSchemas<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

const SCHEMA_PARTS = ['params', 'query', 'body', 'response'] as const;

/**
 * Defines an endpoint whose schemas come from `schemas`, called once, when any of params, query, body or
 * response is first read; the parts then become plain properties. Importing the contracts builds no endpoint
 * schema: the shell loads every contract eagerly but a page calls a handful of them. Keeps `needsGuest: true`
 * as a literal type, so the server's handlers of such endpoints see a guest for sure.
 */
export const defineEndpoint = <
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  G extends boolean = false,
>({
  schemas,
  ...meta
}: Omit<Endpoint, keyof EndpointSchemas | 'needsGuest'> & {
  needsGuest?: G;
  schemas: () => EndpointSchemas<P, Q, B, R>;
}): Endpoint<P, Q, B, R> & { needsGuest?: G } => {
  const endpoint = { ...meta } as Endpoint<P, Q, B, R> & { needsGuest?: G };
  const build = () => {
    const built = schemas();
    for (const part of SCHEMA_PARTS) Object.defineProperty(endpoint, part, { value: built[part], enumerable: true });
  };
  for (const part of SCHEMA_PARTS) {
    Object.defineProperty(endpoint, part, {
      get: () => (build(), endpoint[part]),
      enumerable: true,
      configurable: true,
    });
  }
  return endpoint;
};

/** An omitted part infers as the bare ZodType (unknown): treat it as absent. */
type Infer<T> = T extends z.ZodType ? (unknown extends z.infer<T> ? never : z.infer<T>) : never;
type Field<K extends string, T> = [T] extends [never] ? { [k in K]?: undefined } : { [k in K]: T };

/**
 * What a caller passes to an endpoint: only the parts the endpoint declares, plus the idempotency key that
 * money-moving POSTs need (sent as the `Idempotency-Key` header; the server refuses such a POST without it).
 */
export type EndpointInput<E extends Endpoint> = Field<'params', Infer<E['params']>> &
  Field<'query', Infer<E['query']>> &
  Field<'body', Infer<E['body']>> & {
    idempotencyKey?: string;
    /** Sends this token instead of the session's (ending a session that is no longer the current one). */
    accessToken?: string;
    /** A multipart upload sent as the body instead of JSON (a profile picture). */
    form?: FormData;
  };
export type EndpointResponse<E extends Endpoint> = z.infer<E['response']>;

/** Stable error codes of the platform; the server answers them, clients switch on them. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'LOGIN_REQUIRED',
  'INVALID_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_BREACHED',
  'EMAIL_TAKEN',
  'NAME_TAKEN',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  // A login whose account has a second factor: the code is missing or wrong.
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'RATE_LIMITED',
  /** A request body over the route's size limit (413). */
  'PAYLOAD_TOO_LARGE',
  'UNMAPPED_CATEGORY',
  // Remote registry: builds and versions.
  'VERSION_EXISTS',
  'PLATFORM_INCOMPATIBLE',
  /** A build needing a @velvet/contracts range the platform does not offer. */
  'SHARED_INCOMPATIBLE',
  /** A remote's route takes a name or slugs another remote (or the shell) already has. */
  'ROUTE_CONFLICT',
  'INVALID_BUILD',
  'NOTHING_TO_ROLL_BACK',
  'NO_CANARY',
  'UNKNOWN_FEATURE',
  // Money (wallet): Stripe-like idempotency of every money-moving POST, funds and payments.
  'INSUFFICIENT_FUNDS',
  'PAYMENT_DECLINED',
  'IDEMPOTENCY_KEY_MISSING',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'NOT_OWNED',
  'PRICE_CHANGED',
  // Live chats: the refusals of a chat start and of the chat's rules.
  'BALANCE_TOO_LOW',
  'CHAT_IN_PROGRESS',
  'GUEST_OFFLINE',
  'WRONG_SEQUENCE_NUMBER',
  'CHAT_START_TIMEOUT',
  'ACTOR_OFFLINE',
  'ACTOR_BUSY',
  'CHAT_TYPE_UNAVAILABLE',
  'COUNTRY_BANNED',
  'TICKET_REQUIRED',
  'CHAT_NOT_FOUND',
  'CHAT_TOO_SHORT',
  // Live video: the playlist of a chat that has ended (or whose time ran out).
  'CHAT_ENDED',
  // Live video: an address not signed for this chat's guest, or signed for a time that is over.
  'LIVE_URL_INVALID',
  'LIVE_URL_EXPIRED',
  // Premium TV's playlists for a guest without a TV subscription.
  'TV_SUBSCRIPTION_REQUIRED',
  'SURVEY_ALREADY_STORED',
  // A structured query beyond the server's limits (depth, aliases, cost, tokens, answer size).
  'GRAPHQL_LIMIT',
  // Show tickets (buyChatTicket / removeChatTicket answer them as errorCode).
  'SOLD_OUT',
  'SHOW_STARTED',
  'SHOW_ENDED',
  'NOT_BOUGHT',
  'INVALID_PROMO_CODE',
  'CREATION_TYPE_MISMATCH',
  // A one-click top-up for a guest without a saved payment method.
  'PAYMENT_METHOD_MISSING',
  // Web push: a subscription whose endpoint is no push service the server sends to, a re-subscribe token it does
  // not know; legal texts: an unknown document id.
  'PUSH_SERVICE_NOT_ALLOWED',
  'PUSH_TOKEN_UNKNOWN',
  'LEGAL_TEXT_NOT_FOUND',
  // Links in mails (verification, password reset, newsletters): unknown or altered, past their time, already used.
  'LINK_INVALID',
  'LINK_EXPIRED',
  'LINK_USED',
  // The account's life: a locked guest's login, profile pictures, and phone verification (pincall codes 1 to 9).
  'GUEST_LOCKED',
  'IMAGE_INVALID',
  'PHONE_INVALID',
  'PHONE_COUNTRY_NOT_ALLOWED',
  'VERIFICATION_TYPE_INVALID',
  'VERIFICATION_TIMED_OUT',
  'PHONE_BLACKLISTED',
  'PHONE_NOT_UNIQUE',
  'VERIFICATION_NOT_FOUND',
  'VERIFICATION_CODE_INVALID',
  'VERIFICATION_ATTEMPTS_EXCEEDED',
  /** The phone verification provider failed (pincall code 10). */
  'VERIFICATION_UNAVAILABLE',
  // Age verification: content above its free age rating, and the checks and callbacks of the provider.
  'AGE_CHECK_REQUIRED',
  'AVS_ALREADY_VERIFIED',
  'AVS_CHECK_NOT_FOUND',
  'AVS_CHECK_CLOSED',
  'AVS_CALLBACK_INVALID',
  'AVS_CALLBACK_REPLAYED',
  // Subscriptions and deposit limits.
  'SUBSCRIPTION_ACTIVE',
  'TRIAL_USED',
  'NO_SUBSCRIPTION',
  'CANCELLATION_OFFER_UNAVAILABLE',
  'DEPOSIT_LIMIT_EXCEEDED',
  // Contests and clash of cams: a sixth vote in a contest, a vote outside the voting time.
  'VOTE_LIMIT_REACHED',
  'VOTING_CLOSED',
  // Spinwheel and loyalty: a spin without spins left, a monthly reward not (or no longer) redeemable.
  'NO_SPINS',
  'REWARD_NOT_REDEEMABLE',
  // Games and the advent calendar: a game outside its days, an attempt after the day's last, a door before its day
  // or one whose day has passed.
  'GAME_NOT_RUNNING',
  'NO_ATTEMPTS_LEFT',
  'DOOR_NOT_OPEN_YET',
  'DOOR_CLOSED',
  // Easter and user-activity events: an egg token the server did not issue to the caller, an egg found before, an
  // event outside its time, a reward claimed after the event's claim end.
  'EGG_TOKEN_INVALID',
  'EGG_ALREADY_COLLECTED',
  'EVENT_NOT_RUNNING',
  'REWARD_CLAIM_ENDED',
  // Messenger gifts: not in the catalogue, not owned, or only for VIP members.
  'GIFT_NOT_FOUND',
  'GIFT_NOT_OWNED',
  'VIP_REQUIRED',
  // Bonus codes, promo codes and scratch cards: unknown, before or after its campaign's days, no redemptions left,
  // redeemed by this guest already, a condition she does not meet (VIP_REQUIRED above); a code an operator reuses.
  'CODE_NOT_FOUND',
  'CODE_NOT_VALID_YET',
  'CODE_EXPIRED',
  'CODE_USED_UP',
  'CODE_ALREADY_REDEEMED',
  'MOBILE_AUTH_REQUIRED',
  'CODE_EXISTS',
  // Toy control: the performer has no toy or is not on line to run it.
  'TOY_NOT_AVAILABLE',
  // Vouchers: unknown (or another guest's), not valid yet, past its time, nothing left, of another type than the
  // thing it should pay, limited to other performers; an item the guest owns already.
  'VOUCHER_NOT_FOUND',
  'VOUCHER_NOT_VALID_YET',
  'VOUCHER_EXPIRED',
  'VOUCHER_USED_UP',
  'VOUCHER_TYPE_MISMATCH',
  'VOUCHER_WRONG_PERFORMER',
  'ALREADY_OWNED',
  // Daily bonus: an offer claimed before or after its Berlin day, its condition not met, claimed before.
  'OFFER_NOT_YET',
  'OFFER_EXPIRED',
  'OFFER_CONDITION_NOT_MET',
  'OFFER_ALREADY_CLAIMED',
  /** A fault of the server (500): logged there, never bad input. */
  'INTERNAL',
  /** What a client reads from a failure that carries no code of the platform (a proxy's page, a lost connection). */
  'UNKNOWN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);
/** The code of an answer as a client reads it: one of ERROR_CODES, or UNKNOWN for anything else (or nothing). */
export const errorCodeOf = (value: unknown): ErrorCode => (isErrorCode(value) ? value : 'UNKNOWN');

/** Every error answer: a stable machine code and a human message. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Paging used by every list: page is 1-based. */
export const pageQuery = z.object({
  page: dbIntParam(1).default(1),
  pageSize: dbIntParam(1, 100).default(30),
});
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { coinBalance } from './money';
import { LANGUAGES } from './routes';

/**
 * The spec's email rule: a local part, @, and a domain with a dot and an ending of two or more letters,
 * or a bracketed IP address.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;
export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value);
/**
 * OWASP ASVS level 2 password rules: at least 12 characters, at most 128 (so long passphrases fit), no
 * composition rules; the server also refuses passwords found in its list of breached ones.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** The digits of a TOTP code (RFC 6238 default, what authenticator apps show). */
export const TOTP_DIGITS = 6;

export const avsStatus = z.enum(['pending', 'rejected', 'accepted', 'unknown']);
export type AvsStatus = z.infer<typeof avsStatus>;

export const guestFlags = z.object({
  loggedIn: z.boolean(),
  anonymous: z.boolean(),
  locked: z.boolean(),
  vip: z.boolean(),
  vxselect: z.boolean(),
  tvSubscriber: z.boolean(),
  formerTvSubscriber: z.boolean(),
  payingCustomer: z.boolean(),
  avs: z.boolean(),
  operator: z.boolean(),
});
export type GuestFlags = z.infer<typeof guestFlags>;
/** A guest with no flag set; sessions name the ones they have on top of it. */
export const NO_GUEST_FLAGS: Readonly<GuestFlags> = Object.freeze({
  loggedIn: false,
  anonymous: false,
  locked: false,
  vip: false,
  vxselect: false,
  tvSubscriber: false,
  formerTvSubscriber: false,
  payingCustomer: false,
  avs: false,
  operator: false,
});

export const balance = z.object({
  /** Coins (VXC), as every balance on the wire. */
  amount: coinBalance,
  /** formatBalance of the amount in the guest's language. */
  formatted: z.string(),
});
export type Balance = z.infer<typeof balance>;

export const guest = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  language: z.enum(LANGUAGES),
  flags: guestFlags,
  avsStatus: avsStatus,
  /** The provider's reason while avsStatus is rejected. */
  avsRejectMessage: z.string().nullable().optional(),
  balance: balance,
  /** When the logged-in guest's conversion chat countdown ends (ISO), while it runs; null or absent otherwise. */
  conversionChatEnds: z.string().nullable().optional(),
});
export type Guest = z.infer<typeof guest>;

export const authResponse = z.object({ accessToken: z.string(), guest });
export type AuthResponse = z.infer<typeof authResponse>;

export const signupBody = z.object({
  email: z.string().max(254),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  name: z.string().min(2).max(40),
});
export const loginBody = z.object({
  email: z.string().max(254),
  password: z.string().max(1024),
  /** The current code of the account's second factor; the server answers TOTP_REQUIRED when it needs one. */
  totp: z.string().max(16).optional(),
});

/** A TOTP enrolment in progress: the secret (base32) for typing in, and the otpauth URI for a QR code. */
export const totpEnrolment = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpStatus = z.object({ enabled: z.boolean() });

export const guestPreferences = z.object({
  language: z.enum(LANGUAGES).optional(),
  newsletter: z.boolean().optional(),
  showDataProtection: z.boolean().optional(),
});

export const guestProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  registeredSince: z.string(),
  preferences: guestPreferences,
});
export const guestProfileConfig = z.object({
  languages: z.array(z.enum(LANGUAGES)),
  nameMinLength: z.number().int(),
  nameMaxLength: z.number().int(),
});

export const authEndpoints = {
  anonymous: defineEndpoint({ method: 'POST', path: '/auth/anonymous', schemas: () => ({ response: authResponse }) }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/auth/signup',
    schemas: () => ({ body: signupBody, response: authResponse }),
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    schemas: () => ({ body: loginBody, response: authResponse }),
  }),
  me: defineEndpoint({ method: 'GET', path: '/auth/me', schemas: () => ({ response: authResponse }) }),
  /** Ends the caller's session on the server: its token is refused from then on (also on the socket). */
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    schemas: () => ({ response: z.object({ ended: z.boolean() }) }),
  }),
  /** Operators: whether their login asks for a TOTP code. */
  totpStatus: defineEndpoint({
    method: 'GET',
    path: '/auth/totp',
    needsGuest: true,
    schemas: () => ({ response: totpStatus }),
  }),
  /** Operators: a new TOTP secret, in force only once confirmed with a code from it. */
  totpStart: defineEndpoint({
    method: 'POST',
    path: '/auth/totp/start',
    needsGuest: true,
    schemas: () => ({ response: totpEnrolment }),
  }),
  totpConfirm: defineEndpoint({
    method: 'POST',
    path: '/auth/totp/confirm',
    needsGuest: true,
    schemas: () => ({ body: z.object({ code: z.string().max(16) }), response: totpStatus }),
  }),
};

export const guestEndpoints = {
  profileGet: defineEndpoint({
    method: 'GET',
    path: '/guest/profile/get',
    needsGuest: true,
    schemas: () => ({ response: z.object({ config: guestProfileConfig, profile: guestProfile }) }),
  }),
  profileUpdate: defineEndpoint({
    method: 'POST',
    path: '/guest/profile/update',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        properties: z.object({ name: z.string().min(2).max(40).optional(), preferences: guestPreferences.optional() }),
      }),
      response: z.object({ config: guestProfileConfig, profile: guestProfile }),
    }),
  }),
  balance: defineEndpoint({
    method: 'GET',
    path: '/getGuestBalance',
    needsGuest: true,
    schemas: () => ({
      response: z.object({ balance: coinBalance, balanceFormatted: z.string(), isPayingCustomer: z.boolean() }),
    }),
  }),
};

import { z } from 'zod';
import { defineEndpoint, type ErrorCode } from '../endpoint';
import { dbId } from '../input';

/**
 * The account's life: the guest's preferences, the data protection and terms she accepted, her profile picture,
 * an operator's lock, her phone verified by a pin, and the export and deletion of her account.
 */

/**
 * The version of the terms and data protection notice in force, and since when. Signing up accepts the version in
 * force (the terms say so), so the notice is for guests who signed up before it and have not accepted it since.
 */
export const DATA_PROTECTION_VERSION = '2026-11';
export const DATA_PROTECTION_SINCE = '2026-11-01T00:00:00.000Z';

/** Profile pictures: what the server accepts (checked by content) and the largest upload. */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** What the guest keeps as preferences: short named values the site's parts read back. */
export const preferenceValue = z.union([z.string().max(200), z.number(), z.boolean()]);
export const preferencesData = z
  .record(z.string().min(1).max(64), preferenceValue)
  .refine((data) => Object.keys(data).length <= 50, 'at most 50 preferences');
export type PreferencesData = z.infer<typeof preferencesData>;

export const dataProtectionState = z.object({
  /** Whether the notice is shown: the guest has not accepted the version in force. */
  show: z.boolean(),
  version: z.string(),
  acceptedVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type DataProtectionState = z.infer<typeof dataProtectionState>;

/** Pincall: a pin by SMS to a mobile number (6 digits) or by a call to a fixed line (5 digits). */
export const PINCALL_TYPES = ['mobile', 'fixed'] as const;
export type PincallType = (typeof PINCALL_TYPES)[number];
export const PIN_LENGTH: Record<PincallType, number> = { mobile: 6, fixed: 5 };
export const PINCALL_LANGUAGES = ['DE', 'EN', 'ES'] as const;

/** The spec's phone verification error numbers, by the platform's stable code; anything else is 10 (unknown). */
export const PINCALL_ERROR_NUMBERS = {
  PHONE_INVALID: 1,
  PHONE_COUNTRY_NOT_ALLOWED: 2,
  VERIFICATION_TYPE_INVALID: 3,
  VERIFICATION_TIMED_OUT: 4,
  PHONE_BLACKLISTED: 5,
  PHONE_NOT_UNIQUE: 6,
  VERIFICATION_NOT_FOUND: 7,
  VERIFICATION_CODE_INVALID: 8,
  VERIFICATION_ATTEMPTS_EXCEEDED: 9,
} as const satisfies Partial<Record<ErrorCode, number>>;
export const PINCALL_UNKNOWN_ERROR = 10;
export const pincallErrorNumber = (code: ErrorCode): number =>
  (PINCALL_ERROR_NUMBERS as Partial<Record<ErrorCode, number>>)[code] ?? PINCALL_UNKNOWN_ERROR;

export const pincallVerification = z.object({
  id: z.number().int(),
  type: z.enum(PINCALL_TYPES),
  verified: z.boolean(),
  /** The calling code, e.g. "49". */
  countryCode: z.string(),
  /** The first digits of the national number (the network or area). */
  preCode: z.string(),
  /** The rest of the national number. */
  number: z.string(),
  pinLength: z.number().int(),
});
export type PincallVerification = z.infer<typeof pincallVerification>;

/** What the sandbox provider "sent": the tests, the end-to-end tests and the operator console read it. */
export const pincallOutboxEntry = z.object({
  verificationId: z.number().int(),
  phoneNumber: z.string(),
  type: z.enum(PINCALL_TYPES),
  language: z.enum(PINCALL_LANGUAGES),
  pin: z.string(),
  sentAt: z.string(),
});

/** An operator's view of a guest for locking and unlocking. */
export const operatorGuest = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  locked: z.boolean(),
  lockReason: z.string().nullable(),
  lockedAt: z.string().nullable(),
});
export type OperatorGuest = z.infer<typeof operatorGuest>;
export const LOCK_REASON_MAX_LENGTH = 500;

const exportedRow = z.record(z.string(), z.unknown());
/** Everything the platform keeps about the guest, as one JSON file. */
export const accountExport = z.object({
  exportedAt: z.string(),
  profile: exportedRow,
  preferences: preferencesData,
  consents: z.array(exportedRow),
  phoneVerifications: z.array(exportedRow),
  purchases: z.array(exportedRow),
  favourites: z.object({ performers: z.array(exportedRow), pictures: z.array(exportedRow) }),
  messages: z.array(exportedRow),
  ledger: z.array(exportedRow),
});
export type AccountExport = z.infer<typeof accountExport>;

const guestIdParams = () => z.object({ guestId: z.string().uuid() });
const accepted = () => z.object({ accepted: z.boolean() });

export const lifecycleEndpoints = {
  preferences: defineEndpoint({
    method: 'GET',
    path: '/preferences',
    needsGuest: true,
    schemas: () => ({ response: z.object({ data: preferencesData }) }),
  }),
  /** Merges the given values into the guest's preferences; a null value removes one. */
  savePreferences: defineEndpoint({
    method: 'POST',
    path: '/savePreferences',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ data: z.record(z.string().min(1).max(64), preferenceValue.nullable()) }),
      response: z.object({ data: preferencesData }),
    }),
  }),
  dataProtection: defineEndpoint({
    method: 'GET',
    path: '/dataProtection',
    needsGuest: true,
    schemas: () => ({ response: dataProtectionState }),
  }),
  /** The guest read the data protection notice: accepting stores the version in force and the time. */
  closeDataProtection: defineEndpoint({
    method: 'POST',
    path: '/closeDataProtection',
    needsGuest: true,
    schemas: () => ({ body: accepted(), response: dataProtectionState }),
  }),
  /** The same for the terms together with the data protection notice. */
  closeAgbAndDataProtection: defineEndpoint({
    method: 'POST',
    path: '/closeAgbAndDataProtection',
    needsGuest: true,
    schemas: () => ({ body: accepted(), response: dataProtectionState }),
  }),
  /**
   * A multipart upload (field `file`, JPEG, PNG or WebP by content, at most PROFILE_PICTURE_MAX_BYTES) becomes the
   * guest's profile picture; with `delete=true` and no upload the picture is removed.
   */
  profilePicture: defineEndpoint({
    method: 'POST',
    path: '/guest/profile/preview/update',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ delete: z.enum(['true', 'false']).optional() }),
      response: z.object({ avatarUrl: z.string().nullable() }),
    }),
  }),
  /** The guest's data as a JSON file (answered as an attachment). */
  exportAccount: defineEndpoint({
    method: 'GET',
    path: '/guest/account/export',
    needsGuest: true,
    schemas: () => ({ response: accountExport }),
  }),
  /** Deletes the guest's account after her password: sessions end, personal data goes, the ledger stays. */
  deleteAccount: defineEndpoint({
    method: 'POST',
    path: '/guest/account/delete',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ password: z.string().min(1).max(1024) }),
      response: z.object({ deleted: z.boolean() }),
    }),
  }),
  pincallStart: defineEndpoint({
    method: 'POST',
    path: '/pincall/start',
    needsGuest: true,
    schemas: () => ({
      // Phone number and type are checked by the server, so a bad one answers its pincall code (1 and 3).
      body: z.object({
        phoneNumber: z.string().max(32),
        type: z.string().max(16),
        language: z.enum(PINCALL_LANGUAGES).default('EN'),
      }),
      response: z.object({ id: z.number().int(), pinLength: z.number().int() }),
    }),
  }),
  pincallVerify: defineEndpoint({
    method: 'POST',
    path: '/pincall/verify',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ id: dbId, type: z.string().max(16), pin: z.string().max(16) }),
      response: pincallVerification,
    }),
  }),
  pincallVerifications: defineEndpoint({
    method: 'GET',
    path: '/pincall/verifications',
    needsGuest: true,
    schemas: () => ({ response: z.object({ verifications: z.array(pincallVerification) }) }),
  }),
  /** The sandbox provider's sent pins: a guest sees those of her own verifications, an operator all. */
  pincallOutbox: defineEndpoint({
    method: 'GET',
    path: '/pincall/sandbox/outbox',
    needsGuest: true,
    schemas: () => ({ response: z.object({ entries: z.array(pincallOutboxEntry) }) }),
  }),
  /** Operators: guests by name or email, with their lock. */
  operatorGuests: defineEndpoint({
    method: 'GET',
    path: '/operator/guests',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ search: z.string().max(254).default('') }),
      response: z.object({ guests: z.array(operatorGuest) }),
    }),
  }),
  /** Operators: locks a guest with a reason; every session of the guest ends at once (open sockets included). */
  lockGuest: defineEndpoint({
    method: 'POST',
    path: '/auth/guests/:guestId/lock',
    needsGuest: true,
    schemas: () => ({
      params: guestIdParams(),
      body: z.object({ reason: z.string().trim().min(3).max(LOCK_REASON_MAX_LENGTH) }),
      response: z.object({ guestId: z.string(), locked: z.boolean(), sessionsEnded: z.number().int() }),
    }),
  }),
  unlockGuest: defineEndpoint({
    method: 'POST',
    path: '/auth/guests/:guestId/unlock',
    needsGuest: true,
    schemas: () => ({
      params: guestIdParams(),
      response: z.object({ guestId: z.string(), locked: z.boolean() }),
    }),
  }),
};

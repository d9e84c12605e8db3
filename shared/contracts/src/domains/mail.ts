import { z } from 'zod';
import { defineEndpoint, pageOf, pageQuery } from '../endpoint';
import { dbId, idParam } from '../input';
import { PASSWORD_MAX_LENGTH } from '../guest';
import { LANGUAGES } from '../routes';

/** How long a password reset link works (OWASP forgot-password cheat sheet: briefly). */
export const PASSWORD_RESET_MINUTES = 30;

/** Newsletter types of the spec, by number. */
export const NEWSLETTER_TYPES = { 256: 'contests', 512: 'lateNight', 1024: 'vipClub', 2048: 'vrPorn' } as const;
export type NewsletterTypeId = keyof typeof NEWSLETTER_TYPES;
export type NewsletterTypeName = (typeof NEWSLETTER_TYPES)[NewsletterTypeId];
export const NEWSLETTER_TYPE_IDS = Object.keys(NEWSLETTER_TYPES).map(Number) as NewsletterTypeId[];
export const newsletterTypeId = z.union(
  NEWSLETTER_TYPE_IDS.map((id) => z.literal(id)) as unknown as [
    z.ZodLiteral<NewsletterTypeId>,
    z.ZodLiteral<NewsletterTypeId>,
    ...z.ZodLiteral<NewsletterTypeId>[],
  ],
);

/** A subscription waits for its confirmation link (double opt-in) before any newsletter of its type is sent. */
export const newsletterState = z.enum(['off', 'pending', 'on']);
export type NewsletterState = z.infer<typeof newsletterState>;

/** Why a guest leaves a newsletter (the unsubscribe page's choices). */
export const UNSUBSCRIBE_REASONS = ['tooMany', 'notInterested', 'neverSignedUp', 'notRelevant', 'other'] as const;
/** `type`: only the newsletter the mail was of; `all`: every newsletter. */
export const UNSUBSCRIBE_OPTIONS = ['type', 'all'] as const;

const emailAddress = z.object({ email: z.string().max(254) });
/** A link's token as it stands in the mail: 43 characters of base64url (32 random bytes). */
export const mailToken = z.string().min(16).max(100);

export const notificationSettings = z.object({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  newsletters: z.array(z.object({ typeId: newsletterTypeId, state: newsletterState })),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** What a link found: the guest's address it was sent to. */
const linkAnswer = z.object({ email: z.string() });

/** Video share mails a guest may send in an hour; past it the call is 429 RATE_LIMITED. */
export const VIDEO_SHARE_MAILS_PER_HOUR = 5;
export const VIDEO_SHARE_MESSAGE_MAX_LENGTH = 500;
/**
 * What a video share answers (the spec's Status): OK once the mail went out (or, without a mail server, is kept),
 * TIMEOUT when it has not gone out within the wait (it is still sent later), FAILED when the mail server refused it.
 */
export const VIDEO_SHARE_STATUSES = ['OK', 'TIMEOUT', 'FAILED'] as const;
export type VideoShareStatus = (typeof VIDEO_SHARE_STATUSES)[number];

export const mailEndpoints = {
  /** Mails a video's page to someone, with the guest's message, from the guest named in the body (her own id). */
  sendVideoShareEmail: defineEndpoint({
    method: 'POST',
    path: '/sendVideoShareEmail',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ language: z.enum(LANGUAGES).optional() }),
      body: z.object({
        recipient: z.string().trim().min(1).max(254),
        message: z.string().trim().max(VIDEO_SHARE_MESSAGE_MAX_LENGTH).default(''),
        videoId: dbId,
        guestId: z.uuid(),
      }),
      response: z.object({ Status: z.enum(VIDEO_SHARE_STATUSES) }),
    }),
  }),
  /** The logged-in guest's address, whether it is verified, and each newsletter's state. */
  notificationSettings: defineEndpoint({
    method: 'GET',
    path: '/getNotificationsSettings',
    needsGuest: true,
    schemas: () => ({ response: notificationSettings }),
  }),
  /**
   * Switches newsletters: switching one on sends its confirmation mail (state pending until the link is followed),
   * switching one off ends it at once.
   */
  saveNotificationSettings: defineEndpoint({
    method: 'POST',
    path: '/getNotificationsSettings',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        newsletters: z.array(z.object({ typeId: newsletterTypeId, subscribed: z.boolean() })).max(10),
      }),
      response: notificationSettings,
    }),
  }),
  /**
   * Double opt-in: a confirmation mail to the address (a logged-in guest's own when none is given); the newsletter
   * starts once its link is followed.
   */
  newsletterSubscribe: defineEndpoint({
    method: 'POST',
    path: '/newsletter/subscribe',
    schemas: () => ({
      body: z.object({
        typeId: newsletterTypeId,
        userId: z.string().max(100).optional(),
        emailAddress: emailAddress.optional(),
      }),
      response: z.object({ typeId: newsletterTypeId, state: newsletterState }),
    }),
  }),
  /** The confirmation link of a subscription (single use). */
  newsletterConfirm: defineEndpoint({
    method: 'POST',
    path: '/newsletter/confirm',
    schemas: () => ({
      body: z.object({ token: mailToken }),
      response: z.object({ typeId: newsletterTypeId, email: z.string() }),
    }),
  }),
  /**
   * Leaves one newsletter or all: by the token of a newsletter mail's link (no login needed), or as the logged-in
   * guest for the address of the account. Reasons are kept for the statistics.
   */
  newsletterUnsubscribe: defineEndpoint({
    method: 'POST',
    path: '/newsletter/unsubscribe',
    schemas: () => ({
      body: z.object({
        emailAddress: emailAddress.optional(),
        option: z.enum(UNSUBSCRIBE_OPTIONS),
        reasons: z.array(z.enum(UNSUBSCRIBE_REASONS)).max(UNSUBSCRIBE_REASONS.length).default([]),
        userId: z.string().max(100).optional(),
        /** The newsletter of a logged-in guest's `type` option. */
        typeId: newsletterTypeId.optional(),
        token: mailToken.optional(),
      }),
      response: z.object({ email: z.string(), unsubscribed: z.array(newsletterTypeId) }),
    }),
  }),
  /** What the unsubscribe page shows before the guest decides: the address and the newsletter of the link. */
  newsletterUnsubscribeInfo: defineEndpoint({
    method: 'GET',
    path: '/newsletter/unsubscribe/:token',
    schemas: () => ({
      params: z.object({ token: mailToken }),
      response: z.object({ email: z.string(), typeId: newsletterTypeId }),
    }),
  }),
  /** The verification link of a guest's address (single use); the guest's sockets get onGuestEmailVerified. */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/guest/email/verify',
    schemas: () => ({ body: z.object({ token: mailToken }), response: linkAnswer }),
  }),
  /** Sends the verification mail again (at most one a minute). */
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/guest/email/sendVerification',
    needsGuest: true,
    schemas: () => ({ response: z.object({ email: z.string() }) }),
  }),
  /**
   * A reset link to the address, when it has an account; the answer is the same either way, so nobody learns
   * which addresses have one.
   */
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/auth/password/forgot',
    schemas: () => ({ body: emailAddress, response: z.object({ sent: z.literal(true) }) }),
  }),
  /** A new password through the reset link (single use, expires); every session of the guest ends. */
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/password/reset',
    schemas: () => ({
      body: z.object({ token: mailToken, password: z.string().max(PASSWORD_MAX_LENGTH) }),
      response: linkAnswer,
    }),
  }),
  /** The logged-in guest's new password; the guest's other sessions end. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/auth/password/change',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ currentPassword: z.string().max(1024), password: z.string().max(PASSWORD_MAX_LENGTH) }),
      response: z.object({ sessionsEnded: z.number().int() }),
    }),
  }),
};

export const outboxState = z.enum(['queued', 'sending', 'sent', 'kept', 'failed']);
export const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  template: z.string(),
  language: z.string(),
  subject: z.string(),
  /** The plain-text part; empty once a mail went out over SMTP (its links are not kept). */
  text: z.string(),
  state: outboxState,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  created: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** Operators: the mails the server sent or keeps (without SMTP the outbox is where mails are read). */
export const outboxEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/mail/outbox',
    needsGuest: true,
    schemas: () => ({
      query: pageQuery.extend({ state: outboxState.optional() }),
      response: pageOf(outboxMail).extend({ transport: z.enum(['smtp', 'outbox']) }),
    }),
  }),
  /**
   * Sends the newsletter of a type now to every address whose subscription runs, each with its own unsubscribe
   * link; answers how many were written to the outbox.
   */
  sendNewsletter: defineEndpoint({
    method: 'POST',
    path: '/mail/newsletters/:typeId/send',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ typeId: idParam.pipe(newsletterTypeId) }),
      response: z.object({ typeId: newsletterTypeId, queued: z.number().int() }),
    }),
  }),
  /** One mail with its HTML part. */
  get: defineEndpoint({
    method: 'GET',
    path: '/mail/outbox/:mailId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ mailId: idParam }),
      response: outboxMail.extend({ html: z.string() }),
    }),
  }),
};

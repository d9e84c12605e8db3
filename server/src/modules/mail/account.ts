import { eq } from 'drizzle-orm';
import type { Language } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { asLanguage, findGuest, type GuestRow } from '../auth/guests';
import { checkNewPassword } from '../auth/password';
import { findGuestByEmail, passwordMatches, setEmail, setPassword } from '../auth/service';
import { FailureThrottle, throttleStore } from '../auth/throttle';
import { normalEmail } from './newsletter';
import { mailerOf } from './outbox';
import { verifiedAddresses } from './schema';
import { siteLink } from './templates';
import { issueToken, TOKEN_LIFETIME_MS, tokensSince, spendToken, voidTokens } from './tokens';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Verification mails: one a minute and five a day per guest, so a button cannot flood an inbox. */
const VERIFY_MIN_GAP_MS = MINUTE_MS;
const VERIFY_PER_DAY = 5;
/** Reset mails per address and hour; beyond it the request is answered alike and nothing is sent. */
const RESETS_PER_HOUR = 3;

export interface EmailProperties {
  email: string | null;
  verified: boolean;
}

/** The guest's address and whether the guest proved to own it (a changed address needs a new proof). */
export async function emailProperties(ctx: ModuleContext, guestId: string): Promise<EmailProperties> {
  const guest = await findGuest(ctx.db, guestId);
  const [proof] = await ctx.db.select().from(verifiedAddresses).where(eq(verifiedAddresses.guestId, guestId));
  return { email: guest.email, verified: guest.email !== null && proof?.email === guest.email };
}

/**
 * Writes the verification mail of the guest's address. `limited` refuses it (429 RATE_LIMITED) when the guest
 * had one within the last minute or five within a day; the sign-up's own mail is never limited.
 */
export async function sendVerification(ctx: ModuleContext, guest: GuestRow, { limited = true } = {}) {
  if (!guest.email || guest.anonymous) throw new HttpError(400, 'INVALID_EMAIL', 'This account has no address');
  const now = ctx.now();
  if (limited) {
    const recent = await tokensSince(ctx.db, 'verifyEmail', guest.email, new Date(now.getTime() - 24 * HOUR_MS));
    if (recent.count >= VERIFY_PER_DAY || (recent.last && now.getTime() - recent.last.getTime() < VERIFY_MIN_GAP_MS))
      throw new HttpError(429, 'RATE_LIMITED', 'A verification mail was sent a moment ago');
  }
  const language = asLanguage(guest.language);
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works: a guest who asked again and follows an older mail gets LINK_USED.
    await voidTokens(tx, 'verifyEmail', guest.email!, now);
    const token = await issueToken(tx, 'verifyEmail', { guestId: guest.id, email: guest.email! }, now);
    await mailerOf(ctx).enqueue(tx, {
      to: guest.email!,
      guestId: guest.id,
      template: 'verifyEmail',
      language,
      name: guest.name,
      link: siteLink(ctx.config.publicUrl, language, 'emailVerify', { token }),
      values: { email: guest.email!, hours: TOKEN_LIFETIME_MS.verifyEmail / HOUR_MS },
    });
  });
  await ctx.statusBar.refresh(guest.id);
}

/**
 * A verification link: the address the mail went to becomes the guest's proven one, if it is still the guest's.
 * Every socket of the guest hears it (the tab that signed up may not be the one that followed the link).
 */
export async function verifyEmail(ctx: ModuleContext, token: string): Promise<{ email: string }> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const used = await spendToken(tx, 'verifyEmail', token, now);
    const guest = used.guestId ? await findGuest(tx, used.guestId).catch(() => null) : null;
    if (!guest || guest.email !== used.email)
      throw new HttpError(404, 'LINK_INVALID', 'This link is for an address the account no longer has');
    await tx
      .insert(verifiedAddresses)
      .values({ guestId: guest.id, email: used.email, verifiedAt: now })
      .onConflictDoUpdate({ target: verifiedAddresses.guestId, set: { email: used.email, verifiedAt: now } });
    return used;
  });
  ctx.hub.sendToGuest(row.guestId!, { type: 'onGuestEmailVerified', email: row.email });
  ctx.hub.sendToGuest(row.guestId!, { type: 'emailProperties', email: row.email, verified: true, errorCode: null });
  await ctx.statusBar.refresh(row.guestId!);
  return { email: row.email };
}

/**
 * A guest's corrected address (the socket's sendSignupEmail): taken when valid and nobody else's, then the
 * verification mail goes to it.
 */
export const changeAddress = (ctx: ModuleContext, guestId: string, input: string): Promise<GuestRow> =>
  setEmail(ctx.db, guestId, input);

/**
 * A reset link for the address's account, if there is one and it had fewer than three in the last hour. The
 * caller answers alike in every case (OWASP forgot-password cheat sheet: no account enumeration); the mail is
 * only written here and sent in the background, so an account costs the answer a few writes, not an SMTP exchange.
 */
export async function requestPasswordReset(
  ctx: ModuleContext,
  input: string,
  language: Language | undefined,
): Promise<void> {
  const email = normalEmail(input);
  const now = ctx.now();
  const guest = await findGuestByEmail(ctx.db, email);
  if (!guest) return;
  const recent = await tokensSince(ctx.db, 'passwordReset', email, new Date(now.getTime() - HOUR_MS));
  if (recent.count >= RESETS_PER_HOUR) return;
  // The page the guest asked from names the language; the account's own language is the fallback.
  const lng = language ?? asLanguage(guest.language);
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, 'passwordReset', { guestId: guest.id, email }, now);
    await mailerOf(ctx).enqueue(tx, {
      to: email,
      guestId: guest.id,
      template: 'passwordReset',
      language: lng,
      name: guest.name,
      link: siteLink(ctx.config.publicUrl, lng, 'passwordReset', { token }),
      values: { email, minutes: TOKEN_LIFETIME_MS.passwordReset / MINUTE_MS },
    });
  });
}

/** Writes the notice that the password changed, so a guest whose account was taken over learns of it. */
async function noticeOfChange(ctx: ModuleContext, guest: GuestRow) {
  const language = asLanguage(guest.language);
  await mailerOf(ctx).enqueue(ctx.db, {
    to: guest.email!,
    guestId: guest.id,
    template: 'passwordChanged',
    language,
    name: guest.name,
    link: siteLink(ctx.config.publicUrl, language, 'home'),
    values: { email: guest.email! },
  });
}

/**
 * A new password through a reset link. The link is used once, every other reset link of the address becomes
 * void, and every session of the guest ends: whoever knew the old password is logged out.
 */
export async function resetPassword(ctx: ModuleContext, token: string, password: string): Promise<{ email: string }> {
  // A refused password leaves the link unused, so the guest can try another.
  checkNewPassword(password);
  const now = ctx.now();
  const guest = await ctx.db.transaction(async (tx) => {
    const used = await spendToken(tx, 'passwordReset', token, now);
    const row = await setPassword(tx, used.guestId!, password);
    if (row.email !== used.email)
      throw new HttpError(404, 'LINK_INVALID', 'This link is for an address the account no longer has');
    await voidTokens(tx, 'passwordReset', used.email, now);
    // Following the link proved the address as well.
    await tx
      .insert(verifiedAddresses)
      .values({ guestId: row.id, email: used.email, verifiedAt: now })
      .onConflictDoUpdate({ target: verifiedAddresses.guestId, set: { email: used.email, verifiedAt: now } });
    return row;
  });
  await ctx.sessions.endAllOf(guest.id, now);
  ctx.hub.endSessions(guest.id);
  await noticeOfChange(ctx, guest);
  return { email: guest.email! };
}

/** Ends the guest's sessions but the one of `sid`, on the server and on their sockets; answers how many ended. */
export async function endOtherSessions(ctx: ModuleContext, guestId: string, sid: string): Promise<number> {
  const ended = await ctx.sessions.endOthers(guestId, sid, ctx.now());
  for (const other of ended) ctx.hub.endSessions(guestId, other);
  return ended.length;
}

/** Wrong current passwords count like failed logins: 5 an hour per guest, then growing waits. */
const changeFailures = new FailureThrottle('password-change', {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE_MS,
  windowMs: HOUR_MS,
});

/** The logged-in guest's new password, given the current one; the guest's other sessions end. */
export async function changePassword(
  ctx: ModuleContext,
  auth: { guestId: string; sid: string },
  current: string,
  password: string,
): Promise<{ sessionsEnded: number }> {
  const throttle = throttleStore(ctx.bus);
  const key = changeFailures.key(auth.guestId);
  // Counted ahead of the check, across the server processes, so parallel guesses count too.
  const wait = await throttle.attempt([key], ctx.now().getTime());
  if (wait > 0) throw new HttpError(429, 'RATE_LIMITED', 'Too many wrong passwords; try again later');
  const guest = await findGuest(ctx.db, auth.guestId);
  if (!(await passwordMatches(guest, current)))
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'The current password is wrong');
  await throttle.reset([key]);
  await setPassword(ctx.db, guest.id, password);
  const sessionsEnded = await endOtherSessions(ctx, guest.id, auth.sid);
  if (guest.email) await noticeOfChange(ctx, guest);
  return { sessionsEnded };
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { mailTokens } from './schema';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * What each link does and how long it works: a password reset briefly (OWASP forgot-password cheat sheet), an
 * address confirmation two days (mails arrive late, guests read them later), a newsletter's unsubscribe link
 * as long as a newsletter is worth reading.
 */
export const TOKEN_LIFETIME_MS = {
  verifyEmail: 48 * HOUR_MS,
  passwordReset: PASSWORD_RESET_MINUTES * MINUTE_MS,
  newsletterConfirm: 48 * HOUR_MS,
  newsletterUnsubscribe: 60 * 24 * HOUR_MS,
} as const;
export type TokenPurpose = keyof typeof TOKEN_LIFETIME_MS;
export type TokenRow = typeof mailTokens.$inferSelect;

/** Only the hash is stored: the token itself exists in the mail alone. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenSubject {
  guestId: string | null;
  email: string;
  newsletterType?: number;
}

/** A new link token (32 random bytes, base64url); answers the token for the mail. */
export async function issueToken(db: Database, purpose: TokenPurpose, subject: TokenSubject, now: Date) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(mailTokens).values({
    hash: hashOf(token),
    purpose,
    guestId: subject.guestId,
    email: subject.email,
    newsletterType: subject.newsletterType ?? null,
    created: now,
    expires: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Why a token of this purpose cannot be used: unknown (or another purpose's), used, expired. */
function refusal(row: TokenRow | undefined, purpose: TokenPurpose, now: Date): HttpError {
  if (!row || row.purpose !== purpose) return new HttpError(404, 'LINK_INVALID', 'This link is not valid');
  if (row.usedAt) return new HttpError(410, 'LINK_USED', 'This link was used already');
  if (row.expires <= now) return new HttpError(410, 'LINK_EXPIRED', 'This link has expired');
  return new HttpError(404, 'LINK_INVALID', 'This link is not valid');
}

/** The token's row while it can be used, without using it (a page showing what the link will do). */
export async function peekToken(db: Database, purpose: TokenPurpose, token: string, now: Date): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(mailTokens)
    .where(eq(mailTokens.hash, hashOf(token)));
  if (row && row.purpose === purpose && !row.usedAt && row.expires > now) return row;
  throw refusal(row, purpose, now);
}

/** Uses the token once: of two requests with the same link only one gets its row, the other LINK_USED. */
export async function spendToken(db: Database, purpose: TokenPurpose, token: string, now: Date): Promise<TokenRow> {
  const hash = hashOf(token);
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(mailTokens.hash, hash),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expires, now),
      ),
    )
    .returning();
  if (row) return row;
  const [found] = await db.select().from(mailTokens).where(eq(mailTokens.hash, hash));
  throw refusal(found, purpose, now);
}

/** Ends every unused token of a purpose for an address (a newer link or a done reset makes older ones void). */
export async function voidTokens(db: Database, purpose: TokenPurpose, email: string, now: Date): Promise<void> {
  await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(and(eq(mailTokens.purpose, purpose), eq(mailTokens.email, email), isNull(mailTokens.usedAt)));
}

/** Tokens of a purpose issued to an address since `since` (how many mails of a kind it got lately). */
export async function tokensSince(db: Database, purpose: TokenPurpose, email: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<Date | null>`max(${mailTokens.created})` })
    .from(mailTokens)
    .where(and(eq(mailTokens.purpose, purpose), eq(mailTokens.email, email), gt(mailTokens.created, since)));
  return { count: row?.count ?? 0, last: row?.last ? new Date(row.last) : null };
}

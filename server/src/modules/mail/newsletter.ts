import { and, eq, inArray } from 'drizzle-orm';
import {
  isValidEmail,
  NEWSLETTER_TYPE_IDS,
  type Language,
  type NewsletterState,
  type NewsletterTypeId,
  type RouteName,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { mailerOf } from './outbox';
import { newsletterSubscriptions } from './schema';
import { newsletterName, newsletterTeaser, siteLink } from './templates';
import { issueToken, peekToken, TOKEN_LIFETIME_MS, tokensSince, spendToken } from './tokens';

const HOUR_MS = 3_600_000;
/** Confirmation mails per address and hour: anyone may type an address, so its inbox is protected here. */
const CONFIRMATIONS_PER_HOUR = 5;

/** The page each newsletter leads to. */
const NEWSLETTER_PAGES: Record<NewsletterTypeId, { name: RouteName; args?: Record<string, string> }> = {
  256: { name: 'contests' },
  512: { name: 'tvLateNight' },
  1024: { name: 'vipClub' },
  2048: { name: 'specialEvent', args: { eventSlug: 'vr-porn' } },
};

export const normalEmail = (input: string) => {
  const email = input.trim().toLowerCase();
  if (!isValidEmail(email)) throw new HttpError(400, 'INVALID_EMAIL', 'This email address is not valid');
  return email;
};

/** Each newsletter's state for an address (`off` where it never subscribed). */
export async function newsletterStates(db: Database, email: string | null) {
  const rows = email
    ? await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
    : [];
  return NEWSLETTER_TYPE_IDS.map((typeId) => ({
    typeId,
    state: (rows.find((row) => row.typeId === typeId)?.state ?? 'off') as NewsletterState,
  }));
}

/**
 * Double opt-in: the subscription waits (`pending`) for its confirmation link; one already running stays as it
 * is and gets no mail. An address that had five confirmation mails this hour stays pending without another.
 */
export async function subscribe(
  ctx: ModuleContext,
  {
    email,
    typeId,
    language,
    guestId,
  }: { email: string; typeId: NewsletterTypeId; language: Language; guestId: string | null },
): Promise<NewsletterState> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.email, email), eq(newsletterSubscriptions.typeId, typeId)))
      .for('update');
    if (current?.state === 'on') return 'on';
    await tx
      .insert(newsletterSubscriptions)
      .values({ email, typeId, state: 'pending', language, requestedAt: now })
      .onConflictDoUpdate({
        target: [newsletterSubscriptions.email, newsletterSubscriptions.typeId],
        set: { state: 'pending', language, requestedAt: now },
      });
    const recent = await tokensSince(tx, 'newsletterConfirm', email, new Date(now.getTime() - HOUR_MS));
    if (recent.count >= CONFIRMATIONS_PER_HOUR) return 'pending';
    const token = await issueToken(tx, 'newsletterConfirm', { guestId, email, newsletterType: typeId }, now);
    await mailerOf(ctx).enqueue(tx, {
      to: email,
      guestId,
      template: 'newsletterConfirm',
      language,
      name: null,
      link: siteLink(ctx.config.publicUrl, language, 'newsletterConfirm', { token }),
      values: {
        email,
        newsletter: newsletterName(typeId, language),
        hours: TOKEN_LIFETIME_MS.newsletterConfirm / HOUR_MS,
      },
    });
    return 'pending';
  });
}

/**
 * One newsletter mail to a subscriber: with its own unsubscribe link in the text and in the List-Unsubscribe
 * header (RFC 2369), whose HTTPS address takes the one-click POST of RFC 8058, so mail clients offer the button.
 */
async function sendNewsletter(
  ctx: ModuleContext,
  db: Database,
  {
    email,
    typeId,
    language,
    guestId,
  }: { email: string; typeId: NewsletterTypeId; language: Language; guestId: string | null },
) {
  const now = ctx.now();
  const token = await issueToken(db, 'newsletterUnsubscribe', { guestId, email, newsletterType: typeId }, now);
  const page = NEWSLETTER_PAGES[typeId];
  await mailerOf(ctx).enqueue(db, {
    to: email,
    guestId,
    template: 'newsletter',
    language,
    name: null,
    link: siteLink(ctx.config.publicUrl, language, page.name, page.args),
    body: newsletterTeaser(typeId, language),
    values: { newsletter: newsletterName(typeId, language) },
    unsubscribeLink: siteLink(ctx.config.publicUrl, language, 'newsletterUnsubscribe', { token }),
    headers: {
      'List-Unsubscribe': `<${ctx.config.publicUrl}/mail/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${newsletterName(typeId, 'en')} <${typeId}.newsletter.velvet>`,
    },
  });
}

/** Subscribers written per transaction when a newsletter goes to everyone. */
const ISSUE_BATCH = 500;

/**
 * The type's newsletter to every address whose subscription runs (an operator's send), each with its own
 * unsubscribe link; answers how many mails were written. Batches keep each transaction short.
 */
export async function sendIssue(ctx: ModuleContext, typeId: NewsletterTypeId): Promise<number> {
  const subscribers = await ctx.db
    .select({ email: newsletterSubscriptions.email, language: newsletterSubscriptions.language })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.typeId, typeId), eq(newsletterSubscriptions.state, 'on')))
    .orderBy(newsletterSubscriptions.email);
  for (let start = 0; start < subscribers.length; start += ISSUE_BATCH) {
    await ctx.db.transaction(async (tx) => {
      for (const { email, language } of subscribers.slice(start, start + ISSUE_BATCH))
        await sendNewsletter(ctx, tx, { email, typeId, language: language as Language, guestId: null });
    });
  }
  return subscribers.length;
}

/** The confirmation link: the subscription runs, and its first newsletter goes out. */
export async function confirm(ctx: ModuleContext, token: string) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const used = await spendToken(tx, 'newsletterConfirm', token, now);
    const typeId = used.newsletterType as NewsletterTypeId;
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({ state: 'on', confirmedAt: now, unsubscribedAt: null, reasons: [] })
      .where(and(eq(newsletterSubscriptions.email, used.email), eq(newsletterSubscriptions.typeId, typeId)))
      .returning();
    // Left again before confirming: the link no longer stands for a wish.
    if (!row) throw new HttpError(404, 'LINK_INVALID', 'This subscription was withdrawn');
    await sendNewsletter(ctx, tx, {
      email: used.email,
      typeId,
      language: row.language as Language,
      guestId: used.guestId,
    });
    return { typeId, email: used.email };
  });
}

/** The address and newsletter of an unsubscribe link, for the page that asks what to leave. */
export async function unsubscribeTarget(ctx: ModuleContext, token: string, use: boolean) {
  const row = use
    ? await spendToken(ctx.db, 'newsletterUnsubscribe', token, ctx.now())
    : await peekToken(ctx.db, 'newsletterUnsubscribe', token, ctx.now());
  return { email: row.email, typeId: row.newsletterType as NewsletterTypeId };
}

/** Ends the address's newsletters of `typeIds` that run or wait; answers which ended. */
export async function unsubscribe(
  ctx: ModuleContext,
  email: string,
  typeIds: readonly NewsletterTypeId[],
  reasons: readonly string[],
): Promise<NewsletterTypeId[]> {
  const rows = await ctx.db
    .update(newsletterSubscriptions)
    .set({ state: 'off', unsubscribedAt: ctx.now(), reasons: [...reasons] })
    .where(
      and(
        eq(newsletterSubscriptions.email, email),
        inArray(newsletterSubscriptions.typeId, [...typeIds]),
        inArray(newsletterSubscriptions.state, ['on', 'pending']),
      ),
    )
    .returning({ typeId: newsletterSubscriptions.typeId });
  return rows.map((row) => row.typeId as NewsletterTypeId).sort((a, b) => a - b);
}

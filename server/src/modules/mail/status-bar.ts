import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ModuleContext } from '../module';
import { asLanguage, findGuest } from '../auth/guests';
import { mailTokens, verifiedAddresses } from './schema';
import { siteLink } from './templates';

/** How long after following the verification link the guest is thanked for it. */
export const VERIFIED_NOTICE_MS = 24 * 60 * 60 * 1000;

/** Where a guest's address stands: proven (and when), or waiting for a link that still works, or neither. */
async function addressState(ctx: ModuleContext, guestId: string) {
  const guest = await findGuest(ctx.db, guestId);
  if (!guest.email || guest.anonymous) return null;
  const now = ctx.now();
  const [proof] = await ctx.db.select().from(verifiedAddresses).where(eq(verifiedAddresses.guestId, guestId));
  const verifiedAt = proof?.email === guest.email ? proof.verifiedAt : null;
  const [link] = verifiedAt
    ? []
    : await ctx.db
        .select({ created: mailTokens.created })
        .from(mailTokens)
        .where(
          and(
            eq(mailTokens.purpose, 'verifyEmail'),
            eq(mailTokens.email, guest.email),
            isNull(mailTokens.usedAt),
            gt(mailTokens.expires, now),
          ),
        )
        .orderBy(desc(mailTokens.created))
        .limit(1);
  const settings = siteLink('', asLanguage(guest.language), 'myAccountNotifications');
  return { email: guest.email, verifiedAt, linkWaiting: Boolean(link), settings, now };
}

/**
 * The address's three status bar messages, one at a time: a link on its way (mailWelcomeLink, right after the
 * sign-up or a resend, while the link works), no working link and no proof (mailNotVerified: the settings page
 * sends a new one), and the thanks for a day after the proof (verifiedMail).
 */
export function registerMailStatusBar(ctx: ModuleContext): void {
  ctx.statusBar.register('mailNotVerified', async (guestId) => {
    const state = await addressState(ctx, guestId);
    return state && !state.verifiedAt && !state.linkWaiting
      ? { data: { email: state.email }, action: { href: state.settings } }
      : null;
  });
  ctx.statusBar.register('verifiedMail', async (guestId) => {
    const state = await addressState(ctx, guestId);
    return state?.verifiedAt && state.now.getTime() - state.verifiedAt.getTime() < VERIFIED_NOTICE_MS
      ? { data: { email: state.email }, action: null }
      : null;
  });
  ctx.statusBar.register('mailWelcomeLink', async (guestId) => {
    const state = await addressState(ctx, guestId);
    return state && !state.verifiedAt && state.linkWaiting
      ? { data: { email: state.email }, action: { href: state.settings } }
      : null;
  });
}

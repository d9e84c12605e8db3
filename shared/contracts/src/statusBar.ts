import { z } from 'zod';
import { once } from './lazy';
import { SHELL_FLOWS } from './platform';

/**
 * The status bar's message types, most urgent first: a guest sees one message at a time, the first of these that
 * applies to her and that she has not closed. Errors, then what answers something she just did (a cancellation
 * offer, a verification under way or done), then the age check that gates content, then the address to confirm,
 * then news and greetings. The server decides which: every module registers the types it knows when to show.
 */
export const STATUS_BAR_TYPES = [
  'error',
  'notFoundRedirect',
  'cancellationOfferError',
  'cancellationOffer',
  'avsStatus',
  'avsAccepted',
  'verifiedMail',
  'noavs',
  'mailWelcomeLink',
  'mailNotVerified',
  'automaticRecharge',
  'monthlyBonusNotification',
  'welcomeBackUser',
] as const;
export type StatusBarType = (typeof STATUS_BAR_TYPES)[number];

/** What a status bar action may claim for the guest in place (a POST the shell sends, naming no page). */
export const STATUS_BAR_CLAIMS = ['vipMonthlyBonus'] as const;
export type StatusBarClaim = (typeof STATUS_BAR_CLAIMS)[number];

/**
 * One status bar message: its type names the text (`shell:statusBar.<type>`), `data` fills the text's
 * placeholders (a `context` in it picks the text's variant, i18next's `text_<context>`), and the optional action
 * is a flow the shell opens, a path of the site or a claim the shell sends.
 */
export const statusBarEntry = once(() =>
  z
    .object({
      type: z.enum(STATUS_BAR_TYPES),
      data: z.record(z.string(), z.union([z.string(), z.number()])),
      action: z
        .union([
          z.object({ flow: z.enum(SHELL_FLOWS) }).strict(),
          z.object({ href: z.string().startsWith('/') }).strict(),
          z.object({ claim: z.enum(STATUS_BAR_CLAIMS) }).strict(),
        ])
        .nullable(),
    })
    .strict(),
);
export type StatusBarEntry = z.infer<ReturnType<typeof statusBarEntry>>;

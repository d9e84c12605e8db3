import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { count, desc, eq } from 'drizzle-orm';
import {
  LANGUAGES,
  mailEndpoints,
  NEWSLETTER_TYPE_IDS,
  outboxEndpoints,
  type Language,
  type NewsletterTypeId,
} from '@velvet/contracts';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError, requireOperator, route } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { shareVideo } from './share';
import { asLanguage, findGuest } from '../auth/guests';
import {
  changePassword,
  emailProperties,
  requestPasswordReset,
  resetPassword,
  sendVerification,
  verifyEmail,
} from './account';
import {
  confirm,
  newsletterStates,
  normalEmail,
  sendIssue,
  subscribe,
  unsubscribe,
  unsubscribeTarget,
} from './newsletter';
import { mailerOf } from './outbox';
import { mailOutbox, type OutboxRow } from './schema';

/** The page's language, which every call of the platform carries as a query parameter. */
const pageLanguage = (request: FastifyRequest): Language | undefined => {
  const { language } = request.query as { language?: unknown };
  return (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : undefined;
};

const outboxView = (row: OutboxRow) => ({
  id: row.id,
  to: row.to,
  template: row.template,
  language: row.language,
  subject: row.subject,
  text: row.text,
  state: row.state as 'queued' | 'sending' | 'sent' | 'kept' | 'failed',
  attempts: row.attempts,
  lastError: row.lastError,
  created: row.created.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export const mailRoutes =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const settingsOf = async (guestId: string) => {
      const { email, verified } = await emailProperties(ctx, guestId);
      return { email, emailVerified: verified, newsletters: await newsletterStates(ctx.db, email) };
    };

    route(app, mailEndpoints.notificationSettings, ({ auth }) => settingsOf(auth.guestId));

    route(app, mailEndpoints.sendVideoShareEmail, async ({ auth, body, query }) => {
      const language = query.language ?? asLanguage((await findGuest(ctx.db, auth.guestId)).language);
      return shareVideo(ctx, auth, body, language);
    });

    route(app, mailEndpoints.saveNotificationSettings, async ({ auth, body, request }) => {
      const guest = await findGuest(ctx.db, auth.guestId);
      if (!guest.email) throw new HttpError(400, 'INVALID_EMAIL', 'This account has no address');
      const language = pageLanguage(request) ?? asLanguage(guest.language);
      const leaving = body.newsletters.filter((n) => !n.subscribed).map((n) => n.typeId);
      if (leaving.length > 0) await unsubscribe(ctx, guest.email, leaving, []);
      for (const { typeId } of body.newsletters.filter((n) => n.subscribed))
        await subscribe(ctx, { email: guest.email, typeId, language, guestId: guest.id });
      return settingsOf(guest.id);
    });

    route(app, mailEndpoints.newsletterSubscribe, async ({ auth, body, request }) => {
      const guest = auth?.loggedIn ? await findGuest(ctx.db, auth.guestId) : null;
      const given = body.emailAddress?.email ?? guest?.email;
      if (!given) throw new HttpError(400, 'INVALID_EMAIL', 'An email address is needed');
      const email = normalEmail(given);
      const language = pageLanguage(request) ?? asLanguage(guest?.language ?? 'en');
      // Only the account's own address is tied to the guest; any other is just an address that asked.
      const guestId = guest && guest.email === email ? guest.id : null;
      return { typeId: body.typeId, state: await subscribe(ctx, { email, typeId: body.typeId, language, guestId }) };
    });

    route(app, mailEndpoints.newsletterConfirm, ({ body }) => confirm(ctx, body.token));

    route(app, mailEndpoints.newsletterUnsubscribeInfo, ({ params }) => unsubscribeTarget(ctx, params.token, false));

    route(app, mailEndpoints.newsletterUnsubscribe, async ({ auth, body }) => {
      let email: string;
      let typeId: NewsletterTypeId | undefined;
      if (body.token) {
        // The link names address and newsletter: it is the proof, whoever follows it.
        ({ email, typeId } = await unsubscribeTarget(ctx, body.token, true));
      } else {
        if (!auth?.loggedIn) throw new HttpError(401, 'LOGIN_REQUIRED', 'Log in or follow the link of the mail');
        const guest = await findGuest(ctx.db, auth.guestId);
        if (!guest.email) throw new HttpError(400, 'INVALID_EMAIL', 'This account has no address');
        email = guest.email;
        typeId = body.typeId;
        if (body.option === 'type' && typeId === undefined)
          throw new HttpError(400, 'VALIDATION_FAILED', 'Name the newsletter to leave (typeId)');
      }
      const types = body.option === 'all' ? NEWSLETTER_TYPE_IDS : [typeId!];
      return { email, unsubscribed: await unsubscribe(ctx, email, types, body.reasons) };
    });

    route(app, mailEndpoints.verifyEmail, ({ body }) => verifyEmail(ctx, body.token));

    route(app, mailEndpoints.resendVerification, async ({ auth }) => {
      const guest = await findGuest(ctx.db, auth.guestId);
      await sendVerification(ctx, guest);
      return { email: guest.email! };
    });

    route(app, mailEndpoints.requestPasswordReset, async ({ body, request }) => {
      await requestPasswordReset(ctx, body.email, pageLanguage(request));
      return { sent: true as const };
    });

    route(app, mailEndpoints.resetPassword, ({ body }) => resetPassword(ctx, body.token, body.password));

    route(app, mailEndpoints.changePassword, ({ auth, body }) =>
      changePassword(ctx, auth, body.currentPassword, body.password),
    );

    route(app, outboxEndpoints.list, async ({ auth, query }) => {
      requireOperator(auth);
      const where = query.state ? eq(mailOutbox.state, query.state) : undefined;
      const { items, total } = await countedPage(
        ctx.db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.id)).$dynamic(),
        ctx.db.select({ total: count() }).from(mailOutbox).where(where),
        pageWindow(query.page, query.pageSize),
      );
      return {
        items: items.map(outboxView),
        total,
        page: query.page,
        pageSize: query.pageSize,
        transport: mailerOf(ctx).kind,
      };
    });

    route(app, outboxEndpoints.sendNewsletter, async ({ auth, params }) => {
      requireOperator(auth);
      return { typeId: params.typeId, queued: await sendIssue(ctx, params.typeId) };
    });

    route(app, outboxEndpoints.get, async ({ auth, params }) => {
      requireOperator(auth);
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, params.mailId));
      if (!row) throw new HttpError(404, 'NOT_FOUND', 'No such mail');
      return { ...outboxView(row), html: row.html };
    });
  };

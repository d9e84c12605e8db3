import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailToken, type Language } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { unsubscribe, unsubscribeTarget } from './newsletter';
import { newsletterSubscriptions } from './schema';
import { siteLink } from './templates';

const params = z.object({ token: mailToken });
const tokenOf = (raw: unknown) => {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new HttpError(404, 'LINK_INVALID', 'This link is not valid');
  return parsed.data.token;
};

/**
 * The address of a newsletter's List-Unsubscribe header. A mail client's one-click POST (RFC 8058: a form body
 * `List-Unsubscribe=One-Click`) ends that newsletter at once; a GET (a client without one-click, a person)
 * only leads to the unsubscribe page, since link scanners fetch addresses in mails and must not end anything.
 */
export const mailOneClickUnsubscribe =
  (ctx: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, body, done) => done(null, new URLSearchParams(String(body))),
    );

    app.post('/mail/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : null;
      if (form?.get('List-Unsubscribe') !== 'One-Click')
        throw new HttpError(400, 'VALIDATION_FAILED', 'A one-click unsubscribe posts List-Unsubscribe=One-Click');
      const { email, typeId } = await unsubscribeTarget(ctx, tokenOf(request.params), true);
      await unsubscribe(ctx, email, [typeId], []);
      return reply.code(200).send({ email, unsubscribed: [typeId] });
    });

    app.get('/mail/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
      const token = tokenOf(request.params);
      const { email, typeId } = await unsubscribeTarget(ctx, token, false);
      const [subscription] = await ctx.db
        .select({ language: newsletterSubscriptions.language })
        .from(newsletterSubscriptions)
        .where(and(eq(newsletterSubscriptions.email, email), eq(newsletterSubscriptions.typeId, typeId)));
      const language = (subscription?.language ?? 'en') as Language;
      return reply.redirect(siteLink(ctx.config.publicUrl, language, 'newsletterUnsubscribe', { token }), 303);
    });
  };

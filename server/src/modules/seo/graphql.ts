import { z } from 'zod';
import { SEO_TEXTS_MAX_TAGS, seoGraphqlSchema, seoTextTag } from '@velvet/contracts';
import type { MercuriusContext } from 'mercurius';
import { callLanguage } from '../../http/call-language';
import { HttpError } from '../../http/endpoint';
import { tenantOfHost } from '../federation';
import type { GraphqlContribution } from '../module';
import { seoTextsIn } from './seo-texts';

const seoTextsArgs = z.object({ tags: z.array(seoTextTag).min(1).max(SEO_TEXTS_MAX_TAGS) });

/**
 * The SEO texts of tags in the call's language with the brand of the host's tenant. Not shared through the visitor
 * cache, whose key does not name the tenant: the texts are in memory, so an answer costs no database read.
 */
export const seoGraphql: GraphqlContribution = {
  schema: seoGraphqlSchema,
  resolvers: {
    Query: {
      seoTexts: async (_root: unknown, args: unknown, { ctx, reply }: MercuriusContext) => {
        const parsed = seoTextsArgs.safeParse(args);
        if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad');
        const tenant = await tenantOfHost(ctx, reply.request.hostname);
        return seoTextsIn(ctx, parsed.data.tags, callLanguage(reply.request), tenant.brand);
      },
    },
  },
};

import { z } from 'zod';
import { LEGAL_TEXTS_MAX_FIRST, legalGraphqlSchema, legalTextFilter } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import type { GraphqlContribution, ModuleContext } from '../module';
import { LEGAL_TEXTS_DEFAULT_FIRST, listLegalTexts } from './service';

const legalTextsArgs = z.object({
  filter: legalTextFilter.nullish(),
  first: z.number().int().min(1).max(LEGAL_TEXTS_MAX_FIRST).nullish(),
  offset: z.number().int().min(0).max(100_000).nullish(),
});

export const legalGraphql: GraphqlContribution = {
  schema: legalGraphqlSchema,
  resolvers: {
    Query: {
      legalTexts: async (_root: unknown, args: unknown, { ctx }: { ctx: ModuleContext }) => {
        const parsed = legalTextsArgs.safeParse(args);
        if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad');
        const { filter, first, offset } = parsed.data;
        return listLegalTexts(ctx.db, filter ?? {}, first ?? LEGAL_TEXTS_DEFAULT_FIRST, offset ?? 0);
      },
    },
  },
  // The same texts for everyone.
  visitorSharedQueries: ['legalTexts'],
};

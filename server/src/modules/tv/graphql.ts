import { TV_GRAPHQL_SCHEMA } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { TV_PAGE_SIZE } from '@velvet/contracts';
import type { GraphqlContext as Context } from '../../graphql';
import { ageGate } from '../auth/age';
import type { GraphqlContribution } from '../module';
import * as tv from './service';

interface PageArgs {
  first?: number | null;
  offset?: number | null;
}
const MAX_FIRST = 100;

/** Explicit nulls count as absent; out-of-range values are a 400. */
function checkPage({ first, offset }: PageArgs): { first: number; offset: number } {
  const page = { first: first ?? TV_PAGE_SIZE, offset: offset ?? 0 };
  if (page.first < 1 || page.first > MAX_FIRST || page.offset < 0) {
    throw new HttpError(400, 'VALIDATION_FAILED', `first must be 1..${MAX_FIRST} and offset at least 0`);
  }
  return page;
}

export const tvGraphql: GraphqlContribution = {
  schema: TV_GRAPHQL_SCHEMA,
  resolvers: {
    Query: {
      tvSeries: (_root: unknown, args: PageArgs, { ctx }: Context) => {
        const { first, offset } = checkPage(args);
        return tv.seriesPage(ctx.db, offset, first);
      },
      tvMediathek: (_root: unknown, args: PageArgs & { seriesKey: string }, { ctx }: Context) => {
        const { first, offset } = checkPage(args);
        return tv.mediathek(ctx.db, args.seriesKey, offset, first);
      },
      tvLateNightShow: async (_root: unknown, _args: unknown, { ctx, auth }: Context) =>
        tv.lateNightShow(ctx.db, ctx.images, await ageGate(ctx, auth), ctx.now()),
    },
  },
};

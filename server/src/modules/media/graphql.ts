import { mediaGraphqlSchema } from '@velvet/contracts';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import * as media from './service';

interface Context {
  auth: Auth | null;
  ctx: ModuleContext;
}

/** GraphQL sends explicit nulls for unset input fields; the zod defaults apply only to absent ones. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

export const mediaGraphql: GraphqlContribution = {
  schema: mediaGraphqlSchema,
  visitorSharedQueries: ['videos'],
  resolvers: {
    Query: {
      videos: (_root: unknown, args: { filter?: unknown; searchPattern?: string | null }, { auth, ctx }: Context) => {
        const request = media.parseGridRequest(
          withoutNulls({ ...(args.filter ?? {}), searchPattern: args.searchPattern }),
        );
        return media.videoGrid(ctx, auth, request, ctx.now()).catch(media.asHttpError);
      },
    },
  },
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius, { type IFieldResolver, type IResolvers, type MercuriusContext } from 'mercurius';
import { MISSING_TOKEN_MESSAGE } from '@velvet/contracts';
import { HttpError } from '../http/endpoint';
import type { Auth, GraphqlContribution, ModuleContext, ServerModule } from '../modules/module';

/** What every resolver receives as its context (besides mercurius' own members). */
export interface GraphqlContext {
  auth: Auth | null;
  ctx: ModuleContext;
}

declare module 'mercurius' {
  interface MercuriusContext {
    auth: Auth | null;
    ctx: ModuleContext;
  }
}

const SERVER_VERSION = '1';

/** Joins the base schema and each module's `extend type ...` contributions into one schema and resolver map. */
export function mergeContributions(contributions: readonly GraphqlContribution[]): {
  schema: string;
  resolvers: IResolvers;
} {
  const sdl = contributions.map((c) => c.schema);
  // An empty `type Mutation` is invalid GraphQL, so it is declared only when some module extends it.
  const hasMutations = sdl.some((schema) => /extend\s+type\s+Mutation\b/.test(schema));
  const base = `type Query { version: String! }${hasMutations ? '\ntype Mutation' : ''}`;
  const resolvers: Record<string, Record<string, unknown>> = { Query: { version: () => SERVER_VERSION } };
  for (const contribution of contributions) {
    for (const [typeName, fields] of Object.entries(contribution.resolvers)) {
      resolvers[typeName] = { ...resolvers[typeName], ...(fields as Record<string, unknown>) };
    }
  }
  return { schema: [base, ...sdl].join('\n'), resolvers: resolvers as IResolvers };
}

/** HttpErrors thrown by resolvers keep their stable code in `extensions.code`. */
const errorFormatter: NonNullable<Parameters<typeof mercurius>[1]>['errorFormatter'] = (execution, context) => {
  const formatted = mercurius.defaultErrorFormatter(execution, context);
  const errors = formatted.response.errors;
  if (errors && errors.length === execution.errors.length) {
    execution.errors.forEach((error, index) => {
      const original = error.originalError;
      if (original instanceof HttpError) {
        (errors[index] as { extensions?: Record<string, unknown> }).extensions = {
          ...errors[index]!.extensions,
          code: original.code,
        };
      }
    });
  }
  return formatted;
};

/**
 * Catalogue queries (a module's `visitorSharedQueries`, e.g. the video grid) are shared by visitors who are not
 * logged in through the visitor cache, as the REST catalogue reads are: per URL (language), field and arguments.
 */
function shareCatalogueQueries(resolvers: IResolvers, endpoint: Endpoint, ctx: ModuleContext): void {
  const query = resolvers.Query as Record<string, IFieldResolver<unknown, MercuriusContext>>;
  for (const field of endpoint.contributions.flatMap((contribution) => contribution.visitorSharedQueries ?? [])) {
    const resolve = query[field];
    if (!resolve) throw new Error(`visitorSharedQueries names ${field}, which is no query of ${endpoint.path}`);
    query[field] = (root, args, context, info) =>
      // The URL carries the language; the answer is the field's value, serialized by each request's own query.
      ctx.visitorCache.shared(
        context.reply.request,
        `${context.reply.request.url} ${field} ${JSON.stringify(args)}`,
        async () => resolve(root, args, context, info),
      );
  }
}

interface Endpoint {
  path: string;
  contributions: readonly GraphqlContribution[];
  /** The structured-query service needs a bearer token (spec part 2, 6); the feed service does not. */
  tokenRequired: boolean;
}

async function mount(app: FastifyInstance, ctx: ModuleContext, endpoint: Endpoint): Promise<void> {
  // Each endpoint lives in its own encapsulated scope: mercurius decorates the instance once per scope.
  await app.register(async (scope) => {
    const { schema, resolvers } = mergeContributions(endpoint.contributions);
    shareCatalogueQueries(resolvers, endpoint, ctx);
    // Answered before mercurius sees the request, as a plain 401 like every other refused call.
    scope.addHook('preHandler', async (request, reply) => {
      const refusal =
        request.authError ??
        (endpoint.tokenRequired && !request.auth ? new HttpError(401, 'UNAUTHORIZED', MISSING_TOKEN_MESSAGE) : null);
      if (refusal)
        return reply
          .status(refusal.statusCode)
          .send({ statusCode: refusal.statusCode, code: refusal.code, message: refusal.message });
    });
    await scope.register(mercurius, {
      schema,
      resolvers,
      path: endpoint.path,
      graphiql: false,
      // Queries are compiled to plain functions from their second run: the same few run on every page.
      jit: 1,
      routes: true,
      errorFormatter,
      context: (request: FastifyRequest): GraphqlContext => ({ auth: request.auth, ctx }),
    });
  });
}

/** POST /graphql (token required) and POST /feed/graphql (token optional), built from the modules. */
export async function installGraphql(
  app: FastifyInstance,
  ctx: ModuleContext,
  modules: readonly ServerModule[],
): Promise<void> {
  const pick = (key: 'graphql' | 'feedGraphql') => modules.flatMap((m) => (m[key] ? [m[key]] : []));
  await mount(app, ctx, { path: '/graphql', contributions: pick('graphql'), tokenRequired: true });
  await mount(app, ctx, { path: '/feed/graphql', contributions: pick('feedGraphql'), tokenRequired: false });
}

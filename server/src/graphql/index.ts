import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BREAK, Kind, parse, validate, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import mercurius, { type IFieldResolver, type IResolvers, type MercuriusContext } from 'mercurius';
import { isSafeText, MISSING_TOKEN_MESSAGE, UNSAFE_TEXT_MESSAGE, unsafeTextPath } from '@velvet/contracts';
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

const sharedFieldsOf = (endpoint: Endpoint) =>
  new Set(endpoint.contributions.flatMap((contribution) => contribution.visitorSharedQueries ?? []));

/**
 * Catalogue queries (a module's `visitorSharedQueries`, e.g. the video grid) are shared by visitors who are not
 * logged in through the visitor cache, as the REST catalogue reads are: per URL (language), field and arguments.
 */
function shareCatalogueQueries(resolvers: IResolvers, endpoint: Endpoint, ctx: ModuleContext): void {
  const query = resolvers.Query as Record<string, IFieldResolver<unknown, MercuriusContext>>;
  for (const field of sharedFieldsOf(endpoint)) {
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

/** Characters of query text remembered with whether their whole answer may be shared: a site's pages send few. */
const DECIDED_QUERY_CHARACTERS = 4 * 1024 * 1024;

/**
 * Whether a query text asks only for visitor-shared fields: valid, every operation a query, and each of its
 * top-level selections such a field (or `__typename`). Decided once per text, so a request it applies to is
 * neither parsed nor validated again.
 */
function wholeAnswerSharing(sharedFields: ReadonlySet<string>, schema: () => GraphQLSchema) {
  const decided = new LRUCache<string, boolean>({
    maxSize: DECIDED_QUERY_CHARACTERS,
    sizeCalculation: (_shares, source) => source.length || 1,
  });
  const onlySharedFields = (document: DocumentNode) =>
    document.definitions.every(
      (definition) =>
        definition.kind === Kind.FRAGMENT_DEFINITION ||
        (definition.kind === Kind.OPERATION_DEFINITION &&
          definition.operation === 'query' &&
          definition.selectionSet.selections.every(
            (selection) =>
              selection.kind === Kind.FIELD &&
              (selection.name.value === '__typename' || sharedFields.has(selection.name.value)),
          )),
    );
  const decide = (source: string) => {
    try {
      const document = parse(source);
      return validate(schema(), document).length === 0 && onlySharedFields(document);
    } catch {
      return false; // a syntax error: mercurius answers it
    }
  };
  return (source: string): boolean => {
    let shares = decided.get(source);
    if (shares === undefined) decided.set(source, (shares = decide(source)));
    return shares;
  };
}

/**
 * Text reaches resolvers as string literals of the query and as variables; neither may hold NUL or a lone
 * surrogate (the rule every REST input follows), refused as 400 VALIDATION_FAILED before anything runs.
 */
function refuseUnsafeArguments(document: DocumentNode, variables: Record<string, unknown> | undefined): void {
  const path = unsafeTextPath(variables ?? {});
  if (path) throw new HttpError(400, 'VALIDATION_FAILED', `$${path.join('.')} ${UNSAFE_TEXT_MESSAGE}`);
  let unsafeLiteral = false;
  visit(document, {
    StringValue: (node) => {
      if (isSafeText(node.value)) return undefined;
      unsafeLiteral = true;
      return BREAK;
    },
  });
  if (unsafeLiteral) throw new HttpError(400, 'VALIDATION_FAILED', `A string argument ${UNSAFE_TEXT_MESSAGE}`);
}

interface GraphqlBody {
  query?: unknown;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
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
    const sharedFields = sharedFieldsOf(endpoint);
    const sharesWholeAnswer = wholeAnswerSharing(sharedFields, () => scope.graphql.schema);
    const contextOf = (request: FastifyRequest): GraphqlContext => ({ auth: request.auth, ctx });
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
    // A visitor who is not logged in asking only for shared fields gets the whole answer, serialized, that the
    // visitor cache keeps for the same URL (language), body and country, as a REST catalogue read does: no
    // parsing, validation, execution or serialization per request.
    scope.addHook('preHandler', async (request, reply) => {
      const body = request.body as GraphqlBody | undefined;
      const source = body?.query;
      if (sharedFields.size === 0 || typeof source !== 'string') return;
      if (!ctx.visitorCache.shares(request) || !sharesWholeAnswer(source)) return;
      let answer: string;
      try {
        answer = await ctx.visitorCache.answer(request, async () => {
          const { variables, operationName } = body ?? {};
          const result = await reply.graphql(
            source,
            contextOf(request),
            variables ?? undefined,
            operationName ?? undefined,
          );
          if (result.errors) throw new Error('an answer with errors is not shared');
          return JSON.stringify(result);
        });
      } catch {
        return; // not shared (bad variables, a refusal, a failure): mercurius answers it as it answers any query
      }
      return reply.type('application/json; charset=utf-8').send(answer);
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
      context: contextOf,
    });
    scope.graphql.addHook('preExecution', async (_schema, document, _context, variables) =>
      refuseUnsafeArguments(document, variables),
    );
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

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BREAK,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import mercurius, { type IFieldResolver, type IResolvers, type MercuriusContext } from 'mercurius';
import { isSafeText, LANGUAGES, MISSING_TOKEN_MESSAGE, UNSAFE_TEXT_MESSAGE, unsafeTextPath } from '@velvet/contracts';
import { HttpError } from '../http/endpoint';
import type { Auth, GraphqlContribution, ModuleContext, ServerModule } from '../modules/module';
import { GRAPHQL_LIMITS, limitError, limitRules, tokenLimitError } from './limits';

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

/** A thrown error that is no refusal (HttpError), no GraphQL error and none of mercurius' own: a bug. */
const isFault = (error: Error | undefined) =>
  error !== undefined &&
  !(error instanceof HttpError) &&
  !(error instanceof GraphQLError) &&
  !String((error as { code?: unknown }).code ?? '').startsWith('MER_ERR');

/**
 * HttpErrors thrown by resolvers keep their stable code in `extensions.code`; a limit refusal is a 400.
 * mercurius logs every error of an answer at info: a refused query is the client's matter, so those lines go
 * to debug (an info line per bad query would let anyone fill the log), while a resolver's fault is an error.
 */
const errorFormatter: NonNullable<Parameters<typeof mercurius>[1]>['errorFormatter'] = (execution, context) => {
  const log = context.reply.log;
  const quietReply = Object.create(context.reply, { log: { value: { info: log.debug.bind(log) } } }) as FastifyReply;
  const formatted = mercurius.defaultErrorFormatter(
    execution,
    Object.create(context, { reply: { value: quietReply } }),
  );
  for (const error of execution.errors) {
    if (isFault(error.originalError)) log.error({ err: error.originalError }, 'structured query failed');
  }
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
  // A query beyond the limits is a 400 however many other errors it also has (graphql-over-http answers those 200).
  if (errors?.some((error) => error.extensions?.code === 'GRAPHQL_LIMIT')) return { ...formatted, statusCode: 400 };
  return formatted;
};

/**
 * What a shared structured-query answer depends on besides the query: the endpoint and its `language` parameter
 * (an unknown one reads as none, as the resolvers read it). Other URL parameters are not read, so they neither
 * bypass nor multiply the visitor cache.
 */
function urlKey(request: FastifyRequest): string {
  const language = (request.query as { language?: unknown } | undefined)?.language;
  return `${request.routeOptions.url} ${(LANGUAGES as readonly unknown[]).includes(language) ? language : '-'}`;
}

const sharedFieldsOf = (endpoint: Endpoint) =>
  new Set(endpoint.contributions.flatMap((contribution) => contribution.visitorSharedQueries ?? []));

/**
 * Catalogue queries (a module's `visitorSharedQueries`, e.g. the video grid) are shared by visitors who are not
 * logged in through the visitor cache, as the REST catalogue reads are: per endpoint, language, field and arguments.
 */
function shareCatalogueQueries(resolvers: IResolvers, endpoint: Endpoint, ctx: ModuleContext): void {
  const query = resolvers.Query as Record<string, IFieldResolver<unknown, MercuriusContext>>;
  for (const field of sharedFieldsOf(endpoint)) {
    const resolve = query[field];
    if (!resolve) throw new Error(`visitorSharedQueries names ${field}, which is no query of ${endpoint.path}`);
    query[field] = (root, args, context, info) =>
      // The answer is the field's value, serialized by each request's own query.
      ctx.visitorCache.shared(
        context.reply.request,
        `${urlKey(context.reply.request)} ${field} ${JSON.stringify(args)}`,
        async () => resolve(root, args, context, info),
      );
  }
}

/** Characters of query text remembered with whether their whole answer may be shared: a site's pages send few. */
const DECIDED_QUERY_CHARACTERS = 4 * 1024 * 1024;

/**
 * Whether a query text asks only for visitor-shared fields: valid (within the limits), every operation a query, and each of its
 * top-level selections such a field (or `__typename`). Decided once per text, so a request it applies to is
 * neither parsed nor validated again.
 */
function wholeAnswerSharing(
  sharedFields: ReadonlySet<string>,
  schema: () => GraphQLSchema,
  rules: readonly ValidationRule[],
) {
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
      return validate(schema(), document, [...specifiedRules, ...rules]).length === 0 && onlySharedFields(document);
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
  /** The structured-query service needs a bearer token (401 without); the feed service does not. */
  tokenRequired: boolean;
}

async function mount(app: FastifyInstance, ctx: ModuleContext, endpoint: Endpoint): Promise<void> {
  // Each endpoint lives in its own encapsulated scope: mercurius decorates the instance once per scope.
  await app.register(async (scope) => {
    const { schema, resolvers } = mergeContributions(endpoint.contributions);
    shareCatalogueQueries(resolvers, endpoint, ctx);
    const sharedFields = sharedFieldsOf(endpoint);
    const rules = limitRules(ctx.config.graphqlIntrospection);
    const sharesWholeAnswer = wholeAnswerSharing(sharedFields, () => scope.graphql.schema, rules);
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
    // A query text beyond the token limit is refused before anything parses it whole.
    scope.addHook('preHandler', async (request, reply) => {
      // POST carries the query in its body, GET in the URL.
      const source = (request.body as GraphqlBody | undefined)?.query ?? (request.query as GraphqlBody).query;
      const refusal = typeof source === 'string' ? tokenLimitError(source) : null;
      if (refusal) return reply.status(400).send({ data: null, errors: [refusal.toJSON()] });
    });
    // A visitor who is not logged in asking only for shared fields gets the whole answer, serialized, that the
    // visitor cache keeps for the same endpoint, language, query, variables and country, as a REST catalogue read
    // does: no parsing, validation, execution or serialization per request.
    scope.addHook('preHandler', async (request, reply) => {
      const body = request.body as GraphqlBody | undefined;
      const source = body?.query;
      if (sharedFields.size === 0 || typeof source !== 'string') return;
      if (!ctx.visitorCache.shares(request) || !sharesWholeAnswer(source)) return;
      let answer: string;
      try {
        const { variables, operationName } = body ?? {};
        const key = `${urlKey(request)} ${JSON.stringify([source, variables ?? null, operationName ?? null])}`;
        answer = await ctx.visitorCache.shared(request, key, async () => {
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
      validationRules: rules,
    });
    // An answer too large to send is replaced by a refusal (a backstop: the limits above keep the pages' own
    // queries far below it, so only a query that slipped past them gets here).
    scope.graphql.addHook('onResolution', async (execution, context) => {
      if (JSON.stringify(execution.data ?? null).length <= GRAPHQL_LIMITS.maxAnswerCharacters) return;
      execution.data = null;
      execution.errors = [limitError(`The answer is larger than ${GRAPHQL_LIMITS.maxAnswerCharacters} characters`)];
      context.reply.code(400);
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

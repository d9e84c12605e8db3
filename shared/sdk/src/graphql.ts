import { MISSING_TOKEN_MESSAGE, errorCodeOf, type GraphqlOperation, type Language } from '@velvet/contracts';
import { ApiError } from './rest';

export type GraphqlCall = <R, V extends Record<string, unknown>>(
  operation: GraphqlOperation<R, V>,
  variables?: V,
) => Promise<R>;

export interface GraphqlClientOptions {
  /** '/graphql' or '/feed/graphql' in the browser; absolute elsewhere. */
  url: string;
  getToken: () => string | null;
  getLanguage: () => Language;
  fetch?: typeof fetch;
}

/** graphql-request (and graphql with it) loads with the first query, not with the page. */
const loadGraphqlRequest = () => import('graphql-request');

/** Loads what a first structured query needs ahead of it: a server does so at start, so no render waits for it. */
export const preloadGraphqlClient = async (): Promise<void> => void (await loadGraphqlRequest());

function toApiError(error: unknown, ClientError: typeof import('graphql-request').ClientError): unknown {
  if (!(error instanceof ClientError)) return error;
  const first = error.response.errors?.[0];
  const code = errorCodeOf(first?.extensions?.['code']);
  return new ApiError(
    error.response.status,
    code,
    first?.message ?? `GraphQL request answered ${error.response.status}`,
  );
}

function createGraphqlCall(
  options: GraphqlClientOptions,
  tokenFor: () => string | null,
  isLoggedIn?: () => boolean,
): GraphqlCall {
  return async (operation, variables) => {
    // graphql-request needs an absolute URL; in the browser '/graphql' is resolved against the page.
    const url = new URL(options.url, globalThis.location?.origin);
    url.searchParams.set('language', options.getLanguage());
    const { ClientError, GraphQLClient } = await loadGraphqlRequest();
    // The token is read as the request leaves, not before the client loads: a logout in between ends the session
    // a token read earlier would name.
    const token = tokenFor();
    if (operation.needsGuest && isLoggedIn && !isLoggedIn()) {
      throw new ApiError(401, 'LOGIN_REQUIRED', 'This structured query needs a logged-in guest');
    }
    const client = new GraphQLClient(url.href, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    try {
      return await client.request(operation.document, variables as Record<string, unknown>);
    } catch (error) {
      throw toApiError(error, ClientError);
    }
  };
}

/**
 * The structured query service needs a token: refuses before sending when none is configured, and refuses an
 * operation for logged-in guests when the session is not one (`isLoggedIn`), judged as the request leaves.
 */
export function createQueryClient(options: GraphqlClientOptions & { isLoggedIn?: () => boolean }): GraphqlCall {
  const call = createGraphqlCall(options, options.getToken, options.isLoggedIn);
  return (operation, variables) => {
    if (!options.getToken()) return Promise.reject(new Error(MISSING_TOKEN_MESSAGE));
    return call(operation, variables);
  };
}

/** The feed service: the token travels only for a logged-in guest. */
export function createFeedClient(options: GraphqlClientOptions & { isLoggedIn: () => boolean }): GraphqlCall {
  return createGraphqlCall(options, () => (options.isLoggedIn() ? options.getToken() : null));
}

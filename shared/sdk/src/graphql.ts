import ky from 'ky';
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

/** What a structured-query service answers: the data, or errors with the platform's code in their extensions. */
interface GraphqlAnswer {
  data?: unknown;
  errors?: { message?: string; extensions?: Record<string, unknown> }[];
}

/**
 * One operation as a JSON POST (GraphQL over HTTP) through ky, which the REST client loads anyway: no GraphQL
 * library in the browser's bytes. An answer with errors is a failure whatever its status, and so is one that is no
 * GraphQL answer at all (a proxy's page).
 */
function createGraphqlCall(options: GraphqlClientOptions, tokenFor: () => string | null): GraphqlCall {
  const http = ky.create({
    retry: 0,
    timeout: 30_000,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return async <R>(operation: GraphqlOperation<R, Record<string, unknown>>, variables?: Record<string, unknown>) => {
    // Relative in the browser ('/graphql'), resolved against the page.
    const url = new URL(options.url, globalThis.location?.origin);
    url.searchParams.set('language', options.getLanguage());
    const token = tokenFor();
    const response = await http.post(url, {
      json: { query: operation.document, variables },
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const answer = (await response.json().catch(() => null)) as GraphqlAnswer | null;
    const first = answer?.errors?.[0];
    if (!response.ok || !answer || first) {
      throw new ApiError(
        response.status,
        errorCodeOf(first?.extensions?.['code']),
        first?.message ?? `GraphQL request answered ${response.status}`,
      );
    }
    return answer.data as R;
  };
}

/** The structured query service needs a token: refuses before sending when none is configured. */
export function createQueryClient(options: GraphqlClientOptions): GraphqlCall {
  const call = createGraphqlCall(options, options.getToken);
  return (operation, variables) => {
    if (!options.getToken()) return Promise.reject(new Error(MISSING_TOKEN_MESSAGE));
    return call(operation, variables);
  };
}

/** The feed service: the token travels only for a logged-in guest. */
export function createFeedClient(options: GraphqlClientOptions & { isLoggedIn: () => boolean }): GraphqlCall {
  return createGraphqlCall(options, () => (options.isLoggedIn() ? options.getToken() : null));
}

import { MISSING_TOKEN_MESSAGE, errorCodeOf, type GraphqlOperation, type Language } from '@velvet/contracts';
import ky from 'ky';
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

/** A GraphQL answer over HTTP: the data, or the errors (the first one's `extensions.code` is the platform's code). */
interface GraphqlAnswer {
  data?: unknown;
  errors?: { message?: string; extensions?: Record<string, unknown> }[];
}

/**
 * A GraphQL call is a JSON POST of the operation's text and its variables (the queries are written as text, so no
 * GraphQL library is needed to send them), made with the REST client's HTTP library. An answer with errors, or
 * not 2xx, is an ApiError with the first error's code and message.
 */
function createGraphqlCall(options: GraphqlClientOptions, tokenFor: () => string | null): GraphqlCall {
  const http = ky.create({ retry: 0, timeout: 30_000, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return async (operation, variables) => {
    // In the browser '/graphql' is resolved against the page.
    const url = new URL(options.url, globalThis.location?.origin);
    url.searchParams.set('language', options.getLanguage());
    const token = tokenFor();
    const response = await http.post(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      json: { query: operation.document, ...(variables ? { variables } : {}) },
      throwHttpErrors: false,
    });
    const answer = (await response.json().catch(() => ({}))) as GraphqlAnswer;
    const first = answer.errors?.[0];
    if (response.ok && !first && answer.data !== undefined) return answer.data as never;
    throw new ApiError(
      response.status,
      errorCodeOf(first?.extensions?.['code']),
      first?.message ?? `GraphQL request answered ${response.status}`,
    );
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

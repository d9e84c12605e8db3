import ky, { HTTPError } from 'ky';
import {
  IDEMPOTENCY_KEY_HEADER,
  isErrorCode,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type ErrorBody,
  type ErrorCode,
  type Language,
} from '@velvet/contracts';

/** Marks an ApiError of any copy of this package (a registered symbol is the same in every copy). */
const API_ERROR = Symbol.for('@velvet/sdk:ApiError');

/**
 * A failed call: the HTTP status and the server's stable error code (ERROR_CODES), never a bare "failed".
 * `instanceof` recognises one made by any copy of the sdk: the shell's clients throw them, and a remote running on
 * its own sdk copy (when the shell's is outside its range) tests them against its own class.
 */
export class ApiError extends Error {
  readonly [API_ERROR] = true;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static override [Symbol.hasInstance](value: unknown): value is ApiError {
    return typeof value === 'object' && value !== null && API_ERROR in value;
  }
}

export interface RestClientOptions {
  /** '/rest/v1' in the browser; an absolute URL elsewhere. */
  baseUrl: string;
  getToken: () => string | null;
  getLanguage: () => Language;
  /** The client's version, sent with every call. */
  version: string;
  /** Whether the session is a logged-in guest: calls marked `needsGuest` are refused without sending otherwise. */
  isLoggedIn?: () => boolean;
  fetch?: typeof fetch;
}

export type RestCall = <E extends Endpoint>(endpoint: E, input?: EndpointInput<E>) => Promise<EndpointResponse<E>>;

/** Fills `:name` segments of an endpoint path from its params, encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function appendQuery(search: URLSearchParams, query: Record<string, unknown> | undefined) {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

/**
 * Whether an answer is the platform's error body (the `errorBody` shape of the contracts), checked by hand: the
 * browser's contracts carry no schemas, and this is the one shape every failed call reads.
 */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { statusCode, code, message } = value as Record<string, unknown>;
  return Number.isInteger(statusCode) && isErrorCode(code) && typeof message === 'string';
}

async function toApiError(error: unknown): Promise<unknown> {
  if (!(error instanceof HTTPError)) return error;
  const status = error.response.status;
  const body: unknown = await error.response.json().catch(() => null);
  return isErrorBody(body)
    ? new ApiError(status, body.code, body.message)
    : new ApiError(
        status,
        'UNKNOWN',
        `${error.request.method} ${new URL(error.request.url).pathname} answered ${status}`,
      );
}

/**
 * The REST helper: path params filled, GET sends its input in the query string and other
 * methods a JSON body; every call carries the bearer token and the language, version and accessToken query
 * parameters. Answers are typed by the endpoint's response schema but not parsed again: the server checks every
 * answer against that same schema before it sends it (its serializer), and a second check cost the page's main
 * thread a few milliseconds per call on a phone.
 */
export function createRestClient(options: RestClientOptions): RestCall {
  const http = ky.create({ retry: 0, timeout: 30_000, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return async (endpoint, input) => {
    const token = input?.accessToken ?? options.getToken();
    if (endpoint.needsGuest && options.isLoggedIn && !options.isLoggedIn()) {
      throw new ApiError(401, 'LOGIN_REQUIRED', `${endpoint.path} needs a logged-in guest`);
    }
    const search = new URLSearchParams();
    appendQuery(search, input?.query as Record<string, unknown> | undefined);
    search.set('language', options.getLanguage());
    search.set('version', options.version);
    if (token) search.set('accessToken', token);
    const url = `${options.baseUrl.replace(/\/$/, '')}${fillPath(endpoint.path, input?.params as Record<string, unknown>)}?${search}`;
    try {
      const response = await http(url, {
        method: endpoint.method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(input?.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey } : {}),
        },
        ...(endpoint.method === 'GET' ? {} : input?.form ? { body: input.form } : { json: input?.body ?? {} }),
      });
      const data: unknown = response.status === 204 ? {} : await response.json();
      return data as EndpointResponse<typeof endpoint>;
    } catch (error) {
      throw await toApiError(error);
    }
  };
}

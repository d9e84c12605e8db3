import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { refuseUnsafeText, type Endpoint, type ErrorCode } from '@velvet/contracts';
import type { Auth } from '../modules/module';
import type { VisitorCache } from './visitor-cache';

/**
 * A 4xx answer with a stable code from ERROR_CODES. Throw it from any handler or resolver; the error handler
 * turns it into `{ statusCode, code, message }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Narrows `auth` to a logged-in guest: anonymous tokens get 401 LOGIN_REQUIRED, no token 401 UNAUTHORIZED. */
export function requireGuest(auth: Auth | null): asserts auth is Auth & { loggedIn: true } {
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
  if (!auth.loggedIn) throw new HttpError(401, 'LOGIN_REQUIRED', 'Please log in first');
}

/** Narrows `auth` to an operator: 401 as requireGuest for everyone else not logged in, 403 FORBIDDEN for guests. */
export function requireOperator(auth: Auth | null): asserts auth is Auth & { loggedIn: true; operator: true } {
  requireGuest(auth);
  if (!auth.operator) throw new HttpError(403, 'FORBIDDEN', 'Only operators may do this');
}

/** An omitted part of an endpoint infers as the bare ZodType (output unknown): it is then absent. */
type Parsed<T> = [NonNullable<T>] extends [z.ZodType]
  ? unknown extends z.output<NonNullable<T>>
    ? undefined
    : z.output<NonNullable<T>>
  : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** Who calls; for `needsGuest` endpoints it is always a logged-in guest. */
  auth: [NonNullable<E['needsGuest']>] extends [true] ? Auth & { loggedIn: true } : Auth | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** A catalogue read whose answers visitors who are not logged in share for a moment. */
  visitorCache?: VisitorCache;
}

/**
 * A POST of the spec may come without a body (album buy, the search's init): with no content type and length 0,
 * or saying JSON with nothing after it, as a helper that always adds the JSON content type sends it. Such a request
 * is read as having no body (Fastify refuses an empty JSON body before any route runs), and a missing body is an
 * empty object: it passes wherever every field of the endpoint's body is optional, and gets the schema's 400
 * VALIDATION_FAILED naming the missing fields otherwise.
 */
async function readEmptyAsBodyless(request: FastifyRequest): Promise<void> {
  if (request.headers['content-length'] === '0') delete request.headers['content-type'];
}
async function bodylessAsEmptyObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/**
 * Registers one REST endpoint of the contracts on a module's (encapsulated, /rest/v1-prefixed) plugin.
 * Params, query and body are validated with the contract's zod schemas, and none of their text may hold NUL or a
 * lone surrogate (a failure is 400 VALIDATION_FAILED),
 * the answer is checked against its response schema, and `needsGuest` is enforced before the handler runs.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E['response']>>,
  { visitorCache }: RouteOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: refuseUnsafeText(endpoint.params) } : {}),
      ...(endpoint.query ? { querystring: refuseUnsafeText(endpoint.query) } : {}),
      ...(endpoint.body ? { body: refuseUnsafeText(endpoint.body) } : {}),
      response: { 200: endpoint.response },
    },
    ...(endpoint.body ? { onRequest: readEmptyAsBodyless, preValidation: bodylessAsEmptyObject } : {}),
    handler: async (request, reply) => {
      if (endpoint.needsGuest) {
        if (request.authError) throw request.authError;
        requireGuest(request.auth);
      }
      const answer = () =>
        handler({
          params: request.params,
          query: request.query,
          body: request.body,
          auth: request.auth,
          request,
          reply,
        } as RouteInput<E>);
      if (!visitorCache) return answer();
      // Checked and serialized once, as the response schema would, and sent as it is to everyone sharing it.
      reply.type('application/json; charset=utf-8');
      return visitorCache.answer(request, async () => JSON.stringify(endpoint.response.parse(await answer())));
    },
  });
}

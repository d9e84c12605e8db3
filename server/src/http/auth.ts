import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import type { Auth } from '../modules/module';
import { HttpError } from './endpoint';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Auth;
    user: Auth;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who calls, from the bearer token or the `accessToken` query parameter; null without a valid token. */
    auth: Auth | null;
    /** Set when a token was sent but is invalid or expired; endpoints that need a guest answer it. */
    authError: HttpError | null;
  }
}

/** Spec 7.1: the token travels as `Authorization: Bearer` or as the `accessToken` query parameter. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.accessToken === 'string' && query.accessToken ? query.accessToken : undefined;
}

const isAuth = (value: unknown): value is Auth => {
  const claims = value as Partial<Auth> | null;
  return (
    typeof claims?.guestId === 'string' && typeof claims.loggedIn === 'boolean' && typeof claims.operator === 'boolean'
  );
};

/** Registers token signing and reads the caller of every request. */
export async function installAuth(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(fastifyJwt, { secret });
  app.decorateRequest('auth', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    if (!token) return;
    const auth = verifyToken(app, token);
    if (auth) request.auth = auth;
    else request.authError = new HttpError(401, 'TOKEN_INVALID', 'The access token is invalid or expired');
  });
}

/** The caller a token names, or null when it is invalid or expired. */
export function verifyToken(app: FastifyInstance, token: string): Auth | null {
  try {
    const claims = app.jwt.verify<Auth>(token);
    return isAuth(claims) ? { guestId: claims.guestId, loggedIn: claims.loggedIn, operator: claims.operator } : null;
  } catch {
    return null;
  }
}

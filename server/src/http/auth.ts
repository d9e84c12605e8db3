import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import type { Auth } from '../modules/module';
import type { SessionRegistry } from '../modules/auth/sessions';
import { HttpError } from './endpoint';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Auth;
    user: Auth;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions behind tokens: a token of an ended session is refused. */
    sessions: SessionRegistry;
  }
  interface FastifyRequest {
    /** Who calls, from the bearer token or the `accessToken` query parameter; null without a valid token. */
    auth: Auth | null;
    /** Set when a token was sent but is invalid or expired; endpoints that need a guest answer it. */
    authError: HttpError | null;
  }
}

/** The token travels as `Authorization: Bearer` or as the `accessToken` query parameter. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.accessToken === 'string' && query.accessToken ? query.accessToken : undefined;
}

const isAuth = (value: unknown): value is Auth => {
  const claims = value as Partial<Auth> | null;
  return (
    typeof claims?.guestId === 'string' &&
    typeof claims.loggedIn === 'boolean' &&
    typeof claims.operator === 'boolean' &&
    typeof claims.sid === 'string'
  );
};

/** Registers token signing and the session registry, and reads the caller of every request. */
export async function installAuth(app: FastifyInstance, secret: string, sessions: SessionRegistry): Promise<void> {
  await app.register(fastifyJwt, { secret });
  app.decorate('sessions', sessions);
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

/**
 * The caller a token names, or null when it is invalid, expired or its session ended. Synchronous and without
 * a database read: it runs on every request and socket session.
 */
export function verifyToken(app: FastifyInstance, token: string): Auth | null {
  try {
    const claims = app.jwt.verify<Auth>(token);
    if (!isAuth(claims) || app.sessions.isEnded(claims.sid)) return null;
    return { guestId: claims.guestId, loggedIn: claims.loggedIn, operator: claims.operator, sid: claims.sid };
  } catch {
    return null;
  }
}

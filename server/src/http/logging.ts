import type { DestinationStream } from 'pino';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** An answer slower than this is logged (warn) whatever its status: an operator wants to see those. */
export const SLOW_REQUEST_MS = 1000;

/** Tokens must never reach the logs: the accessToken query parameter is blanked in logged URLs. */
const redactUrl = (url: string) => url.replace(/([?&]accessToken=)[^&]*/gi, '$1[redacted]');

/**
 * Fields that may hold a secret or a person's address, wherever a log line carries them (top level or one
 * object down): pino replaces their values.
 */
const REDACTED_FIELDS = ['password', 'newPassword', 'email', 'accessToken', 'token', 'authorization', 'cookie'];

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: LoggedError;
}

/**
 * An error as the log keeps it: type, message, code, stack and cause, nothing else. A failed database query
 * (drizzle's error carries `query` and `params`, and its message both) keeps its SQL, never its parameters; a
 * driver's message keeps no quoted value (PostgreSQL quotes the input it refused), and its `detail` (which
 * repeats a conflicting row's key) is left out.
 */
export function loggedError(error: Error, quoted = false): LoggedError {
  const query = (error as { query?: unknown }).query;
  let message = typeof query === 'string' && 'params' in error ? `Failed query: ${query}` : error.message;
  if (quoted) message = message.replace(/"[^"]*"/g, '"[redacted]"');
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
  };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) logged.code = code;
  if (error.cause instanceof Error) logged.cause = loggedError(error.cause, true);
  return logged;
}

/** Pino's options: the configured level, short request lines, errors and secrets as above, or a given stream. */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]),
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      err: loggedError,
    },
  };
}

/**
 * One line per request only where an operator needs it (Fastify's own request lines are off): a 5xx as an
 * error, a slow answer as a warning, another 4xx at debug. A site serving thousands of requests a second would
 * otherwise write two info lines for each.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: redactUrl(request.url), status, ms };
    if (status >= 500) request.log.error(line, 'answered with a server error');
    else if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else if (status >= 400) request.log.debug(line, 'request refused');
  });
}

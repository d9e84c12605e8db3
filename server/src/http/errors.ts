import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@velvet/contracts';
import { HttpError } from './endpoint';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/**
 * One error shape for every answer: `{ statusCode, code, message }`. Bad input of any kind (schema, malformed
 * JSON, wrong content type, too large) is a 4xx; only a real fault of the server is a 500, and it is logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    let body: ErrorBody;
    if (error instanceof HttpError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(
        (issue) => `${issue.instancePath || error.validationContext} ${issue.message}`,
      );
      body = { statusCode: 400, code: 'VALIDATION_FAILED', message: issues.join('; ') };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        statusCode: error.statusCode,
        code: CODE_BY_STATUS[error.statusCode] ?? 'VALIDATION_FAILED',
        message: error.message,
      };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side' };
    }
    return reply.status(body.statusCode).send(body);
  });
}

/** What the router itself refuses before any route runs: its answers, in the one error shape. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid: it holds an escape that is not UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL path is too long',
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (invalid percent-encoding, a lone surrogate, a path
 * segment over the length limit) is bad input too, answered with a stable code and without echoing the URL.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode ?? 400;
  const body: ErrorBody = {
    statusCode,
    code: 'VALIDATION_FAILED',
    message: FRAMEWORK_MESSAGES[error.code] ?? 'The request could not be read',
  };
  void reply.status(statusCode).send(body);
}

export const notFoundBody = (url: string): ErrorBody => ({
  statusCode: 404,
  code: 'NOT_FOUND',
  message: `No route ${url}`,
});

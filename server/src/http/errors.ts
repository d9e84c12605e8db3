import type { FastifyError, FastifyInstance } from 'fastify';
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

export const notFoundBody = (url: string): ErrorBody => ({
  statusCode: 404,
  code: 'NOT_FOUND',
  message: `No route ${url}`,
});

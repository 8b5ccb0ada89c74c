import { AppError, type ErrorCode } from '@dum/core';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * The one place errors become HTTP answers: `{ error: { code, message, details? } }`.
 * Typed AppErrors carry their own status; Fastify's own 4xx errors (bad JSON, size, content
 * type) are mapped to catalogue codes; anything else is a 500 that is logged with the request
 * id and shows the client nothing of its cause.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, 'request rejected');
    }
    if (appError.code === 'rate_limited' && 'headers' in error && error.headers) {
      void reply.headers(error.headers);
    }
    return reply.status(appError.status).type('application/json').send(appError.toBody());
  });
}

function fromFastifyError(error: FastifyError): AppError {
  const status = error.statusCode ?? 500;
  if (status >= 500) return new AppError('internal', { cause: error });
  return new AppError(codeForStatus(status, error.code), { cause: error });
}

function codeForStatus(status: number, fastifyCode: string | undefined): ErrorCode {
  switch (status) {
    case 400:
      return fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        fastifyCode === undefined
        ? 'malformed_json'
        : 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'bad_request';
  }
}

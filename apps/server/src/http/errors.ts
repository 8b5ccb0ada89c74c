import type { TransferRejection } from '@dum/chain';
import { ACTIONS_API_PREFIX, AppError, type ErrorCode } from '@dum/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/database.ts';

/**
 * The one place errors become HTTP answers: `{ error: { code, message, details? } }`.
 * Typed AppErrors carry their own status; Fastify's own 4xx errors (bad JSON, size, content
 * type) are mapped to catalogue codes; a database that cannot be reached (down, restarting) is
 * a 503 `service_unavailable` with a Retry-After, at once; anything else is a 500 that is logged
 * with the request id and shows the client nothing of its cause.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = new AppError('service_unavailable', { cause: error });
      return reply
        .status(unavailable.status)
        .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
        .type('application/json')
        .send(unavailable.toBody());
    }
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

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot read (a bad percent-escape, a path
 * parameter longer than the router takes) is answered before any route or error handler runs;
 * this gives it the API's error shape, as a 400 (no id or name is that long).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ code: error.code }, 'request rejected by the router');
  const refused = new AppError('bad_request', { cause: error });
  // The Solana Actions (modules/actions) answer errors in their specification's shape.
  const isAction = request.url.startsWith(`${ACTIONS_API_PREFIX}/`);
  void reply
    .status(400)
    .type('application/json')
    .send(isAction ? { message: refused.message } : refused.toBody());
}

/** What a 503 for an unreachable database tells the client to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = '1';

/**
 * Any error a handler met, as the catalogue's AppError the error handler would answer (for a
 * scope that answers errors in a shape of its own: the Solana Actions' `{ message }`).
 */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new AppError('service_unavailable', { cause: error });
  return fromFastifyError(error as FastifyError);
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

/**
 * The catalogue's answer to each reason a paid transfer did not verify (a tip, a vault support,
 * an ad budget). `own` names what differs for a purpose; `too_early` always, as only a purpose
 * with an earliest time can meet it and each says what that means for it.
 */
export function transferRejectionErrors(
  own: Partial<Record<TransferRejection, ErrorCode>> & { too_early: ErrorCode },
): Record<TransferRejection, ErrorCode> {
  return {
    invalid_signature: 'transaction_signature_invalid',
    unknown_signature: 'transaction_not_found',
    failed: 'transaction_failed',
    no_system_transfer: 'transfer_not_found',
    transfer_not_top_level: 'transfer_not_found',
    wrong_sender: 'transfer_wrong_sender',
    wrong_recipient: 'transfer_wrong_recipient',
    wrong_amount: 'transfer_wrong_amount',
    ...own,
  };
}

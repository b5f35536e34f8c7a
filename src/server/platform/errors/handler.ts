import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../../shared/i18n';
import { contractError } from '../http/contract';
import { AppError } from './app-error';

interface Envelope {
  errors: { code: string; message: string; detail?: Record<string, string[]> };
}

function envelope(request: FastifyRequest, error: AppError): Envelope {
  const locale = request.locale;
  const body: Envelope = {
    errors: { code: error.code, message: translate(locale, error.messageKey) },
  };
  if (error.detail) {
    body.errors.detail = Object.fromEntries(
      Object.entries(error.detail).map(([field, messages]) => [
        field,
        messages.map((m) => translate(locale, m.key, m.params)),
      ]),
    );
  }
  return body;
}

/** Fastify's own errors (body parsing, limits) mapped onto our codes. */
function fromFastify(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'payload_too_large', 'errors.api.payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'invalid_json', 'errors.api.invalidJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(error.statusCode ?? 400, 'bad_request', 'errors.api.badRequest');
    default:
      break;
  }
  if (error instanceof SyntaxError) return new AppError(400, 'invalid_json', 'errors.api.invalidJson');
  if (error.statusCode === 429) return new AppError(429, 'rate_limited', 'errors.api.rateLimited');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'bad_request', 'errors.api.badRequest');
  }
  return undefined;
}

/** Network-level database failures: the caller may retry, so 503 rather than 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: …"): the reason is in `cause` (found by the fault tests).
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isDatabaseUnavailable(cause)) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // node-postgres reports a connection cut mid-query, or never made in time, without a code; and so
  // does pg-pool when no connection came free in time (db/client.ts).
  if (
    typeof message === 'string' &&
    /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect$)/.test(message)
  ) {
    return true;
  }
  if (typeof code !== 'string') return false;
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03'].includes(code) || code.startsWith('08');
}

/**
 * The one server error handler (ARCHITECTURE §6): known errors become the envelope in the request's
 * language; everything else is logged with the request id and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let known = error instanceof AppError ? error : (contractError(error, request) ?? fromFastify(error));
    if (!known && isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      known = new AppError(503, 'service_unavailable', 'errors.api.unavailable', undefined, { 'retry-after': '5' });
    }
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      known = new AppError(500, 'internal_error', 'errors.api.internal');
    }
    if (known.headers) void reply.headers(known.headers);
    return reply.status(known.status).send(envelope(request, known));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new AppError(404, 'route_not_found', 'errors.api.routeNotFound');
    return reply.status(404).send(envelope(request, error));
  });
}

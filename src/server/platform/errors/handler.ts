import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/constants';
import { translate } from '../../../shared/i18n';
import { isRetryableConflict } from '../../db/transaction';
import { contractError } from '../http/contract';
import { AppError } from './app-error';

interface Envelope {
  errors: { code: string; message: string; detail?: Record<string, string[]> };
}

function envelope(request: Pick<FastifyRequest, 'locale'>, error: AppError): Envelope {
  const locale = request.locale;
  const body: Envelope = {
    errors: { code: error.code, message: translate(locale, error.messageKey, error.messageParams) },
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

/**
 * A value the database itself refused as out of range (SQLSTATE 22003, e.g. an int4 column compared with
 * 2147483648): input no schema bounded. The shared schemas bound their integers (`INT4_MAX`); this is
 * the net under any that does not yet, so bad input is never a 500.
 */
function isOutOfRange(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isOutOfRange(cause)) return true;
  return (error as { code?: unknown } | null)?.code === '22003';
}

/**
 * The disk under the files (or the database) is full, or the account's quota is spent: not something a retry in a
 * moment fixes, so the message asks for the administrator rather than "try again later".
 */
function isStorageFull(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isStorageFull(cause)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  // ENOSPC / EDQUOT from the file system; 53100 (disk_full) from PostgreSQL.
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100';
}

/** Network-level database failures: the caller may retry, so 503 rather than 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: …"): the reason is in `cause` (found by the fault tests).
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error && isDatabaseUnavailable(cause)) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // node-postgres reports a connection cut mid-query, or never made in time, without a code; and so
  // does pg-pool when no connection came free in time (db/client.ts). A transaction whose connection was
  // lost fails its rollback with "… is not queryable", which is what reaches here.
  if (
    typeof message === 'string' &&
    /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect$|Client (has encountered a connection error|was closed) and is not queryable$)/.test(
      message,
    )
  ) {
    return true;
  }
  if (typeof code !== 'string') return false;
  // 57P01–57P03: the server is shutting down, crashed, or cannot take connections yet (a restart, a failover).
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) ||
    code.startsWith('08')
  );
}

/**
 * The one server error handler (docs/ARCHITECTURE.md §6): known errors become the envelope in the request's
 * language; everything else is logged with the request id and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let known = error instanceof AppError ? error : (contractError(error, request) ?? fromFastify(error));
    if (!known && isOutOfRange(error)) {
      request.log.warn({ err: error }, 'number out of range reached the database');
      known = new AppError(422, 'validation_failed', 'files.outOfRange');
    }
    if (!known && isRetryableConflict(error)) {
      // Deadlock or serialization failure still there after the transaction's retries (db/transaction.ts).
      request.log.warn({ err: error }, 'write conflict after retries');
      known = new AppError(409, 'write_conflict', 'errors.api.writeConflict');
    }
    if (!known && isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      // 503 like the other server-side conditions every route documents (ADR 0064), with its own code, and no
      // Retry-After: waiting does not free a disk.
      known = new AppError(503, 'storage_full', 'errors.api.storageFull');
    }
    if (!known && isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      known = new AppError(503, 'service_unavailable', 'errors.api.databaseUnavailable', undefined, {
        'retry-after': '5',
      });
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

/** The locale asked in a URL Fastify could not parse, read as plainly as possible. */
function localeOfRawUrl(url: string | undefined): Locale {
  const asked = /[?&]locale=([a-z]{2})(?:&|$)/.exec(url ?? '')?.[1];
  return (LOCALES as readonly string[]).includes(asked ?? '') ? (asked as Locale) : DEFAULT_LOCALE;
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding (`/api/companies/%FF`) is
 * refused before any route or hook runs, so the usual handler never sees it. Same envelope, 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'unroutable url');
  const known = new AppError(400, 'bad_request', 'files.badAddress');
  void reply
    .code(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(envelope({ locale: localeOfRawUrl(request.raw.url) }, known)));
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request itself (a raw non-ASCII byte
 * in the URL, a malformed header). There is no request to read a locale from: the default one.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    envelope({ locale: DEFAULT_LOCALE }, new AppError(status, 'bad_request', 'errors.api.badRequest')),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

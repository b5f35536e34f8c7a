import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { camelKeys, snakeKeys, snakePath } from '../../../shared/case';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/constants';
import { parseMessage } from '../../../shared/schemas/common';
import { badRequest, invalid, type ErrorDetail } from '../errors/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** From `?locale=fr|en` (ARCHITECTURE §4); French when absent or unknown. */
    locale: Locale;
  }
}

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The wire contract in one place: the locale of every request, snake_case bodies turned into the
 * camelCase the shared schemas use, and camelCase replies turned back into snake_case.
 */
export function registerWire(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const asked = query?.['locale'];
    request.locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = camelKeys(request.body);
  });
  app.addHook('preSerialization', async (_request, _reply, payload) => snakeKeys(payload));
}

/** Parses input with a shared schema; failures become a 422 whose detail keys are snake_case field paths. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail: ErrorDetail = {};
  for (const issue of result.error.issues) {
    const field = snakePath(issue.path) || 'base';
    (detail[field] ??= []).push(parseMessage(issue.message));
  }
  throw invalid(detail);
}

/** A JSON body must be an object: anything else is malformed (400), not a validation failure (422). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest();
  return parse(schema, body);
}

/** The success envelope. */
export function ok<T>(data: T, meta: Record<string, unknown> = {}): { data: T; meta: Record<string, unknown> } {
  return { data, meta };
}

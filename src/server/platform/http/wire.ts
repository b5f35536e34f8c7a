import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { camelKeys, snakeKeys, snakePath } from '../../../shared/case';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/constants';
import { parseMessage } from '../../../shared/schemas/common';
import { badRequest, invalid, type ErrorDetail } from '../errors/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers sent as they are, keys untouched: documents with their own key spelling (the OpenAPI document). */
    verbatim?: boolean;
  }
  interface FastifyRequest {
    /** From `?locale=fr|en` (docs/ARCHITECTURE.md §4); French when absent or unknown. */
    locale: Locale;
  }
}

/**
 * What PostgreSQL cannot store: a NUL in text, and a lone UTF-16 surrogate ("\ud800" is valid JSON, but no
 * character; jsonb refuses it and text would keep a replacement character instead). Bodies may hold other
 * control characters (line breaks in notes).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;
/** C0 controls and DEL: never in a query string or a path parameter. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A field of a request part not yet validated (a hook that runs for every route, a body its handler parses
 * itself): undefined when the part is not an object.
 */
export const rawField = (part: unknown, name: string): unknown =>
  part !== null && typeof part === 'object' ? (part as Record<string, unknown>)[name] : undefined;

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
    const asked = rawField(request.query, 'locale');
    request.locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    // The same guard as JSON bodies, stricter: an address has no business with any control character
    // (a NUL reaching PostgreSQL was a 500 on every list's search).
    if (containsCharacter(request.query, CONTROL) || containsCharacter(request.params, CONTROL)) {
      throw badRequest('files.badAddress');
    }
  });
  // Hostile bodies (security issue, found by fuzzing): nesting deep enough to overflow the stack while
  // parsing or converting keys, and characters PostgreSQL cannot hold (NUL, lone surrogates), are malformed (400).
  const parseJson = wireJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body.toString(), done),
  );
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) return;
    if (containsCharacter(request.body, UNSTORABLE)) throw badRequest('errors.api.invalidJson');
    request.body = camelKeys(request.body);
  });
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.routeOptions.config.verbatim ? payload : snakeKeys(payload),
  );
}

/**
 * The app's JSON parser: a body nested deeper than `MAX_JSON_DEPTH` is malformed (400), `__proto__` and
 * `constructor` keys are refused. A route parsing its body elsewhere first (the repayment import) ends here.
 */
export function wireJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, text: string, done: (error: Error | null, body?: unknown) => void) => {
    if (nestingDepth(text) > MAX_JSON_DEPTH) return done(badRequest('errors.api.invalidJson'), undefined);
    return parseJson(request, text, done);
  };
}

/** Far deeper than any form of the app (a company with its owners, statements… is 3 levels). */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, without parsing it. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123 /* [ { */) deepest = Math.max(deepest, (depth += 1));
    else if (c === 93 || c === 125 /* ] } */) depth -= 1;
  }
  return deepest;
}

/** Whether parsed input holds a matching character in any key or string (walked without recursion). */
export function containsCharacter(value: unknown, pattern: RegExp): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (pattern.test(next)) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (pattern.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * The detail of a 422 from a schema's issues: snake_case field paths, each message once — a value can fail two
 * checks that say the same thing (`lock_version: 1e20` is neither a safe integer nor within int4: one "Invalid
 * value", not two).
 */
export function issueDetail(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorDetail {
  const detail: ErrorDetail = {};
  for (const issue of issues) {
    const field = snakePath(issue.path.filter((part): part is string | number => typeof part !== 'symbol')) || 'base';
    const message = parseMessage(issue.message);
    const messages = (detail[field] ??= []);
    const same = messages.some(
      (known) => known.key === message.key && JSON.stringify(known.params) === JSON.stringify(message.params),
    );
    if (!same) messages.push(message);
  }
  return detail;
}

/** Parses input with a shared schema; failures become a 422 whose detail keys are snake_case field paths. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalid(issueDetail(result.error.issues));
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

/**
 * Route contracts (ADR 0026): every route declares its params, query string, body and answers with the shared
 * zod schemas when it is registered. Fastify validates the inputs with them (after the wire's snake_case →
 * camelCase conversion, platform/http/wire.ts), `GET /api/openapi.json` is generated from them, and the API
 * test suites check every answer they receive against them (`verifyResponses`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toSnake } from '../../../shared/case';
import { GUID } from '../../../shared/schemas/common';
import type { AppError } from '../errors/app-error';
import { badParameter, badRequest, invalid, notFound, unknownParameter } from '../errors/app-error';
import { issueDetail } from './wire';

/** The docs/ARCHITECTURE.md §4 error envelope: every route may answer it with any of these statuses. */
export const errorEnvelope = z.object({
  errors: z.object({
    code: z.string(),
    message: z.string(),
    detail: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 503] as const;

/** `{ data, meta }`, the success envelope (docs/ARCHITECTURE.md §4). */
export const envelopeOf = <T extends z.ZodType>(data: T, meta: z.ZodType = z.object({}).passthrough()) =>
  z.object({ data, meta });

/** `meta` of a page of a list: one home with the answers' other parts. */
export { listMetaSchema } from '../../../shared/schemas/answer-parts';

/** `locale=fr|en` (docs/ARCHITECTURE.md §4): any other value reads as French, so it is never refused. */
export const localeQuery = z.object({
  locale: z.string().optional().describe('fr (default) or en: the language of messages and names'),
});

/**
 * The `:id`-style path parameters: UUIDs, anything else names no record (404, never reaching SQL). The handler
 * receives the id as stored (lowercase), whatever case the address used.
 */
export const uuid = () =>
  z
    .string()
    .regex(GUID)
    .transform((id) => id.toLowerCase());

/**
 * An answer that is not JSON (a file, a stream, an empty body): documented as text with what it is, and typed as
 * anything, since the handler sends it as it is (no key conversion, no schema check).
 */
export const rawAnswer = (description: string): z.ZodType<unknown> => z.string().describe(description);

/** Bodies their handler parses itself, declared for the published document only (see `parsedInHandler`). */
const documentedOnly = new WeakSet<object>();

/**
 * A body the handler parses itself because its messages depend on the request (a size limit written in the
 * reader's units) and a refusal must clean up after it (an upload to discard): declared so that the document
 * shows it, not validated a second time before the handler.
 */
export function parsedInHandler(schema: z.ZodType): z.ZodType<unknown> {
  documentedOnly.add(schema);
  // Typed as unknown: the handler receives the body as sent, not as the schema would have parsed it.
  return schema as z.ZodType<unknown>;
}

export interface RouteContract<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Querystring extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends Record<number, z.ZodType> = Record<number, z.ZodType>,
> {
  summary: string;
  tags: string[];
  params?: Params;
  querystring?: Querystring;
  body?: Body;
  /** Success answers by status; the error envelope is added for every error status. */
  response: Response;
}

/**
 * The `schema` route option of a contract, with the zod types kept: a feature's plugin is registered with the
 * zod type provider (`FeatureRoutes`, platform/route-deps.ts), so `request.params`, `query` and `body` have the
 * types of the schemas that validated them — camelCase, after the wire's conversion — and need no cast.
 */
export function contract<
  Params extends z.ZodObject | undefined = undefined,
  Querystring extends z.ZodObject | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends Record<number, z.ZodType> = Record<number, z.ZodType>,
>(
  route: RouteContract<Params, Querystring, Body, Response>,
): {
  schema: FastifySchema & { params: Params; querystring: Querystring; body: Body; response: Response };
} {
  const response: Record<number, z.ZodType> = { ...route.response };
  for (const status of ERROR_STATUSES) response[status] ??= errorEnvelope;
  const schema = {
    summary: route.summary,
    tags: route.tags,
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.body ? { body: route.body } : {}),
    response,
  };
  // The keys a contract leaves out are absent at run time, as Fastify expects; only their types are kept.
  return {
    schema: schema as typeof schema & { params: Params; querystring: Querystring; body: Body; response: Response },
  };
}

/**
 * The contract most routes have: a request in the reader's language (`localeQuery`), perhaps path parameters and
 * a body, and one success answer in the envelope — 200 unless `status` says otherwise (201 for what it creates,
 * 202 for work it starts). The document it gives is the one `contract` gives for the same pieces.
 */
export function envelopeContract<
  Answer extends z.ZodType,
  Params extends z.ZodObject | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Status extends number = 200,
>(route: {
  summary: string;
  tags: string[];
  params?: Params;
  body?: Body;
  answer: Answer;
  /** The envelope's `meta`, when the answer has one (a list's pages, a search's words). */
  meta?: z.ZodType;
  status?: Status;
}) {
  const response = { [route.status ?? 200]: envelopeOf(route.answer, route.meta) } as Record<
    Status,
    ReturnType<typeof envelopeOf<Answer>>
  >;
  return contract({
    summary: route.summary,
    tags: route.tags,
    params: route.params,
    querystring: localeQuery,
    body: route.body,
    response,
  });
}

/** Validation failures of a contract, mapped once onto today's envelope. */
export function contractError(
  error: { validation?: FastifySchemaValidationError[]; validationContext?: string },
  request: FastifyRequest,
): AppError | undefined {
  if (!error.validation) return undefined;
  switch (error.validationContext) {
    case 'params':
      return notFound();
    case 'querystring': {
      // The first parameter refused, named as on the wire: one the address does not take, or a value it
      // does not (a parameter given twice arrives as an array).
      const [issue] = error.validation;
      const keys = (issue?.params as { keys?: unknown } | undefined)?.keys;
      if (issue?.keyword === 'unrecognized_keys' && Array.isArray(keys) && typeof keys[0] === 'string') {
        return unknownParameter(keys[0]);
      }
      const name = (issue?.instancePath ?? '').split('/').filter(Boolean)[0];
      return name ? badParameter(name) : badRequest();
    }
    case 'body': {
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return badRequest();
      return invalid(
        issueDetail(
          error.validation.map((issue) => ({
            path: (issue.instancePath ?? '')
              .split('/')
              .filter(Boolean)
              .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            message: issue.message ?? '',
          })),
        ),
      );
    }
    default:
      return badRequest();
  }
}

/**
 * Fastify validates with zod; answers are written as they are (the wire's key conversion happens before), so
 * the response schemas are documentation and a test-time check, not a second serializer on the hot path.
 */
export function registerContracts(app: FastifyInstance, options: { verifyResponses?: boolean } = {}): void {
  app.setValidatorCompiler<z.ZodType>((route) =>
    documentedOnly.has(route.schema) ? (data: unknown) => ({ value: data }) : validatorCompiler(route),
  );
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (options.verifyResponses) {
    // Registered before the wire's snake_case conversion, so it sees the camelCase answer the schemas describe.
    app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const schemas = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
      if (!schemas) return payload;
      const schema = schemas[String(reply.statusCode)];
      if (!schema) {
        throw new ContractViolation(
          `${request.method} ${request.routeOptions.url} answered ${reply.statusCode}, which it does not document`,
        );
      }
      const result = schema.safeParse(payload);
      if (!result.success) {
        throw new ContractViolation(
          `${request.method} ${request.routeOptions.url} ${reply.statusCode} does not match its documented schema: ${z.prettifyError(result.error)}`,
        );
      }
      return payload;
    });
  }
}

/** Raised only in tests: the test fails with the route and what differs. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** JSON Schema property names as they travel: body and answers are snake_case on the wire. */
function snakeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [toSnake(name), snakeSchema(sub)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((name) => (typeof name === 'string' ? toSnake(name) : name));
    } else {
      out[key] = snakeSchema(value);
    }
  }
  return out;
}

/** @fastify/swagger's transform: zod → JSON Schema, then body and answers in their wire spelling. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const schema = output.schema as Record<string, unknown> | undefined;
  if (!schema) return output;
  if (schema['body']) schema['body'] = snakeSchema(schema['body']);
  if (schema['response']) schema['response'] = snakeSchema(schema['response']);
  return output;
};

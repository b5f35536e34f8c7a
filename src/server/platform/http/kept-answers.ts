import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

/**
 * A read answered from a kept value (ADR 0012, 0020, 0037) sends the same bytes until the value is dropped: its
 * snake_case JSON, compressed per the client's `Accept-Encoding`, is kept beside the value and sent as it is, so
 * a steady request does no key conversion, no stringify and no compression (ADR 0050).
 *
 * The bytes hang off the kept value itself (a `WeakMap` keyed by the value object): a write drops the value
 * from its `ListSnapshots`, the next read builds a new object with no bytes, and the old bytes go with the old
 * object. Nothing else has to be told.
 *
 * The first answer of a value goes through the whole pipeline — the contract check of the test suites
 * (`verifyResponses`), the wire's snake_case, the serializer, `@fastify/compress` — and its final bytes and the
 * headers that describe them are taken at the end of `onSend`. So every kept answer was checked once against its
 * contract, as the bytes it is; a later answer of the same value is those bytes.
 */

/** The headers that describe the body; those set on every request (security, `cache-control`) are set again. */
const BODY_HEADERS = ['content-type', 'content-encoding', 'vary', 'content-length'] as const;

interface WireAnswer {
  body: Buffer;
  headers: [name: string, value: string | number | string[]][];
}

/** Variants of one value (routes × `Accept-Encoding` headers) kept at most: browsers send one header. */
const MAX_VARIANTS = 8;

const kept = new WeakMap<object, Map<string, WireAnswer>>();
const pending = Symbol('keptAnswer');

type MarkedReply = FastifyReply & { [pending]?: { value: object; variant: string } };

/** What tells two answers of the same value apart: the route, the method and what the client accepts. */
function variantOf(reply: FastifyReply): string {
  const request = reply.request;
  const encoding = request.headers['accept-encoding'] ?? '';
  const noCompression = request.headers['x-no-compression'] === undefined ? '' : 'x';
  return `${request.method} ${request.routeOptions.url ?? ''}\u0000${String(encoding)}\u0000${noCompression}`;
}

/**
 * Answers a read whose payload is `envelope(value)`, with `value` a kept value (the same object until its family
 * changes). `envelope` must depend on the value alone — anything from the request belongs in the value's key.
 * Typed as the envelope so that the route's declared answer still checks it; once the bytes are kept they are
 * what is returned, and Fastify sends a `Buffer` as it is.
 */
export function keptAnswer<T extends object, E>(reply: FastifyReply, value: T, envelope: (value: T) => E): E {
  const variant = variantOf(reply);
  const answer = kept.get(value)?.get(variant);
  if (answer) {
    for (const [name, header] of answer.headers) reply.header(name, header);
    return answer.body as E;
  }
  (reply as MarkedReply)[pending] = { value, variant };
  return envelope(value);
}

/**
 * Takes the bytes of a first answer once every other `onSend` has run. `@fastify/compress` adds its `onSend` to
 * each route as it is declared, after the scope's own hooks; this one is added the same way, after it, so it
 * sees what is sent.
 */
export function registerKeptAnswers(api: FastifyInstance): void {
  const capture: onSendHookHandler = (_request, reply, payload, done) => {
    const mark = (reply as MarkedReply)[pending];
    if (mark && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const variants = kept.get(mark.value) ?? new Map<string, WireAnswer>();
      if (variants.size < MAX_VARIANTS || variants.has(mark.variant)) {
        const headers: WireAnswer['headers'] = [];
        for (const name of BODY_HEADERS) {
          const header = reply.getHeader(name);
          if (header !== undefined) headers.push([name, header]);
        }
        variants.set(mark.variant, { body: Buffer.from(payload), headers });
        kept.set(mark.value, variants);
      }
    }
    done(null, payload);
  };
  api.addHook('onRoute', (route) => {
    route.onSend = [route.onSend ?? []].flat().concat(capture);
  });
}

/**
 * The import's JSON body, parsed off the event loop (docs/decisions/0059). A 16 MB file travels as 22 MB of
 * base64 in one JSON string: parsed, checked and decoded on the request's thread, it held every other request
 * for more than a second. Here a worker thread parses the body, checks the file's base64 as the input schema
 * says (`BASE64_TEXT`, `IMPORT_MAX_CONTENT_CHARS`) and decodes it; the event loop gets back the body without its
 * file — which goes through the app's usual JSON checks and the route's schema, its `content` cut to a prefix —
 * and the file's bytes, handed to the route by `fileBytesOf`.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BASE64_TEXT, IMPORT_MAX_CONTENT_CHARS } from '../../shared/schemas/servicing';
import { badRequest, invalid } from '../platform/errors/app-error';
import { wireJsonParser } from '../platform/http/wire';

/** What the body's `content` becomes once decoded: at most this many of its first characters. */
const CONTENT_PREFIX_CHARS = 64;

/** Plain JavaScript, so that the worker runs alike under tsx, vitest and the built server. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, body, max, pattern, prefix }) => {
  let json;
  try {
    json = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    parentPort.postMessage({ id, verdict: 'json' });
    return;
  }
  let verdict = 'none';
  let bytes = null;
  if (json !== null && typeof json === 'object' && typeof json.content === 'string') {
    const content = json.content;
    if (content.length > max) {
      verdict = 'tooLarge';
      json.content = '';
    } else if (!new RegExp(pattern).test(content)) {
      verdict = 'invalid';
      json.content = '%';
    } else {
      const decoded = Buffer.from(content, 'base64');
      bytes = new Uint8Array(decoded.length);
      bytes.set(decoded);
      verdict = 'decoded';
      json.content = content.slice(0, prefix);
    }
  }
  const text = JSON.stringify(json);
  parentPort.postMessage({ id, verdict, text, bytes }, bytes ? [bytes.buffer] : []);
});
`;

interface Parsed {
  id: number;
  verdict: 'json' | 'none' | 'tooLarge' | 'invalid' | 'decoded';
  text?: string;
  bytes?: Uint8Array | null;
}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (parsed: Parsed) => void; reject: (error: unknown) => void }>();

/** The one worker of the process, started on the first import and kept (it holds no request when idle). */
function bodyWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (parsed: Parsed) => {
    waiting.get(parsed.id)?.resolve(parsed);
    waiting.delete(parsed.id);
  });
  const fail = (error: unknown) => {
    if (worker === started) worker = null;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  started.on('error', fail);
  started.on('exit', () => fail(new Error('the import body worker exited')));
  worker = started;
  return started;
}

function parseOffThread(body: Buffer): Promise<Parsed> {
  const id = (nextId += 1);
  // Handed over without a copy when the body owns its memory (a large body does); a slice of Node's shared pool
  // (a small body) is copied first.
  const ownsItsMemory = body.byteOffset === 0 && body.buffer.byteLength === body.length;
  const owned: Uint8Array<ArrayBuffer> = ownsItsMemory
    ? new Uint8Array(body.buffer as ArrayBuffer)
    : Uint8Array.from(body);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    bodyWorker().postMessage(
      { id, body: owned, max: IMPORT_MAX_CONTENT_CHARS, pattern: BASE64_TEXT.source, prefix: CONTENT_PREFIX_CHARS },
      [owned.buffer],
    );
  });
}

const fileBytes = new WeakMap<FastifyRequest, Uint8Array>();

/** The file the body carried, decoded; undefined when it carried none the schema would take. */
export const fileBytesOf = (request: FastifyRequest): Uint8Array | undefined => fileBytes.get(request);

/**
 * Replaces, for the routes of `app`'s plugin only, the app's JSON parser by one that parses off the event loop,
 * then hands the body without its file to the app's parser (its nesting and character checks).
 */
export function parseImportBodiesOffThread(app: FastifyInstance, bodyLimit: number): void {
  const appParser = wireJsonParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    parseOffThread(body as Buffer).then(
      (parsed) => {
        if (parsed.verdict === 'json') return done(badRequest('errors.api.invalidJson'), undefined);
        if (parsed.verdict === 'tooLarge') {
          return done(invalid({ content: [{ key: 'servicing.errors.import.tooLarge', params: {} }] }), undefined);
        }
        if (parsed.bytes) fileBytes.set(request, parsed.bytes);
        return appParser(request, parsed.text!, done);
      },
      (error: unknown) => done(error as Error, undefined),
    );
  });
}

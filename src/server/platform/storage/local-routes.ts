import type { FeatureRoutes } from '../route-deps';
import { z } from 'zod';
import { AppError, notFound } from '../errors/app-error';
import { contract, localeQuery, rawAnswer } from '../http/contract';
import type { LocalStorage, Verdict } from './local-storage';
import { MAX_UPLOAD_BYTES } from './storage';

const tooLarge = () => new AppError(413, 'payload_too_large', 'errors.api.payloadTooLarge');
const unsupportedType = () => new AppError(415, 'unsupported_media_type', 'errors.api.badRequest');

/** An unknown key and a bad signature look the same from outside only when that reveals nothing. */
function refuse(verdict: Extract<Verdict, { ok: false }>): AppError {
  if (verdict.reason === 'bad_key') return notFound();
  // Same answer as S3 for a bad or expired signature.
  return new AppError(403, verdict.reason === 'expired' ? 'url_expired' : 'invalid_signature', 'errors.api.forbidden');
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** ASCII fallback plus RFC 5987 UTF-8 name, so accents survive in every browser. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii || 'file'}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A repeated or odd value reads as absent, as before contracts: the signature check then refuses it (403). */
const text = (description: string) => z.string().optional().catch(undefined).describe(description);
const keyParams = z.object({ key: z.string().describe('the storage key: a uuid and an extension') });
const signedQuery = (extra: Record<string, z.ZodType>) =>
  localeQuery
    .extend({
      expires: text('Unix time the URL stops working'),
      signature: text('HMAC of the method, key and the other parameters'),
      ...extra,
    })
    .loose();
const upload = contract({
  summary: 'Uploads a file to a signed URL of the local storage (as S3 would): the signature is the authorization',
  tags: ['storage'],
  params: keyParams,
  querystring: signedQuery({
    content_type: text('the only content type accepted'),
    max_bytes: text('the largest body accepted'),
  }),
  response: { 200: rawAnswer('empty, like S3') },
});
const read = contract({
  summary: 'Reads a file through a signed URL of the local storage',
  tags: ['storage'],
  params: keyParams,
  querystring: signedQuery({ filename: text('when present, served as an attachment of this name') }),
  response: { 200: rawAnswer('the file, in its stored content type') },
});

/**
 * The local adapter's signed URLs, served by the API itself. Public routes: the signature is the
 * authorization, checked before the body is read, so nobody without a URL can make us buffer 10 MB.
 */
export const localStorageRoutes: FeatureRoutes<{ storage: LocalStorage }> = async (app, { storage }) => {
  // Uploads are raw bytes of any type; the signed content type decides what is accepted.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.put(
    '/storage/:key',
    {
      ...upload,
      config: { access: 'public' },
      bodyLimit: MAX_UPLOAD_BYTES,
      onRequest: async (request) => {
        const verdict = storage.verify('PUT', request.params.key, request.query);
        if (!verdict.ok) throw refuse(verdict);
        if (mediaType(request.headers['content-type']) !== verdict.request.contentType) throw unsupportedType();
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > (verdict.request.maxBytes ?? MAX_UPLOAD_BYTES)) throw tooLarge();
      },
    },
    async (request, reply) => {
      const verdict = storage.verify('PUT', request.params.key, request.query);
      if (!verdict.ok) throw refuse(verdict);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length > (verdict.request.maxBytes ?? MAX_UPLOAD_BYTES)) throw tooLarge();
      await storage.write(verdict.request.key, body, verdict.request.contentType!);
      // Like S3: an empty 200.
      return reply.code(200).send();
    },
  );

  app.get('/storage/:key', { ...read, config: { access: 'public' } }, async (request, reply) => {
    const verdict = storage.verify('GET', request.params.key, request.query);
    if (!verdict.ok) throw refuse(verdict);
    const file = await storage.openRead(verdict.request.key);
    if (!file) throw notFound();
    const name = verdict.request.downloadName;
    const maxAge = Math.max(0, verdict.request.expires - Math.floor(Date.now() / 1000));
    return reply
      .header('content-type', file.object.contentType ?? 'application/octet-stream')
      .header('content-length', String(file.object.size))
      .header('content-disposition', disposition(name ? 'attachment' : 'inline', name ?? verdict.request.key))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `private, max-age=${maxAge}, immutable`)
      .send(file.stream);
  });
};

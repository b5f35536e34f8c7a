import { UPLOAD_CONTENT_TYPES, type PresignedUpload } from '../../shared/companies';
import { presignedUploadSchema, presignedUrlSchema } from '../../shared/schemas/assets';
import type { FeatureRoutes } from '../platform/route-deps';
import { contract, envelopeOf, localeQuery } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { MAX_UPLOAD_BYTES, newStorageKey } from '../platform/storage/storage';

const presign = contract({
  summary: 'A fresh storage key and the URL to PUT a file of this extension to',
  tags: ['assets'],
  querystring: localeQuery,
  body: presignedUrlSchema,
  response: { 200: envelopeOf(presignedUploadSchema) },
});

/**
 * SPEC §7: a fresh key and a URL to PUT the file to. The name keeps its historical "s3" even on the
 * local adapter. The key is the server's own (uuid + extension), so it cannot point anywhere else.
 */
export const assetRoutes: FeatureRoutes = async (app, { storage }) => {
  app.post('/assets/s3_presigned_url', presign, async (request) => {
    const input = request.body;
    const key = newStorageKey(input.fileExtension);
    const contentType = UPLOAD_CONTENT_TYPES[input.fileExtension];
    const answer: PresignedUpload = {
      url: await storage.presignPut(key, contentType, MAX_UPLOAD_BYTES),
      uniqueFileName: key,
      contentType,
    };
    return ok(answer);
  });
};

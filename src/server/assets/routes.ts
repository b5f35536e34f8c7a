import { UPLOAD_CONTENT_TYPES, type PresignedUpload } from '../../shared/companies';
import { presignedUploadSchema, presignedUrlSchema } from '../../shared/schemas/assets';
import type { FeatureRoutes } from '../platform/route-deps';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { userOf } from '../platform/auth/plugin';
import { claimPendingUpload } from '../platform/storage/pending-uploads';
import { MAX_UPLOAD_BYTES, newStorageKey } from '../platform/storage/storage';

const presign = envelopeContract({
  summary: 'A fresh storage key and the URL to PUT a file of this extension to',
  tags: ['assets'],
  body: presignedUrlSchema,
  answer: presignedUploadSchema,
});

/**
 * docs/SPEC.md §7: a fresh key and a URL to PUT the file to. The name keeps its historical "s3" even on the
 * local adapter. The key is the server's own (uuid + extension), so it cannot point anywhere else. A user
 * asks for so many an hour (429), and may have only so many waiting unattached (422, ADR 0034 §7).
 */
export const assetRoutes: FeatureRoutes = async (app, { storage, database, limits }) => {
  app.post('/assets/s3_presigned_url', presign, async (request) => {
    const input = request.body;
    await limits.uploadUrls.consume(request);
    const key = newStorageKey(input.fileExtension);
    await claimPendingUpload(database.db, userOf(request).id, key);
    const contentType = UPLOAD_CONTENT_TYPES[input.fileExtension];
    const answer: PresignedUpload = {
      url: await storage.presignPut(key, contentType, MAX_UPLOAD_BYTES),
      uniqueFileName: key,
      contentType,
    };
    return ok(answer);
  });
};

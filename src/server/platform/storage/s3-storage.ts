import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { getUrlWindow, isStorageKey, PUT_URL_TTL_SECONDS, type Storage } from './storage';

type S3Config = NonNullable<Config['s3']>;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * S3 or any S3-compatible store. The browser talks to the bucket directly through presigned URLs.
 * A presigned PUT cannot cap the size, so the size is checked when the file is used (companies/store
 * checks the avatar with `head`).
 */
export function createS3Storage(config: S3Config, options: { now?: () => number } = {}): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 checksums would be part of the presigned URL: the browser cannot send
    // them, and S3-compatible stores often reject them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const now = options.now ?? (() => Date.now());
  const bucket = config.bucket;

  return {
    kind: 's3',

    presignPut: (key, contentType) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
        expiresIn: PUT_URL_TTL_SECONDS,
        // Signed, so the upload must carry the content type it was allowed.
        signableHeaders: new Set(['content-type']),
      }),

    presignGet(key, getOptions = {}) {
      const { signedAt, expires } = getUrlWindow(now());
      const disposition = getOptions.downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(getOptions.downloadName)}`
        : undefined;
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition }),
        { signingDate: new Date(signedAt * 1000), expiresIn: expires - signedAt },
      );
    },

    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async readStart(key, length) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const bytes = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
      return Buffer.from(bytes.subarray(0, length));
    },

    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async copy(from, to) {
      try {
        // Server-side: the bytes never pass through the API. Content type and metadata are copied.
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}` }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          // The bucket may hold other things (a shared bucket, a lifecycle folder): only our keys.
          if (!object.Key || !isStorageKey(object.Key)) continue;
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

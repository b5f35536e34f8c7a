import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/**
 * The storage the configuration asks for: S3 when S3_BUCKET is set, else local disk. `urlBase` is
 * where the API serves local files (`/api/storage`): relative, so that the URL works whatever host
 * name the browser used to reach the app.
 */
export async function createStorage(config: Config, options: { secret: string; urlBase: string }): Promise<Storage> {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({
    dir: path.join(config.dataDir, 'uploads'),
    secret: options.secret,
    urlBase: options.urlBase,
  });
}

import type { PresignedUpload, UploadExtension } from '../../shared/companies';
import { api } from './client';

export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with status ${status}`);
    this.name = 'UploadError';
  }
}

/**
 * docs/SPEC.md §7 file upload, for avatars and documents alike: ask for a signed URL, then PUT the bytes there
 * with their content type. XMLHttpRequest rather than fetch because only it reports upload progress.
 * Resolves to the storage key the record is then saved with.
 */
export async function uploadFile(
  blob: Blob,
  fileExtension: UploadExtension,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { data } = await api<PresignedUpload>('POST', '/assets/s3_presigned_url', {
    body: { method: 'PUT', fileExtension },
    signal,
  });
  await new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', data.url);
    xhr.setRequestHeader('content-type', data.contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new UploadError(xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(0));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
  return data.uniqueFileName;
}

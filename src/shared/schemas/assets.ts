import { z } from 'zod';
import { UPLOAD_EXTENSIONS } from '../companies';
import { withParams, wrongValue } from './common';

/** `POST /assets/s3_presigned_url` (docs/SPEC.md §7): where to PUT a file of this extension. */
export const presignedUrlSchema = z.object({
  method: z.literal('PUT', { error: wrongValue }),
  fileExtension: z
    .string({ error: wrongValue })
    .trim()
    .transform((value) => value.replace(/^\./, '').toLowerCase())
    .pipe(
      z.enum(UPLOAD_EXTENSIONS, {
        error: withParams('errors.validations.fileType', { types: UPLOAD_EXTENSIONS.join(', ') }),
      }),
    ),
});
export type PresignedUrlInput = z.input<typeof presignedUrlSchema>;

/** Its answer: PUT the file to `url` with header `content-type: contentType`, then save `uniqueFileName`. */
export const presignedUploadSchema = z.object({
  url: z.string(),
  uniqueFileName: z.string(),
  contentType: z.string(),
});

import { z } from 'zod';
import { UPLOAD_EXTENSIONS } from '../companies';
import { V, withParams } from './common';

/** `POST /assets/s3_presigned_url` (SPEC §7): where to PUT a file of this extension. */
export const presignedUrlSchema = z.object({
  method: z.literal('PUT', { error: V.invalid }),
  fileExtension: z
    .string({ error: V.required })
    .trim()
    .transform((value) => value.replace(/^\./, '').toLowerCase())
    .pipe(
      z.enum(UPLOAD_EXTENSIONS, {
        error: withParams('errors.validations.fileType', { types: UPLOAD_EXTENSIONS.join(', ') }),
      }),
    ),
});
export type PresignedUrlInput = z.input<typeof presignedUrlSchema>;

import { z } from 'zod';

/** One backup as `GET /backups` answers it (ADR 0024; wire: id, created_at, size, status). */
export const backupSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  finishedAt: z.string().nullable().describe('ISO 8601'),
  size: z.number().int().nullable().describe('bytes of the archive; null until it is written'),
  status: z.enum(['running', 'succeeded', 'failed']),
  trigger: z.enum(['schedule', 'manual']),
  missingFiles: z
    .number()
    .int()
    .describe('files named by records that storage no longer had when the archive was written (0: none)'),
});

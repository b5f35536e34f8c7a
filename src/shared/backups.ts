import type { z } from 'zod';
import type { backupSummarySchema } from './schemas/backups-answers';

/** One backup as `GET /backups` answers it (ADR 0024; wire: id, created_at, size, status). */
export type BackupSummary = z.infer<typeof backupSummarySchema>;

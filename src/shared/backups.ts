/** One backup as `GET /backups` answers it (issue 17 wire: id, created_at, size, status). */
export interface BackupSummary {
  id: string;
  createdAt: string;
  finishedAt: string | null;
  /** Bytes of the archive; null until it is written. */
  size: number | null;
  status: 'running' | 'succeeded' | 'failed';
  trigger: 'schedule' | 'manual';
}

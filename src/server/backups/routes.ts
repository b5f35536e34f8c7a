import type { FeatureRoutes } from '../platform/route-deps';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { BackupSummary } from '../../shared/backups';
import { AppError, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, localeQuery, rawAnswer, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { backupSummarySchema } from '../../shared/schemas/backups-answers';
import type { BackupRow, BackupService } from './service';

function toSummary(row: BackupRow): BackupSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    size: row.size,
    status: row.status,
    trigger: row.trigger,
    missingFiles: row.missingFiles,
  };
}

const list = envelopeContract({
  summary: 'Backups, newest first (administrators)',
  tags: ['backups'],
  answer: z.array(backupSummarySchema),
});
const start = envelopeContract({
  summary: 'Starts a backup now; 409 while one is running (administrators)',
  tags: ['backups'],
  answer: backupSummarySchema,
  status: 202,
});
const downloadParams = z.object({ id: uuid() });
const download = contract({
  summary: 'Downloads a finished backup archive (administrators)',
  tags: ['backups'],
  params: downloadParams,
  querystring: localeQuery,
  response: { 200: rawAnswer('application/gzip: the archive, as an attachment') },
});

/** The Backups screen's API (ADR 0024), administrators only. */
export const backupRoutes: FeatureRoutes<{ backups: BackupService }> = async (app, { backups }) => {
  app.get('/backups', { ...list, config: { access: 'admin' } }, async () => ok((await backups.list()).map(toSummary)));

  app.post('/backups', { ...start, config: { access: 'admin' } }, async (_request, reply) => {
    const row = await backups.start('manual');
    if (!row) throw new AppError(409, 'backup_running', 'backups.errors.running');
    return reply.code(202).send(ok(toSummary(row)));
  });

  app.get('/backups/:id/download', { ...download, config: { access: 'admin' } }, async (request, reply) => {
    const row = await backups.find(request.params.id);
    if (!row || row.status !== 'succeeded' || !row.fileName) throw notFound();
    const file = backups.archivePath(row);
    // Removed by retention, or kept in another process's BACKUP_DIR: gone is gone.
    const size = await stat(file).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) throw notFound();
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(size))
      .header('content-disposition', `attachment; filename="${row.fileName}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(file));
  });
};

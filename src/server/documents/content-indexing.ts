import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import { enqueueJob, type JobRunner } from '../platform/jobs/queue';
import { MAX_UPLOAD_BYTES, type Storage } from '../platform/storage/storage';
import { extractPdfText, type ExtractionLimits } from './text-extraction';

/** The queue of text extractions: one job per PDF document, keyed by its id (migration 0010 enqueued the existing ones). */
export const DOCUMENT_TEXT_QUEUE = 'document-text';

export interface DocumentTextJob extends Record<string, unknown> {
  document_id: string;
}

type Executor = Parameters<typeof enqueueJob>[0];

/** In the save's transaction: the job exists exactly when the document does. */
export async function enqueueDocumentText(tx: Executor, documentId: string): Promise<void> {
  await enqueueJob(tx, DOCUMENT_TEXT_QUEUE, { document_id: documentId } satisfies DocumentTextJob, {
    key: documentId,
  });
}

/**
 * Reads the file of a PDF document and records its text and outcome. Idempotent (a job may run again
 * after its process died): the outcome is written over whatever an earlier run wrote, and only while
 * the document still names the same file.
 */
export async function indexDocumentText(
  db: Db,
  storage: Storage,
  documentId: string,
  limits?: ExtractionLimits,
): Promise<void> {
  const [row] = await db
    .select({ fileName: documents.fileName, fileType: documents.fileType })
    .from(documents)
    .where(eq(documents.id, documentId));
  // Deleted meanwhile: nothing to index.
  if (!row) return;
  if (row.fileType !== 'application/pdf') {
    await db.update(documents).set({ contentStatus: 'no_text' }).where(eq(documents.id, documentId));
    return;
  }
  // A missing file or an unreachable bucket throws: the job is retried later, then given up (failed).
  const bytes = await storage.readStart(row.fileName, MAX_UPLOAD_BYTES);
  const outcome = await extractPdfText(bytes, limits);
  await db
    .update(documents)
    .set(
      outcome.status === 'indexed'
        ? { contentStatus: 'indexed', contentText: outcome.text, contentError: null }
        : outcome.status === 'no_text'
          ? { contentStatus: 'no_text', contentText: null, contentError: null }
          : { contentStatus: 'failed', contentText: null, contentError: outcome.reason },
    )
    .where(and(eq(documents.id, documentId), eq(documents.fileName, row.fileName)));
}

/** Registers the extraction on a runner; a job given up leaves its document `failed`, not `pending` forever. */
export function handleDocumentText(runner: JobRunner, db: Db, storage: Storage, limits?: ExtractionLimits): void {
  runner.handle<DocumentTextJob>(
    DOCUMENT_TEXT_QUEUE,
    (payload) => indexDocumentText(db, storage, payload.document_id, limits),
    {
      onGiveUp: async (payload, error) => {
        await db
          .update(documents)
          .set({ contentStatus: 'failed', contentError: error.slice(0, 200) })
          .where(eq(documents.id, payload.document_id));
      },
    },
  );
}

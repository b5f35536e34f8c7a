import { beforeAll, describe, expect, it } from 'vitest';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { selectRows } from '../db/rows';
import { documents, periodicRuns } from '../db/schema';
import { useAuthHeader } from '../test/harness';
import { JPEG_BYTES, PDF_BYTES } from '../test/images';
import { fullCompany, lookupIds } from '../test/company-fixtures';
import type { Storage } from '../platform/storage/storage';
import {
  categoryIds,
  createCompany,
  postPdfDocument,
  storageOf,
  upload,
  useTestAppOn,
} from '../test/document-fixtures';
import { ORPHAN_MIN_AGE_MS, ORPHAN_SWEEP_TASK, sweepOrphanUploads } from './orphan-sweep';
import { withUploadsLock } from './store';

const DAY_LATER = () => Date.now() + ORPHAN_MIN_AGE_MS + 3600 * 1000;

describe.each(['local', 's3'] as const)('orphan upload sweep on %s storage', (adapter) => {
  let storage: Storage;
  let company: string;
  let category: string;

  const t = useTestAppOn(adapter);
  const auth = useAuthHeader(t);
  beforeAll(async () => {
    storage = await storageOf(t);
    company = await createCompany(t, auth, 'Balayage inc.');
    category = (await categoryIds(t.database.db)).other;
  });

  async function saveDocument(key: string) {
    const res = await postPdfDocument(t, auth, company, {
      name: 'Gardé',
      date: '2025-01-01',
      category_id: category,
      file_name: key,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.file_name as string;
  }

  it('deletes day-old uploads that no document or avatar uses, and nothing else', async () => {
    // A save keeps a sealed copy under a new key (ADR 0015): that is what the record names.
    const ofDocument = await saveDocument(await upload(t, auth, 'pdf', PDF_BYTES));
    const avatar = await upload(t, auth, 'jpg', JPEG_BYTES);
    const ids = await lookupIds(t.database.db);
    const withAvatar = await t.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: fullCompany(ids, { name: 'Avatar inc.', avatar_file_name: avatar }),
    });
    expect(withAvatar.statusCode, withAvatar.body).toBe(201);
    const avatarKept = withAvatar.json().data.avatar_file_name as string;
    // The upload itself is gone once its copy is saved.
    expect(await storage.head(avatar)).toBeUndefined();
    const orphan = await upload(t, auth, 'pdf', PDF_BYTES);

    // Young orphans are left alone: their form may still be open.
    const early = await sweepOrphanUploads(t.database.db, storage);
    expect(early.deleted).toBe(0);
    expect(await storage.head(orphan)).toBeDefined();

    const later = await sweepOrphanUploads(t.database.db, storage, { now: DAY_LATER() });
    expect(later.deleted).toBe(1);
    expect(later.scanned).toBeGreaterThanOrEqual(3);
    expect(await storage.head(orphan)).toBeUndefined();
    expect(await storage.head(ofDocument)).toBeDefined();
    expect(await storage.head(avatarKept)).toBeDefined();

    // Nothing left to do the second time.
    expect((await sweepOrphanUploads(t.database.db, storage, { now: DAY_LATER() })).deleted).toBe(0);
  });

  it('never deletes a file whose document is being saved while it sweeps', async () => {
    const key = await upload(t, auth, 'pdf', PDF_BYTES);
    const db = t.database.db;
    let sweep: Promise<{ deleted: number }> | undefined;
    await withUploadsLock(db, 'shared', async (tx) => {
      // The save has checked the object and written its row, not committed yet, when the sweep starts.
      await tx.insert(documents).values({
        companyId: company,
        categoryId: category,
        name: 'En cours',
        date: '2025-01-01',
        fileName: key,
        fileType: 'application/pdf',
        fileSize: PDF_BYTES.length,
      });
      sweep = sweepOrphanUploads(db, storage, { now: DAY_LATER() });
      if (t.database.kind === 'postgres') {
        // Commit only once the sweep waits for the lock: without the lock it would see no row and delete.
        const waiting = () =>
          selectRows<{ n: number }>(
            tx,
            sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          );
        for (let i = 0; i < 10_000 && (await waiting())[0]!.n === 0; i++) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect((await waiting())[0]!.n).toBe(1);
      }
      // On PGlite there is one connection: the sweep's queries wait for this transaction anyway.
    });
    await sweep;
    expect(await storage.head(key)).toBeDefined();
  });

  if (adapter === 'local') {
    it('sweeps when the app starts unless a process swept within the hour, and waits for that sweep on close', async () => {
      const old = await upload(t, auth, 'pdf', PDF_BYTES);
      const fresh = await upload(t, auth, 'pdf', PDF_BYTES);
      const twoDaysAgo = new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS);
      await utimes(path.join(t.dataDir, 'uploads', old), twoDaysAgo, twoDaysAgo);

      // A second process on the same database and files: the test app claimed this hour's sweep when it became
      // ready, so this one does not sweep again (ADR 0027).
      const second = await buildApp({ config: t.config, database: t.database, tokens: t.tokens });
      await second.ready();
      await second.close();
      expect(await storage.head(old)).toBeDefined();

      // An hour later by the database's clock, the next process to start sweeps.
      await t.database.db
        .update(periodicRuns)
        .set({ lastStartedAt: sql`now() - interval '1 hour'` })
        .where(eq(periodicRuns.name, ORPHAN_SWEEP_TASK));
      const restarted = await buildApp({ config: t.config, database: t.database, tokens: t.tokens });
      await restarted.ready();
      await restarted.close();

      expect(await storage.head(old)).toBeUndefined();
      expect(await storage.head(fresh)).toBeDefined();
    });
  }
});

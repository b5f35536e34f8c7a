import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { categoryIds, createCompany, upload, type Auth, type CategoryIds } from '../test/document-fixtures';
import { createThrowawayDatabase, createTestApp, type TestApp } from '../test/harness';
import { PDF_BYTES } from '../test/images';
import { dumpTables } from './dump';
import { IN_PROGRESS_NAME } from './service';
import { restoreArchive, RestoreRefused } from './restore';

const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Every row of every application table, as PostgreSQL writes it, by table. */
/**
 * What background work changes after the backup's moment, without any save: the text of a document read by its
 * extraction job (ADR 0023), the jobs themselves, periodic claims and abuse counters. The writer's saves are
 * what the round trip compares; these would differ between the source read later and the archive.
 */
const MOVING_COLUMNS: Record<string, string[]> = {
  documents: ['content_status', 'content_text', 'content_error', 'search_vector'],
};
const MOVING_TABLES = new Set(['jobs', 'periodic_runs', 'limit_counters']);

async function tableRows(db: Parameters<typeof dumpTables>[0]): Promise<Map<string, Set<string>>> {
  const { tables } = await dumpTables(db);
  const settled = (name: string, line: string) => {
    const moving = MOVING_COLUMNS[name];
    if (!moving) return line;
    const row = JSON.parse(line) as Record<string, unknown>;
    for (const column of moving) delete row[column];
    return JSON.stringify(row);
  };
  return new Map(
    tables
      .filter((t) => !MOVING_TABLES.has(t.name))
      .map((t) => [t.name, new Set(t.lines.map((line) => settled(t.name, line)))]),
  );
}

/** Checksums of the stored files (not their `.meta.json`). */
async function fileSums(uploadsDir: string): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => !n.endsWith('.json'))) {
    sums.set(name, sha(await readFile(path.join(uploadsDir, name))));
  }
  return sums;
}

describe('backups', () => {
  let t: TestApp;
  let admin: Auth;
  let user: Auth;
  let cats: CategoryIds;
  let backupDir: string;
  const scratch: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-backup-test-'));
    scratch.push(dir);
    return dir;
  };

  beforeAll(async () => {
    backupDir = await tempDir();
    t = await createTestApp({ BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    admin = await t.authHeader(await t.createUser({ role: 'admin' }));
    user = await t.authHeader(await t.createUser());
    cats = await categoryIds(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  /** A company with a document whose file is `size` bytes of noise behind a PDF header. */
  async function companyWithDocument(name: string, size = 2_000): Promise<string> {
    const company = await createCompany(t, admin, name);
    const bytes = Buffer.concat([PDF_BYTES, randomBytes(size)]);
    const key = await upload(t, admin, 'pdf', bytes);
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${company}/documents?locale=en`,
      headers: admin,
      payload: {
        name: `Bilan ${name}`,
        date: '2025-03-14',
        category_id: cats.statements,
        file_name: key,
        file_type: 'application/pdf',
        file_size: bytes.length,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return company;
  }

  const list = () => t.inject({ method: 'GET', url: '/api/backups?locale=en', headers: admin });
  const start = (locale = 'en') => t.inject({ method: 'POST', url: `/api/backups?locale=${locale}`, headers: admin });

  it('backs up while a writer keeps saving, and restores every row and file of that moment', async () => {
    for (let i = 0; i < 6; i += 1) await companyWithDocument(`Seed ${i}`, 300_000);

    let writing = true;
    const written: string[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i += 1) written.push(await companyWithDocument(`Writer ${i}`));
    })();
    const res = await start();
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json().data as { id: string; status: string };
    expect(started.status).toBe('running');
    await t.app.backups.idle();
    writing = false;
    await writer;

    const listed = (await list()).json().data as { id: string; status: string; size: number; created_at: string }[];
    const done = listed.find((b) => b.id === started.id)!;
    expect(done.status).toBe('succeeded');
    expect(done.size).toBeGreaterThan(0);

    const download = await t.inject({ method: 'GET', url: `/api/backups/${started.id}/download`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="atrium-backup-.*\.tar\.gz"$/);
    const archive = path.join(await tempDir(), 'backup.tar.gz');
    await writeFile(archive, download.rawPayload);
    expect(download.rawPayload.length).toBe(done.size);

    const source = await tableRows(t.database.db);
    const sourceFiles = await fileSums(path.join(t.dataDir, 'uploads'));
    const target = await tempDir();
    const throwaway = await createThrowawayDatabase('atrium_restore', { empty: true });
    try {
      const result = await restoreArchive({
        file: archive,
        dataDir: path.join(target, 'data'),
        databaseUrl: throwaway?.url,
      });
      expect(result.files).toBeGreaterThanOrEqual(6);
      const restoredDb = await openDatabase(
        throwaway ? { url: throwaway.url } : { pgliteDir: path.join(target, 'data', 'db') },
      );
      let restored: Map<string, Set<string>>;
      try {
        restored = await tableRows(restoredDb.db);
      } finally {
        await restoredDb.close();
      }
      // The writer only adds: the backup's moment is the source minus what was added after it. Every
      // restored row is a source row, and what is missing belongs to companies saved after that moment
      // whole (a company without its owners, events or document would be a mix of before and after).
      // A loan's row of figures (loan_states) belongs to the company of its contribution.
      const companyOfLoan = new Map(
        [...(source.get('financial_contributions') ?? [])].map((line) => {
          const row = JSON.parse(line) as { id: string; company_id: string };
          return [row.id, row.company_id] as const;
        }),
      );
      const companyIdOf = (line: string) => {
        const row = JSON.parse(line) as { id: string; company_id?: string; contribution_id?: string };
        return row.company_id ?? (row.contribution_id && companyOfLoan.get(row.contribution_id)) ?? row.id;
      };
      const restoredCompanies = new Set([...restored.get('companies')!].map(companyIdOf));
      const later = written.filter((id) => !restoredCompanies.has(id));
      expect(later.length).toBeGreaterThan(0);
      expect(written.slice(0, written.length - later.length)).toEqual(
        written.filter((id) => restoredCompanies.has(id)),
      );
      // A company save and a document save are each one transaction: a row may be missing only with
      // the rest of its save — a later company whole, or a later document with its "added" event.
      const missingDocuments: string[] = [];
      const missingDocumentEvents: string[] = [];
      for (const [table, rows] of source) {
        const back = restored.get(table) ?? new Set<string>();
        for (const row of back) expect(rows.has(row), `${table} row restored as it was`).toBe(true);
        for (const row of rows) {
          if (back.has(row) || later.includes(companyIdOf(row))) continue;
          const value = JSON.parse(row) as { name?: string; code?: string; params?: { name?: string } };
          if (table === 'documents') missingDocuments.push(value.name!);
          else if (table === 'events' && value.code === 'documentAdded')
            missingDocumentEvents.push(value.params!.name!);
          else expect.fail(`${table} row missing from the backup without the rest of its save: ${row}`);
        }
      }
      expect(missingDocuments.sort()).toEqual(missingDocumentEvents.sort());
      const restoredFiles = await fileSums(path.join(target, 'data', 'uploads'));
      const documentKeys = [...restored.get('documents')!].map(
        (l) => (JSON.parse(l) as { file_name: string }).file_name,
      );
      expect([...restoredFiles.keys()].sort()).toEqual([...documentKeys].sort());
      for (const [key, sum] of restoredFiles) expect(sum).toBe(sourceFiles.get(key));
    } finally {
      await throwaway?.drop();
    }
  }, 240_000);

  it('refuses a truncated, edited or foreign archive and changes nothing', async () => {
    const [latest] = (await list()).json().data as { id: string }[];
    const download = await t.inject({ method: 'GET', url: `/api/backups/${latest!.id}/download`, headers: admin });
    const good = download.rawPayload;
    const dir = await tempDir();
    const cases: [string, Buffer, RegExp][] = [
      ['truncated', good.subarray(0, Math.floor(good.length / 2)), /damaged or truncated/],
      ['foreign', Buffer.from('hello, this is not a backup'), /damaged|not an Atrium backup/],
    ];
    // Edited: one byte of a stored entry changed, the archive then re-packed as a valid gzip.
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const tar = gunzipSync(good);
    const at = tar.indexOf(Buffer.from('Seed 0'));
    expect(at).toBeGreaterThan(0);
    tar[at] = 'Z'.charCodeAt(0);
    cases.push(['edited', gzipSync(tar), /does not match the manifest/]);
    for (const [name, body, message] of cases) {
      const file = path.join(dir, `${name}.tar.gz`);
      await writeFile(file, body);
      const target = path.join(dir, `restore-${name}`);
      await expect(restoreArchive({ file, dataDir: target })).rejects.toThrow(message);
      await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    }
  }, 60_000);

  it('refuses to restore into a non-empty folder unless told to move it aside', async () => {
    const [latest] = (await list()).json().data as { id: string }[];
    const file = t.app.backups.archivePath((await t.app.backups.find(latest!.id))!);
    const dataDir = path.join(await tempDir(), 'data');
    await restoreArchive({ file, dataDir: path.join(dataDir) });
    await writeFile(path.join(dataDir, 'marker'), 'before');
    await expect(restoreArchive({ file, dataDir })).rejects.toThrow(RestoreRefused);
    expect(await readFile(path.join(dataDir, 'marker'), 'utf8')).toBe('before');
    const result = await restoreArchive({ file, dataDir, replace: true });
    expect(await readFile(path.join(result.movedAside!, 'marker'), 'utf8')).toBe('before');
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['db', 'uploads']));
  }, 240_000);

  it('runs one backup at a time: a second start answers 409, localized', async () => {
    const first = await start();
    expect(first.statusCode).toBe(202);
    const second = await start('fr');
    expect(second.statusCode).toBe(409);
    expect(second.json().errors.code).toBe('backup_running');
    expect(second.json().errors.message).toMatch(/déjà en cours/);
    await t.app.backups.idle();
  });

  it('keeps BACKUP_KEEP archives, removing the older files', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await start()).statusCode).toBe(202);
      await t.app.backups.idle();
    }
    const rows = (await list()).json().data as { status: string }[];
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(2);
    const archives = (await readdir(backupDir)).filter((n) => n.endsWith('.tar.gz') && !n.startsWith('.'));
    expect(archives).toHaveLength(2);
  });

  it('records a full disk as a failed backup, removes the partial file and keeps serving', async () => {
    // Every write to /dev/full fails with ENOSPC: the disk-full error, from the real file system.
    await symlink('/dev/full', path.join(backupDir, IN_PROGRESS_NAME));
    const res = await start();
    expect(res.statusCode).toBe(202);
    await t.app.backups.idle();
    const row = ((await list()).json().data as { id: string; status: string }[]).find(
      (b) => b.id === res.json().data.id,
    );
    expect(row?.status).toBe('failed');
    expect(await readdir(backupDir)).not.toContain(IN_PROGRESS_NAME);
    expect((await t.inject({ method: 'GET', url: '/api/companies', headers: admin })).statusCode).toBe(200);
    const download = await t.inject({ method: 'GET', url: `/api/backups/${row!.id}/download`, headers: admin });
    expect(download.statusCode).toBe(404);
  });

  it('runs the schedule once when due, and not again within the interval', async () => {
    const later = new Date(Date.now() + 25 * 3600_000);
    const [first, second] = await Promise.all([t.app.backups.runIfDue(later), t.app.backups.runIfDue(later)]);
    const ran = [first, second].filter(Boolean);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.status).toBe('succeeded');
    expect(ran[0]!.trigger).toBe('schedule');
    expect(await t.app.backups.runIfDue(new Date(later.getTime() + 3600_000))).toBeUndefined();
  });

  it('is for administrators only', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/backups', headers: user })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/backups', headers: user })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/backups' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/backups/nope/download', headers: admin })).statusCode).toBe(404);
  });
});

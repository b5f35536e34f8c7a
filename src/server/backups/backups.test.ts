import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, loggerOptions } from '../app';
import { openDatabase } from '../db/client';
import { selectRows } from '../db/rows';
import { categoryIds, createCompany, storageOf, upload, type Auth, type CategoryIds } from '../test/document-fixtures';
import { createThrowawayDatabase, createTestApp, TEST_SECRET, type TestApp } from '../test/harness';
import { PDF_BYTES } from '../test/images';
import { dumpTables } from './dump';
import { claimBackupFolder, FOLDER_GONE_AFTER_MS, FOLDER_ID_FILE, UnsharedBackupFolder } from './folders';
import { IN_PROGRESS_NAME } from './service';
import { restoreArchive, RestoreRefused } from './restore';
import { readTar, TAR_END, tarHeader, tarPadding } from './tar';

const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Every row of every application table, as PostgreSQL writes it, by table. */
/**
 * What background work changes after the backup's moment, without any save: the text of a document read by its
 * extraction job (ADR 0023), the jobs themselves, periodic claims and abuse counters. The writer's saves are
 * what the round trip compares; these would differ between the source read later and the archive.
 */
const MOVING_COLUMNS: Record<string, string[]> = {
  documents: ['content_status', 'content_text', 'content_error', 'search_vector'],
  // The restore itself ends every session of the archive's moment (ADR 0034 §4).
  sessions: ['ended_at'],
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
        jwtSecret: TEST_SECRET,
      });
      expect(result.signature).toBe('valid');
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
      await expect(restoreArchive({ file, dataDir: target, jwtSecret: TEST_SECRET })).rejects.toThrow(message);
      await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    }
  }, 60_000);

  /**
   * An archive rewritten as an attacker would: `edit` changes entries, then every checksum is computed again
   * (entries in the manifest, the manifest's own); the signature entry is kept as it was unless `edit` drops it.
   */
  async function rewritten(archive: Buffer, edit: (name: string, body: Buffer) => Buffer | undefined) {
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const entries: { name: string; body: Buffer }[] = [];
    for await (const entry of readTar(
      (async function* () {
        yield gunzipSync(archive);
      })(),
    )) {
      const body = edit(entry.name, entry.body);
      if (body) entries.push({ name: entry.name, body });
    }
    const manifestEntry = entries.find((e) => e.name === 'manifest.json')!;
    const manifest = JSON.parse(manifestEntry.body.toString('utf8')) as {
      entries: { name: string; size: number; sha256: string }[];
    };
    for (const listed of manifest.entries) {
      const body = entries.find((e) => e.name === listed.name)!.body;
      Object.assign(listed, { size: body.length, sha256: sha(body) });
    }
    manifestEntry.body = Buffer.from(JSON.stringify(manifest, null, 2));
    entries.find((e) => e.name === 'manifest.sha256')!.body = Buffer.from(
      `${sha(manifestEntry.body)}  manifest.json\n`,
    );
    const now = new Date();
    return gzipSync(
      Buffer.concat([
        ...entries.flatMap((e) => [tarHeader(e.name, e.body.length, now), e.body, tarPadding(e.body.length)]),
        TAR_END,
      ]),
    );
  }

  /** A backup taken now, through the screen's API. */
  async function freshBackup(): Promise<{ id: string; file: string }> {
    const res = await start();
    expect(res.statusCode, res.body).toBe(202);
    await t.app.backups.idle();
    const row = (await t.app.backups.find(res.json().data.id as string))!;
    expect(row.status).toBe('succeeded');
    return { id: row.id, file: t.app.backups.archivePath(row) };
  }

  it('refuses an archive edited to make a user an administrator, checksums and all (third audit, finding 4)', async () => {
    const { id } = await freshBackup();
    const download = await t.inject({ method: 'GET', url: `/api/backups/${id}/download`, headers: admin });
    const good = download.rawPayload;
    const dir = await tempDir();
    const promote = (name: string, body: Buffer) =>
      name === 'db/users.ndjson'
        ? Buffer.from(body.toString('utf8').replaceAll('"role":"user"', '"role":"admin"'))
        : body;
    const cases: [string, Buffer, string | undefined, RegExp][] = [
      // Edited: its checksums are right, its signature is not.
      ['promoted', await rewritten(good, promote), TEST_SECRET, /changed after it was made.*Do not restore it/],
      // Its signature taken out: not signed, so the operator must vouch for it.
      [
        'unsigned',
        await rewritten(good, (name, body) => (name === 'manifest.sig' ? undefined : promote(name, body))),
        TEST_SECRET,
        /is not signed.*--from-another-installation/,
      ],
      // Intact, but this installation has another secret, or none yet.
      [
        'other secret',
        good,
        'another-secret-another-secret-another-secret',
        /another installation.*--from-another-installation/,
      ],
      ['no secret', good, undefined, /no secret yet.*--from-another-installation/],
    ];
    for (const [name, body, jwtSecret, message] of cases) {
      const file = path.join(dir, `${name}.tar.gz`);
      await writeFile(file, body);
      const target = path.join(dir, `restore-${name}`);
      await expect(restoreArchive({ file, dataDir: target, jwtSecret }), name).rejects.toThrow(message);
      await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    }
    // The operator vouches for an archive from another installation: it restores, and no session of its
    // moment opens again. An edited one never restores.
    const vouched = path.join(dir, 'other secret.tar.gz');
    const target = path.join(dir, 'vouched');
    const result = await restoreArchive({ file: vouched, dataDir: target, fromAnotherInstallation: true });
    expect(result.signature).toBe('no-key');
    const restored = await openDatabase({ pgliteDir: path.join(target, 'db') });
    try {
      const [counts] = await selectRows<{ open: number; total: number }>(
        restored.db,
        sql`SELECT count(*) FILTER (WHERE ended_at IS NULL)::int AS open, count(*)::int AS total FROM sessions`,
      );
      expect(counts!.total).toBeGreaterThan(0);
      expect(counts!.open).toBe(0);
    } finally {
      await restored.close();
    }
    await expect(
      restoreArchive({
        file: path.join(dir, 'promoted.tar.gz'),
        dataDir: path.join(dir, 'never'),
        jwtSecret: TEST_SECRET,
        fromAnotherInstallation: true,
      }),
    ).rejects.toThrow(/Do not restore it/);
  }, 240_000);

  it('checks an archive on a new machine with the old secret put in the empty folder, and keeps it', async () => {
    const { file } = await freshBackup();
    const dataDir = path.join(await tempDir(), 'data');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'secret'), `${TEST_SECRET}\n`, { mode: 0o600 });
    const result = await restoreArchive({ file, dataDir });
    expect(result.signature).toBe('valid');
    expect((await readFile(path.join(dataDir, 'secret'), 'utf8')).trim()).toBe(TEST_SECRET);
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['db', 'secret']));
  }, 240_000);

  it('refuses to restore into a non-empty folder unless told to move it aside', async () => {
    const [latest] = (await list()).json().data as { id: string }[];
    const file = t.app.backups.archivePath((await t.app.backups.find(latest!.id))!);
    const dataDir = path.join(await tempDir(), 'data');
    await restoreArchive({ file, dataDir: path.join(dataDir), jwtSecret: TEST_SECRET });
    await writeFile(path.join(dataDir, 'marker'), 'before');
    await expect(restoreArchive({ file, dataDir, jwtSecret: TEST_SECRET })).rejects.toThrow(RestoreRefused);
    expect(await readFile(path.join(dataDir, 'marker'), 'utf8')).toBe('before');
    const result = await restoreArchive({ file, dataDir, replace: true, jwtSecret: TEST_SECRET });
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

  it('writes archives only the app’s user can read, in a folder only it can enter (third audit, finding 3)', async () => {
    // A folder an older version left open to everyone is closed again.
    await chmod(backupDir, 0o755);
    const res = await start();
    expect(res.statusCode).toBe(202);
    await t.app.backups.idle();
    const row = (await t.app.backups.find(res.json().data.id))!;
    expect(row.status).toBe('succeeded');
    const mode = async (file: string) => (await stat(file)).mode & 0o777;
    expect((await mode(t.app.backups.archivePath(row))).toString(8)).toBe('600');
    expect((await mode(backupDir)).toString(8)).toBe('700');
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

  it('says so when files named by records were missing from storage: on the row, the list and the log', async () => {
    const before = await freshBackup();
    expect((await t.app.backups.find(before.id))!.missingFiles).toBe(0);
    const company = await companyWithDocument('Fichier perdu');
    const [document] = await selectRows<{ key: string }>(
      t.database.db,
      sql`SELECT file_name AS key FROM documents WHERE company_id = ${company}`,
    );
    await (await storageOf(t)).delete(document!.key);

    // The same app logging into memory: the log line is part of what is said.
    let logged = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
    const app = await buildApp(
      { config: t.config, database: t.database, tokens: t.tokens },
      { logger: loggerOptions('info', stream) },
    );
    try {
      const row = (await app.backups.start('manual'))!;
      await app.backups.idle();
      const listed = (await list()).json().data as { id: string; status: string; missing_files: number }[];
      expect(listed.find((b) => b.id === row.id)).toMatchObject({ status: 'succeeded', missing_files: 1 });
      const line = logged.split('\n').find((l) => l.includes('files named by records were missing'));
      expect(line, logged).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ level: 40, backup: row.id, missingFiles: 1, keys: [document!.key] });
    } finally {
      await app.close();
    }
  });

  it('marks a backup whose process died failed once its heartbeat is older than the limit, whoever reads the list', async () => {
    const [dead] = await selectRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO backups (trigger, status, created_at, heartbeat_at)
          VALUES ('manual', 'running', now() - interval '10 minutes', now() - interval '3 minutes') RETURNING id`,
    );
    const listed = (await list()).json().data as { id: string; status: string; finished_at: string | null }[];
    expect(listed.find((b) => b.id === dead!.id)).toMatchObject({ status: 'failed' });
    expect(listed.find((b) => b.id === dead!.id)!.finished_at).not.toBeNull();
    // A running backup whose heartbeat is recent stays running.
    const [alive] = await selectRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO backups (trigger, status, heartbeat_at) VALUES ('manual', 'running', now() - interval '10 seconds')
          RETURNING id`,
    );
    try {
      const again = (await list()).json().data as { id: string; status: string }[];
      expect(again.find((b) => b.id === alive!.id)?.status).toBe('running');
    } finally {
      await t.database.db.execute(sql`DELETE FROM backups WHERE id = ${alive!.id}`);
    }
  });

  it('refuses to start a process whose backups folder is not the one of the live processes on its database', async () => {
    const shared = await tempDir();
    const own = await tempDir();
    const first = await claimBackupFolder(t.database.db, shared);
    // Another process mounting the same folder reads the same identity: it starts.
    const second = await claimBackupFolder(t.database.db, shared);
    expect(second.folderId).toBe(first.folderId);
    expect((await readFile(path.join(shared, FOLDER_ID_FILE), 'utf8')).trim()).toBe(first.folderId);
    // A process with a folder of its own would list archives it cannot serve: refused, and says why.
    const refused = claimBackupFolder(t.database.db, own);
    await expect(refused).rejects.toThrow(UnsharedBackupFolder);
    await expect(claimBackupFolder(t.database.db, own)).rejects.toThrow(
      new RegExp(`${own}.*${shared}.*one shared BACKUP_DIR`),
    );
    // Once the others stopped (or were last seen longer ago than the limit), a new folder is fine.
    await first.release();
    await t.database.db.execute(
      sql`UPDATE backup_folders SET seen_at = now() - ${`${FOLDER_GONE_AFTER_MS + 60_000} milliseconds`}::interval`,
    );
    const alone = await claimBackupFolder(t.database.db, own);
    await alone.release();
    await second.release();
  });

  it('is for administrators only', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/backups', headers: user })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/backups', headers: user })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/backups' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/backups/nope/download', headers: admin })).statusCode).toBe(404);
  });
});

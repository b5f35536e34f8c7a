import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../test/harness';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One operator's command, as `npm run <script> -- args` runs it: a real process on a real database. */
function run(script: 'admin' | 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The app itself (src/server/main.ts) on a data folder, until `stop`. */
async function startApp(dataDir: string) {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'first@example.com',
      ADMIN_PASSWORD: 'first-admin-password',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Atrium is running')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`the app exited: ${output}`)));
  });
  return {
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('operator commands', () => {
  const scratch: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-commands-'));
    scratch.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  it('refuses the embedded database while the app holds it, and works on it once the app stopped', async () => {
    const dataDir = await tempDir();
    const app = await startApp(dataDir);
    try {
      const busy = await run('admin', ['list-admins'], { DATA_DIR: dataDir });
      expect(busy.code).toBe(3);
      expect(busy.stderr).toContain(`in use by the app (process ${app.pid})`);
      expect(busy.stderr).toContain('Stop the app');
      const backup = await run('backup', ['--out', path.join(dataDir, 'b.tar.gz')], { DATA_DIR: dataDir });
      expect(backup.code).toBe(3);
    } finally {
      expect(await app.stop()).toBe(0);
    }
    // Nothing was corrupted: the command now reads what the app wrote.
    const listed = await run('admin', ['list-admins'], { DATA_DIR: dataDir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^first@example\.com\tAdmin Atrium\tactive$/m);
  }, 240_000);

  // PostgreSQL when the suite runs under `npm run test:pg` (which provides a server), the embedded database always.
  const databases: [string, boolean][] = [
    ['embedded database', false],
    ...(process.env['TEST_DATABASE_URL'] ? [['PostgreSQL', true] as [string, boolean]] : []),
  ];
  describe.each(databases)('on the %s', (_name, postgres) => {
    it('creates an admin, makes a reset link, lists admins, and refuses unknown commands and accounts', async () => {
      const throwaway = postgres ? await createThrowawayDatabase('atrium_cli') : undefined;
      const dataDir = await tempDir();
      const env = {
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://atrium.test',
        ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
      };
      try {
        const created = await run('admin', ['create-admin', 'Boss@Example.com'], env);
        expect(created.code, created.stderr).toBe(0);
        expect(created.stdout).toMatch(/Administrator boss@example\.com created\.\nPassword \(shown once.*\): \S{16}/);

        const again = await run('admin', ['create-admin', 'boss@example.com'], env);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('exists already');

        const link = await run('admin', ['reset-link', 'boss@example.com'], env);
        expect(link.code, link.stderr).toBe(0);
        expect(link.stdout).toMatch(/^http:\/\/atrium\.test\/passwords\/reset\?token=[A-Za-z0-9_-]{43}$/m);
        expect((await readdir(path.join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml'))).toHaveLength(1);

        const listed = await run('admin', ['list-admins'], env);
        expect(listed.stdout).toMatch(/^boss@example\.com\tAdmin Atrium\tactive$/m);

        const nobody = await run('admin', ['reset-link', 'nobody@example.com'], env);
        expect(nobody.code).toBe(1);
        expect(nobody.stderr).toContain('No account has the email nobody@example.com');

        const unlocked = await run('admin', ['unlock', 'boss@example.com'], env);
        expect(unlocked.code, unlocked.stderr).toBe(0);
        expect(unlocked.stdout).toContain('boss@example.com: no limit was holding this account. Nothing was changed.');

        const unlockNobody = await run('admin', ['unlock', 'nobody@example.com'], env);
        expect(unlockNobody.code).toBe(1);
        expect(unlockNobody.stderr).toContain('No account has the email nobody@example.com');

        const unknown = await run('admin', ['make-coffee'], env);
        expect(unknown.code).toBe(2);
        expect(unknown.stderr).toContain('Unknown command "make-coffee"');
        expect(unknown.stderr).toContain('Usage: npm run admin -- <command>');

        const noEmail = await run('admin', ['create-admin'], env);
        expect(noEmail.code).toBe(2);
      } finally {
        await throwaway?.drop();
      }
    }, 240_000);
  });

  it('backs up with the app stopped and restores into an empty folder; refuses a damaged archive', async () => {
    const dataDir = await tempDir();
    const created = await run('admin', ['create-admin', 'kept@example.com'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    const archive = path.join(await tempDir(), 'atrium.tar.gz');
    const backup = await run('backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${archive}`);
    // It holds every password hash: readable by its owner only (third audit, finding 3).
    expect(((await stat(archive)).mode & 0o777).toString(8)).toBe('600');

    // Signed with the secret the command kept in DATA_DIR (third audit, finding 4): a folder without it cannot
    // check the archive…
    const target = path.join(await tempDir(), 'restored');
    const unchecked = await run('restore', [archive], { DATA_DIR: target });
    expect(unchecked.code).toBe(1);
    expect(unchecked.stderr).toContain('no secret yet');
    expect(unchecked.stderr).toContain('--from-another-installation');
    // …the old installation's secret put in the empty folder first, as on a new machine, checks it and stays.
    await mkdir(target);
    await copyFile(path.join(dataDir, 'secret'), path.join(target, 'secret'));
    const restored = await run('restore', [archive], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("Its signature is this installation's.");
    expect(await readdir(target)).toEqual(expect.arrayContaining(['db', 'secret']));
    // An operator vouching for an archive from elsewhere restores it without the secret.
    const vouched = await run('restore', [archive, '--from-another-installation'], {
      DATA_DIR: path.join(path.dirname(target), 'vouched'),
    });
    expect(vouched.code, vouched.stderr).toBe(0);
    expect(vouched.stdout).toContain('Its signature was not checked (--from-another-installation).');
    const listed = await run('admin', ['list-admins'], { DATA_DIR: target });
    expect(listed.stdout).toMatch(/^kept@example\.com\t/m);

    const again = await run('restore', [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty');

    const damaged = path.join(path.dirname(archive), 'damaged.tar.gz');
    await writeFile(damaged, 'not a backup at all');
    const refused = await run('restore', [damaged], { DATA_DIR: path.join(target, '..', 'other') });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refused: .*Nothing was changed\./);
  }, 300_000);
});

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file of the generated secret, in DATA_DIR. */
export const SECRET_FILE = 'secret';

/** The secret the installation has: the configured one, or the one kept in DATA_DIR; undefined before either. */
export async function readSecret(configured: string | undefined, dataDir: string): Promise<string | undefined> {
  if (configured) return configured;
  try {
    const existing = (await readFile(path.join(dataDir, SECRET_FILE), 'utf8')).trim();
    return existing.length >= 32 ? existing : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return undefined;
    }
    throw error;
  }
}

/**
 * The signing secret: from the configuration in production, otherwise generated once and kept in
 * DATA_DIR so that sessions survive a restart of the embedded setup.
 */
export async function loadOrCreateSecret(configured: string | undefined, dataDir: string): Promise<string> {
  const existing = await readSecret(configured, dataDir);
  if (existing) return existing;
  const file = path.join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

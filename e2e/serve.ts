/**
 * Starts the real app for the browser tests: a fresh data directory, migrations, the accounts of
 * accounts.ts, then src/server/main.ts exactly as `npm start` runs it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/platform/auth/passwords';
import { ACCOUNTS, E2E_DATA_DIR, PASSWORD } from './accounts';

const dataDir = E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env['DATA_DIR'] = dataDir;
process.env['ADMIN_EMAIL'] = ACCOUNTS.admin.email;
process.env['ADMIN_PASSWORD'] = PASSWORD;
process.env['LOG_LEVEL'] ??= 'warn';
// The digests due are looked for every 2 s rather than every minute: e2e/digest.spec.ts waits for one.
process.env['DIGEST_CHECK_SECONDS'] ??= '2';

const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
await migrate(database);
const passwordHash = await hashPassword(PASSWORD);
for (const account of Object.values(ACCOUNTS)) {
  await database.db
    .insert(users)
    .values({ ...account, passwordHash, confirmedAt: new Date() })
    .onConflictDoNothing();
}
await database.close();

await import('../src/server/main');

import { mkdir } from 'node:fs/promises';
import v8 from 'node:v8';
import path from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedReferenceData } from './lookups/seed';
import { ensureFirstAdmin } from './users/first-admin';
import { loadOrCreateSecret } from './platform/auth/secret';
import { createTokenService } from './platform/auth/tokens';
import { createMailer } from './platform/mail/mailer';
import { lockEmbeddedDatabase } from './db/embedded-lock';
import { claimBackupFolder } from './backups/folders';

/**
 * The heap may grow to 1.2× what the last full collection kept, not V8's 1.1–4× by its own measure of speed
 * (ADR 0052): under 50 connections the heap of garbage between collections, not live data (about 55 MB), took the
 * process from 190 MB at rest to 350 MB resident. V8 reads this factor each time it sets the next limit, so
 * setting it here, before the app allocates, holds however the process is started.
 */
const HEAP_GROWING_PERCENT = 20;
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

/** Reads config, migrates, bootstraps, listens; drains and exits cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  await mkdir(config.dataDir, { recursive: true });
  // Operators' commands (npm run admin, backup) check this before opening the embedded database.
  const embeddedLock = config.databaseUrl ? undefined : await lockEmbeddedDatabase(config.dataDir, 'the app');
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  await migrate(database, config.databaseUrl);
  await seedReferenceData(database.db);
  // Several processes on one database keep their archives in one folder, or this one does not start (ADR 0064).
  const backupFolder = await claimBackupFolder(database.db, config.backup.dir);
  const secret = await loadOrCreateSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(secret, config.jwtTtlSeconds);
  const mailer = createMailer(config);
  const app = await buildApp({ config, database, tokens, mailer });
  // Where invitations and reset links go: without SMTP_URL they are only files on this machine.
  app.log.info(
    config.smtpUrl ? { mail: 'smtp' } : { mail: 'outbox', folder: path.join(config.dataDir, 'outbox') },
    'mail delivery',
  );

  const admin = await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  if (admin?.generatedPassword) {
    // Printed once, on the console only: it is not written to any file.
    console.log(
      `\n  First administrator created: ${admin.email}\n  Password (shown once, change it in "My account"): ${admin.generatedPassword}\n`,
    );
  } else if (admin) {
    app.log.info({ email: admin.email }, 'first administrator created from ADMIN_EMAIL');
  }

  let closing = false;
  // app.close() only hangs up connections idle at that moment: a keep-alive connection whose request
  // was in flight would hold the exit for Fastify's keep-alive timeout (72 s). Answers sent while
  // closing tell the client to hang up instead.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    try {
      await app.close();
      await backupFolder.release();
      await database.close();
      await embeddedLock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`  Atrium is running on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  // One line with the root cause (drizzle wraps driver errors: the query is in the message, the reason in cause).
  const root = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = root instanceof Error ? root.message : String(root);
  console.error(`Atrium could not start: ${reason}`);
  process.exit(1);
});

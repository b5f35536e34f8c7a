import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * The embedded default: each message becomes a complete RFC 822 `.eml` file in DATA_DIR/outbox, which
 * any mail client opens. Nothing leaves the machine, so a bare `npm start` can still invite people.
 */
export function createOutboxMailer(dataDir: string, from: string): Mailer {
  const folder = path.join(dataDir, 'outbox');
  // CRLF line ends: what RFC 5322 requires, and what mail clients expect in an .eml file.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  return {
    async send(message) {
      const info = await composer.sendMail(message);
      await mkdir(folder, { recursive: true });
      // Sortable by time, unique without coordination between processes.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(folder, name);
      // The message holds a live sign-in link: readable by the owner only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { transport: 'outbox', file };
    },
    async close() {
      composer.close();
    },
  };
}

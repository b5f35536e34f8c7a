import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox, type ParsedMail } from '../src/server/test/mail';
import { E2E_DATA_DIR } from './accounts';

const outbox = path.join(E2E_DATA_DIR, 'outbox');

/** Undoes quoted-printable soft breaks and escapes, which mail bodies use for long lines. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest link to `pathPrefix` in a mail to `to`, waiting for the mail to be written. */
export async function linkFromMail(to: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        for (const file of files.reverse()) {
          const raw = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
          const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+`).exec(
            raw,
          );
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return new URL(link!).pathname + new URL(link!).search;
}

/** The newest mail to `to` whose subject contains `subject`, decoded (text and HTML parts), waiting for it. */
export async function mailTo(to: string, subject: string, timeout = 20_000): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(E2E_DATA_DIR);
        found = mails.reverse().find((mail) => mail.to.includes(to) && mail.subject.includes(subject));
        return found !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

import type { Config } from '../../config';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a statement of account's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** What the delivery log line can say about a message without repeating its content (links are secrets). */
export type MailReceipt = { transport: 'outbox'; file: string } | { transport: 'smtp'; messageId: string };

/** One interface, two adapters (docs/ARCHITECTURE.md §1): the outbox folder by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
  close(): Promise<void>;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(config.dataDir, config.mailFrom);
}

import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Production delivery through any SMTP relay. SMTP_URL carries host, port, credentials and options
 * (`smtps://user:pass@host:465`, `smtp://host:587?requireTLS=true`), as nodemailer reads them.
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    {
      url,
      // nodemailer waits up to 2 minutes by default: a stuck relay would hold a request that long.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      return { transport: 'smtp', messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

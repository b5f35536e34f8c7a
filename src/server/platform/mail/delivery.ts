import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailReceipt, Mailer } from './mailer';

export interface MailDelivery {
  /** Sends now: the caller reports a failure (an administrator inviting someone wants to know). */
  send(message: MailMessage, log: FastifyBaseLogger): Promise<void>;
  /**
   * Sends after the answer, failures only logged: the public forgot/resend endpoints must answer the same
   * way and in about the same time whether or not the address exists, which waiting for SMTP would betray.
   */
  sendLater(message: MailMessage, log: FastifyBaseLogger): void;
  /** Resolves once every message handed to sendLater so far is delivered or has failed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

function logDelivered(log: FastifyBaseLogger, receipt: MailReceipt): void {
  // Never the recipient's link: it signs them in. The outbox file holds it for whoever runs the server.
  if (receipt.transport === 'outbox') {
    log.info({ file: receipt.file }, 'mail written to the outbox (open the .eml file to follow its link)');
  } else {
    log.info({ messageId: receipt.messageId }, 'mail sent through SMTP');
  }
}

export function createMailDelivery(mailer: Mailer): MailDelivery {
  const pending = new Set<Promise<void>>();
  const send = async (message: MailMessage, log: FastifyBaseLogger) => {
    logDelivered(log, await mailer.send(message));
  };
  const settled = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return {
    send,
    sendLater(message, log) {
      const job: Promise<void> = send(message, log)
        .catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    settled,
    async close() {
      await settled();
      await mailer.close();
    },
  };
}

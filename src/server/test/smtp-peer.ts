import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mail';

export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order, decoded. */
  received: ReceivedMail[];
  /** Decides per message whether the relay answers 451 (a temporary failure) instead of accepting it. */
  refuse: (to: string) => boolean;
  close(): Promise<void>;
}

/** A real SMTP server on the loopback, for the mail tests: plain SMTP, any sender, no authentication. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const peer: Omit<SmtpPeer, 'url' | 'close'> = { received, refuse: () => false };
  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: the self-signed certificate smtp-server offers would be rejected.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        if (envelopeTo.some((to) => peer.refuse(to))) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({ ...parseMail(Buffer.concat(chunks).toString('utf8')), envelopeTo });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as net.AddressInfo).port;
  return Object.assign(peer, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  });
}

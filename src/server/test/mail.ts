import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A received message, decoded enough for assertions: headers, and the text and HTML parts. */
export interface ParsedMail {
  raw: string;
  headers: Record<string, string>;
  subject: string;
  to: string;
  from: string;
  text: string;
  html: string;
  contentType: string;
  /** Parts sent as files (a statement's PDF), decoded to bytes. */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  let last: string | undefined;
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    headers[last] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return qpBytes(body.replace(/=\n/g, '')).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : qpBytes(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function boundaryOf(contentType: string): string | undefined {
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
}

interface MailPart {
  type: string;
  content: string;
  filename?: string;
  bytes?: Buffer;
}

/** The leaf parts of a body, nested multiparts (mixed around alternative, as with an attachment) included. */
function partsOf(headers: Record<string, string>, body: string): MailPart[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = boundaryOf(contentType);
  if (!boundary) {
    const encoding = headers['content-transfer-encoding'];
    const filename = /filename="?([^";]+)"?/i.exec(headers['content-disposition'] ?? '')?.[1];
    return [
      {
        type: contentType.split(';')[0]!.trim(),
        content: decodeBody(body, encoding),
        ...(filename
          ? {
              filename: decodeWords(filename),
              bytes:
                encoding?.toLowerCase() === 'base64'
                  ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
                  : Buffer.from(body, 'utf8'),
            }
          : {}),
      },
    ];
  }
  const parts: MailPart[] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitHeaders(chunk.replace(/^\n/, ''));
    parts.push(...partsOf(part.headers, part.body.replace(/\n$/, '')));
  }
  return parts;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const parts = partsOf(headers, body);
  return {
    raw,
    headers,
    subject: decodeWords(headers['subject'] ?? ''),
    to: headers['to'] ?? '',
    from: decodeWords(headers['from'] ?? ''),
    text: parts.find((p) => p.type === 'text/plain' && !p.filename)?.content ?? '',
    html: parts.find((p) => p.type === 'text/html' && !p.filename)?.content ?? '',
    contentType,
    attachments: parts.flatMap((p) =>
      p.filename && p.bytes ? [{ filename: p.filename, contentType: p.type, content: p.bytes }] : [],
    ),
  };
}

/** Every message of DATA_DIR/outbox, oldest first (file names start with the time). */
export async function readOutbox(dataDir: string): Promise<Array<ParsedMail & { file: string }>> {
  const folder = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => ({
      file: path.join(folder, name),
      ...parseMail(await readFile(path.join(folder, name), 'utf8')),
    })),
  );
}

/** The token of the first link to `route` in a message's text part. */
export function tokenIn(mail: Pick<ParsedMail, 'text'>, route: string): string | undefined {
  const escaped = route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text)?.[1];
}

import type { ImportField } from '../../shared/schemas/servicing';

/*
 * What the import screen reads of a file before sending it: its first rows, to show them and to offer its
 * columns for the mapping. The server reads the whole file again and is the judge of every row (the dry run);
 * a preview that guessed wrong only shows the rows oddly, and the options below it set the reading straight.
 */

/** The preview's reading of the bytes: UTF-8 when they are valid UTF-8, else Windows-1252 (a bank's export). */
export function decodeText(bytes: Uint8Array, encoding: 'auto' | 'utf-8' | 'windows-1252' = 'auto'): string {
  if (encoding === 'windows-1252') return new TextDecoder('windows-1252').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    if (encoding === 'utf-8') return new TextDecoder('utf-8').decode(bytes);
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator the first line uses most, outside quotes: `;` in a French export, `,` or a tab otherwise. */
export function detectSeparator(text: string): ',' | ';' | '\t' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  const best = (Object.entries(counts) as [keyof typeof counts, number][]).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

/** The first `limit` rows (the header included), cells unquoted (`""` inside quotes is one `"`). */
export function previewRows(text: string, separator: string, limit: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < body.length && rows.length < limit; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      cell = '';
      if (row.some((value) => value.trim() !== '')) rows.push(row);
      row = [];
    } else cell += char;
  }
  if (rows.length < limit && (cell !== '' || row.length > 0)) {
    row.push(cell);
    if (row.some((value) => value.trim() !== '')) rows.push(row);
  }
  return rows;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * Words a heading of each field often holds, in either language (folded): the telling ones first, then those a
 * heading of another field may hold too ("Numéro de référence" is a reference, not a loan).
 */
const HEADING_WORDS: Record<ImportField, readonly [strong: readonly string[], weak: readonly string[]]> = {
  loanNumber: [
    ['pret', 'loan', 'dossier'],
    ['numero', 'number', 'compte', 'account'],
  ],
  receivedOn: [
    ['date', 'recu', 'received'],
    ['jour', 'day'],
  ],
  amount: [
    ['montant', 'amount'],
    ['somme', 'total'],
  ],
  reference: [
    ['reference', 'ref'],
    ['transaction', 'piece'],
  ],
  method: [['mode', 'method'], ['moyen']],
  kind: [['type', 'kind'], ['nature']],
};

/**
 * A first guess at which column holds what, from the header's words: the telling words first for every field,
 * then the others, each field taking the first column no field took before it. Columns are numbered from 1, as
 * the import names them.
 */
export function guessMapping(header: readonly string[]): Partial<Record<ImportField, number>> {
  const headings = header.map(fold);
  const taken = new Set<number>();
  const mapping: Partial<Record<ImportField, number>> = {};
  for (const tier of [0, 1] as const) {
    for (const field of Object.keys(HEADING_WORDS) as ImportField[]) {
      if (mapping[field] !== undefined) continue;
      const words = HEADING_WORDS[field][tier];
      const index = headings.findIndex((heading, i) => !taken.has(i) && words.some((word) => heading.includes(word)));
      if (index >= 0) {
        taken.add(index);
        mapping[field] = index + 1;
      }
    }
  }
  return mapping;
}

/** The file's bytes as base64, as the import takes them (its encoding is the server's to find out). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

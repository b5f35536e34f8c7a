import type { ImportField } from '../../shared/schemas/servicing';

/*
 * What the import screen guesses of a file before sending it: which column holds what, from its header. The file
 * is read for the preview by the shared reader the API uses (src/shared/servicing/import-file.ts); the API is
 * the judge of every row (the dry run).
 */

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

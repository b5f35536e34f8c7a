import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guessMapping, toBase64 } from './csv-preview';

/*
 * What the repayment import's screen guesses before sending a file (docs/decisions/0038): which column holds what,
 * from the header in either language, and the file's bytes as the import takes them.
 */

describe('guessing the columns from the header', () => {
  it('finds every field in a French bank export, accents and case aside', () => {
    expect(guessMapping(['Numéro de prêt', 'Date reçue', 'Montant', 'Référence', 'Mode de paiement', 'Type'])).toEqual({
      loanNumber: 1,
      receivedOn: 2,
      amount: 3,
      reference: 4,
      method: 5,
      kind: 6,
    });
  });

  it('finds every field in an English one, in any order', () => {
    expect(guessMapping(['Amount', 'Kind', 'Received', 'Loan', 'Method', 'Ref'])).toEqual({
      amount: 1,
      kind: 2,
      receivedOn: 3,
      loanNumber: 4,
      method: 5,
      reference: 6,
    });
  });

  it('lets a telling word win over a weak one: "Numéro de référence" is a reference, not a loan', () => {
    expect(guessMapping(['Numéro de référence', 'Dossier', 'Somme'])).toEqual({
      reference: 1,
      loanNumber: 2,
      amount: 3,
    });
  });

  it('gives each column to one field at most, and leaves out the fields it cannot see', () => {
    const mapping = guessMapping(['Compte', 'Jour', 'Total', 'Commentaire']);
    expect(mapping).toEqual({ loanNumber: 1, receivedOn: 2, amount: 3 });
    const columns = Object.values(mapping);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('guesses nothing from a header that names none of them', () => {
    expect(guessMapping(['a', 'b', 'c'])).toEqual({});
    expect(guessMapping([])).toEqual({});
  });

  it('never names a column the file does not have, nor one twice', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 12 }), (header) => {
        const columns = Object.values(guessMapping(header));
        expect(new Set(columns).size).toBe(columns.length);
        for (const column of columns) {
          expect(column).toBeGreaterThanOrEqual(1);
          expect(column).toBeLessThanOrEqual(header.length);
        }
      }),
    );
  });
});

describe('the file’s bytes as base64', () => {
  it('reads back as the same bytes, a Windows-1252 file’s included', () => {
    // "Montant;Réf" in Windows-1252: é is one byte, 0xE9.
    const bytes = Uint8Array.from([0x4d, 0x6f, 0x6e, 0x74, 0x61, 0x6e, 0x74, 0x3b, 0x52, 0xe9, 0x66]);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('keeps every byte of a file larger than one chunk', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0x8000 - 2, maxLength: 0x8000 * 2 + 3 }), (bytes) => {
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
      { numRuns: 5 },
    );
  });
});

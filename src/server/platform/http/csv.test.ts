import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, csvStream, CSV_BOM, type CsvCell } from './csv';

/** The bytes of the exports: what Excel opens as it should in each language (ADR 0020, 0054). */
describe('the exports’ CSV writer', () => {
  it('writes each cell as Excel reads it in French and in English', () => {
    const cells: CsvCell[] = ['Érablière; Lac', 1234.5, -4.25, true, false, null, '', '=SUM(A1)', 'dit "oui"'];
    expect(csvLine(cells, 'fr', ['oui', 'non'])).toBe(
      `"Érablière; Lac";1234,5;-4,25;oui;non;;;'=SUM(A1);"dit ""oui"""\r\n`,
    );
    expect(csvLine(cells, 'en')).toBe(`Érablière; Lac,1234.5,-4.25,yes,no,,,'=SUM(A1),"dit ""oui"""\r\n`);
  });

  it('quotes a cell for a lone CR or LF as well as for CRLF, and only the separator of its language', () => {
    expect(csvLine(['a\nb', 'c\rd', 'e\r\nf', 'g,h'], 'fr')).toBe('"a\nb";"c\rd";"e\r\nf";g,h\r\n');
    expect(csvLine(['a\nb', 'g;h', 'g,h'], 'en')).toBe('"a\nb",g;h,"g,h"\r\n');
  });

  it('disarms every text that Excel would run as a formula, money written as text included', () => {
    expect(['=1', '+1', '-1', '@1', '\t1', '\r1'].map((cell) => csvLine([cell], 'en'))).toEqual([
      "'=1\r\n",
      "'+1\r\n",
      "'-1\r\n",
      "'@1\r\n",
      "'\t1\r\n",
      `"'\r1"\r\n`,
    ]);
    expect(csvLine(['-12,50', -12.5], 'fr')).toBe("'-12,50;-12,5\r\n");
  });

  it('reads back, with a CSV reader, exactly the text of every cell it wrote', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', ' ', ';', ',', '"', '\r', '\n', "'", 'x') });
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('fr' as const, 'en' as const),
        (row, locale) => {
          const safe = row.map((cell) => cell.replace(/^[=+\-@\t\r]/, 'a'));
          const [read] = parse(csvLine(safe, locale), {
            delimiter: locale === 'fr' ? ';' : ',',
            record_delimiter: '\r\n',
            relax_column_count: true,
          }) as string[][];
          expect(read).toEqual(safe);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('streams the mark, the header and each batch, and skips an empty batch', async () => {
    async function* batches() {
      yield [{ name: 'A', amount: 1.5 }];
      yield [];
      yield [{ name: 'B; C', amount: 2 }];
    }
    const chunks: string[] = [];
    for await (const chunk of csvStream(['Nom', 'Montant'], batches(), (row) => [row.name, row.amount], 'fr', [
      'oui',
      'non',
    ])) {
      chunks.push(String(chunk));
    }
    expect(chunks.join('')).toBe(`${CSV_BOM}Nom;Montant\r\nA;1,5\r\n"B; C";2\r\n`);
  });
});

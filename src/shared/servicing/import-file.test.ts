import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FileRows,
  IMPORT_MAX_RECORD_CHARS,
  decodeFile,
  detectDateFormat,
  detectDecimal,
  detectSeparator,
  parseAmount,
  parseDay,
  parseProblem,
  parseRows,
} from './import-file';

/* The repayment file's reader (docs/decisions/0038): the cells a bank or an accountant writes, and what they read as. */

describe('amounts', () => {
  it.each([
    ['1234.56', '.', 123_456],
    ['1,234.56', '.', 123_456],
    ['$1,234.5', '.', 123_450],
    ['12', '.', 1200],
    ['1 234,56', ',', 123_456],
    ['1\u00a0234,56 $', ',', 123_456],
    ['1.234,56', ',', 123_456],
    ['0,01', ',', 1],
  ] as const)('reads %s (decimals %s) as %i cents', (raw, decimal, cents) => {
    expect(parseAmount(raw, decimal)).toBe(cents);
  });

  it.each([
    ['0', 'servicing.errors.import.notPositive'],
    ['-5.00', 'servicing.errors.import.notPositive'],
    ['0.00', 'servicing.errors.import.notPositive'],
    ['1.234', 'servicing.errors.import.badAmount'],
    ['1,06.62', 'servicing.errors.import.badAmount'],
    ['abc', 'servicing.errors.import.badAmount'],
    ['9999999999999999', 'servicing.errors.import.badAmount'],
  ])('refuses %s', (raw, key) => {
    expect(parseAmount(raw, '.')).toMatchObject({ key });
  });

  it('reads back any amount of cents written either way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (cents) => {
        const dot = (cents / 100).toFixed(2);
        expect(parseAmount(dot, '.')).toBe(cents);
        expect(parseAmount(dot.replace('.', ','), ',')).toBe(cents);
      }),
    );
  });

  it('finds the decimal comma of a French export', () => {
    expect(detectDecimal(['1 234,56', '10,5', '12'])).toBe(',');
    expect(detectDecimal(['1,234.56', '10.50'])).toBe('.');
    expect(detectDecimal(['1,234'])).toBe('.');
  });
});

describe('days', () => {
  it.each([
    ['2026-03-15', 'auto', '2026-03-15'],
    ['20260315', 'auto', '2026-03-15'],
    ['2026/03/15', 'auto', '2026-03-15'],
    ['25/03/2026', 'auto', '2026-03-25'],
    ['03/25/2026', 'auto', '2026-03-25'],
    ['05/05/2026', 'auto', '2026-05-05'],
    ['03/04/2026', 'DD/MM/YYYY', '2026-04-03'],
    ['03/04/2026', 'MM/DD/YYYY', '2026-03-04'],
    ['2024-02-29', 'auto', '2024-02-29'],
  ] as const)('reads %s (%s) as %s', (raw, format, day) => {
    expect(parseDay(raw, format)).toBe(day);
  });

  it.each([
    ['03/04/2026', 'servicing.errors.import.ambiguousDate'],
    ['2026-02-30', 'servicing.errors.import.badDate'],
    ['2025-02-29', 'servicing.errors.import.badDate'],
    ['15 mars', 'servicing.errors.import.badDate'],
    ['1850-01-01', 'errors.validations.dateRange'],
    ['9999-12-31', 'errors.validations.dateRange'],
  ])('refuses %s', (raw, key) => {
    expect(parseDay(raw, 'auto')).toMatchObject({ key });
  });

  it('takes the order of slashed dates from the one that can be read only one way', () => {
    expect(detectDateFormat(['03/04/2026', '25/04/2026'])).toBe('DD/MM/YYYY');
    expect(detectDateFormat(['03/04/2026', '04/25/2026'])).toBe('MM/DD/YYYY');
    expect(detectDateFormat(['03/04/2026'])).toBe('auto');
  });
});

describe('bytes and rows', () => {
  it('reads UTF-8 with or without its mark, Windows-1252, and nothing else', () => {
    expect(decodeFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ text: 'A', encoding: 'utf-8' });
    expect(decodeFile(new Uint8Array([0x50, 0x72, 0xea, 0x74]))).toEqual({ text: 'Prêt', encoding: 'windows-1252' });
    expect(decodeFile(new Uint8Array([0x50, 0x72, 0xea, 0x74]), 'utf-8')).toBeNull();
    expect(decodeFile(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBeNull();
    expect(decodeFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBeNull();
  });

  it('splits quoted cells, doubled quotes and line breaks, and numbers each record by its first line', () => {
    const text = 'a;b\r\n"x;1";"say ""hi"""\r\n\r\n"two\nlines";z\n';
    expect(detectSeparator(text)).toBe(';');
    expect(parseRows(text, ';')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'z'] },
    ]);
    expect(parseRows('\ufeffa,b\n1,2', ',', 1)).toEqual([{ line: 1, cells: ['a', 'b'] }]);
  });
});

describe('csv-parse as the reader (docs/decisions/0059)', () => {
  it('numbers records by their first line whatever the line endings, and keeps quotes inside unquoted cells', () => {
    const text = 'a,b\r\n"two\r\nlines",x\n\n  "y",+HYPERLINK("z")\rlast,1';
    expect(parseRows(text, ',')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['two\r\nlines', 'x'] },
      { line: 5, cells: ['y', '+HYPERLINK("z")'] },
      { line: 6, cells: ['last', '1'] },
    ]);
  });

  it('says where a record is too long or a quote never closes', () => {
    const rows = new FileRows();
    expect(parseProblem({ code: 'CSV_MAX_RECORD_SIZE' }, 7)).toEqual({
      field: 'content',
      key: 'servicing.errors.import.recordTooLong',
      params: { line: 7, max: IMPORT_MAX_RECORD_CHARS },
    });
    expect(parseProblem({ code: 'CSV_QUOTE_NOT_CLOSED' }, 3)).toMatchObject({
      key: 'servicing.errors.import.quoteNotClosed',
    });
    rows.push(['a']);
    rows.push(['  ']);
    rows.push(['b\nc']);
    expect(rows.rows).toEqual([
      { line: 1, cells: ['a'] },
      { line: 3, cells: ['b\nc'] },
    ]);
    expect([rows.count, rows.line]).toEqual([2, 5]);
    // The preview keeps what came before a record too long.
    expect(parseRows(`a,b\n1,2\n3,"${'x'.repeat(IMPORT_MAX_RECORD_CHARS + 1)}"\n`, ',')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });
});

describe('amounts that read two ways', () => {
  it.each(['1,500', '1.500', '12,345', '$999.000', '-1,500'])('refuses %s unless the separator was chosen', (raw) => {
    expect(parseAmount(raw, '.', false)).toMatchObject({ key: 'servicing.errors.import.ambiguousAmount' });
  });

  it('reads them as chosen, and never 0,125 as a group', () => {
    expect(parseAmount('1,500', '.', true)).toBe(150_000);
    expect(parseAmount('1.500', ',', true)).toBe(150_000);
    expect(parseAmount('1,500', ',', true)).toMatchObject({ key: 'servicing.errors.import.badAmount' });
    expect(parseAmount('0,125', '.', true)).toMatchObject({ key: 'servicing.errors.import.badAmount' });
    expect(parseAmount('0.125', ',', false)).toMatchObject({ key: 'servicing.errors.import.badAmount' });
    expect(parseAmount('1,500,000', '.', false)).toBe(150_000_000);
    expect(parseAmount('1 500,00', ',', false)).toBe(150_000);
  });
});

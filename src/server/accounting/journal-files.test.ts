import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from './journal';
import { journalFile, type JournalFileFormat } from './journal-files';

/*
 * The three journal files against golden copies (golden/), and read back by a parser written here from the
 * targets' rules (RFC 4180 quoting, the format's separator), not by the library that wrote them: every entry
 * balances to the cent and carries its accounts and amounts.
 */

const entries: JournalEntry[] = [
  {
    key: 'loan:a:2026-03-02',
    number: '202603-1',
    date: '2026-03-02',
    fundId: 'f1',
    fundName: 'Fonds local',
    description: 'P-0001 · Boulangerie "Chez Zoé", inc. · décaissement',
    lines: [
      { role: 'loans_receivable', account: { number: '1200', name: 'Prêts à recevoir' }, debit: 1_234_567, credit: 0 },
      { role: 'bank', account: { number: '1000', name: 'Banque, compte 2' }, debit: 0, credit: 1_234_567 },
    ],
    net: {},
  },
  {
    key: 'loan:b:2026-03-15',
    number: '202603-2',
    date: '2026-03-15',
    fundId: 'f1',
    fundName: 'Fonds local',
    description: '=SUM(A1) ; remboursement',
    lines: [
      { role: 'bank', account: { number: '1000', name: 'Banque, compte 2' }, debit: 10_662, credit: 0 },
      { role: 'interest_income', account: { number: '4100', name: 'Revenus d’intérêts' }, debit: 0, credit: 1_200 },
      { role: 'loans_receivable', account: { number: '1200', name: 'Prêts à recevoir' }, debit: 0, credit: 9_462 },
    ],
    net: {},
  },
  {
    key: 'accrual:f1:2026-03-31',
    number: '202603-3',
    date: '2026-03-31',
    fundId: 'f1',
    fundName: 'Fonds local',
    description: 'Intérêts courus au 2026-03-31',
    lines: [
      {
        role: 'accrued_interest_receivable',
        account: { number: '1250', name: 'Intérêts courus' },
        debit: 5,
        credit: 0,
      },
      { role: 'interest_income', account: { number: '4100', name: 'Revenus d’intérêts' }, debit: 0, credit: 5 },
    ],
    net: {},
  },
];

/** RFC 4180: fields split on `separator`, quoted fields may hold it, quotes doubled, CRLF between records. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  for (; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** "1 234,56", "1234.56", "-10.00" → cents, by the file's decimal mark. */
const cents = (text: string, decimal: '.' | ',') => {
  if (text === '') return 0;
  const [whole, fraction = ''] = text.replace(/\s/g, '').split(decimal);
  expect(fraction).toMatch(/^\d\d$/);
  const sign = whole!.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction));
};

const golden = (name: string) => readFileSync(path.join(import.meta.dirname, 'golden', name), 'utf8');

/** Entry number → [account, cents signed] as each file says them. */
type ReadBack = Map<string, [string, number][]>;

function readQbo(text: string): ReadBack {
  const [header, ...rows] = parseCsv(text, ',');
  expect(header).toEqual(['JournalNo', 'JournalDate', 'Account Name', 'Debits', 'Credits', 'Description']);
  const out: ReadBack = new Map();
  for (const [no, date, account, debit, credit] of rows) {
    expect(date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(debit === '' || credit === '').toBe(true);
    out.set(no!, [...(out.get(no!) ?? []), [account!, cents(debit!, '.') - cents(credit!, '.')]]);
  }
  return out;
}

function readSage(text: string): ReadBack {
  const out: ReadBack = new Map();
  let current: string | null = null;
  for (const row of parseCsv(text, ',')) {
    if (/^\d\d-\d\d-\d{4}$/.test(row[0]!)) {
      expect(row).toHaveLength(3);
      expect(row[1]!.length).toBeLessThanOrEqual(13);
      expect(row[2]!.length).toBeLessThanOrEqual(39);
      expect(row[2]).not.toContain('"');
      current = row[1]!;
      out.set(current, []);
    } else {
      expect(row).toHaveLength(2);
      out.get(current!)!.push([row[0]!, cents(row[1]!, '.')]);
    }
  }
  return out;
}

function readPlain(text: string, separator: string, decimal: '.' | ','): ReadBack {
  const [, ...rows] = parseCsv(text, separator);
  const out: ReadBack = new Map();
  for (const [no, , , number, , debit, credit] of rows) {
    out.set(no!, [...(out.get(no!) ?? []), [number!, cents(debit!, decimal) - cents(credit!, decimal)]]);
  }
  return out;
}

const expected = (by: 'number' | 'name'): ReadBack =>
  new Map(entries.map((e) => [e.number, e.lines.map((l) => [l.account![by], l.debit - l.credit] as [string, number])]));

describe('the journal files', () => {
  const cases: [JournalFileFormat, 'fr' | 'en', string, (text: string) => ReadBack, 'number' | 'name'][] = [
    ['qbo', 'fr', 'qbo.csv', readQbo, 'name'],
    ['qbo', 'en', 'qbo.csv', readQbo, 'name'],
    ['sage50', 'fr', 'sage50.txt', readSage, 'number'],
    ['sage50', 'en', 'sage50.txt', readSage, 'number'],
    ['csv', 'fr', 'plain.fr.csv', (text) => readPlain(text, ';', ','), 'number'],
    ['csv', 'en', 'plain.en.csv', (text) => readPlain(text, ',', '.'), 'number'],
  ];
  for (const [format, locale, file, read, by] of cases) {
    it(`writes ${format} in ${locale} as its golden copy, balanced entry by entry when read back`, () => {
      const text = journalFile(entries, format, locale);
      expect(text).toBe(golden(file));
      const back = read(text);
      expect(back).toEqual(expected(by));
      for (const lines of back.values()) expect(lines.reduce((sum, [, amount]) => sum + amount, 0)).toBe(0);
    });
  }
});

/**
 * Every repayment received in a period, for the accountant (docs/decisions/0036): one line per repayment,
 * reversed ones included and said so, with how the computation applied it (interest, principal, paid in
 * advance, recovered) as of today, in the CSV style of the portfolio's exports (platform/http/csv.ts: Excel's
 * separator and decimal mark in each language, formula-looking text neutralised).
 */
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { computeLoan } from '../../shared/servicing';
import type { Executor } from '../db/client';
import type { CsvCell } from '../platform/http/csv';
import { csvMoney } from '../platform/http/csv';
import { dollars } from './answers';
import { currentBuckets, loanInputOf, loansRepaidIn, readEntries, termsOf } from './store';

export const REPAYMENT_EXPORT_COLUMNS = [
  'receivedOn',
  'loanNumber',
  'companyReference',
  'companyName',
  'fundName',
  'amount',
  'method',
  'kind',
  'reference',
  'interest',
  'principal',
  'inAdvance',
  'recovered',
  'reversed',
  'reversalReason',
  'recordedBy',
] as const;

/** Loans whose entries are read and computed at once. */
const LOANS_PER_BATCH = 200;

interface ExportLine {
  receivedOn: string;
  seq: string;
  cells: CsvCell[];
}

/**
 * The file's lines, by day received then loan number. A period's repayments are sorted once in memory (a few
 * hundred bytes each: a year of a large portfolio's payments is some megabytes).
 */
export async function repaymentExportLines(
  db: Executor,
  period: { from: string; to: string },
  today: string,
  locale: Locale,
): Promise<CsvCell[][]> {
  const buckets = await currentBuckets(db);
  const lines: ExportLine[] = [];
  const yes = translate(locale, 'portfolio.export.yes');
  const no = translate(locale, 'portfolio.export.no');
  for await (const batch of loansRepaidIn(db, period, LOANS_PER_BATCH)) {
    const entries = await readEntries(
      db,
      batch.map(({ loan }) => loan.id),
    );
    for (const { loan, companyReference, companyName } of batch) {
      const loanEntries = entries.get(loan.id)!;
      const terms = termsOf(loan);
      const results = terms.ok ? computeLoan(loanInputOf(terms.terms, loanEntries, today, buckets)).repayments : [];
      for (const [seq, row] of loanEntries.repayments.entries()) {
        if (row.receivedOn < period.from || row.receivedOn > period.to) continue;
        const allocation = results.find((result) => result.id === row.id)?.allocation ?? null;
        const interest = allocation?.installments.reduce((sum, i) => sum + i.interest, 0) ?? 0;
        const principal =
          (allocation?.installments.reduce((sum, i) => sum + i.principal, 0) ?? 0) +
          (allocation?.prepaidPrincipal ?? 0);
        const money = (cents: number | null) => csvMoney(cents === null ? null : dollars(cents), locale);
        const applied = allocation !== null;
        lines.push({
          receivedOn: row.receivedOn,
          seq: `${loan.loanNumber}/${String(seq).padStart(6, '0')}`,
          cells: [
            row.receivedOn,
            loan.loanNumber,
            companyReference,
            companyName,
            loan.fund[locale],
            money(row.amountCents),
            translate(locale, `servicing.repaymentMethod.${row.method}`),
            translate(locale, `servicing.repaymentKind.${row.kind}`),
            row.reference,
            applied ? money(interest) : null,
            applied ? money(principal) : null,
            applied ? money(allocation.inAdvance) : null,
            applied ? money(allocation.recovered) : null,
            row.reversal ? yes : no,
            row.reversal?.reason ?? null,
            row.authorName,
          ],
        });
      }
    }
  }
  lines.sort((a, b) =>
    a.receivedOn === b.receivedOn ? a.seq.localeCompare(b.seq) : a.receivedOn < b.receivedOn ? -1 : 1,
  );
  return lines.map((line) => line.cells);
}

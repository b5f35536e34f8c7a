/**
 * The statement of account (relevé de compte) of one loan, written in the language asked: the company's name
 * and address, the loan's terms as agreed and as amended, and every line of the computation's statement with
 * its running balance (docs/decisions/0033 §7, 0036). Printed on letter paper by the screens.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { numberFormat } from '../../shared/intl';
import type { StatementAnswer } from '../../shared/schemas/servicing-answers';
import type { LoanServicing, StatementLine } from '../../shared/servicing';
import { computeLoan } from '../../shared/servicing';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { csvMoney, type CsvCell } from '../platform/http/csv';
import { dollars, figuresAnswer } from './answers';
import { loanContext, termsMissing } from './loan-context';
import type { LoanEntries, LoanRow } from './store';

interface CompanyHead {
  id: string;
  name: string;
  referenceNumber: string;
  address: string | null;
  zipCode: string | null;
  municipality: string | null;
}

async function companyHead(db: Executor, companyId: string, locale: Locale): Promise<CompanyHead> {
  const name = sql.raw(locale === 'en' ? 'm.name_en' : 'm.name_fr');
  const [row] = await selectRows<CompanyHead>(
    db,
    sql`SELECT c.id, c.name, c.reference_number AS "referenceNumber", a.address, a.zip_code AS "zipCode",
               ${name} AS municipality
          FROM companies c
          LEFT JOIN company_addresses a ON a.company_id = c.id
          LEFT JOIN municipalities m ON m.id = a.municipality_id
         WHERE c.id = ${companyId}`,
  );
  return row!;
}

function lineLabel(line: StatementLine, locale: Locale): string {
  switch (line.kind) {
    case 'interest':
      return translate(locale, 'servicing.statement.interestLine', { number: line.installmentNumber });
    case 'capitalised_interest':
      return translate(locale, 'servicing.statement.capitalisedLine', { number: line.installmentNumber });
    default:
      return translate(locale, `servicing.statementLine.${line.kind}`);
  }
}

/** A term amendment in words: "Moratoire de 3 mois", "Rate changed to 6 %". */
function amendmentLabel(amendment: LoanServicing['amendments'][number], locale: Locale): string {
  if (amendment.kind === 'rate_change') {
    return translate(locale, 'servicing.history.amendment.rate_change', {
      rate: `${numberFormat(locale, { maximumFractionDigits: 3 }).format(amendment.rate ?? 0)} %`,
    });
  }
  return translate(locale, `servicing.history.amendment.${amendment.kind}`, { months: amendment.months });
}

export async function statementOf(
  db: Executor,
  loan: LoanRow,
  entries: LoanEntries,
  servicing: LoanServicing,
  locale: Locale,
): Promise<StatementAnswer> {
  const company = await companyHead(db, loan.companyId, locale);
  const disbursements = new Map(entries.disbursements.map((row) => [row.id, row]));
  const repayments = new Map(entries.repayments.map((row) => [row.id, row]));
  const reasons = new Map(entries.amendments.map((row) => [row.id, row.reason]));
  const lines = servicing.statement.map((line) => {
    const out = line.entryId ? disbursements.get(line.entryId) : undefined;
    const received = line.entryId ? repayments.get(line.entryId) : undefined;
    const method = out
      ? translate(locale, `servicing.disbursementMethod.${out.method}`)
      : received
        ? translate(locale, `servicing.repaymentMethod.${received.method}`)
        : null;
    return {
      date: line.date,
      kind: line.kind,
      label: lineLabel(line, locale),
      entryId: line.entryId,
      installmentNumber: line.installmentNumber,
      reference: out?.reference ?? received?.reference ?? null,
      method,
      debit: dollars(line.debit),
      credit: line.kind === 'recovery' ? 0 : dollars(line.credit),
      recovery: line.kind === 'recovery' ? dollars(line.credit) : 0,
      balance: dollars(line.balance),
      reversed: line.reversed,
      counts: line.counts,
      excludedBecause: line.excludedBecause,
      allocation: line.allocation && {
        installments: line.allocation.installments.map((i) => ({
          number: i.number,
          interest: dollars(i.interest),
          principal: dollars(i.principal),
        })),
        prepaidPrincipal: dollars(line.allocation.prepaidPrincipal),
        inAdvance: dollars(line.allocation.inAdvance),
        recovered: dollars(line.allocation.recovered),
        overpaid: dollars(line.allocation.overpaid),
      },
    };
  });
  // Each column's total is the sum of its counted lines. A recovery has its own column: the loan is closed, so
  // it does not move the balance; a repayment beyond the payoff is refused, so a credit is what the balance fell by.
  let debits = 0;
  let credits = 0;
  let recoveries = 0;
  for (const line of servicing.statement) {
    if (!line.counts) continue;
    debits += line.debit;
    if (line.kind === 'recovery') recoveries += line.credit;
    else credits += line.credit;
  }
  const terms = servicing.originalTerms;
  return {
    locale,
    title: translate(locale, 'servicing.statement.title'),
    asOf: servicing.asOf,
    loanNumber: loan.loanNumber,
    company: {
      id: company.id,
      name: company.name,
      referenceNumber: company.referenceNumber,
      address:
        company.address === null
          ? null
          : { address: company.address, municipality: company.municipality ?? '', zipCode: company.zipCode ?? '' },
    },
    loan: {
      fundName: loan.fund[locale],
      projectName: loan.projectName,
      status: servicing.status,
      statusLabel: translate(locale, `servicing.loanStatus.${servicing.status}`),
      amount: dollars(terms.amount),
      rate: terms.rate,
      amortization: terms.amortization,
      moratorium: terms.moratorium,
      authorizationDate: terms.authorizationDate,
      startDate: servicing.startDate,
      levelPayment: servicing.figures.levelPayment === null ? null : dollars(servicing.figures.levelPayment),
      amendments: servicing.amendments
        .filter((amendment) => amendment.excludedBecause === null)
        .map((amendment) => ({
          effectiveDate: amendment.effectiveDate,
          label: amendmentLabel(amendment, locale),
          reason: reasons.get(amendment.id) ?? '',
        })),
    },
    lines,
    totals: {
      debits: dollars(debits),
      credits: dollars(credits),
      recoveries: dollars(recoveries),
      balance: dollars(servicing.statement.at(-1)?.balance ?? 0),
    },
    figures: figuresAnswer(servicing.figures, loan),
  };
}

/** A loan's statement as of a day, in the language asked (404 for a loan of another company, 422 without terms). */
export async function loanStatement(
  db: Executor,
  params: { companyId: string; id: string },
  asOf: string,
  locale: Locale,
): Promise<StatementAnswer> {
  const context = await loanContext(db, params, asOf);
  if (!context.input) throw termsMissing(context.loan);
  return statementOf(db, context.loan, context.entries, computeLoan(context.input), locale);
}

/** The statement's columns as a file gives them; the screen and the print show the same ones. */
export const STATEMENT_CSV_COLUMNS = [
  'date',
  'description',
  'reference',
  'debit',
  'credit',
  'recovery',
  'balance',
  'notCounted',
] as const;

/**
 * The statement as rows of a CSV file, in its own language: each line, then the totals. A counted line's
 * amount sits in its column (debit, credit or recovery), whose total is their sum; a reversed or excluded
 * line's amount sits in "not counted" instead, said so in its description — so every column adds up, as on
 * the screen, where such a line is struck through.
 */
export function statementCsvRows(statement: StatementAnswer): { header: string[]; rows: CsvCell[][] } {
  const locale = statement.locale;
  const money = (value: number) => (value === 0 ? null : csvMoney(value, locale));
  const view = (key: string) => translate(locale, `servicing.statementView.${key}`);
  let notCounted = 0;
  const rows: CsvCell[][] = statement.lines.map((line) => {
    const amount = line.debit + line.credit + line.recovery;
    if (!line.counts) notCounted += amount;
    const counted = (value: number) => (line.counts ? money(value) : null);
    return [
      line.date,
      line.counts ? line.label : `${line.label} (${view(line.reversed ? 'reversed' : 'excluded')})`,
      [line.method, line.reference].filter(Boolean).join(' · ') || null,
      counted(line.debit),
      counted(line.credit),
      counted(line.recovery),
      csvMoney(line.balance, locale),
      line.counts ? null : money(amount),
    ];
  });
  const { totals } = statement;
  rows.push([
    statement.asOf,
    view('totals'),
    null,
    csvMoney(totals.debits, locale),
    csvMoney(totals.credits, locale),
    csvMoney(totals.recoveries, locale),
    csvMoney(totals.balance, locale),
    csvMoney(Math.round(notCounted * 100) / 100, locale),
  ]);
  return { header: STATEMENT_CSV_COLUMNS.map((column) => view(`columns.${column}`)), rows };
}

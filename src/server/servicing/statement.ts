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
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { dollars, figuresAnswer } from './answers';
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
      credit: dollars(line.credit),
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
  // What moved the balance: a recovery is shown but the loan is closed, and an overpaid part was not applied.
  let debits = 0;
  let credits = 0;
  for (const line of servicing.statement) {
    if (!line.counts) continue;
    debits += line.debit;
    if (line.kind !== 'recovery') credits += line.credit - (line.allocation?.overpaid ?? 0);
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
      balance: dollars(servicing.statement.at(-1)?.balance ?? 0),
    },
    figures: figuresAnswer(servicing.figures, loan),
  };
}

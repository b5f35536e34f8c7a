/**
 * Which notices go out on a day, and why (docs/decisions/0073): the fund's settings switch each kind on; the
 * shared rules (src/shared/notices/rules.ts) decide from each loan computed as of that day (the servicing
 * engine, never a second copy) and from the statement task's own rule. The sender queues what this answers for
 * today; "Tomorrow's sends" shows what it answers for tomorrow.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { formatDay, formatMoney } from '../../shared/intl';
import { toDollars } from '../../shared/money';
import {
  DEFAULT_NOTICE_SETTINGS,
  lateNoticeDays,
  noticeKey,
  paymentDueOn,
  statementOfAccountDue,
  statementsNoticeDue,
  type NoticeKind,
  type NoticeSettings,
} from '../../shared/notices/rules';
import { computeLoan } from '../../shared/servicing';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { loanContext } from '../servicing/loan-context';

/** What a notice is about, kept with it: the template's values are written from these in the recipient's language. */
export interface NoticeFacts {
  dueOn?: string;
  amountCents?: number;
  days?: number;
  overdueSince?: string;
  yearEnd?: string;
  periodEnd?: string;
  balanceCents?: number;
}

export interface PlannedNotice {
  key: string;
  kind: NoticeKind;
  companyId: string;
  companyName: string;
  loanId: string | null;
  loanNumber: string | null;
  facts: NoticeFacts;
}

interface FundSettingsRow extends NoticeSettings {
  fundId: string;
}

/** Every fund's settings that switch at least one notice on. */
async function fundsOn(db: Executor): Promise<FundSettingsRow[]> {
  return selectRows<FundSettingsRow>(
    db,
    sql`SELECT fund_id AS "fundId", payment_due_enabled AS "paymentDueEnabled", payment_due_days AS "paymentDueDays",
               payment_late_enabled AS "paymentLateEnabled", statements_due_enabled AS "statementsDueEnabled",
               statement_of_account_enabled AS "statementOfAccountEnabled",
               statement_of_account_frequency AS "statementOfAccountFrequency"
          FROM fund_notice_settings
         WHERE payment_due_enabled OR payment_late_enabled OR statements_due_enabled OR statement_of_account_enabled`,
  );
}

/** The notices of `day`, in company then loan order; `companyId` narrows to one company. */
export async function planNotices(
  db: Executor,
  day: string,
  options: { companyId?: string } = {},
): Promise<PlannedNotice[]> {
  const funds = new Map((await fundsOn(db)).map((row) => [row.fundId, row]));
  if (funds.size === 0) return [];
  const fundIds = [...funds.keys()];
  const only = options.companyId ? sql`AND c.id = ${options.companyId}` : sql``;
  const loans = await selectRows<{
    id: string;
    companyId: string;
    companyName: string;
    loanNumber: string;
    fundId: string;
  }>(
    db,
    sql`SELECT f.id, c.id AS "companyId", c.name AS "companyName", f.loan_number AS "loanNumber",
               f.contribution_fund_id AS "fundId"
          FROM financial_contributions f
          JOIN companies c ON c.id = f.company_id
          JOIN loan_states s ON s.contribution_id = f.id
         WHERE c.archived_at IS NULL AND s.status = 'active'
           AND f.contribution_fund_id = ANY(${`{${fundIds.join(',')}}`}::uuid[]) ${only}
         ORDER BY c.name, c.id, f.loan_number`,
  );
  const planned: PlannedNotice[] = [];
  for (const loan of loans) {
    const settings = funds.get(loan.fundId) ?? { ...DEFAULT_NOTICE_SETTINGS, fundId: loan.fundId };
    if (!settings.paymentDueEnabled && !settings.paymentLateEnabled && !settings.statementOfAccountEnabled) continue;
    const context = await loanContext(db, { companyId: loan.companyId, id: loan.id }, day);
    if (!context.input) continue;
    const servicing = computeLoan(context.input);
    if (servicing.status !== 'active') continue;
    const base = {
      companyId: loan.companyId,
      companyName: loan.companyName,
      loanId: loan.id,
      loanNumber: loan.loanNumber,
    };
    if (settings.paymentDueEnabled) {
      const dueOn = paymentDueOn(day, settings.paymentDueDays);
      const installment = servicing.installments.find((row) => row.dueDate === dueOn);
      const owed = installment ? installment.due.interest + installment.due.principal : 0;
      if (owed > 0) {
        planned.push({
          ...base,
          key: noticeKey('payment_due', loan.id, day),
          kind: 'payment_due',
          facts: { dueOn, amountCents: owed },
        });
      }
    }
    const f = servicing.figures;
    if (settings.paymentLateEnabled && f.overdueSince) {
      const days = lateNoticeDays(f.overdueSince, day);
      if (days !== null) {
        planned.push({
          ...base,
          key: noticeKey('payment_late', loan.id, day),
          kind: 'payment_late',
          facts: { days, overdueSince: f.overdueSince, amountCents: f.arrearsPrincipal + f.arrearsInterest },
        });
      }
    }
    if (settings.statementOfAccountEnabled) {
      const due = statementOfAccountDue(settings.statementOfAccountFrequency, day);
      if (due) {
        planned.push({
          ...base,
          key: noticeKey('statement_of_account', loan.id, day),
          kind: 'statement_of_account',
          facts: { periodEnd: due.periodEnd, balanceCents: f.outstandingPrincipal },
        });
      }
    }
  }
  const statementFunds = [...funds.values()].filter((row) => row.statementsDueEnabled).map((row) => row.fundId);
  if (statementFunds.length > 0) {
    const companies = await selectRows<{ id: string; name: string; yearEnd: string; years: number[] }>(
      db,
      sql`SELECT c.id, c.name, c.end_of_financial_year AS "yearEnd",
                 COALESCE((SELECT array_agg(s.year) FROM financial_statements s
                            WHERE s.company_id = c.id AND s.year IS NOT NULL), '{}') AS years
            FROM companies c
           WHERE c.archived_at IS NULL AND c.end_of_financial_year IS NOT NULL ${only}
             AND EXISTS (SELECT 1 FROM financial_contributions f JOIN loan_states s ON s.contribution_id = f.id
                          WHERE f.company_id = c.id AND s.status = 'active'
                            AND f.contribution_fund_id = ANY(${`{${statementFunds.join(',')}}`}::uuid[]))
           ORDER BY c.name, c.id`,
    );
    for (const company of companies) {
      const due = statementsNoticeDue(company.yearEnd, day);
      if (!due || company.years.map(Number).includes(due.year)) continue;
      planned.push({
        key: noticeKey('statements_due', company.id, day),
        kind: 'statements_due',
        companyId: company.id,
        companyName: company.name,
        loanId: null,
        loanNumber: null,
        facts: { dueOn: due.dueOn, yearEnd: due.yearEnd },
      });
    }
  }
  return planned;
}

const money = (cents: number | undefined, locale: Locale) => formatMoney(toDollars(cents ?? 0), locale);
const dayOf = (value: string | undefined, locale: Locale) => (value ? (formatDay(value, locale) ?? value) : '');

/** Why a notice goes out, in the reader's language (the upcoming list). */
export function noticeReason(kind: NoticeKind, facts: NoticeFacts, day: string, locale: Locale): string {
  switch (kind) {
    case 'payment_due':
      return translate(locale, 'notices.reason.payment_due', {
        amount: money(facts.amountCents, locale),
        date: dayOf(facts.dueOn, locale),
      });
    case 'payment_late':
      return translate(locale, 'notices.reason.payment_late', {
        days: facts.days,
        date: dayOf(facts.overdueSince, locale),
        amount: money(facts.amountCents, locale),
      });
    case 'statements_due':
      return translate(
        locale,
        facts.dueOn === day ? 'notices.reason.statements_due_on_day' : 'notices.reason.statements_due_before',
        { yearEnd: dayOf(facts.yearEnd, locale), date: dayOf(facts.dueOn, locale) },
      );
    case 'statement_of_account':
      return translate(locale, 'notices.reason.statement_of_account', { date: dayOf(facts.periodEnd, locale) });
  }
}

/** The merge fields' values a notice's facts give, in the recipient's language. */
export function factValues(facts: NoticeFacts, locale: Locale): Record<string, string> {
  const values: Record<string, string> = {};
  if (facts.dueOn) values['due_date'] = dayOf(facts.dueOn, locale);
  if (facts.amountCents !== undefined) values['amount'] = money(facts.amountCents, locale);
  if (facts.days !== undefined) values['days_late'] = String(facts.days);
  if (facts.overdueSince) values['overdue_since'] = dayOf(facts.overdueSince, locale);
  if (facts.yearEnd) values['fiscal_year_end'] = dayOf(facts.yearEnd, locale);
  if (facts.periodEnd) values['period_end'] = dayOf(facts.periodEnd, locale);
  if (facts.balanceCents !== undefined) values['balance'] = money(facts.balanceCents, locale);
  return values;
}

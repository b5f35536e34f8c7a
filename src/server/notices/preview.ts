/**
 * The facts a template's preview is filled with (docs/decisions/0073): a real loan as of today — its next
 * installment, its arrears, its balance, its company's financial year — so the administrator reads the text as a
 * borrower would, whatever the loan's state.
 */
import { sql } from 'drizzle-orm';
import type { NoticeKind } from '../../shared/notices/rules';
import { computeLoan } from '../../shared/servicing';
import { addDays } from '../../shared/servicing/calendar';
import { statementDue } from '../../shared/tasks/rules';
import type { Db } from '../db/client';
import { selectRow } from '../db/rows';
import { loanContext } from '../servicing/loan-context';
import type { NoticeFacts } from './planner';

export async function previewFacts(
  db: Db,
  kind: NoticeKind,
  loanId: string,
  today: string,
): Promise<{ companyId: string; loanId: string; facts: NoticeFacts } | null> {
  const row = await selectRow<{ companyId: string; yearEnd: string | null }>(
    db,
    sql`SELECT f.company_id AS "companyId", c.end_of_financial_year AS "yearEnd"
          FROM financial_contributions f JOIN companies c ON c.id = f.company_id WHERE f.id = ${loanId}`,
  );
  if (!row) return null;
  const context = await loanContext(db, { companyId: row.companyId, id: loanId }, today);
  const servicing = context.input ? computeLoan(context.input) : null;
  const f = servicing?.figures;
  const next = servicing?.installments.find((i) => i.dueDate > today) ?? servicing?.projection?.[0];
  const facts: NoticeFacts = {};
  switch (kind) {
    case 'payment_due':
      facts.dueOn = next?.dueDate ?? addDays(today, 5);
      facts.amountCents = next ? next.payment : 0;
      break;
    case 'payment_late':
      facts.overdueSince = f?.overdueSince ?? addDays(today, -15);
      facts.days = f?.daysPastDue || 15;
      facts.amountCents = f ? f.arrearsPrincipal + f.arrearsInterest : 0;
      break;
    case 'statements_due': {
      const due = statementDue(row.yearEnd, addDays(today, 365));
      facts.dueOn = due?.dueOn ?? today;
      facts.yearEnd = due?.yearEnd ?? today;
      break;
    }
    case 'statement_of_account':
      facts.periodEnd = today;
      facts.balanceCents = f?.outstandingPrincipal ?? 0;
      break;
  }
  return { companyId: row.companyId, loanId, facts };
}

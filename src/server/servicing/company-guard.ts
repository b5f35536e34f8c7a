/**
 * The company form and recorded money (docs/decisions/0036): a company save runs this in its transaction,
 * after locking the company (a hook the companies feature runs, docs/decisions/0060). The company's loans are
 * locked too, after their company and in id order as every servicing write locks them, so a disbursement
 * recorded meanwhile is either seen here or waits for the save.
 */
import { sql } from 'drizzle-orm';
import { snakePath } from '../../shared/case';
import type { Locale } from '../../shared/constants';
import { decidedTermsProblems, type DecidedValues } from '../../shared/decisions/terms';
import { lockedTermsProblems, problemMessage, type LockedTerms } from '../../shared/servicing/entries';
import type { CompanyHooks, LiveLoan } from '../companies/hooks';
import type { Executor, Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { invalid, type ErrorDetail } from '../platform/errors/app-error';
import { outsidePipeline } from '../db/outside-pipeline';
import { LIVE_LOAN } from './store';

/** A loan of the company as stored, and as the save sends it (its place in the form; absent: removed). */
export interface GuardedLoan {
  stored: LockedTerms & DecidedValues & { id: string };
  sent: { index: number; terms: LockedTerms & DecidedValues } | null;
}

/**
 * Refuses, with a 422 naming each field in the reader's language, a save that removes a loan holding recorded
 * money (reversed entries too: they stay on it) or changes the terms its money depends on, or changes a term a
 * committee decision set on a loan it created (docs/decisions/0066: that message wins, it says how to raise it).
 */
export async function guardLoanTerms(tx: Tx, companyId: string, loans: GuardedLoan[], locale: Locale): Promise<void> {
  const money = await selectRows<{
    id: string;
    loanNumber: string;
    disbursed: number;
    hasMoney: boolean;
    outsidePipeline: boolean;
  }>(
    tx,
    sql`SELECT f.id, f.loan_number AS "loanNumber",
               coalesce((SELECT sum(amount_cents) FROM disbursements d
                          WHERE d.contribution_id = f.id AND d.reversed_at IS NULL), 0)::float8 AS disbursed,
               (EXISTS (SELECT 1 FROM disbursements d WHERE d.contribution_id = f.id)
                OR EXISTS (SELECT 1 FROM repayments p WHERE p.contribution_id = f.id)
                OR EXISTS (SELECT 1 FROM term_amendments m WHERE m.contribution_id = f.id)
                OR EXISTS (SELECT 1 FROM write_offs w WHERE w.contribution_id = f.id)) AS "hasMoney",
               ${outsidePipeline(sql`f.id`)} AS "outsidePipeline"
          FROM financial_contributions f
         WHERE f.company_id = ${companyId}
         ORDER BY f.id
         FOR UPDATE OF f`,
  );
  const detail: ErrorDetail = {};
  for (const row of money) {
    const loan = loans.find((candidate) => candidate.stored.id === row.id);
    if (!loan) continue;
    const decided = new Set<string>();
    if (!row.outsidePipeline && loan.sent) {
      for (const problem of decidedTermsProblems(loan.stored, loan.sent.terms)) {
        decided.add(problem.field);
        const field = snakePath(['financialContributions', loan.sent.index, problem.field]);
        (detail[field] ??= []).push(problemMessage(problem, locale));
      }
    }
    if (!row.hasMoney) continue;
    if (!loan.sent) {
      (detail['financial_contributions'] ??= []).push(
        problemMessage(
          { field: 'base', key: 'servicing.errors.loanHasMoney', params: { loanNumber: row.loanNumber } },
          locale,
        ),
      );
      continue;
    }
    for (const problem of lockedTermsProblems(loan.stored, loan.sent.terms, row.disbursed)) {
      if (decided.has(problem.field)) continue;
      const field = snakePath(['financialContributions', loan.sent.index, problem.field]);
      (detail[field] ??= []).push(problemMessage(problem, locale));
    }
  }
  if (Object.keys(detail).length > 0) throw invalid(detail);
}

/** A company's loans holding money now (docs/decisions/0060), by loan number. */
export function liveLoans(db: Executor, companyId: string): Promise<LiveLoan[]> {
  return selectRows<LiveLoan>(
    db,
    sql`SELECT f.id, f.loan_number AS "loanNumber", s.outstanding_principal_cents::float8 AS "outstandingCents"
          FROM financial_contributions f JOIN loan_states s ON s.contribution_id = f.id
         WHERE f.company_id = ${companyId} AND ${LIVE_LOAN}
         ORDER BY f.loan_number`,
  );
}

/** What servicing asks of a company's saves and archiving (registered at start-up, docs/decisions/0060). */
export const servicingCompanyHooks: CompanyHooks = {
  beforeUpdate: (tx, { companyId, before, input, locale }) =>
    guardLoanTerms(
      tx,
      companyId,
      before.financialContributions.map((stored) => {
        const index = input.financialContributions.findIndex((sent) => sent.id === stored.id);
        return { stored, sent: index < 0 ? null : { index, terms: input.financialContributions[index]! } };
      }),
      locale,
    ),
  liveLoans,
};

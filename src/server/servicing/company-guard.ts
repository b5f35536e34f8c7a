/**
 * The company form and recorded money (docs/decisions/0036): a company save runs this in its transaction,
 * after locking the company. The company's loans are locked too (in id order, as every servicing write locks
 * them), so a disbursement recorded meanwhile is either seen here or waits for the save.
 */
import { sql } from 'drizzle-orm';
import { snakePath } from '../../shared/case';
import type { Locale } from '../../shared/constants';
import { lockedTermsProblems, problemMessage, type LockedTerms } from '../../shared/servicing/entries';
import type { Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { invalid, type ErrorDetail } from '../platform/errors/app-error';

/** A loan of the company as stored, and as the save sends it (its place in the form; absent: removed). */
export interface GuardedLoan {
  stored: LockedTerms & { id: string };
  sent: { index: number; terms: LockedTerms } | null;
}

/**
 * Refuses, with a 422 naming each field in the reader's language, a save that removes a loan holding recorded
 * money (reversed entries too: they stay on it) or changes the terms its money depends on.
 */
export async function guardLoanTerms(tx: Tx, companyId: string, loans: GuardedLoan[], locale: Locale): Promise<void> {
  const money = await selectRows<{ id: string; loanNumber: string; disbursed: number; hasMoney: boolean }>(
    tx,
    sql`SELECT f.id, f.loan_number AS "loanNumber",
               coalesce((SELECT sum(amount_cents) FROM disbursements d
                          WHERE d.contribution_id = f.id AND d.reversed_at IS NULL), 0)::float8 AS disbursed,
               (EXISTS (SELECT 1 FROM disbursements d WHERE d.contribution_id = f.id)
                OR EXISTS (SELECT 1 FROM repayments p WHERE p.contribution_id = f.id)
                OR EXISTS (SELECT 1 FROM term_amendments m WHERE m.contribution_id = f.id)
                OR EXISTS (SELECT 1 FROM write_offs w WHERE w.contribution_id = f.id)) AS "hasMoney"
          FROM financial_contributions f
         WHERE f.company_id = ${companyId}
         ORDER BY f.id
         FOR UPDATE OF f`,
  );
  const detail: ErrorDetail = {};
  for (const row of money) {
    if (!row.hasMoney) continue;
    const loan = loans.find((candidate) => candidate.stored.id === row.id);
    if (!loan) continue;
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
      const field = snakePath(['financialContributions', loan.sent.index, problem.field]);
      (detail[field] ??= []).push(problemMessage(problem, locale));
    }
  }
  if (Object.keys(detail).length > 0) throw invalid(detail);
}

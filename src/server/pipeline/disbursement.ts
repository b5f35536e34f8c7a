/**
 * `ready_to_disburse → disbursed` (docs/decisions/0039): the decided terms become the company's financial
 * contribution(s) — one per fund amount — and the first disbursement of each is recorded through the servicing
 * store, in the move's transaction. Nobody retypes the terms; the servicing rules (a day not before the
 * authorization, not in the future) hold for this disbursement as for any other.
 */
import { formatMoney } from '../../shared/intl';
import { toCents, toDollars } from '../../shared/money';
import { eq, and, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { APPROVAL_OUTCOMES } from '../../shared/pipeline';
import type { TransitionInput } from '../../shared/schemas/pipeline';
import { todayIso } from '../../shared/portfolio/schedule';
import { disbursementProblems } from '../../shared/servicing/entries';
import type { Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { decisionAmounts, financialContributions } from '../db/schema';
import { AppError, invalid, type ErrorDetail } from '../platform/errors/app-error';
import { recordLoanEvent } from '../servicing/history';
import { loanContext, requireTerms, throwProblems } from '../servicing/loan-context';
import { insertDisbursement } from '../servicing/store';
import { requestCompany, type RequestRow } from './store';
import { assertPeriodOpen } from '../servicing/period-guard';

interface DecidedTerms {
  decisionId: string;
  decidedOn: string;
  resolutionNumber: string;
  rate: number | null;
  amortization: number | null;
  moratorium: number | null;
  warrantyId: string | null;
}

/** The approval a request's money follows: its latest decision approving it. */
export async function approvalOf(tx: Tx, requestId: string): Promise<DecidedTerms | null> {
  const [row] = await selectRows<DecidedTerms>(
    tx,
    sql`SELECT id AS "decisionId", decided_on::text AS "decidedOn",
               resolution_number AS "resolutionNumber", rate::float8 AS rate, amortization, moratorium,
               warranty_id AS "warrantyId"
          FROM committee_decisions
         WHERE request_id = ${requestId} AND outcome IN ${APPROVAL_OUTCOMES}
         ORDER BY inserted_at DESC LIMIT 1`,
  );
  return row ?? null;
}

/**
 * 422 naming each first tranche the decision does not allow: a fund it granted nothing, or more than it granted
 * (ADR 0068). Cents.
 */
function checkTranches(
  decided: readonly { fundId: string; amountCents: number }[],
  tranches: readonly { fundId: string; amount: number }[],
  locale: Locale,
) {
  const detail: ErrorDetail = {};
  tranches.forEach((tranche, index) => {
    const of = decided.find((d) => d.fundId === tranche.fundId);
    if (!of) detail[`disbursement.amounts.${index}.fund_id`] = [{ key: 'analyst.errors.trancheFund', params: {} }];
    else if (toCents(tranche.amount) > of.amountCents)
      detail[`disbursement.amounts.${index}.amount`] = [
        {
          key: 'analyst.errors.trancheOverDecided',
          params: { decided: formatMoney(toDollars(of.amountCents), locale) },
        },
      ];
  });
  if (Object.keys(detail).length > 0) throw invalid(detail);
}

export async function disburseRequest(
  tx: Tx,
  request: RequestRow,
  disbursement: Omit<NonNullable<TransitionInput['disbursement']>, 'amounts'> & {
    amounts?: { fundId: string; amount: number }[];
  },
  authorId: string,
  locale: Locale,
): Promise<string[]> {
  const company = await requestCompany(tx, request.companyId);
  if (company.archived)
    throw new AppError(409, 'company_archived', 'pipeline.errors.companyArchived', undefined, undefined, {
      company: company.name,
    });
  await assertPeriodOpen(tx, disbursement.date, locale);
  const approval = await approvalOf(tx, request.id);
  // The state machine only reaches ready_to_disburse through an approval; a row missing here is a bug.
  if (!approval) throw new AppError(409, 'no_approval', 'pipeline.errors.noApproval');
  const amounts = await selectRows<{ fundId: string; amountCents: number }>(
    tx,
    sql`SELECT fund_id AS "fundId", amount_cents::float8 AS "amountCents" FROM decision_amounts
         WHERE decision_id = ${approval.decisionId} AND contribution_id IS NULL ORDER BY fund_id`,
  );
  const tranches = disbursement.amounts ?? [];
  checkTranches(amounts, tranches, locale);
  const today = todayIso();
  const loans: string[] = [];
  for (const amount of amounts) {
    const tranche = tranches.find((a) => a.fundId === amount.fundId);
    const outCents = tranche ? toCents(tranche.amount) : amount.amountCents;
    const [loan] = await tx
      .insert(financialContributions)
      .values({
        companyId: request.companyId,
        contributionFundId: amount.fundId,
        amount: toDollars(amount.amountCents),
        rate: approval.rate,
        amortization: approval.amortization,
        moratorium: approval.moratorium,
        warrantyId: approval.warrantyId,
        authorizationDate: approval.decidedOn,
        // The decision is the loan's authority (docs/decisions/0066): its resolution goes with it.
        resolutionNumber: approval.resolutionNumber,
        resolutionDate: approval.decidedOn,
        projectName: request.projectName,
        projectCost: toDollars(request.projectCostCents),
      })
      .returning({ id: financialContributions.id });
    const context = await loanContext(tx, { companyId: request.companyId, id: loan!.id }, today, { lock: true });
    const { input } = requireTerms(context);
    throwProblems(disbursementProblems(input, { date: disbursement.date, amount: outCents }, today), locale);
    await insertDisbursement(tx, {
      contributionId: loan!.id,
      date: disbursement.date,
      amountCents: outCents,
      method: disbursement.method,
      reference: disbursement.reference ?? null,
      note: disbursement.note,
      authorId,
    });
    await recordLoanEvent(tx, context.loan, authorId, 'loanDisbursed', {
      amount: toDollars(outCents),
      date: disbursement.date,
    });
    await tx
      .update(decisionAmounts)
      .set({ contributionId: loan!.id })
      .where(and(eq(decisionAmounts.decisionId, approval.decisionId), eq(decisionAmounts.fundId, amount.fundId)));
    loans.push(loan!.id);
  }
  return loans;
}

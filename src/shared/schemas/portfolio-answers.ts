import { z } from 'zod';
import { RISK_RATINGS } from '../companies';

/** Answers of the portfolio calls (ADR 0020), camelCase; `src/shared/portfolio/dashboard.ts` derives its types from them. */
export const dashboardLoanSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** Its company is archived: the loan still holds money, so it stays listed (docs/decisions/0060). */
  companyArchived: z.boolean(),
  contributionId: z.string(),
  projectName: z.string().nullable(),
  fundName: z.string(),
});

export const dashboardFollowupSchema = dashboardLoanSchema.extend({
  /** YYYY-MM-DD. */
  followupDate: z.string(),
  /** The date is before today. */
  overdue: z.boolean(),
});

export const dashboardEndingSoonSchema = dashboardLoanSchema.extend({
  /** YYYY-MM-DD. */
  expectedEndDate: z.string(),
});

export const dashboardFundSchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  loansCount: z.number().int(),
  committed: z.number(),
  /** Outstanding principal of the fund's active loans, as recorded. */
  outstanding: z.number(),
});

export const dashboardStatusSchema = z.object({
  statusId: z.string(),
  statusName: z.string(),
  /** The status label's colour (a Mantine colour name or #rrggbb). */
  color: z.string(),
  companiesCount: z.number().int(),
});

export const dashboardRiskSchema = z.object({
  /** null: companies without a rating. */
  riskRating: z.enum(RISK_RATINGS).nullable(),
  companiesCount: z.number().int(),
});

export const dashboardSchema = z.object({
  activeCompanies: z.number().int(),
  loansCount: z.number().int(),
  committedTotal: z.number(),
  /** Outstanding principal of the active loans, as recorded (ADR 0037: disbursed − repaid − written off). */
  outstandingTotal: z.number(),
  /** Principal and interest still owed on installments due before today, active loans. */
  arrearsTotal: z.number(),
  /** Portfolio at risk over 30 and 90 days, and the arrears rate: fractions of 1, null without active loans. */
  par30: z.number().nullable(),
  par90: z.number().nullable(),
  arrearsRate: z.number().nullable(),
  followups: z.array(dashboardFollowupSchema),
  endingSoon: z.array(dashboardEndingSoonSchema),
  byFund: z.array(dashboardFundSchema),
  byStatus: z.array(dashboardStatusSchema),
  byRisk: z.array(dashboardRiskSchema),
});

/** `meta` of `GET /dashboard`: how many rows the two lists would have without their cap. */
export const dashboardMetaSchema = z.object({
  followupsTotal: z.number().int(),
  endingSoonTotal: z.number().int(),
});

/** `GET /companies/:companyId/financial_contributions/:id/schedule`: the schedule, rows in date order. */
export const scheduleAnswerSchema = z.object({
  /** The level payment after the moratorium. */
  payment: z.number(),
  totalInterest: z.number(),
  totalPaid: z.number(),
  /** Balance after the last payment dated on or before today; the amount before the first one. */
  balanceToday: z.number(),
  /** YYYY-MM-DD: the last payment's date, which the contribution's expected end date is compared with. */
  lastPaymentDate: z.string(),
  rows: z.array(
    z.object({
      /** YYYY-MM-DD. */
      date: z.string(),
      payment: z.number(),
      interest: z.number(),
      principal: z.number(),
      /** What is still owed after this payment. */
      balance: z.number(),
    }),
  ),
});

/** The two CSV exports: a file, not JSON. */
export const csvAnswerSchema = z.string().describe('text/csv; UTF-8 with BOM, one row per line (a download)');

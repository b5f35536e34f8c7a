/**
 * The fund activity report (docs/decisions/0041): what funders ask of a fund over a period, in one order that the
 * screen, the print view and the CSV follow. Amounts are dollars; a figure that has no value (the leverage of
 * a fund that contributed nothing) is null.
 */
import { z } from 'zod';

export const fundActivitySchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  from: z.string(),
  to: z.string(),
  /** Requests asking money of the fund submitted in the period, and the amounts they ask of it. */
  requestsReceived: z.number().int(),
  requestsReceivedAmount: z.number(),
  /**
   * The committee's decisions of the period on requests asking money of the fund, all and by outcome: an
   * approval's amount is the fund's decided amount, a decline's or a deferral's the amount asked of the fund.
   */
  requestsDecided: z.number().int(),
  requestsApproved: z.number().int(),
  requestsApprovedAmount: z.number(),
  requestsApprovedWithConditions: z.number().int(),
  requestsApprovedWithConditionsAmount: z.number(),
  requestsDeclined: z.number().int(),
  requestsDeclinedAmount: z.number(),
  requestsDeferred: z.number().int(),
  requestsDeferredAmount: z.number(),
  authorizedCount: z.number().int(),
  authorizedAmount: z.number(),
  disbursedCount: z.number().int(),
  disbursedAmount: z.number(),
  repaidCount: z.number().int(),
  repaidAmount: z.number(),
  writtenOffCount: z.number().int(),
  writtenOffAmount: z.number(),
  outstandingAtEnd: z.number(),
  projectCost: z.number(),
  /** What the fund contributed to those projects: the authorized amounts that have a project cost. */
  fundContribution: z.number(),
  /** Project cost ÷ fund contribution; null when the fund contributed nothing with a known project cost. */
  leverage: z.number().nullable(),
  jobsAtAuthorization: z.number().int(),
  jobsNow: z.number().int(),
});
export type FundActivity = z.infer<typeof fundActivitySchema>;

/** Each figure, its kind (how it is written) and the rows of the report in order. */
export const FUND_ACTIVITY_FIGURES = [
  ['requestsReceived', 'count'],
  ['requestsReceivedAmount', 'money'],
  ['requestsDecided', 'count'],
  ['requestsApproved', 'count'],
  ['requestsApprovedAmount', 'money'],
  ['requestsApprovedWithConditions', 'count'],
  ['requestsApprovedWithConditionsAmount', 'money'],
  ['requestsDeclined', 'count'],
  ['requestsDeclinedAmount', 'money'],
  ['requestsDeferred', 'count'],
  ['requestsDeferredAmount', 'money'],
  ['authorizedCount', 'count'],
  ['authorizedAmount', 'money'],
  ['disbursedCount', 'count'],
  ['disbursedAmount', 'money'],
  ['repaidCount', 'count'],
  ['repaidAmount', 'money'],
  ['writtenOffCount', 'count'],
  ['writtenOffAmount', 'money'],
  ['outstandingAtEnd', 'money'],
  ['projectCost', 'money'],
  ['fundContribution', 'money'],
  ['leverage', 'ratio'],
  ['jobsAtAuthorization', 'count'],
  ['jobsNow', 'count'],
] as const satisfies readonly (readonly [keyof FundActivity, 'count' | 'money' | 'ratio'])[];

/** The leverage: total project cost for each dollar of the fund's, rounded to two decimals. */
export const leverageOf = (projectCost: number, fundContribution: number): number | null =>
  fundContribution > 0 ? Math.round((projectCost / fundContribution) * 100) / 100 : null;

/** At most ten years in one report, as the other exports. */
export const REPORT_MAX_YEARS = 10;

/**
 * The fund activity report (docs/decisions/0041): what funders ask of a fund over a period, in one order that the
 * screen, the print view and the CSV follow. Amounts are dollars; a figure that has no value (the leverage of
 * a fund that contributed nothing) is null.
 */
import { z } from 'zod';
import { outsidePipelineFiguresSchema } from '../decisions/report';

/** What a figure of each kind holds: a whole count, dollars, or a ratio that may have no value. */
const FIGURE_KINDS = {
  count: () => z.number().int(),
  money: () => z.number(),
  ratio: () => z.number().nullable(),
};

/**
 * Each figure, its kind (how it is written and what the answer holds) and the rows of the report in order; the
 * answer's fields follow it.
 */
export const FUND_ACTIVITY_FIGURES = [
  /** Requests asking money of the fund submitted in the period, and the amounts they ask of it. */
  ['requestsReceived', 'count'],
  ['requestsReceivedAmount', 'money'],
  /*
   * The committee's decisions of the period on requests asking money of the fund, all and by outcome: an
   * approval's amount is the fund's decided amount, a decline's or a deferral's the amount asked of the fund.
   */
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
  /** What the fund contributed to those projects: the authorized amounts that have a project cost. */
  ['fundContribution', 'money'],
  /** Project cost ÷ fund contribution; null when the fund contributed nothing with a known project cost. */
  ['leverage', 'ratio'],
  ['jobsAtAuthorization', 'count'],
  ['jobsNow', 'count'],
] as const satisfies readonly (readonly [string, keyof typeof FIGURE_KINDS])[];

type Figure = (typeof FUND_ACTIVITY_FIGURES)[number];
const figuresShape = Object.fromEntries(FUND_ACTIVITY_FIGURES.map(([key, kind]) => [key, FIGURE_KINDS[kind]()])) as {
  [F in Figure as F[0]]: ReturnType<(typeof FIGURE_KINDS)[F[1]]>;
};

export const fundActivitySchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  from: z.string(),
  to: z.string(),
  ...figuresShape,
  /** The loans outside the pipeline, counted apart (docs/decisions/0066). */
  outsidePipeline: outsidePipelineFiguresSchema,
});
export type FundActivity = z.infer<typeof fundActivitySchema>;

/** The leverage: total project cost for each dollar of the fund's, rounded to two decimals. */
export const leverageOf = (projectCost: number, fundContribution: number): number | null =>
  fundContribution > 0 ? Math.round((projectCost / fundContribution) * 100) / 100 : null;

/** At most ten years in one report, as the other exports. */
export const REPORT_MAX_YEARS = 10;

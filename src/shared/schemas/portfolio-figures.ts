import { z } from 'zod';
import { LOAN_STATUSES } from '../servicing/types';
import { MAX_BUCKETS, bucketKeyOf, bucketProblems } from '../servicing/buckets';
import { RATE_DECIMALS } from '../servicing/terms';
import type { AgingBucket } from '../servicing/types';
import { day, money } from './answer-parts';
import { V, wrongValue } from './common';
import { CV, MONEY_MAX, nullableDate, optionalNumber, percentage, requiredDate } from './company-fields';

/*
 * The portfolio's figures (docs/decisions/0037): the aging table and the loans behind each cell,
 * portfolio at risk and the arrears rate, the collection rate of a period, the funds' capital and what is
 * left of it, and the aging buckets an administrator sets. camelCase as the web client reads them (the wire
 * spells them in snake_case); money in dollars with at most two decimals, like every amount of the API (the
 * computation counts cents); dates YYYY-MM-DD; ratios a fraction of 1 (0.0523 is 5,23 %), null when their
 * denominator is 0.
 */

/** The longest aging bucket bound an administrator may give: a hundred years of days. */
export const BUCKET_MAX_DAYS = 36_500;
/** `GET /portfolio/par?days=`: PAR over these numbers of days when the call names none, at most this many. */
export const DEFAULT_PAR_DAYS = [30, 60, 90] as const;
export const MAX_PAR_DAYS = 10;

/* ------------------------------------------------------------------------------------------------
 * The days a read is for: `as_of`, and a period `from`–`to` (both included).
 * ---------------------------------------------------------------------------------------------- */

/** The message of a period that ends before it starts. */
export const PERIOD_ORDER = 'servicing.errors.portfolio.periodOrder';

/** `as_of`: a day of the product's years; empty: today. */
export const asOfInputSchema = z.object({ asOf: nullableDate() });

/** A period of days, both included: it may be one day, never end before it starts. */
export const periodDaysSchema = z.object({ from: requiredDate(), to: requiredDate() });
export const periodInputSchema = periodDaysSchema.refine((period) => period.to >= period.from, {
  message: PERIOD_ORDER,
  path: ['to'],
});
export type PeriodInput = z.output<typeof periodInputSchema>;
export type PeriodFormValues = z.input<typeof periodInputSchema>;

/* ------------------------------------------------------------------------------------------------
 * Aging buckets (`GET|PUT /delinquency_buckets`).
 * ---------------------------------------------------------------------------------------------- */

const bucketDays = () => optionalNumber({ message: CV.number, integer: true, min: 0, max: BUCKET_MAX_DAYS });

/** One bucket as the form gives it: its bounds and an optional provision rate; its key follows from the bounds. */
export const bucketInputSchema = z.object({
  minDays: bucketDays().transform((value, ctx): number => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: V.required, input: value });
      return z.NEVER;
    }
    return value;
  }),
  /** Empty: no upper bound (the last bucket). */
  maxDays: bucketDays(),
  /** Percent, at most three decimals; empty: no provision. */
  provisionRate: percentage(RATE_DECIMALS),
});

/**
 * Where a bucket problem goes, under the list: the field at fault (`2.minDays`: a key is made of the bounds), or
 * the list itself when it is about all of them.
 */
const problemPath = (index: number | null, field: string) =>
  index === null || field === 'buckets' ? [] : [index, field === 'key' ? 'minDays' : field];

/**
 * `PUT /delinquency_buckets`: every bucket, in order. Refused, with the message on the field at fault, when they
 * do not start at 0 days, overlap, leave a gap, or the last has an upper bound (`bucketProblems`, the one rule).
 */
export const bucketsInputSchema = z.object({
  buckets: z
    .array(bucketInputSchema, { error: wrongValue })
    .superRefine((buckets, ctx) => {
      for (const problem of bucketProblems(bucketsOf(buckets))) {
        ctx.addIssue({ code: 'custom', message: problem.key, path: problemPath(problem.index, problem.field) });
      }
    })
    .transform(bucketsOf),
});
export type BucketsInput = z.output<typeof bucketsInputSchema>;
export type BucketsFormValues = z.input<typeof bucketsInputSchema>;

/** The aging buckets of bounds and rates as given, each named by its bounds. */
function bucketsOf(buckets: readonly z.output<typeof bucketInputSchema>[]): AgingBucket[] {
  return buckets.map((bucket) => ({
    key: bucketKeyOf(bucket.minDays, bucket.maxDays),
    minDays: bucket.minDays,
    maxDays: bucket.maxDays,
    provisionRate: bucket.provisionRate,
  }));
}

export const bucketSchema = z.object({
  /** `current`, `days_1_30`, `over_365`…: what a loan's figures name as its bucket. */
  key: z.string(),
  minDays: z.number().int(),
  /** null: no upper bound. */
  maxDays: z.number().int().nullable(),
  /** Percent; null: no provision. */
  provisionRate: z.number().nullable(),
});
export type BucketAnswer = z.infer<typeof bucketSchema>;

/** `meta` of the buckets: whether an administrator set them, and who last did. */
export const bucketsMetaSchema = z.object({
  /** false: the default buckets (none set yet). */
  custom: z.boolean(),
  updatedAt: z.string().nullable().describe('ISO 8601 instant'),
  updatedByName: z.string().nullable(),
  maxBuckets: z.number().int(),
});
export type BucketsMeta = z.infer<typeof bucketsMetaSchema>;
export { MAX_BUCKETS };

/* ------------------------------------------------------------------------------------------------
 * The aging table (`GET /portfolio/arrears_aging`) and the loans behind a cell.
 * ---------------------------------------------------------------------------------------------- */

/** The active loans of one bucket (or of all, for a total): how many, what they owe, what is late. */
export const agingCellSchema = z.object({
  count: z.number().int(),
  outstandingPrincipal: money(),
  arrearsPrincipal: money(),
  arrearsInterest: money(),
  /** Outstanding principal × the bucket's provision rate; null when the bucket has none (a total: their sum). */
  provision: money().nullable(),
});
export type AgingCell = z.infer<typeof agingCellSchema>;

export const agingRowSchema = agingCellSchema.extend({ bucket: z.string() });
export type AgingRowAnswer = z.infer<typeof agingRowSchema>;

export const agingAnswerSchema = z.object({
  asOf: day(),
  /** The buckets in force, in order: the rows follow them. */
  buckets: z.array(bucketSchema),
  /** One row per bucket, every fund together. */
  rows: z.array(agingRowSchema),
  total: agingCellSchema,
  /** The same per fund (funds with an active loan only), by name. */
  funds: z.array(
    z.object({ fundId: z.string(), fundName: z.string(), rows: z.array(agingRowSchema), total: agingCellSchema }),
  ),
});
export type AgingAnswer = z.infer<typeof agingAnswerSchema>;

/** The sorts of the loans behind a cell; the default is the latest first. */
export const AGING_LOAN_SORT_FIELDS = ['daysPastDue', 'arrears', 'outstandingPrincipal', 'companyName'] as const;
export type AgingLoanSortField = (typeof AGING_LOAN_SORT_FIELDS)[number];

/** A loan behind a cell of the aging table. */
export const agingLoanSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** Its company is archived: the loan still holds money, so it stays counted (docs/decisions/0060). */
  companyArchived: z.boolean(),
  contributionId: z.string(),
  loanNumber: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  projectName: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
  bucket: z.string(),
  daysPastDue: z.number().int(),
  /** The due date days past due are counted from; null when nothing is late. */
  overdueSince: day().nullable(),
  arrearsPrincipal: money(),
  arrearsInterest: money(),
  /** arrearsPrincipal + arrearsInterest. */
  arrears: money(),
  outstandingPrincipal: money(),
});
export type AgingLoan = z.infer<typeof agingLoanSchema>;

/* ------------------------------------------------------------------------------------------------
 * Ratios (`GET /portfolio/par`) and collections (`GET /portfolio/collections`).
 * ---------------------------------------------------------------------------------------------- */

/** A ratio with its two terms, in dollars, so a screen shows what it divides. */
export const ratioSchema = z.object({
  numerator: money(),
  denominator: money(),
  /** numerator ÷ denominator; null when the denominator is 0. */
  value: z.number().nullable(),
});
export type RatioAnswer = z.infer<typeof ratioSchema>;

export const parAnswerSchema = z.object({
  asOf: day(),
  /** PAR_days: outstanding principal of active loans more than `days` days past due ÷ that of all active loans. */
  par: z.array(ratioSchema.extend({ days: z.number().int() })),
  /** Principal and interest in arrears ÷ outstanding principal, active loans only. */
  arrearsRate: ratioSchema,
});
export type ParAnswer = z.infer<typeof parAnswerSchema>;

/** A period's collections: what its installments asked, what was paid on them, and the money received. */
export const collectionsFiguresSchema = z.object({
  /** Interest + principal asked by the installments falling due from `from` to `to`. */
  due: money(),
  /** Paid on those installments by `to` (in advance included). */
  collected: money(),
  /** collected ÷ due. */
  rate: ratioSchema,
  /** Every payment received in the period, whatever it paid (recoveries included). */
  received: money(),
  /** Of `received`, what was recovered after a write-off. */
  recovered: money(),
});

export const collectionsAnswerSchema = collectionsFiguresSchema.extend({
  from: day(),
  to: day(),
  funds: z.array(collectionsFiguresSchema.extend({ fundId: z.string(), fundName: z.string() })),
});
export type CollectionsAnswer = z.infer<typeof collectionsAnswerSchema>;

/* ------------------------------------------------------------------------------------------------
 * Funds (`GET /portfolio/funds`, `PUT /portfolio/funds/:fund_id`).
 * ---------------------------------------------------------------------------------------------- */

export const fundFiguresSchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  /** What the body may lend from the fund, as an administrator set it; null: not set. */
  capital: money().nullable(),
  /** Outstanding principal of the fund's active loans. */
  outstandingPrincipal: money(),
  /** Approved but not yet paid out: the loans' amounts less their disbursements, while not repaid or written off. */
  undisbursed: money(),
  /** capital − outstanding − undisbursed; null without capital. Negative: more is committed than the capital. */
  available: money().nullable(),
  /** Loans of the fund that are not repaid nor written off. */
  loansCount: z.number().int(),
});
export type FundFigures = z.infer<typeof fundFiguresSchema>;

export const fundsAnswerSchema = z.object({
  asOf: day(),
  funds: z.array(fundFiguresSchema),
  total: fundFiguresSchema.omit({ fundId: true, fundName: true }),
});
export type FundsAnswer = z.infer<typeof fundsAnswerSchema>;

/** `PUT /portfolio/funds/:fund_id`: the fund's capital in dollars (`1 000 000,00` or `1000000.00`); empty clears it. */
export const fundCapitalInputSchema = z.object({
  capital: optionalNumber({ message: CV.money, money: true, min: 0, max: MONEY_MAX }),
});
export type FundCapitalInput = z.output<typeof fundCapitalInputSchema>;
export type FundCapitalFormValues = z.input<typeof fundCapitalInputSchema>;

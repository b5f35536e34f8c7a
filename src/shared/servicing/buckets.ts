/**
 * Aging buckets: which bucket a number of days past due falls in, the default buckets, and what makes an
 * administrator's buckets unusable (docs/decisions/0033-loan-servicing-computation.md).
 */
import { RATE_DECIMALS } from './terms';
import type { AgingBucket } from './types';

/** Current, 1–30, 31–60, 61–90, 91–180, 181–365 and over 365 days, without provision rates. */
export const DEFAULT_BUCKETS: readonly AgingBucket[] = [
  { key: 'current', minDays: 0, maxDays: 0, provisionRate: null },
  { key: 'days_1_30', minDays: 1, maxDays: 30, provisionRate: null },
  { key: 'days_31_60', minDays: 31, maxDays: 60, provisionRate: null },
  { key: 'days_61_90', minDays: 61, maxDays: 90, provisionRate: null },
  { key: 'days_91_180', minDays: 91, maxDays: 180, provisionRate: null },
  { key: 'days_181_365', minDays: 181, maxDays: 365, provisionRate: null },
  { key: 'over_365', minDays: 366, maxDays: null, provisionRate: null },
];

/** Index in `buckets` of the bucket holding `daysPastDue` (the last whose lower bound it reaches). */
export function bucketIndex(buckets: readonly AgingBucket[], daysPastDue: number): number {
  let index = 0;
  while (index + 1 < buckets.length && buckets[index + 1]!.minDays <= daysPastDue) index += 1;
  return index;
}

/** The key of the bucket holding `daysPastDue`. */
export function bucketFor(buckets: readonly AgingBucket[], daysPastDue: number): string {
  return buckets[bucketIndex(buckets, daysPastDue)]!.key;
}

/** What makes a set of buckets unusable: its index (null for the whole set), field, and a catalog key. */
export interface BucketProblem {
  index: number | null;
  field: 'buckets' | 'key' | 'minDays' | 'maxDays' | 'provisionRate';
  key:
    | 'servicing.errors.buckets.empty'
    | 'servicing.errors.buckets.tooMany'
    | 'servicing.errors.buckets.key'
    | 'servicing.errors.buckets.duplicateKey'
    | 'servicing.errors.buckets.firstStartsAtZero'
    | 'servicing.errors.buckets.overlap'
    | 'servicing.errors.buckets.gap'
    | 'servicing.errors.buckets.maxDays'
    | 'servicing.errors.buckets.lastOpen'
    | 'servicing.errors.buckets.provisionRate';
}

export const MAX_BUCKETS = 20;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;

const hasAtMostDecimals = (value: number, decimals: number) =>
  Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6;

/**
 * Buckets must cover every number of days exactly once: the first from 0, each next one from the day after
 * the previous one's last, the last without an upper bound; keys unique; provision rates 0–100 % with at
 * most three decimals.
 */
export function bucketProblems(buckets: readonly AgingBucket[]): BucketProblem[] {
  if (buckets.length === 0) return [{ index: null, field: 'buckets', key: 'servicing.errors.buckets.empty' }];
  if (buckets.length > MAX_BUCKETS) {
    return [{ index: null, field: 'buckets', key: 'servicing.errors.buckets.tooMany' }];
  }
  const problems: BucketProblem[] = [];
  const seen = new Set<string>();
  buckets.forEach((bucket, index) => {
    if (!KEY.test(bucket.key)) problems.push({ index, field: 'key', key: 'servicing.errors.buckets.key' });
    else if (seen.has(bucket.key)) {
      problems.push({ index, field: 'key', key: 'servicing.errors.buckets.duplicateKey' });
    }
    seen.add(bucket.key);
    const previous = buckets[index - 1];
    if (index === 0 && bucket.minDays !== 0) {
      problems.push({ index, field: 'minDays', key: 'servicing.errors.buckets.firstStartsAtZero' });
    }
    // A previous bucket without upper bound covers every day after it: this one overlaps it.
    if (previous) {
      if (previous.maxDays === null || bucket.minDays <= previous.maxDays) {
        problems.push({ index, field: 'minDays', key: 'servicing.errors.buckets.overlap' });
      } else if (bucket.minDays > previous.maxDays + 1) {
        problems.push({ index, field: 'minDays', key: 'servicing.errors.buckets.gap' });
      }
    }
    const last = index === buckets.length - 1;
    if (last && bucket.maxDays !== null) {
      problems.push({ index, field: 'maxDays', key: 'servicing.errors.buckets.lastOpen' });
    }
    if (!last && (bucket.maxDays === null || !Number.isInteger(bucket.maxDays) || bucket.maxDays < bucket.minDays)) {
      problems.push({ index, field: 'maxDays', key: 'servicing.errors.buckets.maxDays' });
    }
    const rate = bucket.provisionRate;
    if (rate !== null && !(rate >= 0 && rate <= 100 && hasAtMostDecimals(rate, RATE_DECIMALS))) {
      problems.push({ index, field: 'provisionRate', key: 'servicing.errors.buckets.provisionRate' });
    }
  });
  return problems;
}

/**
 * The key of a bucket with these bounds: `current` (0 days), `days_1_30`, `over_365` (from 366 days on), as the
 * default buckets are named. An administrator sets bounds; the key follows from them, so a loan's bucket names
 * its days whichever set was in force.
 */
export function bucketKeyOf(minDays: number, maxDays: number | null): string {
  if (minDays === 0 && (maxDays === 0 || maxDays === null)) return 'current';
  if (maxDays === null) return `over_${minDays - 1}`;
  return `days_${minDays}_${maxDays}`;
}

/** How a bucket reads on screen: a catalog key and its values ("Current", "1–30 days", "Over 365 days"). */
export function bucketLabel(bucket: AgingBucket): {
  key: 'servicing.buckets.label.current' | 'servicing.buckets.label.range' | 'servicing.buckets.label.over';
  params: Record<string, number>;
} {
  if (bucket.minDays === 0 && (bucket.maxDays === 0 || bucket.maxDays === null)) {
    return { key: 'servicing.buckets.label.current', params: {} };
  }
  if (bucket.maxDays === null) return { key: 'servicing.buckets.label.over', params: { days: bucket.minDays - 1 } };
  return { key: 'servicing.buckets.label.range', params: { min: bucket.minDays, max: bucket.maxDays } };
}

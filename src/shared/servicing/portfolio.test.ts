import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUCKETS,
  agingTable,
  arrearsRate,
  bucketFor,
  bucketLabel,
  bucketKeyOf,
  bucketProblems,
  collectionRate,
  computeLoan,
  loanCollections,
  portfolioAtRisk,
  provision,
  type AgingBucket,
  type LoanPosition,
} from '.';
import { translate } from '../i18n';
import { loanInput, repayment } from '../test/servicing-fixture';

const loan = (
  status: LoanPosition['status'],
  outstandingPrincipal: number,
  daysPastDue: number,
  arrearsPrincipal = 0,
  arrearsInterest = 0,
): LoanPosition => ({
  status,
  outstandingPrincipal,
  arrearsPrincipal,
  arrearsInterest,
  daysPastDue,
  bucket: status === 'active' || status === 'repaid' ? bucketFor(DEFAULT_BUCKETS, daysPastDue) : null,
});

/*
 * A small portfolio (cents): four active loans, one written off, one repaid, one not disbursed.
 *   A  10 000,00 $ current          C   5 000,00 $  45 days late, 300 + 40 in arrears
 *   B  20 000,00 $ 12 days late,    D  15 000,00 $ 100 days late, 2 000 + 250 in arrears
 *      500 + 80 in arrears          written off 9 000 $ (100 days), repaid, not disbursed: out.
 */
const PORTFOLIO = [
  loan('active', 1_000_000, 0),
  loan('active', 2_000_000, 12, 50_000, 8000),
  loan('active', 500_000, 45, 30_000, 4000),
  loan('active', 1_500_000, 100, 200_000, 25_000),
  { ...loan('written_off', 0, 0), outstandingPrincipal: 900_000, daysPastDue: 100 },
  loan('repaid', 0, 0),
  loan('not_disbursed', 0, 0),
];

describe('portfolio ratios', () => {
  it.each([
    // Active outstanding: 10 000 + 20 000 + 5 000 + 15 000 = 50 000 $.
    [30, 2_000_000, 0.4], // C + D = 20 000 $ → 40 %
    [60, 1_500_000, 0.3], // D = 15 000 $ → 30 %
    [90, 1_500_000, 0.3],
    [0, 4_000_000, 0.8], // B + C + D: more than 0 days late
    [100, 0, 0], // D is 100 days late, not more
  ])('PAR%i = %i ÷ 5 000 000 = %f (written-off loans out of both)', (days, atRisk, value) => {
    expect(portfolioAtRisk(PORTFOLIO, days)).toEqual({ numerator: atRisk, denominator: 5_000_000, value });
  });

  it('arrears rate: (500 + 80 + 300 + 40 + 2 000 + 250) $ ÷ 50 000 $ = 6,34 %', () => {
    expect(arrearsRate(PORTFOLIO)).toEqual({ numerator: 317_000, denominator: 5_000_000, value: 0.0634 });
  });

  it('gives no ratio, not NaN, for a portfolio without active loans', () => {
    expect(portfolioAtRisk([loan('repaid', 0, 0)], 30)).toEqual({ numerator: 0, denominator: 0, value: null });
    expect(arrearsRate([])).toEqual({ numerator: 0, denominator: 0, value: null });
  });

  it('aging table and provision by bucket', () => {
    const buckets: AgingBucket[] = DEFAULT_BUCKETS.map((b) => ({
      ...b,
      provisionRate: { current: 1, days_1_30: 5, days_31_60: 25, days_91_180: 50.5 }[b.key] ?? null,
    }));
    const rows = agingTable(PORTFOLIO, buckets);
    expect(
      rows.map((r) => [r.key, r.count, r.outstandingPrincipal, r.arrearsPrincipal + r.arrearsInterest, r.provision]),
    ).toEqual([
      ['current', 1, 1_000_000, 0, 10_000], // 1 % of 10 000 $ = 100 $
      ['days_1_30', 1, 2_000_000, 58_000, 100_000], // 5 % of 20 000 $ = 1 000 $
      ['days_31_60', 1, 500_000, 34_000, 125_000], // 25 % of 5 000 $ = 1 250 $
      ['days_61_90', 0, 0, 0, null],
      ['days_91_180', 1, 1_500_000, 225_000, 757_500], // 50,5 % of 15 000 $ = 7 575 $
      ['days_181_365', 0, 0, 0, null],
      ['over_365', 0, 0, 0, null],
    ]);
    expect(provision(PORTFOLIO, buckets)).toBe(10_000 + 100_000 + 125_000 + 757_500);
    expect(provision(PORTFOLIO, DEFAULT_BUCKETS)).toBe(0);
  });

  it('collection rate: what the installments of the period asked, and what was paid on them by its end', () => {
    // The 1 200 $ loan of the fixture: installments of 15 Feb and 15 Mar ask 106,62 $ each. Paid: the first in
    // full on 10 Feb (in advance), the second 50,00 $ on 20 Mar. Period 1 Feb – 15 Mar: 156,62 ÷ 213,24.
    const input = loanInput({
      repayments: [repayment('r1', '2026-02-10', 10_662), repayment('r2', '2026-03-20', 5000)],
      asOf: '2026-03-15',
    });
    const march15 = loanCollections(computeLoan(input), '2026-02-01', '2026-03-15');
    expect(march15).toEqual({ due: 21_324, collected: 10_662, received: 10_662, recovered: 0 });
    const march31 = loanCollections(computeLoan({ ...input, asOf: '2026-03-31' }), '2026-02-01', '2026-03-31');
    expect(march31).toEqual({ due: 21_324, collected: 15_662, received: 15_662, recovered: 0 });
    expect(collectionRate([march31, { due: 10_000, collected: 0, received: 0, recovered: 0 }])).toEqual({
      numerator: 15_662,
      denominator: 31_324,
      value: 15_662 / 31_324,
    });
    expect(() => loanCollections(computeLoan(input), '2026-02-01', '2026-03-31')).toThrow(RangeError);
  });

  it('has its formula in both languages, PAR with its number of days', () => {
    expect(translate('en', 'servicing.ratios.par.formula', { days: 30 })).toContain('more than 30 days past due');
    expect(translate('fr', 'servicing.ratios.par.formula', { days: 30 })).toContain('plus de 30 jours de retard');
    expect(translate('fr', 'servicing.ratios.par.label', { days: 90 })).toBe('PAR90');
  });
});

describe('aging buckets', () => {
  it.each([
    [0, 'current'],
    [1, 'days_1_30'],
    [30, 'days_1_30'],
    [31, 'days_31_60'],
    [90, 'days_61_90'],
    [91, 'days_91_180'],
    [365, 'days_181_365'],
    [366, 'over_365'],
    [5000, 'over_365'],
  ])('%i days past due: %s', (days, key) => {
    expect(bucketFor(DEFAULT_BUCKETS, days)).toBe(key);
  });

  it('labels the default buckets in both languages', () => {
    const labels = (locale: 'fr' | 'en') =>
      DEFAULT_BUCKETS.map((b) => {
        const { key, params } = bucketLabel(b);
        return translate(locale, key, params);
      });
    expect(labels('en')).toEqual([
      'Current',
      '1–30 days',
      '31–60 days',
      '61–90 days',
      '91–180 days',
      '181–365 days',
      'Over 365 days',
    ]);
    expect(labels('fr')[0]).toBe('À jour');
    expect(labels('fr')[6]).toBe('Plus de 365 jours');
  });

  it('names a bucket by its bounds, as the default buckets are named', () => {
    expect(DEFAULT_BUCKETS.map((b) => bucketKeyOf(b.minDays, b.maxDays))).toEqual(DEFAULT_BUCKETS.map((b) => b.key));
    expect([bucketKeyOf(0, 14), bucketKeyOf(15, null), bucketKeyOf(0, null)]).toEqual([
      'days_0_14',
      'over_14',
      'current',
    ]);
  });

  it('accepts the defaults and an administrator’s own contiguous buckets', () => {
    expect(bucketProblems(DEFAULT_BUCKETS)).toEqual([]);
    expect(
      bucketProblems([
        { key: 'ok', minDays: 0, maxDays: 14, provisionRate: 0 },
        { key: 'watch', minDays: 15, maxDays: null, provisionRate: 12.125 },
      ]),
    ).toEqual([]);
  });

  const bucket = (key: string, minDays: number, maxDays: number | null, provisionRate: number | null = null) => ({
    key,
    minDays,
    maxDays,
    provisionRate,
  });
  it.each([
    ['no bucket', [], [[null, 'empty']]],
    ['a first bucket not from 0', [bucket('a', 1, null)], [[0, 'firstStartsAtZero']]],
    ['a gap', [bucket('a', 0, 10), bucket('b', 12, null)], [[1, 'gap']]],
    ['an overlap', [bucket('a', 0, 10), bucket('b', 10, null)], [[1, 'overlap']]],
    ['a last bucket with an end', [bucket('a', 0, 10), bucket('b', 11, 20)], [[1, 'lastOpen']]],
    [
      'an open bucket before the last',
      [bucket('a', 0, null), bucket('b', 11, null)],
      [
        [0, 'maxDays'],
        [1, 'overlap'],
      ],
    ],
    ['a duplicate key', [bucket('a', 0, 10), bucket('a', 11, null)], [[1, 'duplicateKey']]],
    ['a key with spaces', [bucket('Not late', 0, null)], [[0, 'key']]],
    ['a rate over 100 %', [bucket('a', 0, null, 100.5)], [[0, 'provisionRate']]],
    ['a rate with 4 decimals', [bucket('a', 0, null, 1.0005)], [[0, 'provisionRate']]],
    [
      '21 buckets',
      [...Array.from({ length: 20 }, (_, i) => bucket(`b${i}`, i, i)), bucket('z', 20, null)],
      [[null, 'tooMany']],
    ],
  ] as const)('refuses %s', (_label, buckets, expected) => {
    const problems = bucketProblems(buckets as readonly AgingBucket[]);
    expect(problems.map((p) => [p.index, p.key.split('.').at(-1)])).toEqual(expected);
    for (const p of problems) expect(translate('fr', p.key)).not.toBe(p.key);
  });
});

import { describe, expect, it } from 'vitest';
import { analyseStatements, formatAmount, formatDay, formatRatio, MISSING, type StatementFigures } from './ratios';
import type { RatioKey } from './thresholds';

const statement = (overrides: Partial<StatementFigures>): StatementFigures => ({
  id: `s-${overrides.year ?? 'x'}`,
  year: 2025,
  sales: 1_000_000,
  grossProfit: 300_000,
  netProfit: 50_000,
  currentAssets: 400_000,
  currentLiabilities: 250_000,
  fundsGenerated: 120_000,
  debtService: 80_000,
  ...overrides,
});

const ratiosOf = (overrides: Partial<StatementFigures>) => analyseStatements([statement(overrides)])[0]!.ratios;

describe('analyseStatements', () => {
  it('computes every ratio of a sound year, none flagged', () => {
    const r = ratiosOf({});
    expect(r.currentRatio).toEqual({ value: 1.6, warning: false });
    expect(r.workingCapital).toEqual({ value: 150_000, warning: false });
    expect(r.grossMargin).toEqual({ value: 0.3, warning: false });
    expect(r.netMargin).toEqual({ value: 0.05, warning: false });
    expect(r.debtCoverage).toEqual({ value: 1.5, warning: false });
    expect(r.salesGrowth).toEqual({ value: null, warning: false });
  });

  it.each<[string, Partial<StatementFigures>, RatioKey, number]>([
    ['current ratio under 1', { currentAssets: 200_000 }, 'currentRatio', 0.8],
    ['negative working capital', { currentAssets: 200_000 }, 'workingCapital', -50_000],
    ['gross margin under 10 %', { grossProfit: 50_000 }, 'grossMargin', 0.05],
    ['a loss', { netProfit: -20_000 }, 'netMargin', -0.02],
    ['coverage under 1.2', { fundsGenerated: 88_000 }, 'debtCoverage', 1.1],
  ])('flags %s', (_label, overrides, key, value) => {
    expect(ratiosOf(overrides)[key]).toEqual({ value, warning: true });
  });

  it.each<[string, Partial<StatementFigures>, RatioKey[]]>([
    ['zero sales', { sales: 0 }, ['grossMargin', 'netMargin']],
    ['zero current liabilities', { currentLiabilities: 0 }, ['currentRatio']],
    ['zero debt service', { debtService: 0 }, ['debtCoverage']],
    ['missing current assets', { currentAssets: null }, ['currentRatio', 'workingCapital']],
    ['missing sales', { sales: null }, ['grossMargin', 'netMargin']],
  ])('%s gives no value (never NaN or Infinity) and no flag', (_label, overrides, keys) => {
    const r = ratiosOf(overrides);
    for (const key of keys) expect(r[key]).toEqual({ value: null, warning: false });
  });

  it('sales growth compares with the year just before; a gap or a zero year gives none', () => {
    const rows = analyseStatements([
      statement({ id: 'c', year: 2024, sales: 900_000 }),
      statement({ id: 'a', year: 2021, sales: 1_000_000 }),
      statement({ id: 'b', year: 2022, sales: 800_000 }),
      statement({ id: 'z', year: 2020, sales: 0 }),
      statement({ id: 'n', year: null }),
    ]);
    expect(rows.map((r) => r.year)).toEqual([2020, 2021, 2022, 2024]);
    expect(rows.map((r) => r.ratios.salesGrowth)).toEqual([
      { value: null, warning: false },
      { value: null, warning: false },
      { value: -0.2, warning: true },
      { value: null, warning: false },
    ]);
  });
});

describe('formatting in both languages', () => {
  it.each<[RatioKey, number | null, string, string]>([
    ['currentRatio', 1.6, '1,60', '1.60'],
    ['debtCoverage', 1.1, '1,10', '1.10'],
    ['grossMargin', 0.125, '12,5 %', '12.5%'],
    ['salesGrowth', -0.2, '-20 %', '-20%'],
    ['workingCapital', -1234.5, '-1 234,50 $', '-$1,234.50'],
    ['netMargin', null, MISSING, MISSING],
    ['currentRatio', Number.POSITIVE_INFINITY, MISSING, MISSING],
    ['currentRatio', Number.NaN, MISSING, MISSING],
  ])('%s %s reads "%s" in French and "%s" in English', (key, value, fr, en) => {
    // Intl writes French with no-break spaces: compare with ordinary ones.
    expect(formatRatio(key, value, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe(fr);
    expect(formatRatio(key, value, 'en')).toBe(en);
  });

  it('amounts and dates', () => {
    expect(formatAmount(10_327.96, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('10 327,96 $');
    expect(formatAmount(10_327.96, 'en')).toBe('$10,327.96');
    expect(formatAmount(null, 'en')).toBe(MISSING);
    expect(formatDay('2026-01-15', 'fr')).toBe('15 janv. 2026');
    expect(formatDay('2026-01-15', 'en')).toBe('Jan 15, 2026');
    expect(formatDay(null, 'fr')).toBe(MISSING);
  });
});

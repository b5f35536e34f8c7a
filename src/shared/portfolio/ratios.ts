import type { Locale } from '../constants';
import { RATIO_THRESHOLDS, type RatioKey } from './thresholds';
import { dateFormat, formatMoney, formatPercent, numberFormat } from '../intl';

/** The statement fields the analysis reads (a subset of the company's statements). */
export interface StatementFigures {
  id: string;
  year: number | null;
  sales: number | null;
  grossProfit: number | null;
  netProfit: number | null;
  currentAssets: number | null;
  currentLiabilities: number | null;
  fundsGenerated: number | null;
  debtService: number | null;
}

export const RATIO_KEYS = [
  'currentRatio',
  'workingCapital',
  'grossMargin',
  'netMargin',
  'debtCoverage',
  'salesGrowth',
] as const satisfies readonly RatioKey[];

/** How a ratio reads: a multiple (1.25), dollars, or a share (12.5 %). */
export const RATIO_KINDS: Record<RatioKey, 'multiple' | 'money' | 'percent'> = {
  currentRatio: 'multiple',
  workingCapital: 'money',
  grossMargin: 'percent',
  netMargin: 'percent',
  debtCoverage: 'multiple',
  salesGrowth: 'percent',
};

export interface RatioValue {
  /** null when an input is missing or a divisor is zero: shown as "—", never NaN or Infinity. */
  value: number | null;
  /** Past its warning threshold (RATIO_THRESHOLDS). */
  warning: boolean;
}

export interface StatementAnalysis {
  statementId: string;
  year: number | null;
  sales: number | null;
  netProfit: number | null;
  ratios: Record<RatioKey, RatioValue>;
}

const quotient = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : a / b;

const difference = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);

const judged = (key: RatioKey, value: number | null): RatioValue => ({
  value: value !== null && Number.isFinite(value) ? value : null,
  warning: value !== null && Number.isFinite(value) && value < RATIO_THRESHOLDS[key],
});

/**
 * The ratios of every statement with a year, oldest year first. Sales growth compares with the
 * statement of the year just before, when there is one (a gap of years gives "—", not a growth over
 * several years read as one).
 */
export function analyseStatements(statements: readonly StatementFigures[]): StatementAnalysis[] {
  const dated = statements.filter((s) => s.year !== null).sort((a, b) => a.year! - b.year!);
  const byYear = new Map(dated.map((s) => [s.year!, s]));
  return dated.map((s) => {
    const previous = byYear.get(s.year! - 1);
    const previousSales = previous?.sales ?? null;
    const growth =
      previousSales === null || s.sales === null || previousSales <= 0
        ? null
        : (s.sales - previousSales) / previousSales;
    return {
      statementId: s.id,
      year: s.year,
      sales: s.sales,
      netProfit: s.netProfit,
      ratios: {
        currentRatio: judged('currentRatio', quotient(s.currentAssets, s.currentLiabilities)),
        workingCapital: judged('workingCapital', difference(s.currentAssets, s.currentLiabilities)),
        grossMargin: judged('grossMargin', quotient(s.grossProfit, s.sales)),
        netMargin: judged('netMargin', quotient(s.netProfit, s.sales)),
        debtCoverage: judged('debtCoverage', quotient(s.fundsGenerated, s.debtService)),
        salesGrowth: judged('salesGrowth', growth),
      },
    };
  });
}

/** A missing value, on screen, in print and in exports' readable columns. */
export const MISSING = '—';

/** Dollars as the locale writes them: `1 234,56 $` / `$1,234.56`; "—" for none. */
export function formatAmount(value: number | null, locale: Locale): string {
  if (value === null || !Number.isFinite(value)) return MISSING;
  return formatMoney(value, locale);
}

/** A ratio for reading in the locale: `1,25` / `1.25`, `12,5 %` / `12.5%`, dollars; "—" for none. */
export function formatRatio(key: RatioKey, value: number | null, locale: Locale): string {
  if (value === null || !Number.isFinite(value)) return MISSING;
  switch (RATIO_KINDS[key]) {
    case 'money':
      return formatAmount(value, locale);
    case 'percent':
      return formatPercent(value, locale);
    case 'multiple':
      return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  }
}

/** A date (YYYY-MM-DD) for reading: `15 janv. 2026` / `Jan 15, 2026`. */
export function formatDay(value: string | null, locale: Locale): string {
  if (!value) return MISSING;
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

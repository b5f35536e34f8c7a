/**
 * Warning thresholds of the statement analysis, in one place (docs/decisions/0021-statement-ratios.md).
 * A ratio below its threshold is flagged, by text and icon, on screen and in print.
 */
export const RATIO_THRESHOLDS = {
  /** Current assets below current liabilities: short-term debts exceed what turns into cash within a year. */
  currentRatio: 1,
  /** Negative working capital: the same signal in dollars. */
  workingCapital: 0,
  /** Under 10 % of sales left after the cost of sales leaves little room for overheads. */
  grossMargin: 0.1,
  /** A loss. */
  netMargin: 0,
  /** Funds generated cover less than 1.2 times the debt service: the lenders' usual covenant. */
  debtCoverage: 1.2,
  /** Sales down more than 10 % from the year before. */
  salesGrowth: -0.1,
} as const;

export type RatioKey = keyof typeof RATIO_THRESHOLDS;

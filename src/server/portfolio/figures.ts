import { toDollars as dollars } from '../../shared/money';
import {
  agingTable,
  arrearsRate,
  bucketFor,
  portfolioAtRisk,
  type AgingBucket,
  type AgingRow,
  type LoanPosition,
  type Ratio,
} from '../../shared/servicing';
import type {
  AgingAnswer,
  AgingCell,
  AgingRowAnswer,
  FundFigures,
  FundsAnswer,
  ParAnswer,
  RatioAnswer,
} from '../../shared/schemas/portfolio-figures';
import type { FundName, PortfolioTally, TallyGroup } from './figures-store';

/*
 * The portfolio's answers from a tally (figures-store.ts), with the shared module's own rules: which bucket a
 * number of days falls in, what PAR and the arrears rate divide, a bucket's provision (docs/decisions/0037).
 * Sums are in cents; answers in dollars, like every amount of the API.
 */

/** Cents to the dollars the API answers (src/shared/money.ts), for the modules that build answers from figures. */
export { dollars };

export const ratioAnswer = (ratio: Ratio): RatioAnswer => ({
  numerator: dollars(ratio.numerator),
  denominator: dollars(ratio.denominator),
  value: ratio.value,
});

/** The tally's groups as the ratios read them: each group stands for its loans, in the bucket of its days. */
function positionsOf(groups: readonly TallyGroup[], buckets: readonly AgingBucket[]): LoanPosition[] {
  return groups.map((group) => ({
    status: 'active',
    loans: group.loans,
    outstandingPrincipal: group.outstandingPrincipal,
    arrearsPrincipal: group.arrearsPrincipal,
    arrearsInterest: group.arrearsInterest,
    daysPastDue: group.daysPastDue,
    bucket: bucketFor(buckets, group.daysPastDue),
  }));
}

const rowAnswer = (row: AgingRow): AgingRowAnswer => ({
  bucket: row.key,
  count: row.count,
  outstandingPrincipal: dollars(row.outstandingPrincipal),
  arrearsPrincipal: dollars(row.arrearsPrincipal),
  arrearsInterest: dollars(row.arrearsInterest),
  provision: row.provision === null ? null : dollars(row.provision),
});

function totalOf(rows: readonly AgingRow[]): AgingCell {
  const sum = (pick: (row: AgingRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    count: sum((row) => row.count),
    outstandingPrincipal: dollars(sum((row) => row.outstandingPrincipal)),
    arrearsPrincipal: dollars(sum((row) => row.arrearsPrincipal)),
    arrearsInterest: dollars(sum((row) => row.arrearsInterest)),
    provision: dollars(sum((row) => row.provision ?? 0)),
  };
}

/** The aging table: per bucket, every fund together, then per fund (those with an active loan, by name). */
export function agingAnswer(
  tally: PortfolioTally,
  buckets: readonly AgingBucket[],
  funds: readonly FundName[],
): AgingAnswer {
  const all = agingTable(positionsOf(tally.groups, buckets), buckets);
  return {
    asOf: tally.asOf,
    buckets: buckets.map((bucket) => ({ ...bucket })),
    rows: all.map(rowAnswer),
    total: totalOf(all),
    funds: funds.flatMap(({ fundId, fundName }) => {
      const groups = tally.groups.filter((group) => group.fundId === fundId);
      if (groups.length === 0) return [];
      const rows = agingTable(positionsOf(groups, buckets), buckets);
      return [{ fundId, fundName, rows: rows.map(rowAnswer), total: totalOf(rows) }];
    }),
  };
}

/** PAR over each number of days, and the arrears rate beside it. */
export function parAnswer(tally: PortfolioTally, days: readonly number[], buckets: readonly AgingBucket[]): ParAnswer {
  const positions = positionsOf(tally.groups, buckets);
  return {
    asOf: tally.asOf,
    par: days.map((d) => ({ days: d, ...ratioAnswer(portfolioAtRisk(positions, d)) })),
    arrearsRate: ratioAnswer(arrearsRate(positions)),
  };
}

/** What the dashboard shows of the tally: PAR30, PAR90, the arrears rate, the arrears and the outstanding. */
export function dashboardFigures(tally: PortfolioTally, buckets: readonly AgingBucket[]) {
  const positions = positionsOf(tally.groups, buckets);
  const rate = arrearsRate(positions);
  return {
    outstandingTotal: dollars(tally.funds.reduce((sum, fund) => sum + fund.outstandingPrincipal, 0)),
    arrearsTotal: dollars(rate.numerator),
    par30: portfolioAtRisk(positions, 30).value,
    par90: portfolioAtRisk(positions, 90).value,
    arrearsRate: rate.value,
    outstandingByFund: new Map(tally.funds.map((fund) => [fund.fundId, dollars(fund.outstandingPrincipal)])),
  };
}

/**
 * Each fund's capital and what is left of it: available = capital − outstanding − approved not disbursed.
 * Every fund is listed, with or without loans; `capitals` in cents, by fund.
 */
export function fundsAnswer(
  tally: PortfolioTally,
  funds: readonly FundName[],
  capitals: ReadonlyMap<string, number>,
): FundsAnswer {
  const byFund = new Map(tally.funds.map((fund) => [fund.fundId, fund]));
  const rows = funds.map(({ fundId, fundName }) => {
    const fund = byFund.get(fundId);
    const capital = capitals.get(fundId) ?? null;
    const outstanding = fund?.outstandingPrincipal ?? 0;
    const undisbursed = fund?.undisbursed ?? 0;
    return {
      fundId,
      fundName,
      capital,
      outstandingPrincipal: outstanding,
      undisbursed,
      available: capital === null ? null : capital - outstanding - undisbursed,
      loansCount: fund?.openLoans ?? 0,
    };
  });
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const withCapital = rows.filter((row) => row.capital !== null);
  const answer = (row: (typeof rows)[number]): FundFigures => ({
    ...row,
    capital: row.capital === null ? null : dollars(row.capital),
    outstandingPrincipal: dollars(row.outstandingPrincipal),
    undisbursed: dollars(row.undisbursed),
    available: row.available === null ? null : dollars(row.available),
  });
  return {
    asOf: tally.asOf,
    funds: rows.map(answer),
    total: {
      // The total's capital and available count the funds that have a capital; null when none has.
      capital: withCapital.length === 0 ? null : dollars(sum((row) => row.capital ?? 0)),
      outstandingPrincipal: dollars(sum((row) => row.outstandingPrincipal)),
      undisbursed: dollars(sum((row) => row.undisbursed)),
      available: withCapital.length === 0 ? null : dollars(withCapital.reduce((t, row) => t + row.available!, 0)),
      loansCount: sum((row) => row.loansCount),
    },
  };
}

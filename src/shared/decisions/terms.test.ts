import { describe, expect, it } from 'vitest';
import { decidedTermsProblems, isDecidedTerm, type DecidedValues } from './terms';

const decided: DecidedValues = {
  amount: 30000,
  rate: 5,
  amortization: 60,
  moratorium: null,
  resolutionNumber: 'CI-2026-014',
  resolutionDate: '2026-11-20',
};

describe('decidedTermsProblems', () => {
  it('lets the same terms through, however the form writes them', () => {
    expect(decidedTermsProblems(decided, { ...decided, amount: 30000.0, moratorium: 0 })).toEqual([]);
  });

  it('refuses a raise and a cut alike, each field naming the resolution', () => {
    const problems = decidedTermsProblems(decided, {
      ...decided,
      amount: 500000,
      rate: 0,
      moratorium: 6,
      resolutionNumber: null,
    });
    expect(problems.map((problem) => problem.field)).toEqual(['amount', 'rate', 'moratorium', 'resolutionNumber']);
    expect(problems[0]).toEqual({
      field: 'amount',
      key: 'decisions.errors.decidedTerm',
      params: { resolution: 'CI-2026-014' },
    });
    expect(decidedTermsProblems(decided, { ...decided, amount: 29999.99 })).toHaveLength(1);
  });

  it('names the decided terms and nothing else', () => {
    expect(['amount', 'rate', 'resolutionDate'].every(isDecidedTerm)).toBe(true);
    expect(['contributionFundId', 'projectName', 'refund'].some(isDecidedTerm)).toBe(false);
  });
});

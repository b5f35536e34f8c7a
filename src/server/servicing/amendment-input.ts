import type { z } from 'zod';
import type { termAmendmentInputSchema } from '../../shared/schemas/servicing';

/*
 * A term amendment as the API receives it, for one loan or a whole fund: what the shared rules check, and what
 * its line of history keeps. One place, so that the single and the fund-wide amendment say the same.
 */

type AmendmentBody = Pick<
  z.output<typeof termAmendmentInputSchema>,
  'effectiveDate' | 'kind' | 'months' | 'rate' | 'reason'
>;

/** The amendment the shared rules (`amendmentProblems`) judge: its kind with its months or its rate. */
export const newAmendment = (input: AmendmentBody) =>
  input.kind === 'rate_change'
    ? { effectiveDate: input.effectiveDate, kind: input.kind, rate: input.rate! }
    : { effectiveDate: input.effectiveDate, kind: input.kind, months: input.months! };

/** The `termsAmended` event's parameters. */
export const amendmentEvent = (input: AmendmentBody) => ({
  kind: input.kind,
  months: input.months,
  rate: input.rate,
  date: input.effectiveDate,
  reason: input.reason,
});

import type { z } from 'zod';
import { todayIso } from '../portfolio/schedule';
import { repaymentInputSchema } from '../schemas/servicing';

/*
 * Money not yet received is not a repayment: a repayment is dated today at the latest (in Québec). The form
 * refuses a later day on its field before anything is sent; the API's entry rules say the same.
 */

/** The message of a repayment dated after today (a catalog key of the servicing part). */
export const RECEIVED_AFTER_TODAY = 'servicing.errors.receivedAfterToday';

/** Whether a repayment's day is after `today` (both YYYY-MM-DD). */
export const receivedAfterToday = (receivedOn: string, today: string = todayIso()): boolean => receivedOn > today;

/** The repayment form's schema: the API's body, with a day after today refused on `receivedOn`. */
export const repaymentFormSchema = repaymentInputSchema.superRefine((value, ctx) => {
  if (receivedAfterToday(value.receivedOn)) {
    ctx.addIssue({ code: 'custom', message: RECEIVED_AFTER_TODAY, path: ['receivedOn'], input: value.receivedOn });
  }
});
export type RepaymentFormInput = z.output<typeof repaymentFormSchema>;

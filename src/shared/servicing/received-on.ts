import type { z } from 'zod';
import { todayIso } from '../portfolio/schedule';
import { repaymentInputSchema } from '../schemas/servicing';
import { repaymentDateProblems } from './entries';

/*
 * Money not yet received is not a repayment: the form refuses a day after today (in Québec) on its field before
 * anything is sent, with the entry rules' own problem (`repaymentDateProblems`), which the API and the import apply.
 */

/** The repayment form's schema: the API's body, with the entry rules' refusal of a day after today on `receivedOn`. */
export const repaymentFormSchema = repaymentInputSchema.superRefine((value, ctx) => {
  for (const problem of repaymentDateProblems(value.receivedOn, todayIso())) {
    ctx.addIssue({ code: 'custom', message: problem.key, path: [problem.field], input: value.receivedOn });
  }
});
export type RepaymentFormInput = z.output<typeof repaymentFormSchema>;

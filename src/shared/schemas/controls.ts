import { z } from 'zod';
import { APPROVAL_STATES, CONTROLLED_KINDS } from '../controls/rules';
import { V, requiredText, wrongValue } from './common';
import { CV, MONEY_MAX, optionalNumber, positiveMoney, requiredDate } from './company-fields';
import { day, instant, money } from './answer-parts';
import { SERVICING_LIMITS } from './servicing';

/*
 * Two-person approval on the wire (docs/decisions/0067): a fund's policy, a controlled move and its decision,
 * the authorized increase, the journal of controls. Amounts are dollars, as the servicing answers give them.
 */

/** An amount from which a rule holds: given, 0 or more, two decimals at most. */
const fromAmount = () =>
  optionalNumber({ message: CV.money, money: true, min: 0, max: MONEY_MAX }).transform((value, ctx): number => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: V.required, input: value });
      return z.NEVER;
    }
    return value;
  });

/** `PUT /funds/{id}/approval_policy`: at most one rule per kind. */
export const approvalPolicyInputSchema = z.object({
  rules: z
    .array(
      z.object({
        kind: z.enum(CONTROLLED_KINDS, { error: wrongValue }),
        fromAmount: fromAmount(),
      }),
      { error: V.mustBeList },
    )
    .max(CONTROLLED_KINDS.length)
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        if (seen.has(rule.kind)) {
          ctx.addIssue({ code: 'custom', message: 'controls.errors.kindTwice', path: [index, 'kind'] });
        }
        seen.add(rule.kind);
      });
    }),
  outsidePipelineAlways: z.boolean({ error: wrongValue }).default(false),
});
export type ApprovalPolicyInput = z.output<typeof approvalPolicyInputSchema>;
export type ApprovalPolicyFormValues = z.input<typeof approvalPolicyInputSchema>;

/** A fund's policy and its changes, latest first. */
export const approvalPolicySchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  rules: z.array(z.object({ kind: z.enum(CONTROLLED_KINDS), fromAmount: money() })),
  outsidePipelineAlways: z.boolean(),
  updatedAt: instant().nullable(),
  updatedByName: z.string().nullable(),
  changes: z.array(
    z.object({
      before: z.object({
        rules: z.array(z.object({ kind: z.enum(CONTROLLED_KINDS), fromAmount: money() })),
        outsidePipelineAlways: z.boolean(),
      }),
      after: z.object({
        rules: z.array(z.object({ kind: z.enum(CONTROLLED_KINDS), fromAmount: money() })),
        outsidePipelineAlways: z.boolean(),
      }),
      authorName: z.string().nullable(),
      insertedAt: instant(),
    }),
  ),
});
export type ApprovalPolicyAnswer = z.output<typeof approvalPolicySchema>;

/** `POST /approvals/{id}/reject`: why, required. */
export const rejectionInputSchema = z.object({ reason: requiredText(SERVICING_LIMITS.reason) });

/** `POST …/authorized_increase`: the new authorized amount and the resolution that allows it. */
export const authorizedIncreaseInputSchema = z.object({
  amount: positiveMoney(),
  resolutionNumber: requiredText(50),
  resolutionDate: requiredDate(),
});
export type AuthorizedIncreaseInput = z.output<typeof authorizedIncreaseInputSchema>;

/** A loan's figures a move changes, before it and after it (the engine's, as of today). */
const figuresPair = z.object({
  outstandingPrincipal: money(),
  arrears: money(),
  nextInstallmentDate: day().nullable(),
  nextInstallmentAmount: money().nullable(),
  authorizedAmount: money().nullable(),
});

/** A controlled move and where it stands. */
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTROLLED_KINDS),
  state: z.enum(APPROVAL_STATES),
  fundId: z.string(),
  fundName: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  contributionId: z.string().nullable(),
  loanNumber: z.string().nullable(),
  amount: money(),
  /** The entry's own date (a disbursement's, an amendment's effective date…). */
  entryDate: day(),
  /** What the maker typed: a reason, a method, a resolution… */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  makerId: z.string().nullable(),
  makerName: z.string().nullable(),
  insertedAt: instant(),
  decidedById: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: instant().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** The entry it landed as, once approved. */
  entryId: z.string().nullable(),
  /** The loan's figures without the move and with it (pending moves only; null for a fund's amendment). */
  before: figuresPair.nullable(),
  after: figuresPair.nullable(),
  /** What the viewer may do with it. */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
});
export type ApprovalAnswer = z.output<typeof approvalSchema>;

/** A loan created outside the pipeline in a period, for the journal of controls. */
export const outsidePipelineLoanSchema = z.object({
  contributionId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  loanNumber: z.string(),
  fundName: z.string(),
  amount: money().nullable(),
  insertedAt: instant(),
});

/** `GET /reports/controls`: every controlled move made in the period, and the loans created outside the pipeline. */
export const controlsReportSchema = z.object({
  from: day(),
  to: day(),
  moves: z.array(approvalSchema.omit({ before: true, after: true, canDecide: true, canCancel: true })),
  outsidePipelineLoans: z.array(outsidePipelineLoanSchema),
});
export type ControlsReport = z.output<typeof controlsReportSchema>;

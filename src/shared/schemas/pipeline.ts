import { z } from 'zod';
import { CHECKLIST_STAGES, CONDITION_KINDS, CONDITION_STATUSES, REQUEST_STATES } from '../pipeline/states';
import { DECISION_OUTCOMES, VOTE_CHOICES, isApproval } from '../pipeline/committee';
import { lockVersion, multilineText, requiredId, requiredText, wrongValue } from './common';
import {
  CV,
  list,
  months,
  nullableDate,
  optionalId,
  optionalNumber,
  percentage,
  positiveMoney,
  requiredDate,
} from './company-fields';
import { disbursementInputSchema } from './servicing';
import { MAX_RATE_PERCENT, RATE_DECIMALS } from '../servicing/terms';

/*
 * What the pipeline's forms send and its routes take (docs/decisions/0039). Amounts are dollars as typed, turned
 * into cents by the store; what depends on stored records (the request's state, a document's company, a member
 * of the committee) is checked by the route against src/shared/pipeline.
 */

export const PIPELINE_LIMITS = {
  text: 200,
  longText: 2000,
  amounts: 10,
  sources: 20,
  templates: 50,
  members: 30,
  agenda: 40,
  conditions: 30,
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: wrongValue });
const flag = () => z.boolean({ error: wrongValue }).default(false);

const fundAmount = z.object({ fundId: requiredId(), amount: positiveMoney() });
const source = z.object({
  name: requiredText(PIPELINE_LIMITS.text),
  amount: positiveMoney(),
  confirmed: flag(),
  isPublic: flag(),
});

/** No fund twice in one list of amounts. */
const distinctFunds = (amounts: { fundId: string }[], ctx: z.RefinementCtx, path: string) => {
  const seen = new Set<string>();
  amounts.forEach((amount, index) => {
    if (seen.has(amount.fundId))
      ctx.addIssue({ code: 'custom', message: 'pipeline.errors.fundTwice', path: [path, index, 'fundId'] });
    seen.add(amount.fundId);
  });
};

const requestFields = {
  projectName: requiredText(PIPELINE_LIMITS.text),
  projectCost: positiveMoney(),
  amounts: list(fundAmount, PIPELINE_LIMITS.amounts).refine((amounts) => amounts.length > 0, {
    message: 'pipeline.errors.noAmount',
  }),
  sources: list(source, PIPELINE_LIMITS.sources),
  assigneeId: optionalId(),
};

/** `POST /funding_requests`. */
export const fundingRequestInputSchema = z
  .object({ companyId: requiredId(), ...requestFields })
  .superRefine((value, ctx) => distinctFunds(value.amounts, ctx, 'amounts'));
export type FundingRequestInput = z.output<typeof fundingRequestInputSchema>;

/** `PATCH /funding_requests/{id}`: the same fields and the `lock_version` read. */
export const fundingRequestPatchSchema = z
  .object({ ...requestFields, lockVersion: lockVersion() })
  .superRefine((value, ctx) => distinctFunds(value.amounts, ctx, 'amounts'));
export type FundingRequestPatch = z.output<typeof fundingRequestPatchSchema>;
export type FundingRequestFormValues = z.input<typeof fundingRequestPatchSchema>;

/**
 * The first disbursement of an approved request: its day, method and reference, and optionally how much goes out
 * per fund now (each at most the amount decided; a fund not named gets its whole decided amount), so a first
 * partial tranche is possible (ADR 0068).
 */
export const firstDisbursementSchema = disbursementInputSchema.omit({ amount: true }).extend({
  amounts: list(fundAmount, PIPELINE_LIMITS.amounts).superRefine((amounts, ctx) => {
    const seen = new Set<string>();
    amounts.forEach((amount, index) => {
      if (seen.has(amount.fundId))
        ctx.addIssue({ code: 'custom', message: 'pipeline.errors.fundTwice', path: [index, 'fundId'] });
      seen.add(amount.fundId);
    });
  }),
});

/** `POST /funding_requests/{id}/transitions`; `disbursement` only for `disbursed` (the first payment out). */
export const transitionInputSchema = z.object({
  to: choice(REQUEST_STATES),
  lockVersion: lockVersion(),
  disbursement: firstDisbursementSchema.nullish(),
});
export type TransitionInput = z.output<typeof transitionInputSchema>;

/** `PATCH /funding_requests/{id}/checklist/{item_id}`: where the item stands now. */
export const checklistItemPatchSchema = z.object({
  status: choice(['missing', 'received', 'verified', 'waived'] as const),
  documentId: optionalId(),
  waivedReason: multilineText(PIPELINE_LIMITS.longText)
    .nullish()
    .transform((value) => value?.trim() || null),
});
export type ChecklistItemPatch = z.output<typeof checklistItemPatchSchema>;

/** `PUT /checklist_templates`: one fund's templates, all stages, replacing what it had. */
export const checklistTemplatesInputSchema = z.object({
  fundId: requiredId(),
  items: list(
    z.object({
      stage: choice(CHECKLIST_STAGES),
      categoryId: requiredId(),
      labelFr: requiredText(PIPELINE_LIMITS.text),
      labelEn: requiredText(PIPELINE_LIMITS.text),
      required: z.boolean({ error: wrongValue }).default(true),
    }),
    PIPELINE_LIMITS.templates,
  ),
});
export type ChecklistTemplatesInput = z.output<typeof checklistTemplatesInputSchema>;

/** `POST /committees` and `PUT /committees/{id}`: members are staff users or external names, one of them the chair. */
export const committeeInputSchema = z
  .object({
    name: requiredText(PIPELINE_LIMITS.text),
    quorum: optionalNumber({ message: CV.number, integer: true, min: 1, max: PIPELINE_LIMITS.members }),
    members: list(
      z.object({
        /** On an edit, the member kept (`PUT /committees/{id}`); absent for a new one. */
        id: optionalId(),
        userId: optionalId(),
        externalName: z
          .string({ error: wrongValue })
          .max(PIPELINE_LIMITS.text)
          .nullish()
          .transform((v) => v?.trim() || null),
        isChair: flag(),
      }),
      PIPELINE_LIMITS.members,
    ),
  })
  .superRefine((value, ctx) => {
    if (value.quorum === null)
      ctx.addIssue({ code: 'custom', message: 'errors.validations.required', path: ['quorum'] });
    if (value.members.length === 0)
      ctx.addIssue({ code: 'custom', message: 'pipeline.errors.noMembers', path: ['members'] });
    if (value.quorum !== null && value.quorum > value.members.length)
      ctx.addIssue({ code: 'custom', message: 'pipeline.errors.quorumOverMembers', path: ['quorum'] });
    if (value.members.filter((m) => m.isChair).length > 1)
      ctx.addIssue({ code: 'custom', message: 'pipeline.errors.twoChairs', path: ['members'] });
    const users = new Set<string>();
    value.members.forEach((member, index) => {
      if ((member.userId === null) === (member.externalName === null))
        ctx.addIssue({ code: 'custom', message: 'pipeline.errors.memberWho', path: ['members', index, 'userId'] });
      if (member.userId && users.has(member.userId))
        ctx.addIssue({ code: 'custom', message: 'pipeline.errors.memberTwice', path: ['members', index, 'userId'] });
      if (member.userId) users.add(member.userId);
    });
  });
export type CommitteeInput = z.output<typeof committeeInputSchema>;

/** `POST /committee_meetings`: the agenda is requests ready for the committee (or deferred by it). */
export const meetingInputSchema = z.object({
  committeeId: requiredId(),
  date: requiredDate(),
  location: z
    .string({ error: wrongValue })
    .max(PIPELINE_LIMITS.text)
    .nullish()
    .transform((v) => v?.trim() || null),
  requestIds: list(requiredId(), PIPELINE_LIMITS.agenda),
});
export type MeetingInput = z.output<typeof meetingInputSchema>;

/** `PUT /committee_meetings/{id}/attendance`: the members present (the others were absent). */
export const attendanceInputSchema = z.object({ presentMemberIds: list(requiredId(), PIPELINE_LIMITS.members) });

/** `POST …/agenda_items/{item_id}/conflicts`. */
export const conflictInputSchema = z.object({
  memberId: requiredId(),
  reason: requiredText(PIPELINE_LIMITS.longText),
});
export type ConflictInput = z.output<typeof conflictInputSchema>;

/** `PUT …/agenda_items/{item_id}/votes`: votes of one or more members (a member's own, or externals' by an administrator). */
export const votesInputSchema = z.object({
  votes: list(z.object({ memberId: requiredId(), choice: choice(VOTE_CHOICES) }), PIPELINE_LIMITS.members).refine(
    (votes) => votes.length > 0,
    { message: 'errors.validations.required' },
  ),
});
export type VotesInput = z.output<typeof votesInputSchema>;

const rate = () => optionalNumber({ message: CV.number, min: 0, max: MAX_RATE_PERCENT, decimals: RATE_DECIMALS });

/** `POST …/agenda_items/{item_id}/decision`. Terms and amounts are required for an approval, refused otherwise. */
export const decisionInputSchema = z
  .object({
    outcome: choice(DECISION_OUTCOMES),
    resolutionNumber: requiredText(50),
    amounts: list(fundAmount, PIPELINE_LIMITS.amounts),
    rate: rate(),
    amortization: optionalNumber({ message: CV.number, integer: true, min: 1, max: 1200 }),
    moratorium: months(),
    warrantyId: optionalId(),
    conditions: list(
      z.object({
        text: requiredText(PIPELINE_LIMITS.longText),
        kind: choice(CONDITION_KINDS),
        dueDate: nullableDate(),
      }),
      PIPELINE_LIMITS.conditions,
    ),
    /** A decline's reason, for the minutes (optional; refused with another outcome). */
    refusalReason: multilineText(PIPELINE_LIMITS.longText)
      .nullish()
      .transform((value) => value?.trim() || null),
  })
  .superRefine((value, ctx) => {
    distinctFunds(value.amounts, ctx, 'amounts');
    if (value.outcome !== 'declined' && value.refusalReason)
      ctx.addIssue({ code: 'custom', message: 'analyst.errors.reasonNotDeclined', path: ['refusalReason'] });
    const approval = isApproval(value.outcome);
    if (approval) {
      if (value.amounts.length === 0)
        ctx.addIssue({ code: 'custom', message: 'pipeline.errors.noAmount', path: ['amounts'] });
      for (const field of ['rate', 'amortization'] as const)
        if (value[field] === null)
          ctx.addIssue({ code: 'custom', message: 'errors.validations.required', path: [field] });
    }
    if (value.outcome === 'approved_with_conditions' && value.conditions.length === 0)
      ctx.addIssue({ code: 'custom', message: 'pipeline.errors.noConditions', path: ['conditions'] });
    if (value.outcome !== 'approved_with_conditions' && value.conditions.length > 0)
      ctx.addIssue({ code: 'custom', message: 'pipeline.errors.conditionsNotApproved', path: ['conditions'] });
  });
export type DecisionInput = z.output<typeof decisionInputSchema>;

/** `PATCH /decision_conditions/{id}`. */
export const conditionPatchSchema = z.object({
  status: choice(CONDITION_STATUSES),
  note: multilineText(PIPELINE_LIMITS.longText)
    .nullish()
    .transform((value) => value?.trim() || null),
});
export type ConditionPatch = z.output<typeof conditionPatchSchema>;

/** `PUT /funds/{id}/aid_ceiling`: the ceiling of public aid ÷ project cost, percent; empty clears it. */
export const aidCeilingInputSchema = z.object({ ceilingPercent: percentage(3) });
export type AidCeilingInput = z.output<typeof aidCeilingInputSchema>;
export type AidCeilingFormValues = z.input<typeof aidCeilingInputSchema>;

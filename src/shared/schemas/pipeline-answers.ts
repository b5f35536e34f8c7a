import { z } from 'zod';
import {
  CHECKLIST_STAGES,
  CONDITION_KINDS,
  CONDITION_STATUSES,
  ITEM_STATUSES,
  REQUEST_STATES,
} from '../pipeline/states';
import { DECISION_OUTCOMES, VOTE_CHOICES } from '../pipeline/committee';
import { day, instant, listMetaSchema, money } from './answer-parts';

/*
 * Answers of the pipeline's calls (docs/decisions/0039), camelCase as the web client reads them (snake_case on
 * the wire). Money in dollars, dates YYYY-MM-DD, instants ISO 8601; names in the reader's language.
 */

export const fundAmountAnswerSchema = z.object({ fundId: z.string(), fundName: z.string(), amount: money() });

export const financingSourceAnswerSchema = z.object({
  name: z.string(),
  amount: money(),
  confirmed: z.boolean(),
  isPublic: z.boolean(),
});

export const requestMoveAnswerSchema = z.object({
  fromState: z.enum(REQUEST_STATES).nullable(),
  toState: z.enum(REQUEST_STATES),
  authorName: z.string().nullable(),
  insertedAt: instant(),
});

/** A request as the board lists it. */
export const fundingRequestSummarySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  projectName: z.string(),
  projectCost: money(),
  state: z.enum(REQUEST_STATES),
  /** When it entered its state: how long it has waited. */
  stateChangedAt: instant(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  amounts: z.array(fundAmountAnswerSchema),
  totalAmount: money(),
  lockVersion: z.number().int(),
  insertedAt: instant(),
  updatedAt: instant(),
});
export type FundingRequestSummary = z.infer<typeof fundingRequestSummarySchema>;

/** `meta` of the board: how many requests per state under the same filters. */
export const fundingRequestListMetaSchema = listMetaSchema.extend({
  countsByState: z.record(z.string(), z.number().int()),
});

export const checklistItemSchema = z.object({
  id: z.string(),
  stage: z.enum(CHECKLIST_STAGES),
  categoryId: z.string(),
  label: z.string(),
  required: z.boolean(),
  status: z.enum(ITEM_STATUSES),
  documentId: z.string().nullable(),
  documentName: z.string().nullable(),
  verifiedByName: z.string().nullable(),
  verifiedAt: instant().nullable(),
  waivedReason: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const checklistTemplateSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  stage: z.enum(CHECKLIST_STAGES),
  categoryId: z.string(),
  labelFr: z.string(),
  labelEn: z.string(),
  required: z.boolean(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateSchema>;

export const committeeMemberSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  external: z.boolean(),
  isChair: z.boolean(),
});

export const committeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  quorum: z.number().int(),
  members: z.array(committeeMemberSchema),
});
export type Committee = z.infer<typeof committeeSchema>;

export const conditionSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  text: z.string(),
  kind: z.enum(CONDITION_KINDS),
  dueDate: day().nullable(),
  status: z.enum(CONDITION_STATUSES),
  note: z.string().nullable(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** The two checks of a decision (docs/decisions/0039): shown and warned about, never blocking. */
export const decisionCheckSchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  amount: money(),
  /** Capital − outstanding − approved not disbursed (ADR 0037); null when the fund has no capital set. */
  available: money().nullable(),
  overAvailable: z.boolean(),
  /** Cumulative public aid ÷ project cost, percent. */
  aidPercent: z.number(),
  ceilingPercent: z.number().nullable(),
  overCeiling: z.boolean(),
});

export const decisionSchema = z.object({
  id: z.string(),
  outcome: z.enum(DECISION_OUTCOMES),
  resolutionNumber: z.string(),
  decidedOn: day(),
  amounts: z.array(fundAmountAnswerSchema),
  rate: z.number().nullable(),
  amortization: z.number().int().nullable(),
  moratorium: z.number().int().nullable(),
  warrantyId: z.string().nullable(),
  votesFor: z.number().int(),
  votesAgainst: z.number().int(),
  votesAbstain: z.number().int(),
  /** The members present and allowed to vote who had not voted when it was recorded (names). */
  missingVoters: z.array(z.string()),
  /** Why the request was declined (the minutes' "Motif du refus"); null otherwise. */
  refusalReason: z.string().nullable(),
  conditions: z.array(conditionSchema),
});

/** A decision as the request's page shows it: with the meeting and committee that took it. */
export const requestDecisionSchema = decisionSchema.extend({
  meetingId: z.string(),
  committeeName: z.string(),
});

/** One request, with what its page shows. */
export const fundingRequestSchema = fundingRequestSummarySchema.extend({
  sources: z.array(financingSourceAnswerSchema),
  /** The moves the transitions route would take now (its checklist aside). */
  nextStates: z.array(z.enum(REQUEST_STATES)),
  /** Whether its details may still be saved (before any decision): the rule the PATCH route applies. */
  editable: z.boolean(),
  moves: z.array(requestMoveAnswerSchema),
  /** The loans it became once disbursed. */
  contributionIds: z.array(z.string()),
  /** The committee's decisions on it, latest first (a deferral, then an approval), with their conditions. */
  decisions: z.array(requestDecisionSchema),
  /**
   * The checks of a decision (fund availability, aid intensity) as they stand now, while a decision is pending or
   * its money is not out yet (ready for committee, deferred, decided, conditions pending, ready to disburse);
   * empty in the other states.
   */
  checks: z.array(decisionCheckSchema),
});
export type FundingRequest = z.infer<typeof fundingRequestSchema>;

export const itemTallySchema = z.object({
  present: z.number().int(),
  recused: z.number().int(),
  eligible: z.number().int(),
  quorum: z.number().int(),
  hasQuorum: z.boolean(),
  for: z.number().int(),
  against: z.number().int(),
  abstain: z.number().int(),
  majority: z.enum(['for', 'against', 'tie']),
  chairBrokeTie: z.boolean(),
  /** The members present and not recused who have not voted (ids): a decision now asks for confirmation. */
  yetToVote: z.array(z.string()),
});

export const agendaItemSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  companyName: z.string(),
  projectName: z.string(),
  projectCost: money(),
  requestState: z.enum(REQUEST_STATES),
  amounts: z.array(fundAmountAnswerSchema),
  /** Declared conflicts, and the request's analyst when a member, recused by the rule (`automatic`, no reason). */
  conflicts: z.array(z.object({ memberId: z.string(), reason: z.string(), automatic: z.boolean() })),
  votes: z.array(
    z.object({
      memberId: z.string(),
      choice: z.enum(VOTE_CHOICES),
      enteredByAdministrator: z.boolean(),
      /** Who entered it for the member (the secretary); null when the member voted themself. */
      enteredBy: z.string().nullable(),
    }),
  ),
  tally: itemTallySchema,
  checks: z.array(decisionCheckSchema),
  decision: decisionSchema.nullable(),
});

export const meetingSchema = z.object({
  id: z.string(),
  committeeId: z.string(),
  committeeName: z.string(),
  date: day(),
  location: z.string().nullable(),
  members: z.array(committeeMemberSchema.extend({ present: z.boolean() })),
  agenda: z.array(agendaItemSchema),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const meetingSummarySchema = z.object({
  id: z.string(),
  committeeId: z.string(),
  committeeName: z.string(),
  date: day(),
  location: z.string().nullable(),
  itemsCount: z.number().int(),
  decidedCount: z.number().int(),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;

/** A fund's aid ceiling (docs/decisions/0043) and its changes, latest first. */
export const aidCeilingSchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  ceilingPercent: z.number().nullable(),
  updatedAt: instant().nullable(),
  updatedByName: z.string().nullable(),
  changes: z.array(
    z.object({
      before: z.number().nullable(),
      after: z.number().nullable(),
      authorName: z.string().nullable(),
      insertedAt: instant(),
    }),
  ),
});
export type AidCeiling = z.infer<typeof aidCeilingSchema>;

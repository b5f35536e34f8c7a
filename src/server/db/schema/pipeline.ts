import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CHECKLIST_STAGES,
  CONDITION_KINDS,
  CONDITION_STATUSES,
  ITEM_STATUSES,
  REQUEST_STATES,
} from '../../../shared/pipeline/states';
import { DECISION_OUTCOMES, VOTE_CHOICES } from '../../../shared/pipeline/committee';
import { companyRecord, financialContributions } from './companies';
import { documents } from './documents';
import { contributionFunds, documentCategories, warranties } from './lookups';
import { userRef, users } from './users';
import { at, cents, insertedStamp, oneOf, requiredRef, timestamps, updatedStamp, uuidKey } from './columns';

/*
 * Funding requests, their checklists, the investment committee and its decisions (docs/decisions/0039). Money
 * is integer cents (`*_cents`). A request's moves are listed once in src/shared/pipeline; the database holds the
 * closed lists as checks so that no other writer can store a state the rules do not know.
 */

export const fundingRequests = pgTable(
  'funding_requests',
  {
    ...companyRecord,
    projectName: text('project_name').notNull(),
    projectCostCents: cents('project_cost_cents').notNull(),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('draft'),
    assigneeId: userRef('assignee_id'),
    /** When it entered its present state: the board's "waiting for". */
    stateChangedAt: at('state_changed_at').notNull().defaultNow(),
    createdById: userRef('created_by_id'),
    lockVersion: integer('lock_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('funding_requests_company_idx').on(t.companyId, t.insertedAt),
    index('funding_requests_state_idx').on(t.state, t.stateChangedAt),
    index('funding_requests_assignee_idx').on(t.assigneeId),
    oneOf('funding_requests_state_check', t.state, REQUEST_STATES),
    check('funding_requests_cost_check', sql`${t.projectCostCents} >= 0`),
  ],
);

/** The amount a request asks of each fund. */
export const fundingRequestAmounts = pgTable(
  'funding_request_amounts',
  {
    requestId: requiredRef('request_id', () => fundingRequests.id, 'cascade'),
    fundId: requiredRef('fund_id', () => contributionFunds.id),
    amountCents: cents('amount_cents').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.fundId] }),
    index('funding_request_amounts_fund_idx').on(t.fundId),
    check('funding_request_amounts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Other financing of the project (a bank, a grant, the owners): what the public-aid ceiling is checked on. */
export const fundingRequestSources = pgTable(
  'funding_request_sources',
  {
    ...uuidKey,
    requestId: requiredRef('request_id', () => fundingRequests.id, 'cascade'),
    name: text('name').notNull(),
    amountCents: cents('amount_cents').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    /** Public money (a grant, another agency's loan): counted in the cumulative public aid. */
    isPublic: boolean('is_public').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [
    index('funding_request_sources_request_idx').on(t.requestId, t.position),
    check('funding_request_sources_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Every move of a request: its timeline. */
export const fundingRequestMoves = pgTable(
  'funding_request_moves',
  {
    ...uuidKey,
    requestId: requiredRef('request_id', () => fundingRequests.id, 'cascade'),
    fromState: text('from_state', { enum: REQUEST_STATES }),
    toState: text('to_state', { enum: REQUEST_STATES }).notNull(),
    authorId: userRef('author_id'),
    ...insertedStamp,
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('funding_request_moves_request_idx').on(t.requestId, t.seq)],
);

/** What a fund's policy requires at each stage; copied onto a request when it is submitted. */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    ...uuidKey,
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    stage: text('stage', { enum: CHECKLIST_STAGES }).notNull(),
    categoryId: requiredRef('category_id', () => documentCategories.id, 'restrict'),
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    required: boolean('required').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [
    index('checklist_templates_fund_idx').on(t.fundId, t.stage, t.position),
    oneOf('checklist_templates_stage_check', t.stage, CHECKLIST_STAGES),
  ],
);

/** A request's own checklist, fixed when it was submitted (the templates may change afterwards). */
export const checklistItems = pgTable(
  'checklist_items',
  {
    ...uuidKey,
    requestId: requiredRef('request_id', () => fundingRequests.id, 'cascade'),
    stage: text('stage', { enum: CHECKLIST_STAGES }).notNull(),
    categoryId: requiredRef('category_id', () => documentCategories.id, 'restrict'),
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    required: boolean('required').notNull(),
    status: text('status', { enum: ITEM_STATUSES }).notNull().default('missing'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    verifiedById: userRef('verified_by_id'),
    verifiedAt: at('verified_at'),
    waivedReason: text('waived_reason'),
    updatedById: userRef('updated_by_id'),
    ...updatedStamp,
    position: integer('position').notNull(),
  },
  (t) => [
    index('checklist_items_request_idx').on(t.requestId, t.stage, t.position),
    oneOf('checklist_items_stage_check', t.stage, CHECKLIST_STAGES),
    oneOf('checklist_items_status_check', t.status, ITEM_STATUSES),
    check('checklist_items_waived_check', sql`(${t.status} = 'waived') = (${t.waivedReason} is not null)`),
    check('checklist_items_verified_check', sql`(${t.status} = 'verified') = (${t.verifiedAt} is not null)`),
  ],
);

/** The ceiling of cumulative public aid ÷ project cost an administrator sets per fund (percent). */
export const fundAidCeilings = pgTable(
  'fund_aid_ceilings',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => contributionFunds.id, { onDelete: 'cascade' }),
    ceilingPercent: numeric('ceiling_percent', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    updatedById: userRef('updated_by_id'),
    ...updatedStamp,
  },
  (t) => [check('fund_aid_ceilings_check', sql`${t.ceilingPercent} >= 0 and ${t.ceilingPercent} <= 100`)],
);

/**
 * Each change of a fund's aid ceiling, kept: a ceiling belongs to no company, so its history is its own
 * (docs/decisions/0043). `before` or `after` null: no ceiling then.
 */
export const fundAidCeilingChanges = pgTable(
  'fund_aid_ceiling_changes',
  {
    ...uuidKey,
    fundId: requiredRef('fund_id', () => contributionFunds.id, 'cascade'),
    before: numeric('ceiling_percent_before', { precision: 6, scale: 3, mode: 'number' }),
    after: numeric('ceiling_percent_after', { precision: 6, scale: 3, mode: 'number' }),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [index('fund_aid_ceiling_changes_fund_idx').on(t.fundId, t.insertedAt)],
);

export const committees = pgTable(
  'committees',
  {
    ...uuidKey,
    name: text('name').notNull().unique(),
    quorum: integer('quorum').notNull(),
    ...insertedStamp,
  },
  (t) => [check('committees_quorum_check', sql`${t.quorum} >= 1`)],
);

/** A member: a staff user, or an external person known by name (whose votes an administrator enters). */
export const committeeMembers = pgTable(
  'committee_members',
  {
    ...uuidKey,
    committeeId: requiredRef('committee_id', () => committees.id, 'cascade'),
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    externalName: text('external_name'),
    isChair: boolean('is_chair').notNull().default(false),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('committee_members_user_idx')
      .on(t.committeeId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('committee_members_chair_idx')
      .on(t.committeeId)
      .where(sql`${t.isChair}`),
    check('committee_members_who_check', sql`(${t.userId} is null) <> (${t.externalName} is null)`),
  ],
);

export const committeeMeetings = pgTable(
  'committee_meetings',
  {
    ...uuidKey,
    committeeId: requiredRef('committee_id', () => committees.id, 'restrict'),
    date: date('date', { mode: 'string' }).notNull(),
    location: text('location'),
    /** The committee's quorum when the meeting was scheduled: a later change of the committee's applies to later meetings. */
    quorum: integer('quorum').notNull(),
    ...insertedStamp,
  },
  (t) => [
    index('committee_meetings_committee_idx').on(t.committeeId, t.date),
    check('committee_meetings_quorum_check', sql`${t.quorum} >= 1`),
  ],
);

/** Who attended a meeting; a member without a row was absent. */
export const meetingAttendance = pgTable(
  'meeting_attendance',
  {
    meetingId: requiredRef('meeting_id', () => committeeMeetings.id, 'cascade'),
    memberId: requiredRef('member_id', () => committeeMembers.id, 'restrict'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.memberId] })],
);

export const agendaItems = pgTable(
  'agenda_items',
  {
    ...uuidKey,
    meetingId: requiredRef('meeting_id', () => committeeMeetings.id, 'cascade'),
    requestId: requiredRef('request_id', () => fundingRequests.id, 'restrict'),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('agenda_items_request_idx').on(t.meetingId, t.requestId)],
);

/** A member's declared conflict of interest on an item: recused for it. */
export const agendaConflicts = pgTable(
  'agenda_conflicts',
  {
    agendaItemId: requiredRef('agenda_item_id', () => agendaItems.id, 'cascade'),
    memberId: requiredRef('member_id', () => committeeMembers.id, 'restrict'),
    reason: text('reason').notNull(),
    /** True for the request's analyst, recused by the rule (ADR 0068) rather than by a declaration. */
    automatic: boolean('automatic').notNull().default(false),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [primaryKey({ columns: [t.agendaItemId, t.memberId] })],
);

export const agendaVotes = pgTable(
  'agenda_votes',
  {
    agendaItemId: requiredRef('agenda_item_id', () => agendaItems.id, 'cascade'),
    memberId: requiredRef('member_id', () => committeeMembers.id, 'restrict'),
    choice: text('choice', { enum: VOTE_CHOICES }).notNull(),
    /** Who entered it: the member, or the administrator for an external member. */
    enteredById: userRef('entered_by_id'),
    enteredByAdministrator: boolean('entered_by_administrator').notNull().default(false),
    ...updatedStamp,
  },
  (t) => [
    primaryKey({ columns: [t.agendaItemId, t.memberId] }),
    oneOf('agenda_votes_choice_check', t.choice, VOTE_CHOICES),
  ],
);

/** A committee's decision on an agenda item: one per item, never changed. */
export const committeeDecisions = pgTable(
  'committee_decisions',
  {
    ...uuidKey,
    agendaItemId: uuid('agenda_item_id')
      .notNull()
      .unique()
      .references(() => agendaItems.id, { onDelete: 'restrict' }),
    requestId: requiredRef('request_id', () => fundingRequests.id, 'restrict'),
    outcome: text('outcome', { enum: DECISION_OUTCOMES }).notNull(),
    resolutionNumber: text('resolution_number').notNull().unique(),
    decidedOn: date('decided_on', { mode: 'string' }).notNull(),
    /** Percent per year. */
    rate: numeric('rate', { precision: 7, scale: 3, mode: 'number' }),
    /** Months. */
    amortization: integer('amortization'),
    /** Months. */
    moratorium: integer('moratorium'),
    warrantyId: uuid('warranty_id').references(() => warranties.id),
    votesFor: integer('votes_for').notNull(),
    votesAgainst: integer('votes_against').notNull(),
    votesAbstain: integer('votes_abstain').notNull(),
    /** The present members allowed to vote who had not voted when it was recorded, by name (ADR 0068). */
    missingVoters: jsonb('missing_voters').$type<string[]>().notNull().default([]),
    /** Why the request was declined, for the minutes; null for other outcomes. */
    refusalReason: text('refusal_reason'),
    authorId: userRef('author_id'),
    ...insertedStamp,
  },
  (t) => [
    index('committee_decisions_request_idx').on(t.requestId),
    oneOf('committee_decisions_outcome_check', t.outcome, DECISION_OUTCOMES),
  ],
);

/** The amount decided per fund, and the loan it became once disbursed. */
export const decisionAmounts = pgTable(
  'decision_amounts',
  {
    decisionId: requiredRef('decision_id', () => committeeDecisions.id, 'cascade'),
    fundId: requiredRef('fund_id', () => contributionFunds.id),
    amountCents: cents('amount_cents').notNull(),
    contributionId: uuid('contribution_id').references(() => financialContributions.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.decisionId, t.fundId] }),
    check('decision_amounts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const decisionConditions = pgTable(
  'decision_conditions',
  {
    ...uuidKey,
    decisionId: requiredRef('decision_id', () => committeeDecisions.id, 'cascade'),
    requestId: requiredRef('request_id', () => fundingRequests.id, 'cascade'),
    text: text('text').notNull(),
    kind: text('kind', { enum: CONDITION_KINDS }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', { enum: CONDITION_STATUSES }).notNull().default('open'),
    note: text('note'),
    position: integer('position').notNull(),
    updatedById: userRef('updated_by_id'),
    ...updatedStamp,
  },
  (t) => [
    index('decision_conditions_request_idx').on(t.requestId, t.position),
    oneOf('decision_conditions_kind_check', t.kind, CONDITION_KINDS),
    oneOf('decision_conditions_status_check', t.status, CONDITION_STATUSES),
  ],
);

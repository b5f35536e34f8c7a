/**
 * A committee's meetings (docs/decisions/0039, 0040, 0063): scheduling with the quorum of the day, attendance
 * frozen once an item is decided, conflicts, votes and the decision that moves the request — each on the
 * meeting's day or after, never before the request was submitted.
 */
import type { CatalogKeyUnder } from '../../../shared/i18n/keys';
import type { Locale } from '../../../shared/constants';
import { formatDay, formatMoney } from '../../../shared/intl';
import {
  STATE_AFTER_DECISION,
  attendanceFrozen,
  decidedAmountProblems,
  decisionRefusal,
  isApproval,
  mayVote,
  meetingDayRefusal,
  moveRefusal,
  tallyItem,
} from '../../../shared/pipeline';
import { todayIso } from '../../../shared/portfolio/schedule';
import type { ConflictInput, DecisionInput, MeetingInput, VotesInput } from '../../../shared/schemas/pipeline';
import { toCents, toDollars } from '../../../shared/money';
import type { Executor, Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, invalid, notFound, type ErrorDetail } from '../../platform/errors/app-error';
import { recordSystemEvent } from '../../platform/history/record';
import {
  agendaDecided,
  committeeMemberIds,
  committeeQuorum,
  findAgendaItem,
  findMeeting,
  insertConflict,
  insertDecision,
  insertMeeting,
  itemMembers,
  replaceAttendance,
  resolutionTaken,
  saveVote,
  writeAnalystRecusal,
  type MeetingRow,
} from '../committee-store';
import { fieldRefused, refuseMove } from '../errors';
import { findRequest, missingReferences, moveRequest, requestAmounts, submissionDays, type RequestRow } from '../store';
import { inTransaction } from './transaction';

/** A 409 of the committee's rules, with its message's values. */
export const refused = (code: string, key: CatalogKeyUnder<'pipeline.errors'>, params: Record<string, unknown> = {}) =>
  new AppError(409, code, `pipeline.errors.${key}`, undefined, undefined, params);

/** Schedules a meeting of requests ready for the committee, keeping the committee's quorum of today; answers its id. */
export async function scheduleMeeting(db: Executor, input: MeetingInput, locale: Locale): Promise<string> {
  return inTransaction(db, async (tx) => {
    const quorum = await committeeQuorum(tx, input.committeeId);
    if (quorum === null) throw fieldRefused('committee_id', 'unknownCommittee');
    const detail: ErrorDetail = {};
    const seen = new Set<string>();
    for (const [index, requestId] of input.requestIds.entries()) {
      const found = await findRequest(tx, requestId, { lock: true });
      if (seen.has(requestId)) detail[`request_ids.${index}`] = [{ key: 'pipeline.errors.onAgendaTwice', params: {} }];
      else if (!found || found.state !== 'ready_for_committee')
        detail[`request_ids.${index}`] = [{ key: 'pipeline.errors.notReady', params: {} }];
      seen.add(requestId);
    }
    const submitted = await submissionDays(tx, input.requestIds);
    input.requestIds.forEach((requestId, index) => {
      const day = submitted.get(requestId);
      if (!detail[`request_ids.${index}`] && day && input.date < day)
        detail[`request_ids.${index}`] = [
          { key: 'pipeline.errors.dateBeforeSubmission', params: { submitted: formatDay(day, locale) } },
        ];
    });
    if (Object.keys(detail).length > 0) throw invalid(detail);
    return insertMeeting(tx, { ...input, quorum });
  });
}

/** Records who attended: the members present, the others absent; 409 once an item of the meeting is decided. */
export async function recordAttendance(db: Executor, meetingId: string, presentMemberIds: string[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    const meeting = await findMeeting(tx, meetingId, { lock: true });
    if (!meeting) throw notFound();
    if (attendanceFrozen(await agendaDecided(tx, meeting.id))) throw refused('attendance_frozen', 'attendanceFrozen');
    const members = await committeeMemberIds(tx, meeting.committeeId);
    const detail: ErrorDetail = {};
    presentMemberIds.forEach((memberId, index) => {
      if (!members.has(memberId))
        detail[`present_member_ids.${index}`] = [{ key: 'pipeline.errors.notMember', params: {} }];
    });
    if (Object.keys(detail).length > 0) throw invalid(detail);
    await replaceAttendance(tx, meeting.id, presentMemberIds);
  });
}

type ItemParams = { id: string; itemId: string };

/** The meeting, its agenda item (404 when the item is not on this meeting's agenda) and the request, locked. */
async function onItem(tx: Tx, params: ItemParams) {
  const meeting = await findMeeting(tx, params.id, { lock: true });
  if (!meeting) throw notFound();
  const item = await findAgendaItem(tx, meeting.id, params.itemId);
  if (!item) throw notFound();
  const found = await findRequest(tx, item.requestId, { lock: true });
  return { meeting, item, request: found! };
}

/** 409 unless this meeting's day allows votes and a decision on the request (a day not ahead, not before its submission). */
async function checkMeetingDay(tx: Tx, meeting: MeetingRow, found: RequestRow, locale: Locale) {
  const submitted = (await submissionDays(tx, [found.id])).get(found.id) ?? null;
  const refusal = meetingDayRefusal(meeting.date, todayIso(), submitted);
  const day = (value: string) => formatDay(value, locale);
  if (refusal === 'meeting_ahead') throw refused('meeting_ahead', 'meetingAhead', { date: day(meeting.date) });
  if (refusal === 'before_submission')
    throw refused('meeting_before_submission', 'meetingBeforeSubmission', {
      date: day(meeting.date),
      project: found.projectName,
      submitted: day(submitted!),
    });
}

/** A member's conflict of interest on an item, declared by the member or an administrator: recused for it. */
export async function declareConflict(
  db: Executor,
  params: ItemParams,
  { memberId, reason }: ConflictInput,
  user: UserRow,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { meeting, item } = await onItem(tx, params);
    const member = (await itemMembers(tx, meeting.id, item.id)).find((m) => m.id === memberId);
    if (!member) throw fieldRefused('member_id', 'notMember');
    if (user.role !== 'admin' && member.userId !== user.id) throw forbidden();
    if (item.decisionId) throw refused('already_decided', 'alreadyDecided');
    if (member.recused) throw refused('already_recused', 'alreadyRecused');
    await insertConflict(tx, { agendaItemId: item.id, memberId, reason, authorId: user.id });
  });
}

/**
 * Votes on an item: a member enters their own; an administrator (the secretary) enters any present member's,
 * marked as entered by them (ADR 0040, 0068). The request's analyst is recused and their vote refused.
 */
export async function recordVotes(
  db: Executor,
  params: ItemParams,
  { votes }: VotesInput,
  user: UserRow,
  locale: Locale,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { meeting, item, request: found } = await onItem(tx, params);
    const members = await itemMembers(tx, meeting.id, item.id);
    const detail: ErrorDetail = {};
    votes.forEach((vote, index) => {
      const member = members.find((m) => m.id === vote.memberId);
      const field = `votes.${index}.member_id`;
      if (!member) detail[field] = [{ key: 'pipeline.errors.notMember', params: {} }];
      else if (!member.present) detail[field] = [{ key: 'pipeline.errors.absent', params: {} }];
      else if (!mayVote(member)) detail[field] = [{ key: 'pipeline.errors.recused', params: {} }];
    });
    for (const vote of votes) {
      const member = members.find((m) => m.id === vote.memberId);
      if (member && member.userId !== user.id && user.role !== 'admin') throw forbidden();
    }
    const analyst = votes.map((vote) => members.find((m) => m.id === vote.memberId)).find((m) => m?.analyst);
    if (analyst)
      throw new AppError(409, 'analyst_recused', 'analyst.errors.analystRecused', undefined, undefined, {
        member: analyst.name,
      });
    if (Object.keys(detail).length > 0) throw invalid(detail);
    if (item.decisionId) throw refused('already_decided', 'alreadyDecided');
    await checkMeetingDay(tx, meeting, found, locale);
    for (const vote of votes) {
      const member = members.find((m) => m.id === vote.memberId)!;
      await saveVote(tx, {
        agendaItemId: item.id,
        memberId: member.id,
        choice: vote.choice,
        enteredById: user.id,
        byAdministrator: member.userId !== user.id,
      });
      await recordSystemEvent(tx, {
        companyId: found.companyId,
        code: 'committeeVote',
        params: { project: found.projectName, member: member.name, choice: vote.choice, resolution: '' },
        authorId: user.id,
      });
    }
  });
}

/** 422 naming each amount the decision may not grant: an unknown fund, one not asked, more than asked or than the cost. */
async function checkDecidedAmounts(tx: Tx, found: RequestRow, input: DecisionInput, locale: Locale) {
  const missing = await missingReferences(tx, { fundIds: input.amounts.map((a) => a.fundId), assigneeId: null });
  const detail: ErrorDetail = {};
  input.amounts.forEach((a, index) => {
    if (missing.fundIds.has(a.fundId))
      detail[`amounts.${index}.fund_id`] = [{ key: 'pipeline.errors.unknownFund', params: {} }];
  });
  if (Object.keys(detail).length > 0) throw invalid(detail);
  const asked = (await requestAmounts(tx, found.id)).map((a) => ({ fundId: a.fundId, cents: a.amountCents }));
  const granted = input.amounts.map((a) => ({ fundId: a.fundId, cents: toCents(a.amount) }));
  const money = (cents: number) => formatMoney(toDollars(cents), locale);
  for (const problem of decidedAmountProblems(asked, granted, found.projectCostCents)) {
    if (problem.problem === 'fund_not_asked')
      detail[`amounts.${problem.index}.fund_id`] = [{ key: 'pipeline.errors.fundNotAsked', params: {} }];
    else if (problem.problem === 'over_asked')
      detail[`amounts.${problem.index}.amount`] = [
        { key: 'pipeline.errors.amountOverAsked', params: { asked: money(problem.askedCents) } },
      ];
    else
      detail['amounts'] = [
        {
          key: 'pipeline.errors.amountOverCost',
          params: { total: money(problem.totalCents), cost: money(found.projectCostCents) },
        },
      ];
  }
  if (Object.keys(detail).length > 0) throw invalid(detail);
}

/**
 * The committee's decision on an item: refused without quorum (the meeting's), against the votes, off the
 * meeting's day, or granting what was not asked; the request moves as the outcome says.
 */
export async function recordDecision(
  db: Executor,
  params: ItemParams,
  input: DecisionInput,
  user: UserRow,
  locale: Locale,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { meeting, item, request: found } = await onItem(tx, params);
    if (item.decisionId) throw refused('already_decided', 'alreadyDecided');
    await checkMeetingDay(tx, meeting, found, locale);
    const to = STATE_AFTER_DECISION[input.outcome];
    const move = moveRefusal({ state: found.state, items: [], conditions: [] }, to, 'decision');
    if (move) throw refuseMove(move, found.state, to, locale, () => '');
    const members = await itemMembers(tx, meeting.id, item.id);
    const tally = tallyItem(members, meeting.quorum);
    const refusal = decisionRefusal(input.outcome, tally);
    if (refusal === 'no_quorum')
      throw refused('no_quorum', 'noQuorum', {
        eligible: tally.eligible,
        present: tally.present,
        recused: tally.recused,
        quorum: tally.quorum,
      });
    if (refusal)
      throw refused('against_the_votes', refusal === 'needs_majority_for' ? 'needsFor' : 'needsAgainst', {
        for: tally.for,
        against: tally.against,
        abstain: tally.abstain,
      });
    if (await resolutionTaken(tx, input.resolutionNumber)) throw fieldRefused('resolution_number', 'resolutionTaken');
    await checkDecidedAmounts(tx, found, input, locale);
    const approval = isApproval(input.outcome);
    // The analyst's recusal is written down with the decision: the minutes keep it whoever the analyst becomes.
    for (const member of members.filter((m) => m.analyst))
      await writeAnalystRecusal(tx, { agendaItemId: item.id, memberId: member.id, authorId: user.id });
    await insertDecision(
      tx,
      {
        agendaItemId: item.id,
        requestId: found.id,
        outcome: input.outcome,
        resolutionNumber: input.resolutionNumber,
        decidedOn: meeting.date,
        rate: approval ? input.rate : null,
        amortization: approval ? input.amortization : null,
        moratorium: approval ? input.moratorium : null,
        warrantyId: approval ? input.warrantyId : null,
        votesFor: tally.for,
        votesAgainst: tally.against,
        votesAbstain: tally.abstain,
        missingVoters: tally.yetToVote.map((id) => members.find((m) => m.id === id)!.name),
        refusalReason: input.outcome === 'declined' ? input.refusalReason : null,
        authorId: user.id,
      },
      approval ? input.amounts.map((a) => ({ fundId: a.fundId, amountCents: toCents(a.amount) })) : [],
      input.conditions.map((c) => ({ text: c.text, kind: c.kind, dueDate: c.dueDate })),
    );
    await recordSystemEvent(tx, {
      companyId: found.companyId,
      code: 'committeeDecision',
      params: { project: found.projectName, outcome: input.outcome, resolution: input.resolutionNumber },
      authorId: user.id,
    });
    await moveRequest(tx, found, to, user.id);
  });
}

import type { CatalogKeyUnder } from '../../shared/i18n/keys';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { translate } from '../../shared/i18n';
import { STATE_AFTER_DECISION, decisionRefusal, mayVote, moveRefusal, tallyItem } from '../../shared/pipeline';
import { toCents } from '../../shared/servicing/money';
import {
  attendanceInputSchema,
  committeeInputSchema,
  conditionPatchSchema,
  type CommitteeInput,
  conflictInputSchema,
  decisionInputSchema,
  meetingInputSchema,
  votesInputSchema,
} from '../../shared/schemas/pipeline';
import {
  committeeSchema,
  conditionSchema,
  meetingSchema,
  meetingSummarySchema,
} from '../../shared/schemas/pipeline-answers';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import {
  agendaConflicts,
  agendaItems,
  agendaVotes,
  committeeDecisions,
  committeeMeetings,
  committeeMembers,
  committees,
  decisionAmounts,
  decisionConditions,
  meetingAttendance,
} from '../db/schema';
import { userOf } from '../platform/auth/plugin';
import { AppError, badParameter, forbidden, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { recordSystemEvent } from '../platform/history/record';
import { envelopeContract, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { decisionChecks } from './checks';
import {
  committeeMemberRecords,
  findAgendaItem,
  findMeeting,
  itemMembers,
  listMeetings,
  readCommittees,
  readConditions,
  readMeeting,
} from './committee-store';
import { fieldRefused, refuseMove, requireWorker } from './errors';
import { findRequest, moveRequest } from './store';

const tags = ['pipeline'];
const meetingParams = z.object({ id: uuid() });
const itemParams = z.object({ id: uuid(), itemId: uuid() });
const admin = { access: 'admin' as const };

/** A 409 of the committee's rules, with its message's values. */
const refused = (code: string, key: CatalogKeyUnder<'pipeline.errors'>, params: Record<string, unknown> = {}) =>
  new AppError(409, code, `pipeline.errors.${key}`, undefined, undefined, params);

/** The investment committee (docs/decisions/0039; who may do what: 0040). */
export const committeeRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  const meetingAnswer = async (id: string, locale: 'fr' | 'en') => {
    const meeting = await readMeeting(db, id, locale, (requestId) => decisionChecks(db, lists, requestId, locale));
    if (!meeting) throw notFound();
    return meeting;
  };

  /** 422 on a member who is not an active staff user, or a name another committee has. */
  async function checkCommittee(tx: Executor, input: CommitteeInput, exceptId: string | null) {
    const userIds = input.members.flatMap((m) => (m.userId ? [m.userId] : []));
    const known = userIds.length
      ? await selectRows<{ id: string }>(
          tx,
          sql`SELECT id FROM users WHERE id IN ${userIds} AND disabled_at IS NULL AND confirmed_at IS NOT NULL`,
        )
      : [];
    const detail: ErrorDetail = {};
    input.members.forEach((m, index) => {
      if (m.userId && !known.some((k) => k.id === m.userId))
        detail[`members.${index}.user_id`] = [{ key: 'pipeline.errors.unknownUser', params: {} }];
    });
    if (Object.keys(detail).length > 0) throw invalid(detail);
    const taken = await selectRows(
      tx,
      sql`SELECT 1 FROM committees WHERE lower(name) = lower(${input.name})
           ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
    );
    if (taken.length > 0) throw fieldRefused('name', 'committeeNameTaken');
  }

  app.get(
    '/committees',
    envelopeContract({
      summary: 'The investment committees with their members and quorum (any staff)',
      tags,
      answer: z.array(committeeSchema),
    }),
    async () => ok(await readCommittees(db)),
  );

  app.post(
    '/committees',
    {
      ...envelopeContract({
        summary: 'Creates a committee: members are staff users or external names, one may chair (administrators)',
        tags,
        body: committeeInputSchema,
        answer: committeeSchema,
        status: 201,
      }),
      config: admin,
    },
    async (request, reply) => {
      const input = request.body;
      await checkCommittee(db, input, null);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(committees)
          .values({ name: input.name, quorum: input.quorum! })
          .returning({ id: committees.id });
        await tx.insert(committeeMembers).values(
          input.members.map((m, position) => ({
            committeeId: row!.id,
            userId: m.userId,
            externalName: m.userId ? null : m.externalName,
            isChair: m.isChair,
            position,
          })),
        );
        return row!.id;
      });
      return reply.code(201).send(ok((await readCommittees(db, id))[0]!));
    },
  );

  app.put(
    '/committees/:id',
    {
      ...envelopeContract({
        summary:
          'Edits a committee’s name, quorum and members (administrators): members kept by id, new ones without; a member with a recorded attendance, conflict or vote stays as they were',
        tags,
        params: meetingParams,
        body: committeeInputSchema,
        answer: committeeSchema,
      }),
      config: admin,
    },
    async (request) => {
      const input = request.body;
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const [found] = await selectRows(tx, sql`SELECT 1 FROM committees WHERE id = ${id} FOR UPDATE`);
        if (!found) throw notFound();
        await checkCommittee(tx, input, id);
        const current = await committeeMemberRecords(tx, id);
        const detail: ErrorDetail = {};
        input.members.forEach((m, index) => {
          if (!m.id) return;
          const kept = current.find((c) => c.id === m.id);
          if (!kept) detail[`members.${index}.id`] = [{ key: 'pipeline.errors.notMember', params: {} }];
          // Who a member is stays as the minutes recorded them: another person is a new member.
          else if (kept.hasRecords && (kept.userId !== m.userId || kept.externalName !== m.externalName))
            detail[`members.${index}.user_id`] = [{ key: 'committee.errors.memberHasRecords', params: {} }];
        });
        current.forEach((c) => {
          if (c.hasRecords && !input.members.some((m) => m.id === c.id))
            detail['members'] = [{ key: 'committee.errors.memberRemovedHasRecords', params: { name: c.name } }];
        });
        if (Object.keys(detail).length > 0) throw invalid(detail);
        await tx.update(committees).set({ name: input.name, quorum: input.quorum! }).where(eq(committees.id, id));
        const keptIds = input.members.flatMap((m) => (m.id ? [m.id] : []));
        await tx
          .delete(committeeMembers)
          .where(
            keptIds.length
              ? and(eq(committeeMembers.committeeId, id), notInArray(committeeMembers.id, keptIds))
              : eq(committeeMembers.committeeId, id),
          );
        // The chair is unique per committee: no one chairs while the rows are rewritten.
        await tx.update(committeeMembers).set({ isChair: false }).where(eq(committeeMembers.committeeId, id));
        for (const [position, m] of input.members.entries()) {
          const values = {
            userId: m.userId,
            externalName: m.userId ? null : m.externalName,
            isChair: m.isChair,
            position,
          };
          if (m.id) await tx.update(committeeMembers).set(values).where(eq(committeeMembers.id, m.id));
          else await tx.insert(committeeMembers).values({ committeeId: id, ...values });
        }
      });
      return ok((await readCommittees(db, id))[0]!);
    },
  );

  const MEETING_FILTERS = ['committeeId'] as const;
  app.get(
    '/committee_meetings',
    listContract({
      summary: 'Meetings, latest first, of every committee or one (`filter[committee_id]`)',
      tags,
      options: { filters: MEETING_FILTERS, sortable: [] },
      item: meetingSummarySchema,
    }),
    async (request) => {
      const params = parseListParams(request.query, { sortable: [], defaultSort: [], filters: MEETING_FILTERS });
      const committeeId = params.filters['committeeId'];
      if (committeeId !== undefined && !z.uuid().safeParse(committeeId).success)
        throw badParameter('filter[committee_id]');
      const { limit, offset } = pageWindow(params);
      const { rows, totalCount } = await listMeetings(db, committeeId?.toLowerCase(), limit, offset);
      return ok(rows, { ...listMeta(totalCount, params.pageNumber, params.pageSize) });
    },
  );

  app.get(
    '/committee_meetings/:id',
    envelopeContract({
      summary: 'One meeting: attendance, and each agenda item’s conflicts, votes, quorum, checks and decision',
      tags,
      params: meetingParams,
      answer: meetingSchema,
    }),
    async (request) => ok(await meetingAnswer(request.params.id, request.locale)),
  );

  app.post(
    '/committee_meetings',
    {
      ...envelopeContract({
        summary: 'Schedules a meeting with an agenda of requests ready for the committee (administrators)',
        tags,
        body: meetingInputSchema,
        answer: meetingSchema,
        status: 201,
      }),
      config: admin,
    },
    async (request, reply) => {
      const input = request.body;
      const [committee] = await selectRows(db, sql`SELECT 1 FROM committees WHERE id = ${input.committeeId}`);
      if (!committee) throw fieldRefused('committee_id', 'unknownCommittee');
      const id = await db.transaction(async (tx) => {
        const detail: ErrorDetail = {};
        const seen = new Set<string>();
        for (const [index, requestId] of input.requestIds.entries()) {
          const found = await findRequest(tx, requestId, { lock: true });
          if (seen.has(requestId))
            detail[`request_ids.${index}`] = [{ key: 'pipeline.errors.onAgendaTwice', params: {} }];
          else if (!found || found.state !== 'ready_for_committee')
            detail[`request_ids.${index}`] = [{ key: 'pipeline.errors.notReady', params: {} }];
          seen.add(requestId);
        }
        if (Object.keys(detail).length > 0) throw invalid(detail);
        const [row] = await tx
          .insert(committeeMeetings)
          .values({ committeeId: input.committeeId, date: input.date, location: input.location })
          .returning({ id: committeeMeetings.id });
        if (input.requestIds.length > 0)
          await tx
            .insert(agendaItems)
            .values(input.requestIds.map((requestId, position) => ({ meetingId: row!.id, requestId, position })));
        return row!.id;
      });
      return reply.code(201).send(ok(await meetingAnswer(id, request.locale)));
    },
  );

  app.put(
    '/committee_meetings/:id/attendance',
    {
      ...envelopeContract({
        summary: 'Records who attended: the members present, the others absent (administrators)',
        tags,
        params: meetingParams,
        body: attendanceInputSchema,
        answer: meetingSchema,
      }),
      config: admin,
    },
    async (request) => {
      const { presentMemberIds } = request.body;
      await db.transaction(async (tx) => {
        const meeting = await findMeeting(tx, request.params.id, { lock: true });
        if (!meeting) throw notFound();
        const members = await selectRows<{ id: string }>(
          tx,
          sql`SELECT id FROM committee_members WHERE committee_id = ${meeting.committeeId}`,
        );
        const detail: ErrorDetail = {};
        presentMemberIds.forEach((memberId, index) => {
          if (!members.some((m) => m.id === memberId))
            detail[`present_member_ids.${index}`] = [{ key: 'pipeline.errors.notMember', params: {} }];
        });
        if (Object.keys(detail).length > 0) throw invalid(detail);
        await tx.delete(meetingAttendance).where(eq(meetingAttendance.meetingId, meeting.id));
        const unique = [...new Set(presentMemberIds)];
        if (unique.length > 0)
          await tx.insert(meetingAttendance).values(unique.map((memberId) => ({ meetingId: meeting.id, memberId })));
      });
      return ok(await meetingAnswer(request.params.id, request.locale));
    },
  );

  /** The meeting, its agenda item (404 when the item is not on this meeting's agenda) and the request, locked. */
  async function onItem(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    params: { id: string; itemId: string },
  ) {
    const meeting = await findMeeting(tx, params.id, { lock: true });
    if (!meeting) throw notFound();
    const item = await findAgendaItem(tx, meeting.id, params.itemId);
    if (!item) throw notFound();
    const found = await findRequest(tx, item.requestId, { lock: true });
    return { meeting, item, request: found! };
  }

  app.post(
    '/committee_meetings/:id/agenda_items/:itemId/conflicts',
    envelopeContract({
      summary: 'Declares a member’s conflict of interest on an item: recused for it (the member, or an administrator)',
      tags,
      params: itemParams,
      body: conflictInputSchema,
      answer: meetingSchema,
      status: 201,
    }),
    async (request, reply) => {
      const user = userOf(request);
      const { memberId, reason } = request.body;
      await db.transaction(async (tx) => {
        const { meeting, item } = await onItem(tx, request.params);
        const member = (await itemMembers(tx, meeting.id, item.id)).find((m) => m.id === memberId);
        if (!member) throw fieldRefused('member_id', 'notMember');
        if (user.role !== 'admin' && member.userId !== user.id) throw forbidden();
        if (item.decisionId) throw refused('already_decided', 'alreadyDecided');
        if (member.recused) throw refused('already_recused', 'alreadyRecused');
        await tx.insert(agendaConflicts).values({ agendaItemId: item.id, memberId, reason, authorId: user.id });
        // A recused member's vote counts for nothing: it is removed rather than kept beside the conflict.
        await tx
          .delete(agendaVotes)
          .where(and(eq(agendaVotes.agendaItemId, item.id), eq(agendaVotes.memberId, memberId)));
      });
      return reply.code(201).send(ok(await meetingAnswer(request.params.id, request.locale)));
    },
  );

  app.put(
    '/committee_meetings/:id/agenda_items/:itemId/votes',
    envelopeContract({
      summary:
        'Records votes on an item: a member votes for themself only; an administrator enters external members’ votes',
      tags,
      params: itemParams,
      body: votesInputSchema,
      answer: meetingSchema,
    }),
    async (request) => {
      const user = userOf(request);
      const { votes } = request.body;
      await db.transaction(async (tx) => {
        const { meeting, item, request: found } = await onItem(tx, request.params);
        const members = await itemMembers(tx, meeting.id, item.id);
        const detail: ErrorDetail = {};
        votes.forEach((vote, index) => {
          const member = members.find((m) => m.id === vote.memberId);
          const field = `votes.${index}.member_id`;
          if (!member) detail[field] = [{ key: 'pipeline.errors.notMember', params: {} }];
          else if (!member.present) detail[field] = [{ key: 'pipeline.errors.absent', params: {} }];
          else if (!mayVote(member)) detail[field] = [{ key: 'pipeline.errors.recused', params: {} }];
        });
        // Who may enter each vote: oneself, or an administrator for an external member (ADR 0040).
        for (const vote of votes) {
          const member = members.find((m) => m.id === vote.memberId);
          if (member && member.userId !== user.id && !(member.external && user.role === 'admin')) throw forbidden();
        }
        if (Object.keys(detail).length > 0) throw invalid(detail);
        if (item.decisionId) throw refused('already_decided', 'alreadyDecided');
        for (const vote of votes) {
          const member = members.find((m) => m.id === vote.memberId)!;
          const values = {
            choice: vote.choice,
            enteredById: user.id,
            enteredByAdministrator: member.userId !== user.id,
            updatedAt: new Date(),
          };
          await tx
            .insert(agendaVotes)
            .values({ agendaItemId: item.id, memberId: member.id, ...values })
            .onConflictDoUpdate({ target: [agendaVotes.agendaItemId, agendaVotes.memberId], set: values });
          await recordSystemEvent(tx, {
            companyId: found.companyId,
            code: 'committeeVote',
            params: { project: found.projectName, member: member.name, choice: vote.choice, resolution: '' },
            authorId: user.id,
          });
        }
      });
      return ok(await meetingAnswer(request.params.id, request.locale));
    },
  );

  app.post(
    '/committee_meetings/:id/agenda_items/:itemId/decision',
    {
      ...envelopeContract({
        summary:
          'Records the committee’s decision on an item (administrators): refused without quorum or against the votes; the request moves accordingly',
        tags,
        params: itemParams,
        body: decisionInputSchema,
        answer: meetingSchema,
        status: 201,
      }),
      config: admin,
    },
    async (request, reply) => {
      const user = userOf(request);
      const input = request.body;
      const locale = request.locale;
      await db.transaction(async (tx) => {
        const { meeting, item, request: found } = await onItem(tx, request.params);
        if (item.decisionId) throw refused('already_decided', 'alreadyDecided');
        const to = STATE_AFTER_DECISION[input.outcome];
        const move = moveRefusal({ state: found.state, items: [], conditions: [] }, to, 'decision');
        if (move) throw refuseMove(move, found.state, to, locale, () => '');
        const tally = tallyItem(await itemMembers(tx, meeting.id, item.id), meeting.quorum);
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
        const taken = await selectRows(
          tx,
          sql`SELECT 1 FROM committee_decisions WHERE resolution_number = ${input.resolutionNumber}`,
        );
        if (taken.length > 0) throw fieldRefused('resolution_number', 'resolutionTaken');
        const fundIds = input.amounts.map((a) => a.fundId);
        const known = fundIds.length
          ? await selectRows<{ id: string }>(tx, sql`SELECT id FROM contribution_funds WHERE id IN ${fundIds}`)
          : [];
        const detail: ErrorDetail = {};
        input.amounts.forEach((a, index) => {
          if (!known.some((k) => k.id === a.fundId))
            detail[`amounts.${index}.fund_id`] = [{ key: 'pipeline.errors.unknownFund', params: {} }];
        });
        if (Object.keys(detail).length > 0) throw invalid(detail);
        const approval = input.outcome === 'approved' || input.outcome === 'approved_with_conditions';
        const [decision] = await tx
          .insert(committeeDecisions)
          .values({
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
            authorId: user.id,
          })
          .returning({ id: committeeDecisions.id });
        if (approval && input.amounts.length > 0)
          await tx.insert(decisionAmounts).values(
            input.amounts.map((a) => ({
              decisionId: decision!.id,
              fundId: a.fundId,
              amountCents: toCents(a.amount),
            })),
          );
        if (input.conditions.length > 0)
          await tx.insert(decisionConditions).values(
            input.conditions.map((c, position) => ({
              decisionId: decision!.id,
              requestId: found.id,
              text: c.text,
              kind: c.kind,
              dueDate: c.dueDate,
              position,
            })),
          );
        await recordSystemEvent(tx, {
          companyId: found.companyId,
          code: 'committeeDecision',
          params: { project: found.projectName, outcome: input.outcome, resolution: input.resolutionNumber },
          authorId: user.id,
        });
        await moveRequest(tx, found, to, user.id);
      });
      return reply.code(201).send(ok(await meetingAnswer(request.params.id, locale)));
    },
  );

  app.patch(
    '/decision_conditions/:id',
    envelopeContract({
      summary:
        'Marks a condition of a decision met, waived, breached or open again (the request’s analyst or an administrator)',
      tags,
      params: meetingParams,
      body: conditionPatchSchema,
      answer: conditionSchema,
    }),
    async (request) => {
      const user = userOf(request);
      const { status, note } = request.body;
      const condition = await db.transaction(async (tx) => {
        const [current] = await readConditions(tx, sql`id = ${request.params.id}`);
        if (!current) throw notFound();
        const found = (await findRequest(tx, current.requestId, { lock: true }))!;
        requireWorker(user, found);
        if (found.state === 'declined' || found.state === 'withdrawn')
          throw refused('request_locked', 'locked', {
            state: translate(request.locale, `pipeline.state.${found.state}`),
          });
        await tx
          .update(decisionConditions)
          .set({ status, note, updatedById: user.id, updatedAt: new Date() })
          .where(eq(decisionConditions.id, current.id));
        await recordSystemEvent(tx, {
          companyId: found.companyId,
          code: 'conditionChanged',
          params: { project: found.projectName, condition: current.text, status },
          authorId: user.id,
        });
        return (await readConditions(tx, sql`id = ${current.id}`))[0]!;
      });
      return ok(condition);
    },
  );
};

import { z } from 'zod';
import {
  attendanceInputSchema,
  committeeInputSchema,
  conditionPatchSchema,
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
import { userOf } from '../platform/auth/plugin';
import { badParameter, notFound } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import { createCommittee, editCommittee } from './actions/committees';
import { setCondition } from './actions/conditions';
import { declareConflict, recordAttendance, recordDecision, recordVotes, scheduleMeeting } from './actions/meetings';
import { decisionChecks } from './checks';
import { listMeetings, readCommittees, readMeeting } from './committee-store';

const tags = ['pipeline'];
const meetingParams = z.object({ id: uuid() });
const itemParams = z.object({ id: uuid(), itemId: uuid() });
const admin = { access: 'admin' as const };

/** The investment committee (docs/decisions/0039; who may do what: 0040; its use cases: ./actions, 0063). */
export const committeeRoutes: FeatureRoutes = async (app, { database, lists }) => {
  const { db } = database;

  const meetingAnswer = async (id: string, locale: 'fr' | 'en') => {
    const meeting = await readMeeting(db, id, locale, (requestId) => decisionChecks(db, lists, requestId, locale));
    if (!meeting) throw notFound();
    return meeting;
  };

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
      const id = await createCommittee(db, request.body);
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
      await editCommittee(db, request.params.id, request.body);
      return ok((await readCommittees(db, request.params.id))[0]!);
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
      const id = await scheduleMeeting(db, request.body, request.locale);
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
      await recordAttendance(db, request.params.id, request.body.presentMemberIds);
      return ok(await meetingAnswer(request.params.id, request.locale));
    },
  );

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
      await declareConflict(db, request.params, request.body, userOf(request));
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
      await recordVotes(db, request.params, request.body, userOf(request), request.locale);
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
      await recordDecision(db, request.params, request.body, userOf(request), request.locale);
      return reply.code(201).send(ok(await meetingAnswer(request.params.id, request.locale)));
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
    async (request) => ok(await setCondition(db, request.params.id, request.body, userOf(request), request.locale)),
  );
};

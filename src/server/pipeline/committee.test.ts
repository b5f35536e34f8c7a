import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createCompany } from '../test/document-fixtures';
import { formatMoney } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { selectRows } from '../db/rows';
import type { UserRow } from '../db/schema';

/*
 * The investment committee on the real app and database (docs/decisions/0039, 0040): committees, meetings,
 * attendance, conflicts, votes, decisions, conditions, and the disbursement that turns an approval into loans.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

let analyst: Auth;
let analystId: string;
const members: { row: UserRow; auth: Auth }[] = [];
let outsider: Auth;
let companyId: string;
let committee: Json;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });

const t = useTestApp();
const ids = useLookupIds(t);
const admin = useAuthHeader(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
beforeAll(async () => {
  const analystRow = await t.createUser({ firstName: 'Lise', lastName: 'Caron' });
  analystId = analystRow.id;
  analyst = await t.authHeader(analystRow);
  for (const [first, last] of [
    ['Marie', 'Chair'],
    ['Jean', 'Roy'],
    ['Luc', 'Bé'],
  ]) {
    const row = await t.createUser({ firstName: first, lastName: last });
    members.push({ row, auth: await t.authHeader(row) });
  }
  outsider = await t.authHeader(await t.createUser({ firstName: 'Paul', lastName: 'Dehors' }));
  companyId = await createCompany(t, admin, 'Boulangerie Laval');
  const res = await call('POST', '/api/committees?locale=en', admin, {
    name: 'Comité FLI',
    quorum: 3,
    members: [
      { user_id: members[0]!.row.id, is_chair: true },
      { user_id: members[1]!.row.id },
      { user_id: members[2]!.row.id },
      { external_name: 'Hélène Externe' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  committee = res.json().data;
});

/** A request moved to ready_for_committee (no templates: nothing blocks it). */
async function readyRequest(name = 'Four à pain', overrides: Json = {}): Promise<Json> {
  const created = await call('POST', '/api/funding_requests?locale=en', analyst, {
    company_id: companyId,
    project_name: name,
    project_cost: '200000',
    amounts: [
      { fund_id: ids.fund, amount: '50000' },
      { fund_id: ids.otherFund, amount: '20000' },
    ],
    sources: [{ name: 'Subvention', amount: '30000', confirmed: true, is_public: true }],
    assignee_id: analystId,
    ...overrides,
  });
  let request = created.json().data;
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee']) {
    const res = await call('POST', `/api/funding_requests/${request.id}/transitions`, analyst, {
      to,
      lock_version: request.lock_version,
    });
    expect(res.statusCode, res.body).toBe(200);
    request = res.json().data;
  }
  // Submitted on the first of the month, so that the meetings of these stories (the 20th) come after it.
  await t.database.db.execute(
    sql`UPDATE funding_request_moves SET inserted_at = '2026-11-01T15:00:00Z'
         WHERE request_id = ${request.id} AND to_state = 'submitted'`,
  );
  return request;
}

async function meetingWith(requestIds: string[], present: number[] = [0, 1, 2, 3]): Promise<Json> {
  const res = await call('POST', '/api/committee_meetings?locale=en', admin, {
    committee_id: committee.id,
    date: '2026-11-20',
    location: 'Salle du conseil',
    request_ids: requestIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  const meeting = res.json().data;
  const attendance = await call('PUT', `/api/committee_meetings/${meeting.id}/attendance?locale=en`, admin, {
    present_member_ids: present.map((i) => committee.members[i].id),
  });
  expect(attendance.statusCode, attendance.body).toBe(200);
  return attendance.json().data;
}

const itemUrl = (meeting: Json, suffix: string, item = meeting.agenda[0]) =>
  `/api/committee_meetings/${meeting.id}/agenda_items/${item.id}/${suffix}?locale=en`;
const vote = (meeting: Json, memberIndex: number, choice: string, auth?: Auth) =>
  call('PUT', itemUrl(meeting, 'votes'), auth ?? members[memberIndex]?.auth ?? admin, {
    votes: [{ member_id: committee.members[memberIndex].id, choice }],
  });
/** The administrator's (or `auth`'s) decision on the meeting's first item, in English unless asked otherwise. */
const decide = (meeting: Json, body: Json, auth: Auth = admin, locale: 'en' | 'fr' = 'en') =>
  call('POST', itemUrl(meeting, 'decision').replace('locale=en', `locale=${locale}`), auth, body);
const approval = (overrides: Json = {}) => ({
  outcome: 'approved_with_conditions',
  resolution_number: `CI-${randomUUID().slice(0, 8)}`,
  amounts: [
    { fund_id: ids.fund, amount: '45000' },
    { fund_id: ids.otherFund, amount: '20000' },
  ],
  rate: '6.5',
  amortization: '60',
  moratorium: '6',
  warranty_id: ids.warranty,
  conditions: [
    { text: 'Preuve d’assurance', kind: 'before_disbursement', due_date: '2026-12-15' },
    { text: 'États financiers annuels', kind: 'covenant' },
  ],
  ...overrides,
});

describe('committees', () => {
  it('lists committees with members, and only administrators create them', async () => {
    const list = (await call('GET', '/api/committees', analyst)).json().data;
    expect(list[0]).toMatchObject({ name: 'Comité FLI', quorum: 3 });
    expect(list[0].members.map((m: Json) => [m.name, m.external, m.is_chair])).toEqual([
      ['Marie Chair', false, true],
      ['Jean Roy', false, false],
      ['Luc Bé', false, false],
      ['Hélène Externe', true, false],
    ]);
    const body = { name: 'Autre', quorum: 1, members: [{ external_name: 'X' }] };
    expect((await call('POST', '/api/committees', analyst, body)).statusCode).toBe(403);
  });

  it.each([
    [{ name: 'A', quorum: 5, members: [{ external_name: 'X' }] }, 'quorum'],
    [{ name: 'A', quorum: 1, members: [] }, 'members'],
    [
      {
        name: 'A',
        quorum: 1,
        members: [
          { external_name: 'X', user_id: null, is_chair: true },
          { external_name: 'Y', is_chair: true },
        ],
      },
      'members',
    ],
    [{ name: 'A', quorum: 1, members: [{}] }, 'members.0.user_id'],
    [{ name: 'Comité FLI', quorum: 1, members: [{ external_name: 'X' }] }, 'name'],
  ])('refuses a bad committee with a 422 on %#', async (body, field) => {
    const res = await call('POST', '/api/committees?locale=en', admin, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors.detail)).toContain(field);
  });
});

describe('from ready for committee to disbursed', () => {
  it('recuses a member, counts the votes, records the decision with its checks, meets a condition and disburses the decided terms', async () => {
    const request = await readyRequest();
    const meeting = await meetingWith([request.id]);
    expect(meeting.members.filter((m: Json) => m.present)).toHaveLength(4);
    expect(meeting.agenda[0]).toMatchObject({ request_id: request.id, project_name: 'Four à pain', decision: null });

    // Jean declares a conflict: recused; his vote is refused.
    const conflict = await call('POST', itemUrl(meeting, 'conflicts'), members[1]!.auth, {
      member_id: committee.members[1].id,
      reason: 'Beau-frère du promoteur',
    });
    expect(conflict.statusCode, conflict.body).toBe(201);
    const recused = await vote(meeting, 1, 'for');
    expect(recused.statusCode).toBe(422);
    expect(recused.json().errors.detail['votes.0.member_id']).toEqual([
      'This member declared a conflict of interest on this item and may not vote on it.',
    ]);

    // A member votes for themself only; an outsider is no member; the administrator enters the external's vote.
    expect((await vote(meeting, 0, 'for', members[2]!.auth)).statusCode).toBe(403);
    const outsiderVote = await call('PUT', itemUrl(meeting, 'votes'), outsider, {
      votes: [{ member_id: randomUUID(), choice: 'for' }],
    });
    expect(outsiderVote.statusCode).toBe(422);
    expect((await vote(meeting, 3, 'for', members[0]!.auth)).statusCode).toBe(403);
    expect((await vote(meeting, 0, 'for')).statusCode).toBe(200);
    expect((await vote(meeting, 2, 'against')).statusCode).toBe(200);
    const external = await vote(meeting, 3, 'for', admin);
    expect(external.statusCode).toBe(200);
    const item = external.json().data.agenda[0];
    expect(item.votes).toEqual([
      { member_id: committee.members[0].id, choice: 'for', entered_by_administrator: false, entered_by: null },
      { member_id: committee.members[2].id, choice: 'against', entered_by_administrator: false, entered_by: null },
      { member_id: committee.members[3].id, choice: 'for', entered_by_administrator: true, entered_by: 'Ada Admin' },
    ]);
    expect(item.tally).toMatchObject({
      present: 4,
      recused: 1,
      eligible: 3,
      has_quorum: true,
      for: 2,
      against: 1,
      majority: 'for',
    });
    expect(item.checks.map((c: Json) => [c.amount, c.aid_percent])).toEqual([
      [50000, 50],
      [20000, 50],
    ]);

    // Only an administrator decides; a decline goes against these votes; an approval is recorded once.
    expect((await decide(meeting, approval(), analyst)).statusCode).toBe(403);
    const against = await decide(meeting, approval({ outcome: 'declined', conditions: [] }));
    expect(against.statusCode).toBe(409);
    expect(against.json().errors.message).toBe('The votes do not decline: 2 for, 1 against, 0 abstaining.');
    const declinedWithConditions = await decide(meeting, approval({ outcome: 'declined' }));
    expect(declinedWithConditions.statusCode).toBe(422);
    expect(Object.keys(declinedWithConditions.json().errors.detail)).toEqual(['conditions']);
    const decided = await decide(meeting, approval());
    expect(decided.statusCode, decided.body).toBe(201);
    const decision = decided.json().data.agenda[0].decision;
    expect(decision).toMatchObject({
      outcome: 'approved_with_conditions',
      decided_on: '2026-11-20',
      rate: 6.5,
      votes_for: 2,
    });
    const second = await decide(meeting, approval());
    expect(second.statusCode).toBe(409);
    expect(second.json().errors.code).toBe('already_decided');
    expect((await vote(meeting, 0, 'against')).statusCode).toBe(409);

    // The request: decided → conditions pending → blocked until the before-disbursement condition is met.
    const get = async () => (await call('GET', `/api/funding_requests/${request.id}?locale=en`, analyst)).json().data;
    let current = await get();
    expect(current.state).toBe('decided');
    // The request's page reads the decision, its conditions and the checks without the meeting.
    expect(current.decisions).toHaveLength(1);
    expect(current.decisions[0]).toMatchObject({
      id: decision.id,
      meeting_id: meeting.id,
      committee_name: expect.any(String),
      outcome: 'approved_with_conditions',
      resolution_number: decision.resolution_number,
      decided_on: '2026-11-20',
    });
    expect(current.decisions[0].conditions).toEqual(decision.conditions);
    expect(current.checks).toEqual(decided.json().data.agenda[0].checks.map((c: Json) => expect.objectContaining(c)));
    const step = (to: string, extra: Json = {}) =>
      call('POST', `/api/funding_requests/${request.id}/transitions?locale=en`, analyst, {
        to,
        lock_version: current.lock_version,
        ...extra,
      });
    current = (await step('conditions_pending')).json().data;
    const blocked = await step('ready_to_disburse');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().errors.detail.missing_items).toEqual(['Condition: Preuve d’assurance']);
    const condition = decision.conditions.find((c: Json) => c.kind === 'before_disbursement');
    const met = await call('PATCH', `/api/decision_conditions/${condition.id}?locale=en`, analyst, {
      status: 'met',
      note: 'Reçue le 1er décembre',
    });
    expect(met.statusCode, met.body).toBe(200);
    expect(met.json().data).toMatchObject({ status: 'met', note: 'Reçue le 1er décembre' });
    expect(
      (await call('PATCH', `/api/decision_conditions/${condition.id}`, analyst, { status: 'done' })).statusCode,
    ).toBe(422);
    current = (await step('ready_to_disburse')).json().data;
    expect((await step('disbursed')).json().errors.detail).toEqual({
      disbursement: ['Give the date and method of the first disbursement.'],
    });
    const early = await step('disbursed', { disbursement: { date: '2026-11-01', method: 'eft' } });
    expect(early.statusCode).toBe(422);
    expect(await get()).toMatchObject({ state: 'ready_to_disburse', contribution_ids: [] });
    const done = await step('disbursed', { disbursement: { date: '2026-11-21', method: 'eft', reference: 'VIR-9' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.state).toBe('disbursed');
    expect(done.json().data.contribution_ids).toHaveLength(2);
    // Once the money is out the checks are no longer a question; the decision stays on the page.
    expect(done.json().data).toMatchObject({ checks: [], decisions: [{ id: decision.id }] });

    // The loans carry the decided terms, nobody retyped them; each has its first disbursement.
    const loans = await selectRows<Json>(
      t.database.db,
      sql`SELECT f.amount::float8 AS amount, f.rate::float8 AS rate, f.amortization, f.moratorium, f.warranty_id,
                 f.authorization_date::text AS authorized, f.project_name, f.project_cost::float8 AS project_cost,
                 d.amount_cents::int AS disbursed, d.reference, d.date::text AS date
            FROM financial_contributions f JOIN disbursements d ON d.contribution_id = f.id
           WHERE f.company_id = ${companyId} ORDER BY f.amount`,
    );
    // Each fund's amount as decided, on the decided terms, all of it paid out by the one disbursement (in cents).
    const decidedLoan = (amount: number) => ({
      amount,
      rate: 6.5,
      amortization: 60,
      moratorium: 6,
      warranty_id: ids.warranty,
      authorized: '2026-11-20',
      project_name: 'Four à pain',
      project_cost: 200000,
      disbursed: amount * 100,
      reference: 'VIR-9',
      date: '2026-11-21',
    });
    expect(loans).toEqual([decidedLoan(20000), decidedLoan(45000)]);
    const servicing = (await call('GET', `/api/companies/${companyId}/loans`, analyst)).json().data;
    const created = done.json().data.contribution_ids as string[];
    expect(servicing.filter((l: Json) => created.includes(l.contribution_id)).map((l: Json) => l.status)).toEqual([
      'active',
      'active',
    ]);

    const codes = await selectRows<{ code: string }>(
      t.database.db,
      sql`SELECT code FROM events WHERE company_id = ${companyId} AND code IN
            ('committeeVote', 'committeeDecision', 'conditionChanged', 'loanDisbursed')`,
    );
    expect(codes.map((c) => c.code).sort()).toEqual([
      'committeeDecision',
      'committeeVote',
      'committeeVote',
      'committeeVote',
      'conditionChanged',
      'loanDisbursed',
      'loanDisbursed',
    ]);
  });
});

describe('refusals', () => {
  it('refuses a decision without quorum, saying the counts, and writes nothing', async () => {
    const request = await readyRequest('Sans quorum');
    const meeting = await meetingWith([request.id], [0, 1]);
    await vote(meeting, 0, 'for');
    await vote(meeting, 1, 'for');
    const res = await decide(meeting, approval({ outcome: 'approved', conditions: [] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toMatchObject({
      code: 'no_quorum',
      message: 'No quorum on this item: 2 members may vote (2 present, 0 recused), the quorum is 3.',
    });
    const french = await decide(meeting, approval({ outcome: 'approved', conditions: [] }), admin, 'fr');
    expect(french.json().errors.message).toBe(
      'Pas de quorum sur ce point : 2 membres peuvent voter (2 présents, 0 en conflit d’intérêts), le quorum est de 3.',
    );
    const [decisions] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM committee_decisions WHERE request_id = ${request.id}`,
    );
    expect(decisions!.n).toBe(0);
    // Deferring is always allowed.
    const deferred = await decide(meeting, { outcome: 'deferred', resolution_number: 'CI-REPORT-1' });
    expect(deferred.statusCode, deferred.body).toBe(201);
    const after = (await call('GET', `/api/funding_requests/${request.id}`, analyst)).json().data;
    expect(after.state).toBe('deferred');
  });

  it('refuses a vote of an absent member, votes on an item of another meeting, and a request not ready on an agenda', async () => {
    const request = await readyRequest('Absent');
    const meeting = await meetingWith([request.id], [0, 1, 3]);
    const absent = await vote(meeting, 2, 'for');
    expect(absent.statusCode).toBe(422);
    expect(absent.json().errors.detail['votes.0.member_id']).toEqual([
      'This member is not recorded as present at the meeting.',
    ]);
    const other = await meetingWith([]);
    const wrongMeeting = await call('PUT', itemUrl(other, 'votes', meeting.agenda[0]), members[0]!.auth, {
      votes: [{ member_id: committee.members[0].id, choice: 'for' }],
    });
    expect(wrongMeeting.statusCode).toBe(404);
    const draft = (
      await call('POST', '/api/funding_requests', analyst, {
        company_id: companyId,
        project_name: 'Brouillon',
        project_cost: '10',
        amounts: [{ fund_id: ids.fund, amount: '5' }],
      })
    ).json().data;
    const notReady = await call('POST', '/api/committee_meetings?locale=en', admin, {
      committee_id: committee.id,
      date: '2026-12-01',
      request_ids: [draft.id],
    });
    expect(notReady.statusCode).toBe(422);
    expect(notReady.json().errors.detail).toEqual({
      'request_ids.0': ['Only a request ready for the committee goes on an agenda.'],
    });
    expect(
      (await call('POST', '/api/committee_meetings', analyst, { committee_id: committee.id, date: '2026-12-01' }))
        .statusCode,
    ).toBe(403);
    const badAttendance = await call('PUT', `/api/committee_meetings/${meeting.id}/attendance?locale=en`, admin, {
      present_member_ids: [randomUUID()],
    });
    expect(badAttendance.statusCode).toBe(422);
    const meetings = (
      await call('GET', `/api/committee_meetings?filter[committee_id]=${committee.id}`, analyst)
    ).json();
    expect(meetings.meta.total_count).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/committee_meetings?filter[committee_id]=x', analyst)).statusCode).toBe(400);
  });
});

describe('a meeting’s records once it decides', () => {
  it('freezes the attendance once an item of the meeting is decided, in both languages, and keeps it as it was', async () => {
    const first = await readyRequest('Présences 1');
    const second = await readyRequest('Présences 2');
    const meeting = await meetingWith([first.id, second.id], [0, 1, 2]);
    // Before any decision the attendance may still be corrected.
    const corrected = await call('PUT', `/api/committee_meetings/${meeting.id}/attendance?locale=en`, admin, {
      present_member_ids: [0, 1, 2, 3].map((i) => committee.members[i].id),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    for (const i of [0, 1, 2]) expect((await vote(meeting, i, 'for')).statusCode).toBe(200);
    expect((await decide(meeting, approval({ outcome: 'approved', conditions: [] }))).statusCode).toBe(201);

    const replace = (locale: 'en' | 'fr') =>
      call('PUT', `/api/committee_meetings/${meeting.id}/attendance?locale=${locale}`, admin, {
        present_member_ids: [committee.members[0].id],
      });
    const refused = await replace('en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toMatchObject({
      code: 'attendance_frozen',
      message:
        'Attendance at this meeting can no longer change: the committee has already decided an item on its agenda.',
    });
    expect((await replace('fr')).json().errors.message).toBe(
      'Les présences de cette réunion ne peuvent plus changer : le comité a déjà décidé d’un point de son ordre du jour.',
    );
    const after = (await call('GET', `/api/committee_meetings/${meeting.id}`, analyst)).json().data;
    expect(after.members.filter((m: Json) => m.present)).toHaveLength(4);
    expect(after.agenda[0].tally).toMatchObject({ present: 4, for: 3 });
  });

  it('keeps the quorum in force when the meeting was scheduled, whatever the committee’s quorum becomes', async () => {
    const created = await call('POST', '/api/committees?locale=en', admin, {
      name: `Comité du quorum ${randomUUID().slice(0, 6)}`,
      quorum: 3,
      members: [
        { user_id: members[0]!.row.id, is_chair: true },
        { user_id: members[1]!.row.id },
        { user_id: members[2]!.row.id },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const own = created.json().data;
    const request = await readyRequest('Quorum figé');
    const scheduled = await call('POST', '/api/committee_meetings?locale=en', admin, {
      committee_id: own.id,
      date: '2026-11-20',
      request_ids: [request.id],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const meeting = scheduled.json().data;
    await call('PUT', `/api/committee_meetings/${meeting.id}/attendance`, admin, {
      present_member_ids: [own.members[0].id, own.members[1].id],
    });
    const ownVote = (i: number) =>
      call('PUT', itemUrl(meeting, 'votes'), members[i]!.auth, {
        votes: [{ member_id: own.members[i].id, choice: 'for' }],
      });
    expect((await ownVote(0)).statusCode).toBe(200);
    expect((await ownVote(1)).statusCode).toBe(200);
    const body = approval({ outcome: 'approved', conditions: [] });
    const refused = await decide(meeting, body);
    expect(refused.json().errors).toMatchObject({ code: 'no_quorum' });

    // The committee lowers its quorum: the meeting already scheduled keeps 3, a later one has 2.
    const lowered = await call('PUT', `/api/committees/${own.id}`, admin, {
      name: own.name,
      quorum: 2,
      members: own.members.map((m: Json) => ({ id: m.id, user_id: m.user_id, is_chair: m.is_chair })),
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const again = await decide(meeting, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toMatchObject({
      code: 'no_quorum',
      message: 'No quorum on this item: 2 members may vote (2 present, 0 recused), the quorum is 3.',
    });
    const shown = (await call('GET', `/api/committee_meetings/${meeting.id}`, analyst)).json().data;
    expect(shown.agenda[0].tally).toMatchObject({ quorum: 3, has_quorum: false });
    const later = await call('POST', '/api/committee_meetings?locale=en', admin, {
      committee_id: own.id,
      date: '2026-11-21',
      request_ids: [],
    });
    const [row] = await selectRows<{ quorum: number }>(
      t.database.db,
      sql`SELECT quorum FROM committee_meetings WHERE id = ${later.json().data.id}`,
    );
    expect(row!.quorum).toBe(2);
  });
});

describe('the meeting’s day', () => {
  it('records votes and decisions only once the meeting’s day has come, in both languages', async () => {
    const request = await readyRequest('Réunion à venir');
    const tomorrow = addDays(todayIso(), 1);
    const scheduled = await call('POST', '/api/committee_meetings?locale=en', admin, {
      committee_id: committee.id,
      date: tomorrow,
      request_ids: [request.id],
    });
    // A meeting is scheduled ahead, and its attendance may be prepared.
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const meeting = scheduled.json().data;
    const attendance = await call('PUT', `/api/committee_meetings/${meeting.id}/attendance`, admin, {
      present_member_ids: [0, 1, 2].map((i) => committee.members[i].id),
    });
    expect(attendance.statusCode).toBe(200);
    const early = await vote(meeting, 0, 'for');
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.code).toBe('meeting_ahead');
    expect(early.json().errors.message).toMatch(
      /^This meeting is dated .+: votes and decisions are recorded on the meeting’s day or after\.$/,
    );
    const decision = await decide(meeting, { outcome: 'deferred', resolution_number: 'CI-AVANCE' }, admin, 'fr');
    expect(decision.statusCode).toBe(409);
    expect(decision.json().errors.message).toMatch(
      /^Cette réunion est datée du .+ : les votes et les décisions s’inscrivent le jour de la réunion ou après\.$/,
    );
    const after = (await call('GET', `/api/funding_requests/${request.id}`, analyst)).json().data;
    expect(after.state).toBe('ready_for_committee');
  });

  it('refuses a meeting dated before its agenda’s requests were submitted, and its decision', async () => {
    const request = await readyRequest('Réunion de 1990');
    const old = await call('POST', '/api/committee_meetings?locale=en', admin, {
      committee_id: committee.id,
      date: '1990-03-01',
      request_ids: [request.id],
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.detail).toEqual({
      'request_ids.0': ['This request was submitted on November 1, 2026, after the meeting’s date.'],
    });

    // A meeting recorded before this rule, dated before the submission, records no decision either.
    const meeting = await meetingWith([request.id], [0, 1, 2]);
    for (const i of [0, 1, 2]) expect((await vote(meeting, i, 'for')).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE committee_meetings SET date = '2026-10-15' WHERE id = ${meeting.id}`);
    const res = await decide(meeting, approval({ outcome: 'approved', conditions: [] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toMatchObject({
      code: 'meeting_before_submission',
      message: expect.stringMatching(/^The meeting of .+ is earlier than the submission of “Réunion de 1990” \(.+\)/),
    });
    const [decisions] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM committee_decisions WHERE request_id = ${request.id}`,
    );
    expect(decisions!.n).toBe(0);
  });
});

describe('the amounts a decision grants', () => {
  it('grants each fund at most what the request asks of it, and no fund it does not ask, saying to amend it first', async () => {
    const request = await readyRequest('Montants accordés', { amounts: [{ fund_id: ids.fund, amount: '50000' }] });
    const meeting = await meetingWith([request.id], [0, 1, 2]);
    for (const i of [0, 1, 2]) expect((await vote(meeting, i, 'for')).statusCode).toBe(200);
    const huge = await decide(meeting, approval({ amounts: [{ fund_id: ids.fund, amount: '999999999999' }] }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.detail).toEqual({
      'amounts.0.amount': [
        'Only $50,000.00 was asked of this fund: to grant more, amend the request first (its analyst can while it is ready for the committee).',
      ],
      amounts: ['The amounts granted ($999,999,999,999.00) exceed the project’s cost ($200,000.00).'],
    });
    const french = await decide(
      meeting,
      approval({ amounts: [{ fund_id: ids.fund, amount: '50000.01' }] }),
      admin,
      'fr',
    );
    expect(french.json().errors.detail['amounts.0.amount']).toEqual([
      `Seulement ${formatMoney(50000, 'fr')} a été demandé à ce fonds : pour accorder davantage, modifiez d’abord la demande (son analyste le peut tant qu’elle est prête pour le comité).`,
    ]);
    const notAsked = await decide(meeting, approval({ amounts: [{ fund_id: ids.otherFund, amount: '1000' }] }));
    expect(notAsked.json().errors.detail).toEqual({
      'amounts.0.fund_id': [
        'The request asks nothing of this fund: to grant money from it, amend the request first (its analyst can while it is ready for the committee).',
      ],
    });
    const [decisions] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM committee_decisions WHERE request_id = ${request.id}`,
    );
    expect(decisions!.n).toBe(0);
    // What was asked, or less, is granted.
    expect((await decide(meeting, approval({ amounts: [{ fund_id: ids.fund, amount: '50000' }] }))).statusCode).toBe(
      201,
    );
  });

  it('never grants more than the project costs, whatever was asked', async () => {
    const request = await readyRequest('Plus que le coût', { project_cost: '30000' });
    const meeting = await meetingWith([request.id], [0, 1, 2]);
    for (const i of [0, 1, 2]) expect((await vote(meeting, i, 'for')).statusCode).toBe(200);
    const over = await decide(
      meeting,
      approval({
        amounts: [
          { fund_id: ids.fund, amount: '20000' },
          { fund_id: ids.otherFund, amount: '15000' },
        ],
      }),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.detail).toEqual({
      amounts: ['The amounts granted ($35,000.00) exceed the project’s cost ($30,000.00).'],
    });
  });
});

/** A request approved with a before-disbursement condition and a covenant, the condition met, ready to disburse. */
async function readyToDisburse(name: string, overrides: Json = {}): Promise<{ request: Json; conditions: Json[] }> {
  const request = await readyRequest(name, overrides);
  const meeting = await meetingWith([request.id], [0, 1, 2]);
  for (const i of [0, 1, 2]) expect((await vote(meeting, i, 'for')).statusCode).toBe(200);
  const decided = await decide(meeting, approval());
  expect(decided.statusCode, decided.body).toBe(201);
  const conditions = decided.json().data.agenda[0].decision.conditions as Json[];
  const before = conditions.find((c) => c.kind === 'before_disbursement')!;
  expect((await call('PATCH', `/api/decision_conditions/${before.id}`, analyst, { status: 'met' })).statusCode).toBe(
    200,
  );
  let current = (await call('GET', `/api/funding_requests/${request.id}`, analyst)).json().data;
  for (const to of ['conditions_pending', 'ready_to_disburse']) {
    const res = await call('POST', `/api/funding_requests/${request.id}/transitions`, analyst, {
      to,
      lock_version: current.lock_version,
    });
    expect(res.statusCode, res.body).toBe(200);
    current = res.json().data;
  }
  return { request: current, conditions };
}

const disburse = (request: Json, locale: 'en' | 'fr' = 'en') =>
  call('POST', `/api/funding_requests/${request.id}/transitions?locale=${locale}`, analyst, {
    to: 'disbursed',
    lock_version: request.lock_version,
    disbursement: { date: '2026-11-21', method: 'eft' },
  });

describe('conditions', () => {
  it('moves a condition only as the transition table allows, and never reopens one the disbursement passed', async () => {
    const { request, conditions } = await readyToDisburse('Conditions après décaissement');
    const [before, covenant] = [
      conditions.find((c) => c.kind === 'before_disbursement')!,
      conditions.find((c) => c.kind === 'covenant')!,
    ];
    const set = (condition: Json, status: string, locale = 'en') =>
      call('PATCH', `/api/decision_conditions/${condition.id}?locale=${locale}`, analyst, { status });
    expect((await set(covenant, 'waived')).statusCode).toBe(200);
    const cured = await set(covenant, 'met');
    expect(cured.statusCode).toBe(409);
    expect(cured.json().errors).toMatchObject({
      code: 'condition_move_not_allowed',
      message: 'A condition “Waived” cannot become “Met”.',
    });
    expect((await set(covenant, 'open')).statusCode).toBe(200);

    const done = await disburse(request);
    expect(done.statusCode, done.body).toBe(200);
    const reopened = await set(before, 'open');
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().errors).toMatchObject({
      code: 'condition_gate_passed',
      message: 'This condition gated a disbursement that has been made: it can no longer change.',
    });
    expect((await set(before, 'open', 'fr')).json().errors.message).toBe(
      'Cette condition préalable visait un décaissement déjà fait : elle ne peut plus changer.',
    );
    const [kept] = await selectRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM decision_conditions WHERE id = ${before.id}`,
    );
    expect(kept!.status).toBe('met');
    // A covenant lives on after the money is out.
    expect((await set(covenant, 'breached')).statusCode).toBe(200);
  });
});

describe('an archived company', () => {
  it('gets no money until it is restored, in both languages, and nothing is written', async () => {
    const archivedName = `Fromagerie ${randomUUID().slice(0, 6)}`;
    const archivedId = await createCompany(t, admin, archivedName);
    const { request } = await readyToDisburse('Cave archivée', { company_id: archivedId });
    expect((await call('DELETE', `/api/companies/${archivedId}`, admin)).statusCode).toBe(200);
    const loansOf = async () =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS n FROM financial_contributions WHERE company_id = ${archivedId}`,
        )
      )[0]!.n;
    const before = await loansOf();

    const refused = await disburse(request);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toMatchObject({
      code: 'company_archived',
      message: `The company ${archivedName} is archived: restore it before disbursing this request.`,
    });
    expect((await disburse(request, 'fr')).json().errors.message).toBe(
      `L’entreprise ${archivedName} est archivée : restaurez-la avant de décaisser cette demande.`,
    );
    expect(await loansOf()).toBe(before);
    const still = (await call('GET', `/api/funding_requests/${request.id}`, analyst)).json().data;
    expect(still.state).toBe('ready_to_disburse');

    expect((await call('POST', `/api/companies/${archivedId}/restore`, admin)).statusCode).toBe(200);
    const done = await disburse(request);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.contribution_ids).toHaveLength(2);
    expect(await loansOf()).toBe(before + 2);
  });
});

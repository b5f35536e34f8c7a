import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createCompany } from '../test/document-fixtures';
import { formatMoney } from '../../shared/intl';
import { selectRows } from '../db/rows';
import type { UserRow } from '../db/schema';

/*
 * The committee's votes as the secretary takes them down (docs/decisions/0068): any present member's vote entered
 * by an administrator and marked so, who has not voted yet, a decision recorded without every vote written in its
 * minutes, the request's analyst recused by the rule, and a decline's reason.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

const t = useTestApp();
const ids = useLookupIds(t);
const admin = useAuthHeader(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const members: { row: UserRow; auth: Auth }[] = [];
let companyId: string;
let committee: Json;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: unknown) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });

beforeAll(async () => {
  for (const [first, last] of [
    ['Marie', 'Présidente'],
    ['Jean', 'Analyste'],
    ['Luc', 'Membre'],
    ['Anne', 'Membre'],
  ]) {
    const row = await t.createUser({ firstName: first, lastName: last });
    members.push({ row, auth: await t.authHeader(row) });
  }
  companyId = await createCompany(t, admin, 'Ébénisterie Roy');
  const res = await call('POST', '/api/committees', admin, {
    name: `Comité ${randomUUID().slice(0, 6)}`,
    quorum: 2,
    members: [
      { user_id: members[0]!.row.id, is_chair: true },
      { user_id: members[1]!.row.id },
      { user_id: members[2]!.row.id },
      { user_id: members[3]!.row.id },
      { external_name: 'Hélène Externe' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  committee = res.json().data;
});

/** A request analysed by Jean (a member of the committee), ready for it, on a meeting where all five are present. */
async function meetingOnJeansRequest(name: string): Promise<{ request: Json; meeting: Json }> {
  const created = await call('POST', '/api/funding_requests', admin, {
    company_id: companyId,
    project_name: name,
    project_cost: '100000',
    amounts: [{ fund_id: ids.fund, amount: '40000' }],
    sources: [],
    assignee_id: members[1]!.row.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  let request = created.json().data;
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee']) {
    const res = await call('POST', `/api/funding_requests/${request.id}/transitions`, members[1]!.auth, {
      to,
      lock_version: request.lock_version,
    });
    expect(res.statusCode, res.body).toBe(200);
    request = res.json().data;
  }
  await t.database.db.execute(
    sql`UPDATE funding_request_moves SET inserted_at = '2026-11-01T15:00:00Z'
         WHERE request_id = ${request.id} AND to_state = 'submitted'`,
  );
  const scheduled = await call('POST', '/api/committee_meetings', admin, {
    committee_id: committee.id,
    date: '2026-11-20',
    request_ids: [request.id],
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  const meeting = scheduled.json().data;
  const attendance = await call('PUT', `/api/committee_meetings/${meeting.id}/attendance`, admin, {
    present_member_ids: committee.members.map((m: Json) => m.id),
  });
  expect(attendance.statusCode, attendance.body).toBe(200);
  return { request, meeting: attendance.json().data };
}

const itemUrl = (meeting: Json, suffix: string, locale = 'en') =>
  `/api/committee_meetings/${meeting.id}/agenda_items/${meeting.agenda[0].id}/${suffix}?locale=${locale}`;
const vote = (meeting: Json, index: number, choice: string, auth: Auth, locale = 'en') =>
  call('PUT', itemUrl(meeting, 'votes', locale), auth, {
    votes: [{ member_id: committee.members[index].id, choice }],
  });
const memberId = (index: number) => committee.members[index].id as string;

describe('votes entered by the secretary, and the analyst recused by the rule', () => {
  it('recuses the analyst, refuses their vote, lets the secretary enter any present member’s vote and says who has not voted', async () => {
    const { meeting } = await meetingOnJeansRequest('Atelier de finition');
    const item = meeting.agenda[0];
    // Jean analyses the request: recused without declaring anything, and counted so.
    expect(item.conflicts).toEqual([{ member_id: memberId(1), reason: '', automatic: true }]);
    expect(item.tally).toMatchObject({ present: 5, recused: 1, eligible: 4 });
    expect(item.tally.yet_to_vote).toEqual([memberId(0), memberId(2), memberId(3), memberId(4)]);

    // His own vote is refused, and so is the secretary's entry of it, in both languages; nothing is written.
    const own = await vote(meeting, 1, 'for', members[1]!.auth);
    expect(own.statusCode).toBe(409);
    expect(own.json().errors).toMatchObject({
      code: 'analyst_recused',
      message: 'Jean Analyste is the analyst of this request: recused automatically, this vote cannot be recorded.',
    });
    const french = await vote(meeting, 1, 'for', admin, 'fr');
    expect(french.statusCode).toBe(409);
    expect(french.json().errors.message).toBe(
      'Jean Analyste est l’analyste de cette demande : récusé d’office, son vote ne peut pas être inscrit.',
    );
    // Declaring a conflict for him changes nothing: he is recused already.
    const declared = await call('POST', itemUrl(meeting, 'conflicts'), admin, {
      member_id: memberId(1),
      reason: 'Analyste',
    });
    expect(declared.statusCode).toBe(409);

    // A member still votes for themself only; the secretary enters a present staff member's vote, marked so.
    expect((await vote(meeting, 2, 'for', members[3]!.auth)).statusCode).toBe(403);
    expect((await vote(meeting, 0, 'for', members[0]!.auth)).statusCode).toBe(200);
    const entered = await vote(meeting, 2, 'against', admin);
    expect(entered.statusCode, entered.body).toBe(200);
    const after = entered.json().data.agenda[0];
    expect(after.votes).toEqual([
      { member_id: memberId(0), choice: 'for', entered_by_administrator: false, entered_by: null },
      { member_id: memberId(2), choice: 'against', entered_by_administrator: true, entered_by: 'Ada Admin' },
    ]);
    expect(after.tally).toMatchObject({ for: 1, against: 1, yet_to_vote: [memberId(3), memberId(4)] });
    const votes = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM agenda_votes WHERE agenda_item_id = ${item.id}`,
    );
    expect(votes[0]!.n).toBe(2);
  });

  it('records a decision taken without every vote, says who did not vote, and keeps the analyst’s recusal in the minutes', async () => {
    const { request, meeting } = await meetingOnJeansRequest('Séchoir à bois');
    expect((await vote(meeting, 0, 'for', admin)).statusCode).toBe(200);
    expect((await vote(meeting, 2, 'for', admin)).statusCode).toBe(200);
    const decided = await call('POST', itemUrl(meeting, 'decision'), admin, {
      outcome: 'approved',
      resolution_number: `CI-${randomUUID().slice(0, 8)}`,
      amounts: [{ fund_id: ids.fund, amount: '40000' }],
      rate: '5',
      amortization: '60',
    });
    expect(decided.statusCode, decided.body).toBe(201);
    const item = decided.json().data.agenda[0];
    expect(item.decision).toMatchObject({
      votes_for: 2,
      missing_voters: ['Anne Membre', 'Hélène Externe'],
      refusal_reason: null,
    });
    // The recusal is written down with the decision: a new analyst afterwards does not rewrite the minutes.
    await t.database.db.execute(sql`UPDATE funding_requests SET assignee_id = NULL WHERE id = ${request.id}`);
    const read = (await call('GET', `/api/committee_meetings/${meeting.id}`, admin)).json().data.agenda[0];
    expect(read.conflicts).toEqual([{ member_id: memberId(1), reason: '', automatic: true }]);
    expect(read.tally).toMatchObject({ recused: 1, eligible: 4, yet_to_vote: [memberId(3), memberId(4)] });
  });

  it('keeps a decline’s reason for the minutes, and refuses one on another outcome', async () => {
    const { meeting } = await meetingOnJeansRequest('Scie à ruban');
    for (const index of [0, 2, 3, 4]) expect((await vote(meeting, index, 'against', admin)).statusCode).toBe(200);
    const body = (outcome: string) => ({
      outcome,
      resolution_number: `CI-${randomUUID().slice(0, 8)}`,
      refusal_reason: 'Mise de fonds insuffisante',
    });
    const deferred = await call('POST', itemUrl(meeting, 'decision', 'fr'), admin, body('deferred'));
    expect(deferred.statusCode).toBe(422);
    expect(deferred.json().errors.detail).toEqual({ refusal_reason: ['Seul un refus comporte un motif de refus.'] });
    const declined = await call('POST', itemUrl(meeting, 'decision'), admin, body('declined'));
    expect(declined.statusCode, declined.body).toBe(201);
    expect(declined.json().data.agenda[0].decision).toMatchObject({
      outcome: 'declined',
      votes_against: 4,
      missing_voters: [],
      refusal_reason: 'Mise de fonds insuffisante',
    });
  });
});

describe('the first disbursement of an approved request, in tranches', () => {
  it('pays out per fund what is typed, at most the decided amount, and the whole decided amount when none is given', async () => {
    const { request, meeting } = await meetingOnJeansRequest('Dépoussiéreur');
    for (const index of [0, 2, 3, 4]) expect((await vote(meeting, index, 'for', admin)).statusCode).toBe(200);
    const decided = await call('POST', itemUrl(meeting, 'decision'), admin, {
      outcome: 'approved',
      resolution_number: `CI-${randomUUID().slice(0, 8)}`,
      amounts: [{ fund_id: ids.fund, amount: '40000' }],
      rate: '5',
      amortization: '60',
    });
    expect(decided.statusCode, decided.body).toBe(201);
    let current = request;
    const step = (to: string, extra: Json = {}, locale = 'en') =>
      call('POST', `/api/funding_requests/${request.id}/transitions?locale=${locale}`, members[1]!.auth, {
        to,
        lock_version: current.lock_version,
        ...extra,
      });
    current = (await call('GET', `/api/funding_requests/${request.id}`, admin)).json().data;
    for (const to of ['conditions_pending', 'ready_to_disburse']) {
      const moved = await step(to);
      expect(moved.statusCode, moved.body).toBe(200);
      current = moved.json().data;
    }
    const first = (amounts: Json[]) => ({ disbursement: { date: '2026-11-21', method: 'eft', amounts } });
    // More than decided, or a fund the decision did not grant: 422 naming the amount, in both languages.
    const over = await step('disbursed', first([{ fund_id: ids.fund, amount: '40000.01' }]), 'fr');
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.detail).toEqual({
      'disbursement.amounts.0.amount': [
        `Au plus ${formatMoney(40000, 'fr')}, le montant décidé par le comité pour ce fonds.`,
      ],
    });
    const otherFund = await step('disbursed', first([{ fund_id: ids.otherFund, amount: '10' }]));
    expect(otherFund.json().errors.detail).toEqual({
      'disbursement.amounts.0.fund_id': ['The decision granted nothing from this fund.'],
    });
    const zero = await step('disbursed', first([{ fund_id: ids.fund, amount: '0' }]));
    expect(zero.statusCode).toBe(422);
    expect((await call('GET', `/api/funding_requests/${request.id}`, admin)).json().data.state).toBe(
      'ready_to_disburse',
    );
    // A first tranche of 15 000 $: the loan keeps its decided 40 000 $, 25 000 $ remain to disburse.
    const done = await step('disbursed', first([{ fund_id: ids.fund, amount: '15000' }]));
    expect(done.statusCode, done.body).toBe(200);
    const [loan] = await selectRows<{ amount: number; disbursed: number }>(
      t.database.db,
      sql`SELECT f.amount::float8 AS amount, d.amount_cents::float8 AS disbursed
            FROM financial_contributions f JOIN disbursements d ON d.contribution_id = f.id
           WHERE f.id = ${done.json().data.contribution_ids[0]}`,
    );
    expect(loan).toEqual({ amount: 40000, disbursed: 1500000 });
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { QUEBEC_TIME_ZONE } from '../../shared/portfolio/schedule';
import type { TestApp } from './harness';

/*
 * Test helpers for suites that need funding requests moved and decided through the real routes (the tasks and
 * the fund report): a committee of one administrator, who chairs, attends and votes, so a decision needs no
 * other member.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };

export async function committeeOfOne(t: TestApp, admin: Auth, adminId: string, name: string): Promise<Json> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/committees?locale=en',
    headers: admin,
    payload: { name, quorum: 1, members: [{ user_id: adminId, is_chair: true }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The request moved to `to` by whoever `auth` is; answers the request as it is now. */
export async function moveRequest(t: TestApp, auth: Auth, request: Json, to: string, extra: Json = {}): Promise<Json> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/funding_requests/${request.id}/transitions?locale=en`,
    headers: auth,
    payload: { to, lock_version: request.lock_version, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/**
 * A request ready for the committee put on a meeting of `committee` (of one) on `date`, the member's vote cast
 * (`for`, or `against` for a decline) and the decision recorded; answers the decision.
 */
export async function decideRequest(
  t: TestApp,
  admin: Auth,
  committee: Json,
  requestId: string,
  date: string,
  decision: Json,
): Promise<Json> {
  const call = async (method: 'POST' | 'PUT', url: string, payload: Json, status: number) => {
    const res = await t.inject({ method, url: `${url}?locale=en`, headers: admin, payload });
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data;
  };
  // A meeting decides only what was submitted by its day: a story dating its meeting back submitted the request by then.
  await t.database.db.execute(
    sql`UPDATE funding_request_moves
           SET inserted_at = least(inserted_at, (${date}::date + time '12:00') AT TIME ZONE ${QUEBEC_TIME_ZONE})
         WHERE request_id = ${requestId} AND to_state = 'submitted'`,
  );
  const meeting = await call(
    'POST',
    '/api/committee_meetings',
    { committee_id: committee.id, date, request_ids: [requestId] },
    201,
  );
  const member = committee.members[0].id;
  const item = `/api/committee_meetings/${meeting.id}/agenda_items/${meeting.agenda[0].id}`;
  await call('PUT', `/api/committee_meetings/${meeting.id}/attendance`, { present_member_ids: [member] }, 200);
  const choice = decision['outcome'] === 'declined' ? 'against' : 'for';
  await call('PUT', `${item}/votes`, { votes: [{ member_id: member, choice }] }, 200);
  const decided = await call(
    'POST',
    `${item}/decision`,
    { resolution_number: `CI-${randomUUID().slice(0, 8)}`, conditions: [], ...decision },
    201,
  );
  return decided.agenda[0].decision;
}

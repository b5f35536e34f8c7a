import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthHeader, useTestApp } from '../test/harness';
import { selectRows } from '../db/rows';
import type { UserRow } from '../db/schema';

/*
 * Editing a committee on the real app and database (docs/decisions/0039, 0043): name, quorum and members, kept
 * by id; a member a meeting recorded stays who they were; bad input leaves the committee as it was.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Auth = { authorization: string };
const people: UserRow[] = [];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: unknown) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });

async function create(name: string): Promise<Json> {
  const res = await call('POST', '/api/committees?locale=en', admin, {
    name,
    quorum: 2,
    members: [{ user_id: people[0]!.id, is_chair: true }, { user_id: people[1]!.id }, { external_name: 'Hélène' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const asInput = (committee: Json) => ({
  name: committee.name,
  quorum: committee.quorum,
  members: committee.members.map((m: Json) => ({
    id: m.id,
    user_id: m.user_id,
    external_name: m.external ? m.name : null,
    is_chair: m.is_chair,
  })),
});

const t = useTestApp();
const admin = useAuthHeader(t, { role: 'admin' });
const staff = useAuthHeader(t);
beforeAll(async () => {
  for (const [first, last] of [
    ['Marie', 'Chair'],
    ['Jean', 'Roy'],
    ['Luc', 'Bé'],
  ])
    people.push(await t.createUser({ firstName: first, lastName: last }));
});

describe('PUT /api/committees/{id}', () => {
  it('renames, changes the quorum, keeps, adds and removes members, moves the chair', async () => {
    const committee = await create('Comité A');
    const input = asInput(committee);
    input.name = 'Comité A (régional)';
    input.quorum = 3;
    input.members[0].is_chair = false;
    input.members[1].is_chair = true;
    input.members.splice(2, 1);
    input.members.push({ user_id: people[2]!.id, is_chair: false }, { external_name: 'Paul Externe' });
    const res = await call('PUT', `/api/committees/${committee.id}?locale=en`, admin, input);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ id: committee.id, name: 'Comité A (régional)', quorum: 3 });
    expect(saved.members.map((m: Json) => [m.name, m.is_chair])).toEqual([
      ['Marie Chair', false],
      ['Jean Roy', true],
      ['Luc Bé', false],
      ['Paul Externe', false],
    ]);
    expect(saved.members[0].id).toBe(committee.members[0].id);
    expect(saved.members[1].id).toBe(committee.members[1].id);
  });

  it('keeps a member a meeting recorded: not removed, not replaced by someone else', async () => {
    const committee = await create('Comité B');
    const meeting = await call('POST', '/api/committee_meetings?locale=en', admin, {
      committee_id: committee.id,
      date: '2026-12-01',
      request_ids: [],
    });
    expect(meeting.statusCode, meeting.body).toBe(201);
    await call('PUT', `/api/committee_meetings/${meeting.json().data.id}/attendance`, admin, {
      present_member_ids: [committee.members[2].id],
    });
    const removed = asInput(committee);
    removed.members.splice(2, 1);
    let res = await call('PUT', `/api/committees/${committee.id}?locale=en`, admin, removed);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.detail.members[0]).toBe('Hélène is in a meeting’s record and stays a member.');
    const replaced = asInput(committee);
    replaced.members[2].external_name = 'Quelqu’un d’autre';
    res = await call('PUT', `/api/committees/${committee.id}?locale=fr`, admin, replaced);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.detail['members.2.user_id'][0]).toMatch(/procès-verbal/);
    const now = (await call('GET', '/api/committees', staff)).json().data.find((c: Json) => c.id === committee.id);
    expect(now.members.map((m: Json) => m.name)).toEqual(['Marie Chair', 'Jean Roy', 'Hélène']);
    // Absent members with no record may still go.
    const fewer = asInput(committee);
    fewer.members.splice(1, 1);
    res = await call('PUT', `/api/committees/${committee.id}?locale=en`, admin, fewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.members).toHaveLength(2);
  });

  it.each([
    ['a quorum over the members', (i: Json) => ({ ...i, quorum: 9 }), 'quorum'],
    ['two chairs', (i: Json) => ({ ...i, members: i.members.map((m: Json) => ({ ...m, is_chair: true })) }), 'members'],
    ['no member', (i: Json) => ({ ...i, members: [] }), 'members'],
    ['an empty name', (i: Json) => ({ ...i, name: ' ' }), 'name'],
    ['the name of another committee', (i: Json) => ({ ...i, name: 'comité a (RÉGIONAL)' }), 'name'],
    [
      'a member of another committee',
      (i: Json) => ({ ...i, members: [{ ...i.members[0], id: randomUUID() }, ...i.members.slice(1)] }),
      'members.0.id',
    ],
    [
      'an unknown user',
      (i: Json) => ({ ...i, members: [...i.members, { user_id: randomUUID() }] }),
      'members.3.user_id',
    ],
  ])('refuses %s with a 422 on the field and changes nothing', async (_, change, field) => {
    const committee = await create(`Comité ${randomUUID().slice(0, 8)}`);
    const res = await call('PUT', `/api/committees/${committee.id}?locale=fr`, admin, change(asInput(committee)));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors.detail)).toContain(field);
    const [row] = await selectRows<{ name: string; quorum: number; n: number }>(
      t.database.db,
      sql`SELECT name, quorum, (SELECT count(*)::int FROM committee_members WHERE committee_id = c.id) AS n
            FROM committees c WHERE id = ${committee.id}`,
    );
    expect(row).toEqual({ name: committee.name, quorum: 2, n: 3 });
  });

  it('is for administrators (403 for staff), 404 for an unknown committee', async () => {
    const committee = await create('Comité C');
    expect((await call('PUT', `/api/committees/${committee.id}`, staff, asInput(committee))).statusCode).toBe(403);
    expect((await call('PUT', `/api/committees/${randomUUID()}`, admin, asInput(committee))).statusCode).toBe(404);
  });
});

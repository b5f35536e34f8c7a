/**
 * Committees, meetings, attendance, conflicts, votes, decisions and conditions in the database
 * (docs/decisions/0039). The arithmetic (quorum, majority, casting vote) is src/shared/pipeline/committee.ts.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { tallyItem, type ItemMember, type VoteChoice } from '../../shared/pipeline';
import type { ConditionKind, ConditionStatus, DecisionOutcome, RequestState } from '../../shared/pipeline';
import type { Committee, Meeting } from '../../shared/schemas/pipeline-answers';
import type { Executor } from '../db/client';
import { selectRow, selectRows, type ReadOptions } from '../db/rows';
import { personName } from './store';

const dollars = (cents: number) => cents / 100;

export interface MemberRow {
  id: string;
  committeeId: string;
  userId: string | null;
  name: string;
  external: boolean;
  isChair: boolean;
}

export async function readMembers(db: Executor, committeeIds: readonly string[]): Promise<MemberRow[]> {
  if (committeeIds.length === 0) return [];
  return selectRows<MemberRow>(
    db,
    sql`SELECT m.id, m.committee_id AS "committeeId", m.user_id AS "userId",
               coalesce(m.external_name, ${personName('u')}, u.email) AS name,
               m.user_id IS NULL AS external, m.is_chair AS "isChair"
          FROM committee_members m LEFT JOIN users u ON u.id = m.user_id
         WHERE m.committee_id IN ${committeeIds} ORDER BY m.committee_id, m.position`,
  );
}

const memberAnswer = (m: MemberRow) => ({
  id: m.id,
  userId: m.userId,
  name: m.name,
  external: m.external,
  isChair: m.isChair,
});

export async function readCommittees(db: Executor, id?: string): Promise<Committee[]> {
  const rows = await selectRows<{ id: string; name: string; quorum: number }>(
    db,
    sql`SELECT id, name, quorum FROM committees ${id ? sql`WHERE id = ${id}` : sql``} ORDER BY lower(name), id`,
  );
  const members = await readMembers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    members: members.filter((m) => m.committeeId === r.id).map(memberAnswer),
  }));
}

/** A committee's members as an edit needs them: who each is, and whether a meeting recorded them. */
export async function committeeMemberRecords(db: Executor, committeeId: string) {
  return selectRows<{
    id: string;
    userId: string | null;
    externalName: string | null;
    name: string;
    hasRecords: boolean;
  }>(
    db,
    sql`SELECT m.id, m.user_id AS "userId", m.external_name AS "externalName",
               coalesce(m.external_name, ${personName('u')}, u.email) AS name,
               (EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.member_id = m.id)
                OR EXISTS (SELECT 1 FROM agenda_conflicts c WHERE c.member_id = m.id)
                OR EXISTS (SELECT 1 FROM agenda_votes v WHERE v.member_id = m.id)) AS "hasRecords"
          FROM committee_members m LEFT JOIN users u ON u.id = m.user_id
         WHERE m.committee_id = ${committeeId} ORDER BY m.position`,
  );
}

export interface MeetingRow {
  id: string;
  committeeId: string;
  committeeName: string;
  /** The quorum in force at this meeting: the committee's when it was scheduled. */
  quorum: number;
  date: string;
  location: string | null;
}

export async function findMeeting(db: Executor, id: string, options: ReadOptions = {}): Promise<MeetingRow | null> {
  const row = await selectRow<MeetingRow>(
    db,
    sql`SELECT m.id, m.committee_id AS "committeeId", c.name AS "committeeName", m.quorum, m.date::text AS date, m.location
          FROM committee_meetings m JOIN committees c ON c.id = m.committee_id
         WHERE m.id = ${id}`,
    options,
    'm',
  );
  return row ?? null;
}

/** Each item of the meeting's agenda: whether the committee decided it. */
export const agendaDecided = (db: Executor, meetingId: string) =>
  selectRows<{ decided: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM committee_decisions d WHERE d.agenda_item_id = a.id) AS decided
          FROM agenda_items a WHERE a.meeting_id = ${meetingId}`,
  );

export async function listMeetings(db: Executor, committeeId: string | undefined, limit: number, offset: number) {
  const where = committeeId ? sql`WHERE m.committee_id = ${committeeId}` : sql``;
  const rows = await selectRows<{
    id: string;
    committeeId: string;
    committeeName: string;
    date: string;
    location: string | null;
    itemsCount: number;
    decidedCount: number;
  }>(
    db,
    sql`SELECT m.id, m.committee_id AS "committeeId", c.name AS "committeeName", m.date::text AS date, m.location,
               (SELECT count(*)::int FROM agenda_items a WHERE a.meeting_id = m.id) AS "itemsCount",
               (SELECT count(*)::int FROM agenda_items a JOIN committee_decisions d ON d.agenda_item_id = a.id
                 WHERE a.meeting_id = m.id) AS "decidedCount"
          FROM committee_meetings m JOIN committees c ON c.id = m.committee_id
          ${where}
         ORDER BY m.date DESC, m.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const [total] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM committee_meetings m ${where}`,
  );
  return { rows, totalCount: total!.n };
}

/** Each member of the meeting's committee on one agenda item: present, recused, chair, vote. */
export async function itemMembers(
  db: Executor,
  meetingId: string,
  agendaItemId: string,
): Promise<(ItemMember & MemberRow)[]> {
  return selectRows<ItemMember & MemberRow>(
    db,
    sql`SELECT mb.id, mb.committee_id AS "committeeId", mb.user_id AS "userId",
               coalesce(mb.external_name, ${personName('u')}, u.email) AS name, mb.user_id IS NULL AS external,
               mb.is_chair AS "isChair",
               EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.meeting_id = ${meetingId} AND a.member_id = mb.id) AS present,
               EXISTS (SELECT 1 FROM agenda_conflicts c WHERE c.agenda_item_id = ${agendaItemId} AND c.member_id = mb.id) AS recused,
               (SELECT v.choice FROM agenda_votes v WHERE v.agenda_item_id = ${agendaItemId} AND v.member_id = mb.id) AS vote
          FROM committee_meetings m
          JOIN committee_members mb ON mb.committee_id = m.committee_id
          LEFT JOIN users u ON u.id = mb.user_id
         WHERE m.id = ${meetingId}
         ORDER BY mb.position`,
  );
}

export interface AgendaItemRow {
  id: string;
  meetingId: string;
  requestId: string;
  decisionId: string | null;
}

export async function findAgendaItem(db: Executor, meetingId: string, itemId: string): Promise<AgendaItemRow | null> {
  const [row] = await selectRows<AgendaItemRow>(
    db,
    sql`SELECT a.id, a.meeting_id AS "meetingId", a.request_id AS "requestId", d.id AS "decisionId"
          FROM agenda_items a LEFT JOIN committee_decisions d ON d.agenda_item_id = a.id
         WHERE a.id = ${itemId} AND a.meeting_id = ${meetingId}`,
  );
  return row ?? null;
}

/** A meeting with its members' attendance and every agenda item's conflicts, votes, tally and decision. */
export async function readMeeting(
  db: Executor,
  id: string,
  locale: Locale,
  checksOf: (requestId: string) => Promise<Meeting['agenda'][number]['checks']>,
): Promise<Meeting | null> {
  const meeting = await findMeeting(db, id);
  if (!meeting) return null;
  const members = await selectRows<MemberRow & { present: boolean }>(
    db,
    sql`SELECT mb.id, mb.committee_id AS "committeeId", mb.user_id AS "userId",
               coalesce(mb.external_name, ${personName('u')}, u.email) AS name, mb.user_id IS NULL AS external,
               mb.is_chair AS "isChair",
               EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.meeting_id = ${id} AND a.member_id = mb.id) AS present
          FROM committee_members mb LEFT JOIN users u ON u.id = mb.user_id
         WHERE mb.committee_id = ${meeting.committeeId} ORDER BY mb.position`,
  );
  const fund = sql.raw(locale === 'en' ? 'f.name_en' : 'f.name_fr');
  const items = await selectRows<{
    id: string;
    requestId: string;
    companyName: string;
    projectName: string;
    projectCostCents: number;
    requestState: RequestState;
    amounts: { fundId: string; fundName: string; amountCents: number }[] | null;
  }>(
    db,
    sql`SELECT a.id, r.id AS "requestId", c.name AS "companyName", r.project_name AS "projectName",
               r.project_cost_cents::float8 AS "projectCostCents", r.state AS "requestState",
               (SELECT json_agg(json_build_object('fundId', x.fund_id, 'fundName', ${fund}, 'amountCents', x.amount_cents)
                                ORDER BY x.position)
                  FROM funding_request_amounts x JOIN contribution_funds f ON f.id = x.fund_id
                 WHERE x.request_id = r.id) AS amounts
          FROM agenda_items a JOIN funding_requests r ON r.id = a.request_id JOIN companies c ON c.id = r.company_id
         WHERE a.meeting_id = ${id} ORDER BY a.position`,
  );
  const agenda: Meeting['agenda'] = [];
  for (const item of items) {
    const onItem = await itemMembers(db, id, item.id);
    const conflicts = await selectRows<{ memberId: string; reason: string }>(
      db,
      sql`SELECT member_id AS "memberId", reason FROM agenda_conflicts WHERE agenda_item_id = ${item.id} ORDER BY inserted_at`,
    );
    const votes = await selectRows<{ memberId: string; choice: VoteChoice; enteredByAdministrator: boolean }>(
      db,
      sql`SELECT v.member_id AS "memberId", v.choice, v.entered_by_administrator AS "enteredByAdministrator"
            FROM agenda_votes v JOIN committee_members m ON m.id = v.member_id
           WHERE v.agenda_item_id = ${item.id} ORDER BY m.position`,
    );
    agenda.push({
      id: item.id,
      requestId: item.requestId,
      companyName: item.companyName,
      projectName: item.projectName,
      projectCost: dollars(item.projectCostCents),
      requestState: item.requestState,
      amounts: (item.amounts ?? []).map((a) => ({
        fundId: a.fundId,
        fundName: a.fundName,
        amount: dollars(a.amountCents),
      })),
      conflicts,
      votes,
      tally: tallyItem(onItem, meeting.quorum),
      checks: await checksOf(item.requestId),
      decision: await readDecision(db, item.id, locale),
    });
  }
  return {
    id: meeting.id,
    committeeId: meeting.committeeId,
    committeeName: meeting.committeeName,
    date: meeting.date,
    location: meeting.location,
    members: members.map((m) => ({ ...memberAnswer(m), present: m.present })),
    agenda,
  };
}

export async function readDecision(db: Executor, agendaItemId: string, locale: Locale) {
  const [row] = await selectRows<{
    id: string;
    outcome: DecisionOutcome;
    resolutionNumber: string;
    decidedOn: string;
    rate: number | null;
    amortization: number | null;
    moratorium: number | null;
    warrantyId: string | null;
    votesFor: number;
    votesAgainst: number;
    votesAbstain: number;
  }>(
    db,
    sql`SELECT id, outcome, resolution_number AS "resolutionNumber", decided_on::text AS "decidedOn",
               rate::float8 AS rate, amortization, moratorium, warranty_id AS "warrantyId",
               votes_for AS "votesFor", votes_against AS "votesAgainst", votes_abstain AS "votesAbstain"
          FROM committee_decisions WHERE agenda_item_id = ${agendaItemId}`,
  );
  if (!row) return null;
  const fund = sql.raw(locale === 'en' ? 'f.name_en' : 'f.name_fr');
  const amounts = await selectRows<{ fundId: string; fundName: string; amountCents: number }>(
    db,
    sql`SELECT a.fund_id AS "fundId", ${fund} AS "fundName", a.amount_cents::float8 AS "amountCents"
          FROM decision_amounts a JOIN contribution_funds f ON f.id = a.fund_id
         WHERE a.decision_id = ${row.id} ORDER BY ${fund}`,
  );
  return {
    ...row,
    amounts: amounts.map((a) => ({ fundId: a.fundId, fundName: a.fundName, amount: dollars(a.amountCents) })),
    conditions: await readConditions(db, sql`decision_id = ${row.id}`),
  };
}

export function readConditions(db: Executor, where: ReturnType<typeof sql>) {
  return selectRows<{
    id: string;
    requestId: string;
    text: string;
    kind: ConditionKind;
    dueDate: string | null;
    status: ConditionStatus;
    note: string | null;
  }>(
    db,
    sql`SELECT id, request_id AS "requestId", text, kind, due_date::text AS "dueDate", status, note
          FROM decision_conditions WHERE ${where} ORDER BY position`,
  );
}

/** The decisions taken on a request, latest first, each with the meeting and committee that took it. */
export async function requestDecisions(db: Executor, requestId: string, locale: Locale) {
  const rows = await selectRows<{ agendaItemId: string; meetingId: string; committeeName: string }>(
    db,
    sql`SELECT d.agenda_item_id AS "agendaItemId", m.id AS "meetingId", c.name AS "committeeName"
          FROM committee_decisions d
          JOIN agenda_items i ON i.id = d.agenda_item_id
          JOIN committee_meetings m ON m.id = i.meeting_id
          JOIN committees c ON c.id = m.committee_id
         WHERE d.request_id = ${requestId}
         ORDER BY d.decided_on DESC, d.inserted_at DESC`,
  );
  const decisions = await Promise.all(
    rows.map(async (row) => {
      const decision = await readDecision(db, row.agendaItemId, locale);
      return { ...decision!, meetingId: row.meetingId, committeeName: row.committeeName };
    }),
  );
  return decisions;
}

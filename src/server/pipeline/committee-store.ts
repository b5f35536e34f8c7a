/**
 * Committees, meetings, attendance, conflicts, votes, decisions and conditions in the database
 * (docs/decisions/0039). The arithmetic (quorum, majority, casting vote) is src/shared/pipeline/committee.ts.
 */
import { toDollars as dollars } from '../../shared/money';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { tallyItem, type ItemMember, type VoteChoice } from '../../shared/pipeline';
import type { ConditionKind, ConditionStatus, DecisionOutcome, RequestState } from '../../shared/pipeline';
import type { Committee, Meeting } from '../../shared/schemas/pipeline-answers';
import type { CommitteeInput } from '../../shared/schemas/pipeline';
import type { Executor, Tx } from '../db/client';
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
import { selectRow, selectRows, type ReadOptions } from '../db/rows';
import { personName } from './store';

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

/**
 * Each member of the meeting's committee on one agenda item: present, recused, chair, vote. The request's analyst
 * (its assignee) is recused by the rule while the item is open (ADR 0068); the decision writes that recusal down,
 * so a later change of analyst leaves the minutes as they were.
 */
export async function itemMembers(
  db: Executor,
  meetingId: string,
  agendaItemId: string,
): Promise<(ItemMember & MemberRow & { analyst: boolean })[]> {
  return selectRows<ItemMember & MemberRow & { analyst: boolean }>(
    db,
    sql`WITH item AS (
          SELECT r.assignee_id,
                 EXISTS (SELECT 1 FROM committee_decisions d WHERE d.agenda_item_id = i.id) AS decided
            FROM agenda_items i JOIN funding_requests r ON r.id = i.request_id
           WHERE i.id = ${agendaItemId})
        SELECT mb.id, mb.committee_id AS "committeeId", mb.user_id AS "userId",
               coalesce(mb.external_name, ${personName('u')}, u.email) AS name, mb.user_id IS NULL AS external,
               mb.is_chair AS "isChair",
               EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.meeting_id = ${meetingId} AND a.member_id = mb.id) AS present,
               coalesce(EXISTS (SELECT 1 FROM agenda_conflicts c
                                 WHERE c.agenda_item_id = ${agendaItemId} AND c.member_id = mb.id)
                        OR (NOT item.decided AND mb.user_id = item.assignee_id), false) AS recused,
               coalesce(EXISTS (SELECT 1 FROM agenda_conflicts c
                                 WHERE c.agenda_item_id = ${agendaItemId} AND c.member_id = mb.id AND c.automatic)
                        OR (NOT item.decided AND mb.user_id = item.assignee_id), false) AS analyst,
               (SELECT v.choice FROM agenda_votes v WHERE v.agenda_item_id = ${agendaItemId} AND v.member_id = mb.id) AS vote
          FROM committee_meetings m
          CROSS JOIN item
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
    const declared = await selectRows<{ memberId: string; reason: string; automatic: boolean }>(
      db,
      sql`SELECT member_id AS "memberId", reason, automatic FROM agenda_conflicts
           WHERE agenda_item_id = ${item.id} ORDER BY inserted_at`,
    );
    // The analyst's recusal, written down at the decision, is read from the rule until then.
    const conflicts = [
      ...declared,
      ...onItem
        .filter((m) => m.analyst && !declared.some((c) => c.memberId === m.id))
        .map((m) => ({ memberId: m.id, reason: '', automatic: true })),
    ];
    const votes = await selectRows<{
      memberId: string;
      choice: VoteChoice;
      enteredByAdministrator: boolean;
      enteredBy: string | null;
    }>(
      db,
      sql`SELECT v.member_id AS "memberId", v.choice, v.entered_by_administrator AS "enteredByAdministrator",
                 CASE WHEN v.entered_by_administrator THEN coalesce(${personName('e')}, e.email) END AS "enteredBy"
            FROM agenda_votes v JOIN committee_members m ON m.id = v.member_id
            LEFT JOIN users e ON e.id = v.entered_by_id
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
    missingVoters: string[];
    refusalReason: string | null;
  }>(
    db,
    sql`SELECT id, outcome, resolution_number AS "resolutionNumber", decided_on::text AS "decidedOn",
               rate::float8 AS rate, amortization, moratorium, warranty_id AS "warrantyId",
               votes_for AS "votesFor", votes_against AS "votesAgainst", votes_abstain AS "votesAbstain",
               missing_voters AS "missingVoters", refusal_reason AS "refusalReason"
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

/** One condition of a decision; undefined when there is none. */
export const readCondition = async (db: Executor, id: string) => (await readConditions(db, sql`id = ${id}`))[0];

function readConditions(db: Executor, where: ReturnType<typeof sql>) {
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

/* ------------------------------------------------------------------------------------------------ writes */

/** Which of these users are active staff (confirmed, not disabled). */
export async function activeUserIds(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await selectRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE id IN ${userIds} AND disabled_at IS NULL AND confirmed_at IS NOT NULL`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Whether another committee than `exceptId` has this name, letter case aside. */
export const committeeNameTaken = async (db: Executor, name: string, exceptId: string | null): Promise<boolean> =>
  (
    await selectRows(
      db,
      sql`SELECT 1 FROM committees WHERE lower(name) = lower(${name}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
    )
  ).length > 0;

const memberValues = (m: CommitteeInput['members'][number], position: number) => ({
  userId: m.userId,
  externalName: m.userId ? null : m.externalName,
  isChair: m.isChair,
  position,
});

export async function insertCommittee(tx: Tx, input: CommitteeInput): Promise<string> {
  const [row] = await tx
    .insert(committees)
    .values({ name: input.name, quorum: input.quorum! })
    .returning({ id: committees.id });
  await tx
    .insert(committeeMembers)
    .values(input.members.map((m, position) => ({ committeeId: row!.id, ...memberValues(m, position) })));
  return row!.id;
}

/** Locks a committee for an edit; false when there is none. */
export const lockCommittee = async (tx: Tx, id: string): Promise<boolean> =>
  (await selectRows(tx, sql`SELECT 1 FROM committees WHERE id = ${id} FOR UPDATE`)).length > 0;

/** Saves a committee's name, quorum and members: members kept by id, the others removed, new ones added. */
export async function rewriteCommittee(tx: Tx, id: string, input: CommitteeInput): Promise<void> {
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
    const values = memberValues(m, position);
    if (m.id) await tx.update(committeeMembers).set(values).where(eq(committeeMembers.id, m.id));
    else await tx.insert(committeeMembers).values({ committeeId: id, ...values });
  }
}

/** A committee's quorum now; null when there is no such committee. */
export async function committeeQuorum(db: Executor, id: string): Promise<number | null> {
  const [row] = await selectRows<{ quorum: number }>(db, sql`SELECT quorum FROM committees WHERE id = ${id}`);
  return row?.quorum ?? null;
}

export async function insertMeeting(
  tx: Tx,
  meeting: { committeeId: string; date: string; location: string | null; quorum: number; requestIds: string[] },
): Promise<string> {
  const [row] = await tx
    .insert(committeeMeetings)
    .values({
      committeeId: meeting.committeeId,
      date: meeting.date,
      location: meeting.location,
      quorum: meeting.quorum,
    })
    .returning({ id: committeeMeetings.id });
  if (meeting.requestIds.length > 0)
    await tx
      .insert(agendaItems)
      .values(meeting.requestIds.map((requestId, position) => ({ meetingId: row!.id, requestId, position })));
  return row!.id;
}

export const committeeMemberIds = async (db: Executor, committeeId: string): Promise<Set<string>> =>
  new Set(
    (
      await selectRows<{ id: string }>(db, sql`SELECT id FROM committee_members WHERE committee_id = ${committeeId}`)
    ).map((row) => row.id),
  );

/** The members present at a meeting, the others absent. */
export async function replaceAttendance(tx: Tx, meetingId: string, memberIds: readonly string[]): Promise<void> {
  await tx.delete(meetingAttendance).where(eq(meetingAttendance.meetingId, meetingId));
  const unique = [...new Set(memberIds)];
  if (unique.length > 0) await tx.insert(meetingAttendance).values(unique.map((memberId) => ({ meetingId, memberId })));
}

/** A member's conflict on an item; a vote they cast on it counts for nothing and is removed. */
export async function insertConflict(
  tx: Tx,
  conflict: { agendaItemId: string; memberId: string; reason: string; authorId: string },
): Promise<void> {
  await tx.insert(agendaConflicts).values(conflict);
  await tx
    .delete(agendaVotes)
    .where(and(eq(agendaVotes.agendaItemId, conflict.agendaItemId), eq(agendaVotes.memberId, conflict.memberId)));
}

/** The analyst's recusal by the rule, written down (no reason) unless the analyst declared a conflict themself. */
export async function writeAnalystRecusal(
  tx: Tx,
  recusal: { agendaItemId: string; memberId: string; authorId: string },
): Promise<void> {
  await tx
    .insert(agendaConflicts)
    .values({ ...recusal, reason: '', automatic: true })
    .onConflictDoNothing();
}

/** A member's vote on an item, replacing the one they cast before. */
export async function saveVote(
  tx: Tx,
  vote: { agendaItemId: string; memberId: string; choice: VoteChoice; enteredById: string; byAdministrator: boolean },
): Promise<void> {
  const values = {
    choice: vote.choice,
    enteredById: vote.enteredById,
    enteredByAdministrator: vote.byAdministrator,
    updatedAt: new Date(),
  };
  await tx
    .insert(agendaVotes)
    .values({ agendaItemId: vote.agendaItemId, memberId: vote.memberId, ...values })
    .onConflictDoUpdate({ target: [agendaVotes.agendaItemId, agendaVotes.memberId], set: values });
}

export const resolutionTaken = async (db: Executor, resolutionNumber: string): Promise<boolean> =>
  (await selectRows(db, sql`SELECT 1 FROM committee_decisions WHERE resolution_number = ${resolutionNumber}`)).length >
  0;

/** A decision with the amounts it grants and its conditions; answers its id. */
export async function insertDecision(
  tx: Tx,
  decision: typeof committeeDecisions.$inferInsert,
  amounts: { fundId: string; amountCents: number }[],
  conditions: { text: string; kind: ConditionKind; dueDate: string | null }[],
): Promise<string> {
  const [row] = await tx.insert(committeeDecisions).values(decision).returning({ id: committeeDecisions.id });
  const decisionId = row!.id;
  if (amounts.length > 0) await tx.insert(decisionAmounts).values(amounts.map((a) => ({ decisionId, ...a })));
  if (conditions.length > 0)
    await tx
      .insert(decisionConditions)
      .values(conditions.map((c, position) => ({ decisionId, requestId: decision.requestId, ...c, position })));
  return decisionId;
}

export async function updateCondition(
  tx: Tx,
  id: string,
  change: { status: ConditionStatus; note: string | null; authorId: string },
): Promise<void> {
  await tx
    .update(decisionConditions)
    .set({ status: change.status, note: change.note, updatedById: change.authorId, updatedAt: new Date() })
    .where(eq(decisionConditions.id, id));
}

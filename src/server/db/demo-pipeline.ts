/**
 * Funding requests for the demo dataset (docs/decisions/0039): checklist templates for every fund, requests in
 * every state (with their checklists, decisions and conditions as that state implies), two committees and a
 * year of monthly meetings, so that the board, a request's page and a meeting can be seen full. Deterministic:
 * request `i` is of demo company `1 + i mod companies` and of state `i mod 11`. A disbursed request's loans are
 * made by the pipeline's own disbursement (`DisburseRequest`), as the move would make them.
 */
import { sql } from 'drizzle-orm';
import { DECISION_STATES, FORWARD_PATH, REQUEST_STATES, type RequestState } from '../../shared/pipeline';
import { addDays } from '../../shared/servicing';
import type { Db, Tx } from './client';
import { selectRows } from './rows';
import { latestSchema } from './migrate';
import {
  agendaItems,
  agendaVotes,
  checklistItems,
  checklistTemplates,
  committeeDecisions,
  committeeMeetings,
  committeeMembers,
  committees,
  decisionAmounts,
  decisionConditions,
  fundingRequestAmounts,
  fundingRequestMoves,
  fundingRequests,
  fundingRequestSources,
  meetingAttendance,
} from './schema';

/** The states a request reaches once its committee decided: a decision's outcome, or further on from `decided`. */
const DECIDED: readonly RequestState[] = [
  ...DECISION_STATES,
  ...FORWARD_PATH.slice(FORWARD_PATH.indexOf('decided') + 1),
];
const PROJECTS = [
  'Agrandissement de l’usine',
  'Nouvelle ligne de production',
  'Achat d’équipement',
  'Démarrage',
  'Relève',
];

/** When the demo's before-disbursement conditions fall due, from today: in a month, this week, last week. */
const CONDITION_DUE_IN_DAYS = [30, 4, -3];

/** The states a request went through to reach `state`. */
function pathTo(state: RequestState): RequestState[] {
  if (state === 'withdrawn') return ['draft', 'submitted', 'withdrawn'];
  if (state === 'declined' || state === 'deferred') return [...FORWARD_PATH.slice(0, 4), state];
  return FORWARD_PATH.slice(0, FORWARD_PATH.indexOf(state) + 1);
}

/**
 * The pipeline's move of a request to `disbursed` (src/server/pipeline/disbursement.ts `disburseRequest`), given by
 * the caller since db/ imports no feature: the demo's disbursed requests become loans the way the app makes them.
 */
export type DisburseRequest = (
  tx: Tx,
  request: {
    id: string;
    companyId: string;
    projectName: string;
    projectCostCents: number;
    state: 'ready_to_disburse';
    assigneeId: string | null;
    lockVersion: number;
  },
  disbursement: { date: string; method: 'eft'; reference: string | null; note: string | null },
  authorId: string,
  locale: 'fr',
) => Promise<string[]>;

export async function seedPipeline(
  db: Db,
  options: {
    companyIds: string[];
    userIds: string[];
    today: string;
    requests?: number;
    /** Without it, the disbursed requests of the demo have no loans behind them. */
    disburseRequest?: DisburseRequest;
  },
): Promise<{ requests: number; meetings: number }> {
  const { companyIds, userIds, today } = options;
  if (companyIds.length === 0) return { requests: 0, meetings: 0 };
  // A migration's own test seeds the demo on the schema as it stood before (risk-rating-migration.test.ts,
  // guarantees-migration.test.ts): the pipeline's demo is written for the latest schema, so it waits for it.
  if (!(await latestSchema(db))) return { requests: 0, meetings: 0 };
  const funds = await selectRows<{ id: string }>(db, sql`SELECT id FROM contribution_funds ORDER BY key`);
  const categories = await selectRows<{ id: string; key: string }>(db, sql`SELECT id, key FROM document_categories`);
  const category = (key: string) => categories.find((c) => c.key === key)?.id ?? categories[0]!.id;
  const templates = [
    {
      stage: 'intake' as const,
      categoryId: category('financial'),
      labelFr: 'Plan d’affaires',
      labelEn: 'Business plan',
    },
    {
      stage: 'analysis' as const,
      categoryId: category('financial-statements'),
      labelFr: 'États financiers',
      labelEn: 'Financial statements',
    },
    {
      stage: 'before_disbursement' as const,
      categoryId: category('legal'),
      labelFr: 'Résolution du conseil',
      labelEn: 'Board resolution',
    },
  ];
  const count = options.requests ?? 44;
  let meetings = 0;
  await db.transaction(async (tx) => {
    await tx
      .insert(checklistTemplates)
      .values(
        funds.flatMap((fund) => templates.map((t, position) => ({ ...t, fundId: fund.id, required: true, position }))),
      );
    // Two committees: staff members (the first demo users after the administrator) and one external member each.
    const staff = userIds.slice(1, 6);
    const made: { id: string; quorum: number; members: string[] }[] = [];
    for (const [index, name] of ['Comité d’investissement FLI', 'Comité d’investissement FLS'].entries()) {
      const users = staff.slice(index, index + 3);
      const [committee] = await tx
        .insert(committees)
        .values({ name, quorum: Math.min(3, users.length + 1) })
        .returning({ id: committees.id, quorum: committees.quorum });
      const rows = await tx
        .insert(committeeMembers)
        .values([
          ...users.map((userId, position) => ({
            committeeId: committee!.id,
            userId,
            isChair: position === 0,
            position,
          })),
          {
            committeeId: committee!.id,
            externalName: index === 0 ? 'Hélène Gagnon' : 'Marc Tremblay',
            position: users.length,
            isChair: users.length === 0,
          },
        ])
        .returning({ id: committeeMembers.id });
      made.push({ id: committee!.id, quorum: committee!.quorum, members: rows.map((r) => r.id) });
    }
    // A year of monthly meetings per committee; decided requests are spread over them.
    const meetingIds: { id: string; date: string; members: string[] }[] = [];
    for (const committee of made) {
      for (let month = 12; month >= 1; month -= 1) {
        const date = addDays(today, -30 * month + 3);
        const [meeting] = await tx
          .insert(committeeMeetings)
          .values({ committeeId: committee.id, date, location: 'Salle du conseil', quorum: committee.quorum })
          .returning({ id: committeeMeetings.id });
        await tx
          .insert(meetingAttendance)
          .values(committee.members.map((memberId) => ({ meetingId: meeting!.id, memberId })));
        meetingIds.push({ id: meeting!.id, date, members: committee.members });
        meetings += 1;
      }
    }
    for (let i = 0; i < count; i += 1) {
      const state = REQUEST_STATES[i % REQUEST_STATES.length]!;
      const fund = funds[i % funds.length]!;
      const amountCents = (25_000 + ((i * 7919) % 20) * 5_000) * 100;
      const path = pathTo(state);
      const waited = (i % 9) * 4 + 1;
      const [request] = await tx
        .insert(fundingRequests)
        .values({
          companyId: companyIds[i % companyIds.length]!,
          projectName: `${PROJECTS[i % PROJECTS.length]} ${2026 - (i % 3)}`,
          projectCostCents: amountCents * 4,
          state,
          assigneeId: userIds[1 + (i % Math.max(1, userIds.length - 1))] ?? null,
          stateChangedAt: new Date(`${addDays(today, -waited)}T14:00:00Z`),
          createdById: userIds[0] ?? null,
        })
        .returning({ id: fundingRequests.id });
      const requestId = request!.id;
      await tx.insert(fundingRequestAmounts).values({ requestId, fundId: fund.id, amountCents, position: 0 });
      await tx.insert(fundingRequestSources).values([
        { requestId, name: 'Caisse Desjardins', amountCents: amountCents * 2, confirmed: i % 2 === 0, position: 0 },
        { requestId, name: 'Subvention MEIE', amountCents, confirmed: true, isPublic: true, position: 1 },
      ]);
      await tx.insert(fundingRequestMoves).values(
        path.map((to, n) => ({
          requestId,
          fromState: n === 0 ? null : path[n - 1]!,
          toState: to,
          authorId: userIds[0] ?? null,
        })),
      );
      if (state !== 'draft') {
        // Items done for every stage the request has left; the others as they would be.
        const left = (stage: string) =>
          stage === 'intake'
            ? path.includes('in_analysis')
            : stage === 'analysis'
              ? path.includes('ready_for_committee')
              : path.includes('ready_to_disburse');
        await tx.insert(checklistItems).values(
          templates.map((t, position) => ({
            ...t,
            requestId,
            required: true,
            position,
            status: left(t.stage)
              ? position === 1 && i % 4 === 0
                ? ('waived' as const)
                : ('verified' as const)
              : ('missing' as const),
            waivedReason: left(t.stage) && position === 1 && i % 4 === 0 ? 'Entreprise en démarrage' : null,
            verifiedAt: left(t.stage) && !(position === 1 && i % 4 === 0) ? new Date() : null,
          })),
        );
      }
      if (!DECIDED.includes(state)) continue;
      const meeting = meetingIds[i % meetingIds.length]!;
      const [item] = await tx
        .insert(agendaItems)
        .values({ meetingId: meeting.id, requestId, position: i })
        .returning({ id: agendaItems.id });
      const choice = state === 'declined' ? ('against' as const) : ('for' as const);
      await tx.insert(agendaVotes).values(
        meeting.members.map((memberId, n) => ({
          agendaItemId: item!.id,
          memberId,
          choice: n === 1 ? ('abstain' as const) : choice,
          enteredByAdministrator: n === meeting.members.length - 1,
        })),
      );
      const approval = state !== 'declined' && state !== 'deferred';
      const [decision] = await tx
        .insert(committeeDecisions)
        .values({
          agendaItemId: item!.id,
          requestId,
          outcome: approval ? 'approved_with_conditions' : state,
          resolutionNumber: `CI-${meeting.date.slice(0, 4)}-${String(i + 1).padStart(3, '0')}`,
          decidedOn: meeting.date,
          rate: approval ? 5 + (i % 4) * 0.5 : null,
          amortization: approval ? 60 : null,
          moratorium: approval ? 6 : null,
          votesFor: choice === 'for' ? meeting.members.length - 1 : 0,
          votesAgainst: choice === 'against' ? meeting.members.length - 1 : 0,
          votesAbstain: 1,
          authorId: userIds[0] ?? null,
        })
        .returning({ id: committeeDecisions.id });
      if (!approval) continue;
      await tx.insert(decisionAmounts).values({ decisionId: decision!.id, fundId: fund.id, amountCents });
      const met = state === 'ready_to_disburse' || state === 'disbursed';
      await tx.insert(decisionConditions).values([
        {
          decisionId: decision!.id,
          requestId,
          text: 'Preuve d’assurance des biens',
          kind: 'before_disbursement',
          status: met ? 'met' : 'open',
          position: 0,
          // Some coming due this week or already past, so My tasks shows the conditions' tasks (ADR 0045).
          dueDate: addDays(today, CONDITION_DUE_IN_DAYS[i % CONDITION_DUE_IN_DAYS.length]!),
        },
        {
          decisionId: decision!.id,
          requestId,
          text: 'États financiers annuels dans les 120 jours',
          kind: 'covenant',
          position: 1,
        },
      ]);
      const disburseRequest = options.disburseRequest;
      if (state !== 'disbursed' || !disburseRequest) continue;
      // The money goes out as the app sends it (the same code as the move to `disbursed`): a disbursed request
      // of the demo leads to real loans with the decided terms and their first disbursement.
      const companyId = companyIds[i % companyIds.length]!;
      const disbursedOn = [addDays(meeting.date, 10), today].sort()[0]!;
      await disburseRequest(
        tx,
        {
          id: requestId,
          companyId,
          projectName: `${PROJECTS[i % PROJECTS.length]} ${2026 - (i % 3)}`,
          projectCostCents: amountCents * 4,
          state: 'ready_to_disburse',
          assigneeId: null,
          lockVersion: 0,
        },
        { date: disbursedOn, method: 'eft', reference: `VIR-${String(i + 1).padStart(4, '0')}`, note: null },
        userIds[0]!,
        'fr',
      );
    }
  });
  return { requests: count, meetings };
}

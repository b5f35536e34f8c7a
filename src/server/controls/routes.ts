import { z } from 'zod';
import { APPROVAL_STATES, type ApprovalState } from '../../shared/controls/rules';
import {
  approvalPolicyInputSchema,
  approvalPolicySchema,
  approvalSchema,
  authorizedIncreaseInputSchema,
  controlsReportSchema,
  rejectionInputSchema,
} from '../../shared/schemas/controls';
import type { Locale } from '../../shared/constants';
import { isYearInRange } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { toDollars } from '../../shared/money';
import { isCalendarDate } from '../../shared/servicing/calendar';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { userOf } from '../platform/auth/plugin';
import { AppError, badParameter, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { csvStream, sendCsv, yesNo } from '../platform/http/csv';
import { listContract, listMeta, pageWindow, parseListParams, type ListOptions } from '../platform/http/list-params';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import type { Author } from '../servicing/actions/write-on-loan';
import { approveMove, cancelMove, gateMove, rejectMove, saveApprovalPolicy } from './actions';
import { approvalAnswer, journalLine, policyAnswer } from './answers';
import {
  approvalsMadeIn,
  findApproval,
  isApprover,
  listApprovals,
  outsideLoansCreatedIn,
  readPolicyWithChanges,
} from './store';

const tags = ['controls'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['state', 'fundId', 'contributionId'] };

type AuthorRequest = Parameters<typeof userOf>[0] & { locale: Locale };
const authorOf = (request: AuthorRequest): Author => ({ authorId: userOf(request).id, locale: request.locale });

/** `from` and `to` of the journal: two days of the product's years, in order (else 400 with the journal's words). */
function periodOf(from: string | undefined, to: string | undefined): { from: string; to: string } {
  const day = (value: string | undefined) => value !== undefined && isCalendarDate(value) && isYearInRange(value);
  if (!day(from) || !day(to) || from! > to!) throw new AppError(400, 'bad_request', 'controls.errors.period');
  return { from: from!, to: to! };
}

const JOURNAL_COLUMNS = [
  'insertedAt',
  'kind',
  'state',
  'company',
  'loan',
  'fund',
  'amount',
  'entryDate',
  'maker',
  'decidedBy',
  'decidedAt',
  'reason',
] as const;

const approvalParams = z.object({ id: uuid() });
const FC = '/companies/:companyId/financial_contributions/:id';

/** Two-person approval (docs/decisions/0067): policies, the queue and its decisions, the journal of controls. */
export const controlsRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  const policyOf = async (id: string, locale: Locale) => {
    const read = await readPolicyWithChanges(db, id, locale);
    if (!read) throw notFound();
    return ok(policyAnswer(read));
  };

  app.get(
    '/funds/:id/approval_policy',
    envelopeContract({
      summary:
        "A fund's two-person approval policy — which moves wait for a second person, from what amount — and its changes (any staff)",
      tags,
      params: approvalParams,
      answer: approvalPolicySchema,
    }),
    async (request) => policyOf(request.params.id, request.locale),
  );

  app.put(
    '/funds/:id/approval_policy',
    {
      ...envelopeContract({
        summary: "Sets a fund's two-person approval policy, kept with its change (administrators)",
        tags,
        params: approvalParams,
        body: approvalPolicyInputSchema,
        answer: approvalPolicySchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await saveApprovalPolicy(db, request.params.id, request.body, userOf(request).id);
      return policyOf(request.params.id, request.locale);
    },
  );

  app.get(
    '/approvals',
    listContract({
      summary:
        'Controlled moves, the latest first (filter[state], filter[fund_id], filter[contribution_id]): approvers and administrators see every one, others the moves they made',
      tags,
      options: LIST,
      item: approvalSchema,
    }),
    async (request) => {
      const params = parseListParams(request.query, LIST);
      const user = userOf(request);
      const { state, fundId, contributionId } = params.filters as Record<string, string | undefined>;
      if (state !== undefined && !(APPROVAL_STATES as readonly string[]).includes(state)) {
        throw badParameter('filter[state]');
      }
      if (fundId !== undefined && !UUID.test(fundId)) throw badParameter('filter[fund_id]');
      if (contributionId !== undefined && !UUID.test(contributionId)) throw badParameter('filter[contribution_id]');
      const mayApprove = await isApprover(db, user.id);
      const seesAll = mayApprove || user.role === 'admin';
      const { rows, total } = await listApprovals(
        db,
        {
          state: state as ApprovalState | undefined,
          fundId: fundId?.toLowerCase(),
          contributionId: contributionId?.toLowerCase(),
          makerId: seesAll ? undefined : user.id,
        },
        pageWindow(params),
        request.locale,
      );
      const viewer = { id: user.id, mayApprove };
      const data = [];
      for (const row of rows) data.push(await approvalAnswer(db, row, viewer, authorOf(request)));
      return ok(data, { ...listMeta(total, params.pageNumber, params.pageSize) });
    },
  );

  /** A decision's answer: the move as it now stands. */
  const decided = async (request: AuthorRequest, id: string) => {
    const row = await findApproval(db, id, request.locale);
    if (!row) throw notFound();
    const user = userOf(request);
    return ok(
      await approvalAnswer(db, row, { id: user.id, mayApprove: await isApprover(db, user.id) }, authorOf(request)),
    );
  };

  app.post(
    '/approvals/:id/approve',
    envelopeContract({
      summary:
        'Approves a pending move: it lands as its maker dated it (403 for its maker or a non-approver; 409 once decided; the entry rule’s own refusal when no longer valid, the move staying pending)',
      tags,
      params: approvalParams,
      answer: approvalSchema,
    }),
    async (request) => {
      await approveMove(db, request.params.id, authorOf(request));
      return decided(request, request.params.id);
    },
  );

  app.post(
    '/approvals/:id/reject',
    envelopeContract({
      summary: 'Rejects a pending move with a reason (body `reason`, required; 403 for its maker or a non-approver)',
      tags,
      params: approvalParams,
      body: rejectionInputSchema,
      answer: approvalSchema,
    }),
    async (request) => {
      await rejectMove(db, request.params.id, request.body.reason, authorOf(request));
      return decided(request, request.params.id);
    },
  );

  app.post(
    '/approvals/:id/cancel',
    envelopeContract({
      summary: 'Withdraws a pending move (its maker only; 409 once decided)',
      tags,
      params: approvalParams,
      answer: approvalSchema,
    }),
    async (request) => {
      await cancelMove(db, request.params.id, authorOf(request));
      return decided(request, request.params.id);
    },
  );

  app.post(
    `${FC}/authorized_increase`,
    {
      ...envelopeContract({
        summary:
          "Raises a loan's authorized amount under a resolution (number and date), where the fund's policy allows it; always waits for a second person's approval (administrators)",
        tags,
        params: z.object({ companyId: uuid(), id: uuid() }),
        body: authorizedIncreaseInputSchema,
        answer: approvalSchema,
        status: 202,
      }),
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const gated = await gateMove(
        db,
        { kind: 'authorized_increase', loan: request.params, input: request.body },
        authorOf(request),
      );
      if (!('pendingId' in gated)) throw new Error('an authorized increase always waits');
      const body = await decided(request, gated.pendingId);
      return reply.code(202).send(body);
    },
  );

  app.get(
    '/reports/controls',
    contract({
      summary:
        'The journal of controls of a period (from, to: YYYY-MM-DD): every controlled move made in it, with its maker and decider, and every loan created outside the pipeline',
      tags: [...tags, 'reports'],
      querystring: localeQuery.extend({ from: z.string().optional(), to: z.string().optional() }),
      response: { 200: envelopeOf(controlsReportSchema) },
    }),
    async (request) => {
      const period = periodOf(request.query.from, request.query.to);
      const moves = await approvalsMadeIn(db, period, request.locale);
      const outside = await outsideLoansCreatedIn(db, period, request.locale);
      return ok({ ...period, moves: moves.map(journalLine), outsidePipelineLoans: outside });
    },
  );

  app.get(
    '/reports/controls.csv',
    contract({
      summary: 'The journal of controls of a period as a CSV file, in the language asked',
      tags: [...tags, 'reports'],
      querystring: localeQuery.extend({ from: z.string().optional(), to: z.string().optional() }),
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const period = periodOf(request.query.from, request.query.to);
      const locale = request.locale;
      const moves = await approvalsMadeIn(db, period, locale);
      const outside = await outsideLoansCreatedIn(db, period, locale);
      const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
      const header = JOURNAL_COLUMNS.map((column) => t(`controls.journal.columns.${column}`));
      const lines = [
        ...moves.map((row) => [
          row.insertedAt,
          t(`controls.kind.${row.kind}`),
          t(`controls.state.${row.state}`),
          row.companyName,
          row.loanNumber,
          row.fundName,
          toDollars(row.amountCents),
          row.entryDate,
          row.makerName,
          row.decidedByName,
          row.decidedAt,
          row.reason,
        ]),
        ...outside.map((loan) => [
          loan.insertedAt,
          t('controls.journal.outside'),
          null,
          loan.companyName,
          loan.loanNumber,
          loan.fundName,
          loan.amount,
          null,
          null,
          null,
          null,
          null,
        ]),
      ];
      const body = csvStream(
        header,
        (async function* () {
          yield lines;
        })(),
        (cells) => cells,
        locale,
        yesNo(locale),
      );
      return sendCsv(reply, `${t('controls.journal.file')}-${period.from}-${period.to}.csv`, body);
    },
  );
};

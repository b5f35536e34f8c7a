import { z } from 'zod';
import {
  disbursementInputSchema,
  repaymentInputSchema,
  reversalInputSchema,
  termAmendmentInputSchema,
  writeOffInputSchema,
} from '../../shared/schemas/servicing';
import {
  disbursementSchema,
  loanListMetaSchema,
  loanMetaSchema,
  loanSummarySchema,
  repaymentSchema,
  servicingScheduleSchema,
  statementSchema,
  termAmendmentSchema,
  termAmendmentsMetaSchema,
  writeOffSchema,
} from '../../shared/schemas/servicing-answers';
import { computeLoan, type LoanServicing } from '../../shared/servicing';
import { todayIso } from '../../shared/portfolio/schedule';
import { translate } from '../../shared/i18n';
import { isYearInRange, type Locale } from '../../shared/constants';
import { isCalendarDate } from '../../shared/servicing/calendar';
import { userOf } from '../platform/auth/plugin';
import { badRequest, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import {
  amendmentAnswer,
  disbursementAnswer,
  loanSummary,
  originalTermsAnswer,
  repaymentAnswer,
  writeOffAnswer,
} from './answers';
import { repaymentImportRoutes } from './import-routes';
import { statementOf } from './statement';
import { REPAYMENT_EXPORT_COLUMNS, repaymentExportLines } from './export';
import { csvStream, sendCsv, yesNo } from '../platform/http/csv';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { keptSchedule, loanContext, termsMissing } from './loan-context';
import { keptAnswer } from '../platform/http/kept-answers';
import {
  companyExists,
  findCompanyLoans,
  readEntries,
  readLoanStates,
  type LoanEntries,
  type LoanState,
  type ReversibleKind,
} from './store';
import { asOfOf, asOfQuery } from './as-of';
import { recordRepayment } from './actions/record-repayment';
import { reverseEntry } from './actions/reverse-entry';
import { computed, type Author, type LoanWrite } from './actions/write-on-loan';
import { approvalSchema } from '../../shared/schemas/controls';
import { moveGate } from './move-gate';
import type { Move } from '../controls/moves';

const tags = ['servicing'];

const FC = '/companies/:companyId/financial_contributions/:id';
const loanParams = z.object({ companyId: uuid(), id: uuid() });

/** `from` and `to` of an export: two days of the product's years, in order, at most ten years apart (else 400). */
function periodOf(from: string | undefined, to: string | undefined): { from: string; to: string } {
  const day = (value: string | undefined) => value !== undefined && isCalendarDate(value) && isYearInRange(value);
  if (!day(from) || !day(to) || from! > to! || Number(to!.slice(0, 4)) - Number(from!.slice(0, 4)) > 10) {
    throw badRequest('servicing.errors.period');
  }
  return { from: from!, to: to! };
}

/** A reply of a controlled move's route: its entry's status, or 202 (method syntax: each route's own types fit). */
interface Replier {
  code(status: 200 | 201 | 202): { send(body: unknown): unknown };
}

/** A signed-in request: who writes, in which language. */
type AuthorRequest = Parameters<typeof userOf>[0] & { locale: Locale };
const authorOf = (request: AuthorRequest): Author => ({ authorId: userOf(request).id, locale: request.locale });

/** A write's answer: the entry as it now stands (by `answer`), with the loan's figures. */
const entryAnswer = <T>(done: LoanWrite, answer: (entries: LoanEntries, servicing: LoanServicing, id: string) => T) =>
  ok(answer(done.entries, done.servicing, done.id), { loan: done.summary });

/** A write-off's answer: its record. */
const writeOffOf = (entries: LoanEntries, _servicing: LoanServicing, id: string) =>
  writeOffAnswer(entries.writeOffs.find((row) => row.id === id)!);

/**
 * The entries a loan lists, records and reverses alike: where a kind's rows and computed results sit, its answer
 * (the row beside what the computation made of it: nothing before the loan has terms), and its reversal's
 * route. Listing, recording and reversing each kind answer through this one table.
 */
function entryKind<Row extends { id: string }, Result extends { id: string }, Answer>(kind: {
  rows: (entries: LoanEntries) => Row[];
  results: (servicing: LoanServicing) => Result[];
  answer: (row: Row, result: Result | undefined) => Answer;
}) {
  const answerOf = (row: Row, servicing: LoanServicing | null) =>
    kind.answer(row, servicing ? kind.results(servicing).find((result) => result.id === row.id) : undefined);
  return {
    find: (entries: LoanEntries, id: string) => kind.rows(entries).find((row) => row.id === id),
    list: (entries: LoanEntries, servicing: LoanServicing | null) =>
      kind.rows(entries).map((row) => answerOf(row, servicing)),
    /** The answer for an entry the loan holds: the one just written or reversed. */
    one: (entries: LoanEntries, servicing: LoanServicing, id: string) =>
      answerOf(
        kind.rows(entries).find((row) => row.id === id)!,
        servicing,
      ),
  };
}

const ENTRY_KINDS = {
  disbursement: entryKind({
    rows: (entries) => entries.disbursements,
    results: (servicing) => servicing.disbursements,
    answer: disbursementAnswer,
  }),
  repayment: entryKind({
    rows: (entries) => entries.repayments,
    results: (servicing) => servicing.repayments,
    answer: repaymentAnswer,
  }),
  amendment: entryKind({
    rows: (entries) => entries.amendments,
    results: (servicing) => servicing.amendments,
    answer: amendmentAnswer,
  }),
} satisfies Record<ReversibleKind, unknown>;

/** A reversal's contract: the loan's and the entry's ids, a reason, and the entry as it now stands. */
const reversalContract = <Entry extends z.ZodRawShape, Answer extends z.ZodType>(
  noun: string,
  entryParam: Entry,
  answer: Answer,
) =>
  envelopeContract({
    summary: `Reverses a ${noun} (body \`reason\`; 409 when already reversed)`,
    tags,
    params: loanParams.extend(entryParam),
    body: reversalInputSchema,
    answer,
    meta: loanMetaSchema,
  });

/**
 * A money move its fund's policy may hold (docs/decisions/0067): the entry as it now stands (`status`, 201 or 200),
 * or 202 with the move pending a second person's approval, counted in no figure until then.
 */
const controlledContract = <Params extends z.ZodObject, Body extends z.ZodType, Answer extends z.ZodType>(route: {
  summary: string;
  params: Params;
  body: Body;
  answer: Answer;
  status: 200 | 201;
}) =>
  contract({
    summary: `${route.summary}; 202 with the move pending when its fund's policy wants a second person's approval`,
    tags,
    params: route.params,
    querystring: localeQuery,
    body: route.body,
    response: {
      [route.status]: envelopeOf(route.answer, loanMetaSchema),
      202: envelopeOf(approvalSchema),
    } as unknown as Record<200 | 201 | 202, z.ZodType>,
  });

/** A list of one kind of entry on a loan, reversed ones included, with the loan's figures. */
const entriesContract = <Answer extends z.ZodType>(summary: string, answer: Answer) =>
  envelopeContract({ summary, tags, params: loanParams, answer: z.array(answer), meta: loanListMetaSchema });

/** Recording an entry on a loan: the entry as recorded, with the loan's figures. */
const newEntryContract = <Body extends z.ZodType, Answer extends z.ZodType>(
  summary: string,
  body: Body,
  answer: Answer,
) => envelopeContract({ summary, tags, params: loanParams, body, answer, meta: loanMetaSchema, status: 201 });

/** Loan servicing (docs/decisions/0036): money out and in, amendments, write-offs, schedule. */
export const servicingRoutes: FeatureRoutes = async (app, deps) => {
  const { database, schedules } = deps;
  const { db } = database;

  /** A loan's entries of one kind as of today, with the loan's figures. */
  async function listOf<T>(
    params: { companyId: string; id: string },
    rows: (entries: LoanEntries, servicing: LoanServicing | null) => T[],
  ) {
    const context = await loanContext(db, params, todayIso());
    const { servicing, summary } = computed(context);
    const data = rows(context.entries, servicing);
    return ok(data, { totalCount: data.length, loan: summary });
  }

  /* ---------------------------------------------------------------------------------------------- */

  app.get(
    '/companies/:companyId/loans',
    envelopeContract({
      summary: 'Every loan of a company with its number, status and figures as of today (its kept rows of figures)',
      tags,
      params: z.object({ companyId: uuid() }),
      answer: z.array(loanSummarySchema),
    }),
    async (request) => {
      const { companyId } = request.params;
      if (!(await companyExists(db, companyId))) throw notFound();
      const loans = await findCompanyLoans(db, companyId);
      const today = todayIso();
      const states = await readLoanStates(
        db,
        today,
        loans.map((loan) => loan.id),
      );
      const entries = await readEntries(
        db,
        loans.map((loan) => loan.id),
      );
      return ok(
        loans.map((loan) => {
          const state = states.get(loan.id)!;
          const kept: LoanState = state.hasTerms
            ? { status: state.status, figures: state.figures, startDate: state.startDate }
            : { status: 'not_disbursed', figures: null, startDate: null };
          return loanSummary(loan, kept, today, entries.get(loan.id)!);
        }),
      );
    },
  );

  app.get(
    `${FC}/disbursements`,
    entriesContract("A loan's disbursements, reversed ones included, with the loan's figures", disbursementSchema),
    async (request) => listOf(request.params, ENTRY_KINDS.disbursement.list),
  );

  /**
   * A move through its fund's policy: landed, `status` with the entry's answer; held, 202 with the pending move.
   */
  const gated = async <T>(
    move: Move,
    request: AuthorRequest,
    reply: Replier,
    status: 200 | 201,
    answer: (entries: LoanEntries, servicing: LoanServicing, id: string) => T,
  ) => {
    const author = authorOf(request);
    const done = await moveGate().gate(db, move, author);
    if ('pendingId' in done)
      return reply.code(202).send(ok(await moveGate().pendingAnswer(db, done.pendingId, userOf(request), author)));
    return reply.code(status).send(entryAnswer(done.landed.result as LoanWrite, answer));
  };

  app.post(
    `${FC}/disbursements`,
    controlledContract({
      summary: 'Records money paid out on a loan (422 beyond the amount lent)',
      params: loanParams,
      body: disbursementInputSchema,
      answer: disbursementSchema,
      status: 201,
    }),
    async (request, reply) =>
      gated(
        { kind: 'disbursement', loan: request.params, input: request.body },
        request,
        reply,
        201,
        ENTRY_KINDS.disbursement.one,
      ),
  );

  app.get(
    `${FC}/repayments`,
    entriesContract("A loan's repayments, reversed ones included, each with where it went", repaymentSchema),
    async (request) => listOf(request.params, ENTRY_KINDS.repayment.list),
  );

  app.post(
    `${FC}/repayments`,
    newEntryContract(
      'Records money received on a loan (422 beyond the payoff amount, which the message gives)',
      repaymentInputSchema,
      repaymentSchema,
    ),
    async (request, reply) => {
      const done = await recordRepayment(db, request.params, request.body, authorOf(request));
      return reply.code(201).send(entryAnswer(done, ENTRY_KINDS.repayment.one));
    },
  );

  /** A reversal of one kind of entry, answered with the entry as it now stands and the loan's figures. */
  const reverseOnLoan = async <T>(
    kind: ReversibleKind,
    request: { params: { companyId: string; id: string }; body: { reason: string } } & AuthorRequest,
    entryId: string,
    answer: (entries: LoanEntries, servicing: LoanServicing, id: string) => T,
  ) =>
    entryAnswer(await reverseEntry(db, request.params, kind, entryId, request.body.reason, authorOf(request)), answer);

  app.post(
    `${FC}/disbursements/:disbursementId/reverse`,
    controlledContract({
      summary: 'Reverses a disbursement (body `reason`; 409 when already reversed)',
      params: loanParams.extend({ disbursementId: uuid() }),
      body: reversalInputSchema,
      answer: disbursementSchema,
      status: 200,
    }),
    async (request, reply) => {
      const { disbursementId, ...loan } = request.params;
      const input = { entryId: disbursementId, reason: request.body.reason };
      return gated({ kind: 'disbursement_reversal', loan, input }, request, reply, 200, ENTRY_KINDS.disbursement.one);
    },
  );

  app.post(
    `${FC}/repayments/:repaymentId/reverse`,
    controlledContract({
      summary: 'Reverses a repayment (body `reason`; 409 when already reversed)',
      params: loanParams.extend({ repaymentId: uuid() }),
      body: reversalInputSchema,
      answer: repaymentSchema,
      status: 200,
    }),
    async (request, reply) => {
      const { repaymentId, ...loan } = request.params;
      const input = { entryId: repaymentId, reason: request.body.reason };
      return gated({ kind: 'repayment_reversal', loan, input }, request, reply, 200, ENTRY_KINDS.repayment.one);
    },
  );

  app.post(
    `${FC}/term_amendments/:amendmentId/reverse`,
    reversalContract('term amendment', { amendmentId: uuid() }, termAmendmentSchema),
    async (request) => reverseOnLoan('amendment', request, request.params.amendmentId, ENTRY_KINDS.amendment.one),
  );

  /* ---------------------------------------------------------------------------------------------- */

  app.get(
    `${FC}/schedule`,
    contract({
      summary: "A loan's schedule as of a date with what was paid (422 naming the fields to fix when it has none)",
      tags: ['servicing', 'portfolio'],
      params: loanParams,
      querystring: asOfQuery,
      response: { 200: envelopeOf(servicingScheduleSchema) },
    }),
    async (request, reply) => {
      const asOf = asOfOf(request.query.as_of);
      return keptAnswer(reply, await keptSchedule(db, schedules, request.params, asOf), ok);
    },
  );

  app.get(
    `${FC}/statement`,
    contract({
      summary: "A loan's statement of account (relevé de compte) as of a date, written in the language asked",
      tags,
      params: loanParams,
      querystring: asOfQuery,
      response: { 200: envelopeOf(statementSchema) },
    }),
    async (request) => {
      const asOf = asOfOf(request.query.as_of);
      const context = await loanContext(db, request.params, asOf);
      if (!context.input) throw termsMissing(context.loan);
      return ok(await statementOf(db, context.loan, context.entries, computeLoan(context.input), request.locale));
    },
  );

  app.get(
    '/portfolio/repayments/export.csv',
    contract({
      summary: 'Every repayment received in a period (from, to: YYYY-MM-DD) as a CSV file, for the accounts',
      tags: ['servicing', 'portfolio'],
      querystring: localeQuery.extend({
        from: z.string().optional().describe('YYYY-MM-DD, the first day'),
        to: z.string().optional().describe('YYYY-MM-DD, the last day'),
      }),
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const period = periodOf(request.query.from, request.query.to);
      const locale = request.locale;
      const lines = await repaymentExportLines(db, period, todayIso(), locale);
      const header = REPAYMENT_EXPORT_COLUMNS.map((column) => translate(locale, `servicing.export.columns.${column}`));
      const body = csvStream(
        header,
        (async function* () {
          yield lines;
        })(),
        (cells) => cells,
        locale,
        yesNo(locale),
      );
      const name = `${translate(locale, 'servicing.export.file')}-${period.from}-${period.to}.csv`;
      return sendCsv(reply, name, body);
    },
  );

  // The repayment import, its own module: registered here so that the API's routes keep their order.
  await app.register(repaymentImportRoutes, deps);

  app.get(
    `${FC}/term_amendments`,
    envelopeContract({
      summary: "A loan's term amendments, reversed ones included, beside its terms as agreed",
      tags,
      params: loanParams,
      answer: z.array(termAmendmentSchema),
      meta: termAmendmentsMetaSchema,
    }),
    async (request) => {
      const context = await loanContext(db, request.params, todayIso());
      if (!context.terms) throw termsMissing(context.loan);
      const { servicing, summary } = computed(context);
      const data = ENTRY_KINDS.amendment.list(context.entries, servicing);
      return ok(data, { totalCount: data.length, loan: summary, originalTerms: originalTermsAnswer(context.terms) });
    },
  );

  app.post(
    `${FC}/term_amendments`,
    controlledContract({
      summary: "Amends a loan's terms from a date: moratorium, term extension, rate change, payment holiday",
      params: loanParams,
      body: termAmendmentInputSchema,
      answer: termAmendmentSchema,
      status: 201,
    }),
    async (request, reply) =>
      gated(
        { kind: 'term_amendment', loan: request.params, input: request.body },
        request,
        reply,
        201,
        ENTRY_KINDS.amendment.one,
      ),
  );

  /* ---------------------------------------------------------------------------------------------- */

  app.post(
    `${FC}/write_off`,
    controlledContract({
      summary:
        'Writes a loan off at the end of a day: its principal and interest due, as computed (409 when not active)',
      params: loanParams,
      body: writeOffInputSchema,
      answer: writeOffSchema,
      status: 201,
    }),
    async (request, reply) =>
      gated({ kind: 'write_off', loan: request.params, input: request.body }, request, reply, 201, writeOffOf),
  );

  app.post(
    `${FC}/write_off/undo`,
    controlledContract({
      summary: "Undoes a loan's write-off (body `reason`; 409 when it is not written off)",
      params: loanParams,
      body: reversalInputSchema,
      answer: writeOffSchema,
      status: 200,
    }),
    async (request, reply) =>
      gated({ kind: 'write_off_undo', loan: request.params, input: request.body }, request, reply, 200, writeOffOf),
  );
};

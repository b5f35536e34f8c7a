import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  disbursementInputSchema,
  repaymentImportInputSchema,
  repaymentInputSchema,
  reversalInputSchema,
  termAmendmentInputSchema,
  writeOffInputSchema,
} from '../../shared/schemas/servicing';
import {
  disbursementSchema,
  importReportSchema,
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
import { computeLoan, computeLoanFigures, toCents, type LoanServicing } from '../../shared/servicing';
import {
  amendmentProblems,
  correctionProblems,
  disbursementProblems,
  repaymentProblems,
  withReversed,
  writeOffProblems,
  type EntryProblem,
} from '../../shared/servicing/entries';
import { todayIso } from '../../shared/portfolio/schedule';
import { translate } from '../../shared/i18n';
import { isYearInRange } from '../../shared/constants';
import { isCalendarDate } from '../../shared/servicing/calendar';
import type { Tx } from '../db/client';
import { selectRows } from '../db/rows';
import { userOf } from '../platform/auth/plugin';
import { AppError, badRequest, invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { snakePath } from '../../shared/case';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import {
  amendmentAnswer,
  disbursementAnswer,
  dollars,
  loanSummary,
  originalTermsAnswer,
  repaymentAnswer,
  writeOffAnswer,
} from './answers';
import { amendmentEvent, newAmendment } from './amendment-input';
import { asOfOf, asOfQuery } from './as-of';
import { recordLoanEvent } from './history';
import { dryRunImport, postImport } from './import';
import { readImportFile } from '../../shared/servicing/import-file';
import { statementOf } from './statement';
import { REPAYMENT_EXPORT_COLUMNS, repaymentExportLines } from './export';
import { csvStream, sendCsv, yesNo } from '../platform/http/csv';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { keptSchedule, loanContext, requireTerms, termsMissing, throwProblems, type LoanContext } from './loan-context';
import { keptAnswer } from '../platform/http/kept-answers';
import {
  insertAmendment,
  insertDisbursement,
  insertRepayments,
  insertWriteOff,
  findCompanyLoans,
  readEntries,
  readLoanStates,
  reverseEntry,
  undoWriteOff,
  writeLoanState,
  type LoanEntries,
  type LoanRow,
  type LoanState,
  type ReversibleKind,
} from './store';

const tags = ['servicing'];

/** The import's body: the file in base64 (4 bytes for 3) and its mapping, well within the margin. */
const IMPORT_BODY_LIMIT = Math.ceil(IMPORT_MAX_FILE_BYTES / 3) * 4 + 64 * 1024;
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

/** The loan's summary and each entry's result, as of the context's date. */
function computed(context: LoanContext): { servicing: LoanServicing | null; summary: ReturnType<typeof loanSummary> } {
  const servicing = context.input && computeLoan(context.input);
  const state = servicing
    ? { status: servicing.status, figures: servicing.figures, startDate: servicing.startDate }
    : ({ status: 'not_disbursed', figures: null, startDate: null } as const);
  return { servicing, summary: loanSummary(context.loan, state, context.asOf, context.entries) };
}

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
export const servicingRoutes: FeatureRoutes = async (app, { database, schedules }) => {
  const { db } = database;

  /**
   * A write on one loan, in one transaction: the loan's row locked first (two payments at once take turns, the
   * second seeing the first), the rules checked against what it holds, the entry and its history written,
   * then its row of figures, and the answer read before the commit. Bad input leaves nothing written.
   */
  async function writeOnLoan<T>(
    params: { companyId: string; id: string },
    write: (tx: Tx, context: LoanContext & ReturnType<typeof requireTerms>) => Promise<string>,
    answer: (entries: LoanEntries, servicing: LoanServicing, id: string) => T,
  ) {
    return db.transaction(async (tx) => {
      const today = todayIso();
      const before = await loanContext(tx, params, today, { lock: true });
      const id = await write(tx, { ...before, ...requireTerms(before) });
      const after = await loanContext(tx, params, today);
      const { servicing, summary } = computed(after);
      await writeLoanState(
        tx,
        after.loan,
        { status: servicing!.status, figures: servicing!.figures, startDate: servicing!.startDate },
        today,
      );
      return ok(answer(after.entries, servicing!, id), { loan: summary });
    });
  }

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

  const check = (problems: EntryProblem[], locale: 'fr' | 'en') => throwProblems(problems, locale);

  /**
   * One new entry on a loan, answered 201, as the signed-in user: what the rules refuse in it (`problems`) is
   * refused in the reader's language before `write` writes its row and its line of history.
   */
  async function recordOnLoan<T>(
    request: { params: { companyId: string; id: string }; locale: 'fr' | 'en' } & Parameters<typeof userOf>[0],
    reply: FastifyReply,
    entry: {
      problems: (context: LoanContext & ReturnType<typeof requireTerms>) => EntryProblem[];
      write: (tx: Tx, context: LoanContext & ReturnType<typeof requireTerms>, authorId: string) => Promise<string>;
      answer: (entries: LoanEntries, servicing: LoanServicing, id: string) => T;
    },
  ) {
    const authorId = userOf(request).id;
    const answer = await writeOnLoan(
      request.params,
      (tx, context) => {
        check(entry.problems(context), request.locale);
        return entry.write(tx, context, authorId);
      },
      entry.answer,
    );
    return reply.code(201).send(answer);
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
      const [company] = await selectRows(db, sql`SELECT 1 FROM companies WHERE id = ${companyId}`);
      if (!company) throw notFound();
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

  app.post(
    `${FC}/disbursements`,
    newEntryContract(
      'Records money paid out on a loan (422 beyond the amount lent)',
      disbursementInputSchema,
      disbursementSchema,
    ),
    async (request, reply) => {
      const input = request.body;
      const amountCents = toCents(input.amount);
      return recordOnLoan(request, reply, {
        problems: (context) =>
          disbursementProblems(context.input, { date: input.date, amount: amountCents }, context.asOf),
        write: async (tx, context, authorId) => {
          const id = await insertDisbursement(tx, {
            contributionId: context.loan.id,
            date: input.date,
            amountCents,
            method: input.method,
            reference: input.reference ?? null,
            note: input.note,
            authorId,
          });
          await recordLoanEvent(tx, context.loan, authorId, 'loanDisbursed', {
            amount: input.amount,
            date: input.date,
          });
          return id;
        },
        answer: ENTRY_KINDS.disbursement.one,
      });
    },
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
      const input = request.body;
      const amountCents = toCents(input.amount);
      return recordOnLoan(request, reply, {
        problems: (context) =>
          repaymentProblems(
            context.input,
            { receivedOn: input.receivedOn, amount: amountCents, kind: input.kind },
            context.asOf,
          ),
        write: async (tx, context, authorId) => {
          const [id] = await insertRepayments(tx, [
            {
              contributionId: context.loan.id,
              receivedOn: input.receivedOn,
              amountCents,
              method: input.method,
              kind: input.kind,
              reference: input.reference ?? null,
              authorId,
            },
          ]);
          await recordLoanEvent(tx, context.loan, authorId, 'repaymentReceived', {
            amount: input.amount,
            date: input.receivedOn,
            kind: input.kind,
          });
          return id!;
        },
        answer: ENTRY_KINDS.repayment.one,
      });
    },
  );

  /**
   * A reversal: the entry stays, counting for nothing, with who, when and why. 404 for an entry of another
   * loan; 409 when it was reversed already; 422 when a payment would then be beyond the payoff.
   */
  function reverseOnLoan<T>(
    kind: ReversibleKind,
    params: { companyId: string; id: string },
    entryId: string,
    request: { body: { reason: string }; locale: 'fr' | 'en' } & Parameters<typeof userOf>[0],
    answerOf: (entries: LoanEntries, servicing: LoanServicing, id: string) => T,
  ) {
    const { reason } = request.body;
    const authorId = userOf(request).id;
    return writeOnLoan(
      params,
      async (tx, context) => {
        const entry = ENTRY_KINDS[kind].find(context.entries, entryId);
        if (!entry) throw notFound();
        if (entry.reversal) throw new AppError(409, 'already_reversed', 'servicing.errors.alreadyReversed');
        check(
          correctionProblems(context.input, withReversed(context.input, kind, entryId), context.asOf),
          request.locale,
        );
        if (!(await reverseEntry(tx, kind, { id: entryId, contributionId: context.loan.id, reason, authorId }))) {
          throw new AppError(409, 'already_reversed', 'servicing.errors.alreadyReversed');
        }
        await recordReversal(tx, context.loan, authorId, entry, reason);
        return entryId;
      },
      answerOf,
    );
  }

  app.post(
    `${FC}/disbursements/:disbursementId/reverse`,
    reversalContract('disbursement', { disbursementId: uuid() }, disbursementSchema),
    async (request) =>
      reverseOnLoan(
        'disbursement',
        request.params,
        request.params.disbursementId,
        request,
        ENTRY_KINDS.disbursement.one,
      ),
  );

  app.post(
    `${FC}/repayments/:repaymentId/reverse`,
    reversalContract('repayment', { repaymentId: uuid() }, repaymentSchema),
    async (request) =>
      reverseOnLoan('repayment', request.params, request.params.repaymentId, request, ENTRY_KINDS.repayment.one),
  );

  app.post(
    `${FC}/term_amendments/:amendmentId/reverse`,
    reversalContract('term amendment', { amendmentId: uuid() }, termAmendmentSchema),
    async (request) =>
      reverseOnLoan('amendment', request.params, request.params.amendmentId, request, ENTRY_KINDS.amendment.one),
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

  app.post(
    '/portfolio/repayments/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      ...contract({
        summary:
          'Imports repayments from a CSV file and its column mapping: with dry_run=true (the default) what it holds, ' +
          'row by row; with dry_run=false every row posted, or none (422) when any cannot be',
        tags: ['servicing', 'portfolio'],
        querystring: localeQuery.extend({
          dry_run: z.enum(['true', 'false']).optional().describe('true (default): read and judge, write nothing'),
        }),
        body: repaymentImportInputSchema,
        response: { 200: envelopeOf(importReportSchema), 201: envelopeOf(importReportSchema) },
      }),
    },
    async (request, reply) => {
      const input = request.body;
      const locale = request.locale;
      const bytes = Buffer.from(input.content, 'base64');
      if (bytes.length > IMPORT_MAX_FILE_BYTES) {
        throw invalid({ content: [{ key: 'servicing.errors.import.tooLarge', params: {} }] });
      }
      const read = readImportFile(bytes, input, IMPORT_MAX_ROWS);
      if (!read.ok) {
        const detail: ErrorDetail = {};
        for (const problem of read.problems) {
          (detail[snakePath(problem.field.split('.'))] ??= []).push({ key: problem.key, params: problem.params ?? {} });
        }
        throw new AppError(
          422,
          'validation_failed',
          read.problems[0]!.key,
          detail,
          undefined,
          read.problems[0]!.params,
        );
      }
      const today = todayIso();
      if (request.query.dry_run !== 'false') {
        return ok(await dryRunImport(db, read.file, input, today, locale));
      }
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const authorId = userOf(request).id;
      const report = await db.transaction((tx) =>
        postImport(tx, read.file, { ...input, sha256 }, authorId, today, locale),
      );
      return reply.code(report.postedCount > 0 ? 201 : 200).send(ok(report));
    },
  );

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
    newEntryContract(
      "Amends a loan's terms from a date: moratorium, term extension, rate change, payment holiday",
      termAmendmentInputSchema,
      termAmendmentSchema,
    ),
    async (request, reply) => {
      const input = request.body;
      return recordOnLoan(request, reply, {
        problems: (context) => amendmentProblems(context.input, newAmendment(input), context.asOf),
        write: async (tx, context, authorId) => {
          const id = await insertAmendment(tx, {
            contributionId: context.loan.id,
            effectiveDate: input.effectiveDate,
            kind: input.kind,
            months: input.months,
            rate: input.rate,
            reason: input.reason,
            bulkActionId: null,
            authorId,
          });
          await recordLoanEvent(tx, context.loan, authorId, 'termsAmended', amendmentEvent(input));
          return id;
        },
        answer: ENTRY_KINDS.amendment.one,
      });
    },
  );

  /* ---------------------------------------------------------------------------------------------- */

  app.post(
    `${FC}/write_off`,
    envelopeContract({
      summary:
        'Writes a loan off at the end of a day: its principal and interest due, as computed (409 when not active)',
      tags,
      params: loanParams,
      body: writeOffInputSchema,
      answer: writeOffSchema,
      meta: loanMetaSchema,
      status: 201,
    }),
    async (request, reply) => {
      const input = request.body;
      return recordOnLoan(request, reply, {
        problems: (context) => writeOffProblems(context.input, { date: input.date }, context.asOf),
        write: async (tx, context, authorId) => {
          const { figures } = computeLoanFigures({
            ...context.input,
            writeOff: { date: input.date },
            asOf: input.date,
          });
          const id = await insertWriteOff(tx, {
            contributionId: context.loan.id,
            date: input.date,
            principalCents: figures.writtenOffPrincipal,
            interestCents: figures.writtenOffInterest,
            reason: input.reason,
            authorId,
          });
          await recordLoanEvent(tx, context.loan, authorId, 'loanWrittenOff', {
            principal: dollars(figures.writtenOffPrincipal),
            interest: dollars(figures.writtenOffInterest),
            date: input.date,
            reason: input.reason,
          });
          return id;
        },
        answer: (entries, _servicing, id) => writeOffAnswer(entries.writeOffs.find((row) => row.id === id)!),
      });
    },
  );

  app.post(
    `${FC}/write_off/undo`,
    envelopeContract({
      summary: "Undoes a loan's write-off (body `reason`; 409 when it is not written off)",
      tags,
      params: loanParams,
      body: reversalInputSchema,
      answer: writeOffSchema,
      meta: loanMetaSchema,
    }),
    async (request) => {
      const { reason } = request.body;
      const authorId = userOf(request).id;
      return writeOnLoan(
        request.params,
        async (tx, context) => {
          const writeOff = context.entries.writeOffs.find((row) => row.undone === null);
          if (!writeOff || !context.input.writeOff) {
            throw new AppError(409, 'invalid_transition', 'servicing.errors.notWrittenOff');
          }
          check(correctionProblems(context.input, { ...context.input, writeOff: null }, context.asOf), request.locale);
          if (!(await undoWriteOff(tx, { contributionId: context.loan.id, reason, authorId }))) {
            throw new AppError(409, 'invalid_transition', 'servicing.errors.notWrittenOff');
          }
          await recordLoanEvent(tx, context.loan, authorId, 'writeOffUndone', { date: writeOff.date, reason });
          return writeOff.id;
        },
        (entries, _servicing, id) => writeOffAnswer(entries.writeOffs.find((row) => row.id === id)!),
      );
    },
  );
};

async function recordReversal(
  tx: Tx,
  loan: LoanRow,
  authorId: string,
  entry: NonNullable<ReturnType<(typeof ENTRY_KINDS)[ReversibleKind]['find']>>,
  reason: string,
) {
  if ('receivedOn' in entry) {
    await recordLoanEvent(tx, loan, authorId, 'repaymentReversed', {
      amount: dollars(entry.amountCents),
      date: entry.receivedOn,
      reason,
    });
  } else if ('effectiveDate' in entry) {
    await recordLoanEvent(tx, loan, authorId, 'amendmentReversed', {
      kind: entry.kind,
      date: entry.effectiveDate,
      reason,
    });
  } else {
    await recordLoanEvent(tx, loan, authorId, 'disbursementReversed', {
      amount: dollars(entry.amountCents),
      date: entry.date,
      reason,
    });
  }
}

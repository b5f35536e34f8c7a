/**
 * Month-end (docs/decisions/0070, 0071): charts of accounts, the journal and its export, accrued interest,
 * closed periods. Contract → action → answer; staff read, administrators act.
 */
import { z } from 'zod';
import { ACCOUNT_ROLES, type ChartOfAccounts } from '../../shared/accounting/accounts';
import { journalPeriodProblems } from '../../shared/accounting/periods';
import { toCamel } from '../../shared/case';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { todayIso } from '../../shared/portfolio/schedule';
import {
  accrueInputSchema,
  accruedInterestSchema,
  chartInputSchema,
  chartMetaSchema,
  chartSchema,
  closeInputSchema,
  journalPreviewSchema,
  periodsSchema,
  reopenInputSchema,
  type ChartInput,
} from '../../shared/schemas/accounting';
import { csvAnswerSchema } from '../../shared/schemas/portfolio-answers';
import { isCalendarDate } from '../../shared/servicing/calendar';
import { userOf } from '../platform/auth/plugin';
import { badParameter, invalid, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, rawAnswer, uuid } from '../platform/http/contract';
import { CSV_BOM, csvLine, csvMoney } from '../platform/http/csv';
import { ok } from '../platform/http/wire';
import type { FeatureRoutes } from '../platform/route-deps';
import {
  accrueInterest,
  accruedInterest,
  closePeriod,
  exportJournal,
  reopenPeriod,
  saveChart,
  type Author,
} from './actions';
import { buildJournal, type JournalQuery } from './journal';
import { JOURNAL_FILE_FORMATS, journalFileExtension, type JournalFileFormat } from './journal-files';
import {
  accrualsAround,
  chartChanges,
  exportsOver,
  findFund,
  periodChanges,
  readCharts,
  readClosedThrough,
} from './store';

const tags = ['accounting'];

type AuthorRequest = Parameters<typeof userOf>[0] & { locale: Locale };
const authorOf = (request: AuthorRequest): Author => ({ authorId: userOf(request).id, locale: request.locale });

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const chartAnswer = (chart: ChartOfAccounts) =>
  Object.fromEntries(ACCOUNT_ROLES.map((role) => [toCamel(role), chart[role] ?? null])) as z.output<typeof chartSchema>;
const chartOfInput = (input: ChartInput): ChartOfAccounts => {
  const chart: ChartOfAccounts = {};
  for (const role of ACCOUNT_ROLES) {
    const account = input[toCamel(role) as keyof ChartInput];
    if (account && (account.number.trim() !== '' || account.name.trim() !== '')) chart[role] = account;
  }
  return chart;
};

const journalQuery = localeQuery
  .extend({
    from: z.string().optional().describe('YYYY-MM-DD, the first day'),
    to: z.string().optional().describe('YYYY-MM-DD, the last day (at most 12 months after from)'),
    'filter[fund_id]': z.string().optional().describe('One fund only (all funds when absent)'),
    only_new: z.string().optional().describe('true: only what no earlier export carried; false (default): all'),
    format: z.string().optional().describe('qbo | sage50 | csv (the file; csv by default)'),
  })
  .strict();
type RawJournalQuery = z.output<typeof journalQuery>;

export const accountingRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  /** A fund named by `filter[fund_id]`: 400 when not an id, 422 when no such fund. */
  async function fundFilter(value: string | undefined): Promise<string | null> {
    if (value === undefined || value === '') return null;
    if (!GUID.test(value)) throw badParameter('filter[fund_id]');
    const fund = await findFund(db, value.toLowerCase());
    if (!fund) throw invalid({ 'filter[fund_id]': [{ key: 'accounting.errors.fundUnknown', params: {} }] });
    return fund.id;
  }

  /** The journal's query: dates in order within 12 months, a known format (each refused with 422 naming it). */
  async function readJournalQuery(query: RawJournalQuery): Promise<JournalQuery & { format: JournalFileFormat }> {
    const problems = journalPeriodProblems(query.from, query.to);
    const format = query.format ?? 'csv';
    const detail: Record<string, { key: never; params: never }[]> = {};
    for (const problem of problems)
      (detail[problem.field] ??= []).push({ key: problem.key as never, params: problem.params as never });
    if (!(JOURNAL_FILE_FORMATS as readonly string[]).includes(format)) {
      detail['format'] = [{ key: 'accounting.errors.formatUnknown' as never, params: {} as never }];
    }
    if (query.only_new !== undefined && query.only_new !== 'true' && query.only_new !== 'false') {
      throw badParameter('only_new');
    }
    if (Object.keys(detail).length > 0) throw invalid(detail);
    return {
      from: query.from!,
      to: query.to!,
      fundId: await fundFilter(query['filter[fund_id]']),
      onlyNew: query.only_new === 'true',
      format: format as JournalFileFormat,
    };
  }

  /* ------------------------------------------------------------------------------- chart of accounts */

  app.get(
    '/funds/:id/accounts',
    envelopeContract({
      summary: "A fund's chart of accounts: the account (number, name) of each posting role, null when unmapped",
      tags,
      params: z.object({ id: uuid() }),
      answer: chartSchema,
      meta: chartMetaSchema,
    }),
    async (request) => {
      const fund = await findFund(db, request.params.id);
      if (!fund) throw notFound();
      const chart = (await readCharts(db, fund.id)).get(fund.id) ?? {};
      const history = (await chartChanges(db, fund.id)).map((change) => ({
        ...change,
        before: chartAnswer(change.before),
        after: chartAnswer(change.after),
      }));
      return ok(chartAnswer(chart), { fund: { id: fund.id, name: fund.name[request.locale] }, history });
    },
  );

  app.put(
    '/funds/:id/accounts',
    {
      ...envelopeContract({
        summary:
          "Replaces a fund's chart of accounts (administrators): 422 naming each field a format refuses, or an account shared where it would hide a movement",
        tags,
        params: z.object({ id: uuid() }),
        body: chartInputSchema,
        answer: chartSchema,
        meta: chartMetaSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await saveChart(db, request.params.id, chartOfInput(request.body), authorOf(request));
      const fund = (await findFund(db, request.params.id))!;
      const chart = (await readCharts(db, fund.id)).get(fund.id) ?? {};
      const history = (await chartChanges(db, fund.id)).map((change) => ({
        ...change,
        before: chartAnswer(change.before),
        after: chartAnswer(change.after),
      }));
      return ok(chartAnswer(chart), { fund: { id: fund.id, name: fund.name[request.locale] }, history });
    },
  );

  /* ------------------------------------------------------------------------------------------ journal */

  app.get(
    '/accounting/journal/preview',
    contract({
      summary:
        'The journal of a period (from, to; one fund or all; only_new): entries with their lines (cents), totals, unmapped accounts and earlier exports',
      tags,
      querystring: journalQuery,
      response: { 200: envelopeOf(journalPreviewSchema) },
    }),
    async (request) => {
      const query = await readJournalQuery(request.query);
      const journal = await buildJournal(db, query, request.locale);
      return ok({
        entries: journal.entries.map((entry) => ({
          key: entry.key,
          number: entry.number,
          date: entry.date,
          fundId: entry.fundId,
          fundName: entry.fundName,
          description: entry.description,
          lines: entry.lines.map((line) => ({
            role: line.role,
            accountNumber: line.account?.number ?? null,
            accountName: line.account?.name ?? null,
            debit: line.debit,
            credit: line.credit,
          })),
        })),
        totals: journal.totals,
        unmapped: journal.unmapped,
        exports: await exportsOver(db, query),
      });
    },
  );

  app.get(
    '/accounting/journal',
    {
      ...contract({
        summary:
          'The journal of a period as a file for QuickBooks Online (qbo), Sage 50 (sage50) or a spreadsheet (csv), kept as exported (administrators; 422 when an account is unmapped)',
        tags,
        querystring: journalQuery,
        response: { 200: rawAnswer('text/csv or text/plain: the journal file (a download)') },
      }),
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const query = await readJournalQuery(request.query);
      const { body } = await exportJournal(db, query, query.format, authorOf(request));
      const name = `${translate(request.locale, 'accounting.files.journal')}-${query.format}-${query.from}-${query.to}.${journalFileExtension(query.format)}`;
      return reply
        .header('content-type', `${query.format === 'sage50' ? 'text/plain' : 'text/csv'}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  /* -------------------------------------------------------------------------------- accrued interest */

  const accruedQuery = localeQuery
    .extend({
      as_of: z.string().optional().describe('YYYY-MM-DD: interest earned and not yet due at the end of this day'),
      'filter[fund_id]': z.string().optional().describe('One fund only'),
    })
    .strict();

  async function readAccruedQuery(query: z.output<typeof accruedQuery>) {
    if (query.as_of === undefined || !isCalendarDate(query.as_of)) {
      throw invalid({ as_of: [{ key: 'accounting.errors.dateInvalid', params: {} }] });
    }
    return { asOf: query.as_of, fundId: await fundFilter(query['filter[fund_id]']) };
  }

  app.get(
    '/accounting/accrued_interest',
    contract({
      summary:
        'Interest accrued at a date, per loan (pro rata of the period’s scheduled interest, by days), and the accruals recorded to it',
      tags,
      querystring: accruedQuery,
      response: { 200: envelopeOf(accruedInterestSchema) },
    }),
    async (request) => {
      const query = await readAccruedQuery(request.query);
      const lines = await accruedInterest(db, query, request.locale);
      const recorded = (await accrualsAround(db, { from: query.asOf, to: query.asOf, fundId: query.fundId })).filter(
        (row) => row.asOf === query.asOf,
      );
      return ok({
        asOf: query.asOf,
        lines,
        total: lines.reduce((sum, line) => sum + line.accrued, 0),
        recorded: recorded.map(({ fundId, amountCents, loansCount, authorName, at }) => ({
          fundId,
          amountCents,
          loansCount,
          authorName,
          at,
        })),
      });
    },
  );

  app.get(
    '/accounting/accrued_interest.csv',
    contract({
      summary: 'Interest accrued at a date, per loan, as a CSV file',
      tags,
      querystring: accruedQuery,
      response: { 200: csvAnswerSchema },
    }),
    async (request, reply) => {
      const query = await readAccruedQuery(request.query);
      const locale = request.locale;
      const lines = await accruedInterest(db, query, locale);
      const columns = [
        'fund',
        'loan',
        'company',
        'installment',
        'periodStart',
        'dueDate',
        'daysElapsed',
        'daysInPeriod',
        'periodInterest',
        'accrued',
      ] as const;
      let body =
        CSV_BOM +
        csvLine(
          columns.map((column) => translate(locale, `accounting.columns.${column}`)),
          locale,
        );
      for (const line of lines) {
        body += csvLine(
          [
            line.fundName,
            line.loanNumber,
            line.companyName,
            line.installmentNumber,
            line.periodStart,
            line.dueDate,
            line.daysElapsed,
            line.daysInPeriod,
            csvMoney(line.periodInterest / 100, locale),
            csvMoney(line.accrued / 100, locale),
          ],
          locale,
        );
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${translate(locale, 'accounting.files.accrued')}-${query.asOf}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/accounting/accrued_interest',
    {
      ...envelopeContract({
        summary:
          'Records the interest accrued at a month end, one entry per fund (Dr accrued interest receivable, Cr interest income), reversed the next day (administrators)',
        tags,
        body: accrueInputSchema,
        answer: accruedInterestSchema,
        status: 201,
      }),
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const asOf = request.body.asOf;
      if (!isCalendarDate(asOf)) throw invalid({ as_of: [{ key: 'accounting.errors.dateInvalid', params: {} }] });
      const fundId = await fundFilter(request.body.fundId ?? undefined);
      await accrueInterest(db, { asOf, fundId }, authorOf(request));
      const lines = await accruedInterest(db, { asOf, fundId }, request.locale);
      const recorded = (await accrualsAround(db, { from: asOf, to: asOf, fundId })).filter((row) => row.asOf === asOf);
      return reply.code(201).send(
        ok({
          asOf,
          lines,
          total: lines.reduce((sum, line) => sum + line.accrued, 0),
          recorded: recorded.map(({ fundId: id, amountCents, loansCount, authorName, at }) => ({
            fundId: id,
            amountCents,
            loansCount,
            authorName,
            at,
          })),
        }),
      );
    },
  );

  /* ------------------------------------------------------------------------------------------ periods */

  const periodsAnswer = async () =>
    ok({ closedThrough: await readClosedThrough(db), history: await periodChanges(db) });

  app.get(
    '/accounting/periods',
    envelopeContract({
      summary: 'The last closed day and the history of closes and reopenings',
      tags,
      answer: periodsSchema,
    }),
    async () => periodsAnswer(),
  );

  app.post(
    '/accounting/periods/close',
    {
      ...envelopeContract({
        summary:
          'Closes the books through a month end (administrators): refused for a month not over, a day not a month end, or one on or before the last close',
        tags,
        body: closeInputSchema,
        answer: periodsSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await closePeriod(db, request.body.through, todayIso(), authorOf(request));
      return periodsAnswer();
    },
  );

  app.post(
    '/accounting/periods/reopen',
    {
      ...envelopeContract({
        summary: 'Reopens the month ending `through` and every later closed one, with a reason (administrators)',
        tags,
        body: reopenInputSchema,
        answer: periodsSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await reopenPeriod(db, request.body.through, request.body.reason, authorOf(request));
      return periodsAnswer();
    },
  );
};

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/rows';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createLoan, post, type TestLoan } from '../test/servicing-fixtures';

/*
 * Month-end on the real app and database (docs/decisions/0070, 0071). The loan is ADR 0033's: 1 200 $ at 12 %
 * over 12 months, paid out on 15 January 2026, level payment 106,62 $ (first installment: 12,00 $ interest,
 * 94,62 $ principal). Closing needs a month already over: these tests close months of early 2026.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const staff = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });
const admin = useAuthHeader(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });

const get = (url: string, headers: Record<string, string> = staff) => t.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = admin) =>
  t.inject({ method, url: `${url}${url.includes('?') ? '&' : '?'}locale=en`, headers, payload: payload as Json });

async function newFund(key: string): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, ${`Fonds ${key}`}, ${`Fund ${key}`}) RETURNING id`,
  );
  return row!.id;
}

const CHART = {
  loans_receivable: { number: '1200', name: 'Prêts à recevoir' },
  bank: { number: '1000', name: 'Banque' },
  interest_income: { number: '4100', name: 'Revenus d’intérêts' },
  write_off_expense: { number: '5200', name: 'Créances irrécouvrables' },
  recoveries_income: { number: '4200', name: 'Recouvrements' },
  payments_in_advance: { number: '2300', name: 'Paiements reçus d’avance' },
  accrued_interest_receivable: { number: '1250', name: 'Intérêts courus à recevoir' },
};

async function loanIn(fundId: string): Promise<TestLoan> {
  const loan = await createLoan(t, staff, ids, { contribution_fund_id: fundId });
  await post(t, staff, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
  return loan;
}
const repay = (loan: TestLoan, receivedOn: string, amount = '106.62') =>
  post(t, staff, `${loan.url}/repayments`, { received_on: receivedOn, amount, method: 'pad', kind: 'regular' });

const preview = (query: string) => get(`/api/accounting/journal/preview?locale=en&${query}`);

describe('a fund’s chart of accounts', () => {
  it('is read by staff, written by administrators, refused field by field, and kept in the history', async () => {
    const fund = await newFund('chart');
    const url = `/api/funds/${fund}/accounts`;
    const empty = await get(url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.bank).toBeNull();

    expect((await send('PUT', url, CHART, staff)).statusCode).toBe(403);

    const semicolon = await send('PUT', url, { ...CHART, bank: { number: '1000', name: 'Banque; caisse' } });
    expect(semicolon.statusCode).toBe(422);
    expect(semicolon.json().errors.detail['bank.name']).toEqual([
      'An account name cannot contain a semicolon, quotation marks, tabs or line breaks.',
    ]);
    const quote = await send('PUT', url, { ...CHART, bank: { number: '10"00', name: 'Banque' } });
    expect(quote.json().errors.detail['bank.number']).toEqual([
      'Use only letters, digits, dots and dashes in an account number.',
    ]);
    const long = await send('PUT', url, { ...CHART, bank: { number: '1'.repeat(21), name: 'x'.repeat(101) } });
    expect(long.json().errors.detail).toMatchObject({
      'bank.number': ['An account number has at most 20 characters.'],
      'bank.name': ['An account name has at most 100 characters.'],
    });
    const shared = await send('PUT', url, { ...CHART, bank: CHART.loans_receivable });
    expect(shared.statusCode).toBe(422);
    expect(Object.keys(shared.json().errors.detail)).toEqual(['bank.number']);
    const missing = await send('PUT', url, { ...CHART, interest_income: null });
    expect(missing.json().errors.detail['interest_income.number']).toEqual(['Enter the account number.']);
    // Interest and recoveries may share one income account, under one name.
    const sharedIncome = await send('PUT', url, { ...CHART, recoveries_income: CHART.interest_income });
    expect(sharedIncome.statusCode).toBe(200);
    expect((await get(url)).json().meta.history).toHaveLength(1);

    const saved = await send('PUT', url, CHART);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ bank: { number: '1000', name: 'Banque' }, funder_payable: null });
    const history = (await get(url)).json().meta.history;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      author_name: 'Ada Admin',
      after: { recoveries_income: CHART.recoveries_income },
    });

    expect((await get(`/api/funds/00000000-0000-4000-8000-000000000000/accounts`)).statusCode).toBe(404);
  });
});

describe('the journal', () => {
  it('posts each event on its own day from the engine, balanced, and refuses an export while an account is unmapped', async () => {
    const fund = await newFund('journal');
    const loan = await loanIn(fund);
    await repay(loan, '2026-02-15');
    await repay(loan, '2026-03-15');
    const query = `from=2026-01-01&to=2026-03-31&filter[fund_id]=${fund}`;

    const unmapped = await preview(query);
    expect(unmapped.statusCode).toBe(200);
    expect(unmapped.json().data.unmapped.map((u: Json) => u.role)).toEqual(
      expect.arrayContaining(['loans_receivable', 'bank', 'interest_income']),
    );
    const refused = await get(`/api/accounting/journal?locale=en&${query}&format=qbo`, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.code).toBe('accounts_unmapped');
    expect(refused.json().errors.detail[`accounts.${fund}.bank`]).toEqual([`Fund journal: Bank is not mapped.`]);
    expect(await exportsCount()).toBe(0);

    await send('PUT', `/api/funds/${fund}/accounts`, CHART);
    const data = (await preview(query)).json().data;
    expect(data.unmapped).toEqual([]);
    expect(data.entries.map((e: Json) => e.date)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    expect(data.entries[0].lines).toEqual([
      { role: 'loans_receivable', account_number: '1200', account_name: 'Prêts à recevoir', debit: 120000, credit: 0 },
      { role: 'bank', account_number: '1000', account_name: 'Banque', debit: 0, credit: 120000 },
    ]);
    expect(data.entries[1].lines).toEqual([
      { role: 'bank', account_number: '1000', account_name: 'Banque', debit: 10662, credit: 0 },
      { role: 'interest_income', account_number: '4100', account_name: 'Revenus d’intérêts', debit: 0, credit: 1200 },
      { role: 'loans_receivable', account_number: '1200', account_name: 'Prêts à recevoir', debit: 0, credit: 9462 },
    ]);
    expect(data.entries[1].description).toContain('repayment');
    for (const entry of data.entries) {
      const sum = entry.lines.reduce((s: number, l: Json) => s + l.debit - l.credit, 0);
      expect(sum).toBe(0);
    }
    expect(data.totals.debit).toBe(data.totals.credit);
    expect(data.exports).toEqual([]);

    const file = await get(`/api/accounting/journal?locale=en&${query}&format=qbo`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('journal-qbo-2026-01-01-2026-03-31.csv');
    expect(file.body.split('\r\n')[0]).toBe('JournalNo,JournalDate,Account Name,Debits,Credits,Description');
    expect(file.body).toContain('202603-2,2026-02-15,Banque,106.62,,');

    const after = (await preview(query)).json().data;
    expect(after.exports).toHaveLength(1);
    expect(after.exports[0]).toMatchObject({ author_name: 'Ada Admin', entries_count: 3, format: 'qbo' });
    expect((await preview(`${query}&only_new=true`)).json().data.entries).toEqual([]);

    // A payment recorded since: only it is new; once exported, nothing is.
    await repay(loan, '2026-03-20', '10');
    const fresh = (await preview(`${query}&only_new=true`)).json().data.entries;
    expect(fresh.map((e: Json) => e.date)).toEqual(['2026-03-20']);
    const sage = await get(`/api/accounting/journal?locale=en&${query}&format=sage50&only_new=true`, admin);
    expect(sage.statusCode).toBe(200);
    const [header, ...accountLines] = sage.body.split('\r\n');
    expect(header).toMatch(/^03-20-2026,202603-1,/);
    expect(header!.split(',')[2]!.length).toBeLessThanOrEqual(39);
    // A payment before its installment falls due is held in advance until then.
    expect(accountLines).toEqual(['1000,10.00', '2300,-10.00', '']);
    expect((await preview(`${query}&only_new=true`)).json().data.entries).toEqual([]);
    // Everything is still in "all".
    expect((await preview(query)).json().data.entries).toHaveLength(4);
  });

  it('posts a reversal as the mirror entry on the day it is made, so a closed month never moves', async () => {
    const fund = await newFund('reversal');
    await send('PUT', `/api/funds/${fund}/accounts`, CHART);
    const loan = await loanIn(fund);
    const paid = await repay(loan, '2026-02-15');
    const before = (await preview(`from=2026-02-01&to=2026-02-28&filter[fund_id]=${fund}`)).json().data.entries;
    await post(t, staff, `${loan.url}/repayments/${paid.data.id}/reverse`, { reason: 'NSF' }, 200);
    const february = (await preview(`from=2026-02-01&to=2026-02-28&filter[fund_id]=${fund}`)).json().data.entries;
    expect(february).toEqual(before);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
    const now = (await preview(`from=${today}&to=${today}&filter[fund_id]=${fund}`)).json().data.entries;
    expect(now).toHaveLength(1);
    expect(now[0].description).toContain('reversal');
    expect(now[0].lines).toEqual(
      before[0].lines.map((l: Json) => ({ ...l, debit: l.credit, credit: l.debit })).reverse(),
    );
  });

  it('refuses a bad period or format with 422 naming the parameter', async () => {
    const toBefore = await preview('from=2026-03-01&to=2026-02-01');
    expect(toBefore.statusCode).toBe(422);
    expect(toBefore.json().errors.detail.to).toEqual(['The end date comes before the start date.']);
    const tooLong = await preview('from=2025-01-01&to=2026-01-01');
    expect(tooLong.json().errors.detail.to).toEqual(['Choose a period of at most 12 months.']);
    expect((await preview('from=2025-01-01&to=2025-12-31')).statusCode).toBe(200);
    const format = await get('/api/accounting/journal?locale=en&from=2026-01-01&to=2026-01-31&format=xls', admin);
    expect(format.statusCode).toBe(422);
    expect(format.json().errors.detail.format).toEqual(['Choose a format: qbo, sage50 or csv.']);
    expect((await preview('from=2026-02-30&to=2026-03-01')).json().errors.detail.from).toEqual([
      'Enter a date as YYYY-MM-DD.',
    ]);
    expect((await get('/api/accounting/journal?from=2026-01-01&to=2026-01-31&format=csv')).statusCode).toBe(403);
  });
});

async function exportsCount() {
  const [row] = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM journal_exports`);
  return row!.n;
}

describe('interest accrued to a date', () => {
  it('is the pro-rata share of the period’s interest, and one entry per fund reversed the next day', async () => {
    const fund = await newFund('accrual');
    await send('PUT', `/api/funds/${fund}/accounts`, CHART);
    const loan = await loanIn(fund);
    await repay(loan, '2026-02-15');
    await repay(loan, '2026-03-15');
    const res = await get(`/api/accounting/accrued_interest?locale=en&as_of=2026-03-31&filter[fund_id]=${fund}`);
    expect(res.statusCode).toBe(200);
    const [line] = res.json().data.lines;
    // Third installment: balance 1 010,19 $ after two payments → 10,10 $ of interest from 15 March to 15 April.
    expect(line).toMatchObject({
      loan_number: loan.loanNumber,
      installment_number: 3,
      period_start: '2026-03-15',
      due_date: '2026-04-15',
      days_elapsed: 16,
      days_in_period: 31,
      period_interest: 1010,
      accrued: Math.round((1010 * 16) / 31),
    });
    const csv = await get(`/api/accounting/accrued_interest.csv?locale=fr&as_of=2026-03-31&filter[fund_id]=${fund}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${loan.loanNumber};`);
    expect(csv.body).toContain(';10,10;5,21');

    const notEnd = await send('POST', '/api/accounting/accrued_interest', { as_of: '2026-03-30', fund_id: fund });
    expect(notEnd.statusCode).toBe(422);
    expect(notEnd.json().errors.detail.as_of).toEqual(['Interest is accrued to the last day of a month.']);
    expect(
      (await send('POST', '/api/accounting/accrued_interest', { as_of: '2026-03-31', fund_id: fund }, staff))
        .statusCode,
    ).toBe(403);
    const done = await send('POST', '/api/accounting/accrued_interest', { as_of: '2026-03-31', fund_id: fund });
    expect(done.statusCode).toBe(201);
    expect(done.json().data.recorded).toMatchObject([{ fund_id: fund, amount_cents: 521, loans_count: 1 }]);
    const entries = (await preview(`from=2026-03-16&to=2026-04-30&filter[fund_id]=${fund}`)).json().data.entries;
    expect(entries.map((e: Json) => [e.date, e.lines.map((l: Json) => [l.account_number, l.debit, l.credit])])).toEqual(
      [
        [
          '2026-03-31',
          [
            ['1250', 521, 0],
            ['4100', 0, 521],
          ],
        ],
        [
          '2026-04-01',
          [
            ['4100', 521, 0],
            ['1250', 0, 521],
          ],
        ],
      ],
    );
  });
});

describe('closed periods', () => {
  const close = (through: string, headers = admin) =>
    send('POST', '/api/accounting/periods/close', { through }, headers);
  const reopen = (body: Json, headers = admin) => send('POST', '/api/accounting/periods/reopen', body, headers);

  it('refuses every kind of write dated on or before the closing date, names the date, and reopens with a reason', async () => {
    const fund = await newFund('closing');
    const loan = await loanIn(fund);
    const paid = await repay(loan, '2026-02-15');
    const other = await loanIn(fund);
    await post(t, staff, `${other.url}/write_off`, { date: '2026-04-20', reason: 'Faillite' });

    expect((await get('/api/accounting/periods')).json().data).toEqual({ closed_through: null, history: [] });
    expect((await close('2026-03-31', staff)).statusCode).toBe(403);
    expect((await close('2026-03-15')).json().errors.detail.through).toEqual(['Choose the last day of a month.']);
    expect((await close('2099-12-31')).json().errors.detail.through).toEqual([
      'A month can be closed only once it is over.',
    ]);
    const closed = await close('2026-03-31');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.closed_through).toBe('2026-03-31');
    expect((await close('2026-02-28')).json().errors.detail.through).toEqual([
      'The books are already closed through 2026-03-31.',
    ]);

    const refused = async (
      method: 'POST',
      url: string,
      payload: Json,
      date = '2026-03-31',
      words = 'March 31, 2026',
    ) => {
      const res = await send(method, url, payload, staff);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(409);
      expect(res.json().errors.code).toBe('period_closed');
      expect(res.json().errors.detail.closed_through).toEqual([date]);
      expect(res.json().errors.message).toContain(words);
      expect(res.json().errors.message).toContain('An administrator can reopen');
    };
    const count = async () => {
      const [row] = await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT (SELECT count(*) FROM repayments) + (SELECT count(*) FROM disbursements)
                 + (SELECT count(*) FROM term_amendments) + (SELECT count(*) FROM write_offs) AS n`,
      );
      return Number(row!.n);
    };
    const before = await count();
    await refused('POST', `${loan.url}/repayments`, { received_on: '2026-03-31', amount: '10', method: 'pad' });
    await refused('POST', `${loan.url}/disbursements`, { date: '2026-03-01', amount: '1', method: 'eft' });
    await refused('POST', `${loan.url}/term_amendments`, {
      effective_date: '2026-03-01',
      kind: 'moratorium',
      months: '2',
      reason: 'Saison',
    });
    await refused('POST', `${loan.url}/write_off`, { date: '2026-03-31', reason: 'Faillite' });
    await refused('POST', '/api/portfolio/term_amendments/bulk?dry_run=false', {
      fund_id: fund,
      effective_date: '2026-02-01',
      kind: 'moratorium',
      months: '1',
      reason: 'Crise',
    });
    const file = `Loan,Date,Amount,Reference\r\n${loan.loanNumber},2026-03-10,5.00,A\r\n`;
    await refused('POST', '/api/portfolio/repayments/import?dry_run=false', {
      file_name: 'pad.csv',
      content: Buffer.from(file).toString('base64'),
      mapping: { loan_number: 'Loan', received_on: 'Date', amount: 'Amount', reference: 'Reference' },
    });
    expect(await count()).toBe(before);
    const french = await t.inject({
      method: 'POST',
      url: `${loan.url}/repayments?locale=fr`,
      headers: staff,
      payload: { received_on: '2026-01-31', amount: '10', method: 'pad' },
    });
    expect(french.json().errors.message).toContain('31 mars 2026');

    // Dated on their own day, a reversal and undoing a write-off are open; the closed month does not move.
    const march = (await preview(`from=2026-02-01&to=2026-03-31&filter[fund_id]=${fund}`)).json().data;
    await post(t, staff, `${loan.url}/repayments/${paid.data.id}/reverse`, { reason: 'NSF' }, 200);
    await post(t, staff, `${other.url}/write_off/undo`, { reason: 'Erreur' }, 200);
    expect((await preview(`from=2026-02-01&to=2026-03-31&filter[fund_id]=${fund}`)).json().data).toEqual(march);
    // An entry after the closing date is recorded.
    await repay(loan, '2026-04-01', '10');

    const noReason = await reopen({ through: '2026-03-31', reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors.detail)).toEqual(['reason']);
    expect((await reopen({ through: '2026-03-31', reason: 'Correction' }, staff)).statusCode).toBe(403);
    expect((await reopen({ through: '2026-04-30', reason: 'x' })).json().errors.detail.through).toEqual([
      'This month is not closed.',
    ]);
    const reopened = await reopen({ through: '2026-03-31', reason: 'Paiement oublié' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.closed_through).toBe('2026-02-28');
    expect(reopened.json().data.history).toMatchObject([
      {
        action: 'reopen',
        through: '2026-03-31',
        closed_through: '2026-02-28',
        reason: 'Paiement oublié',
        author_name: 'Ada Admin',
      },
      { action: 'close', through: '2026-03-31', closed_through: '2026-03-31', reason: null },
    ]);
    await repay(loan, '2026-03-20', '10');
    await refused(
      'POST',
      `${loan.url}/repayments`,
      { received_on: '2026-02-28', amount: '10', method: 'pad' },
      '2026-02-28',
      'February 28, 2026',
    );
  });

  it('lets a write land before a concurrent close or refuses it, never after it in the closed month', async () => {
    const fund = await newFund('race');
    const loan = await createLoan(t, staff, ids, {
      contribution_fund_id: fund,
      amount: '100000',
      authorization_date: '2026-03-01',
    });
    await post(t, staff, `${loan.url}/disbursements`, { date: '2026-03-05', amount: '100000', method: 'eft' });
    for (const month of ['04', '05', '06', '07', '08']) {
      const through = `2026-${month}-${month === '04' || month === '06' ? '30' : '31'}`;
      const day = `2026-${month}-20`;
      const [closing, writing] = await Promise.all([
        close(through),
        send('POST', `${loan.url}/repayments`, { received_on: day, amount: '1', method: 'pad' }, staff),
      ]);
      expect(closing.statusCode).toBe(200);
      const [row] = await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM repayments WHERE contribution_id = ${loan.id} AND received_on = ${day}::date`,
      );
      if (writing.statusCode === 201) {
        expect(row!.n).toBe(1);
      } else {
        expect(writing.statusCode).toBe(409);
        expect(writing.json().errors.detail.closed_through).toEqual([through]);
        expect(row!.n).toBe(0);
      }
      // Either way, the month is closed now and nothing more lands in it.
      const late = await send(
        'POST',
        `${loan.url}/repayments`,
        { received_on: day, amount: '1', method: 'pad' },
        staff,
      );
      expect(late.statusCode).toBe(409);
    }
    expect((await get('/api/accounting/periods')).json().data.closed_through).toBe('2026-08-31');
  });
});

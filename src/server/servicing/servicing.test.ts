import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { expectBadRequests, useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { asForm } from '../test/company-fixtures';
import { createLoan, createLoans, loanTerms, post, type TestLoan } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';

/*
 * The servicing routes on the real app and database (docs/decisions/0036). The loan of these tests is the one
 * ADR 0033 works through by hand: 1 200 $ at 12 % over 12 months, paid out on 15 January 2026; its level payment
 * is 106,62 $ and its balance after the ninth payment 313,54 $ (src/shared/servicing/loan.test.ts has the table).
 * Figures are asked `as_of` a fixed day so that they hold whatever day the tests run.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AS_OF = '2026-11-25';
const DUE = [
  '2026-02-15',
  '2026-03-15',
  '2026-04-15',
  '2026-05-15',
  '2026-06-15',
  '2026-07-15',
  '2026-08-15',
  '2026-09-15',
  '2026-10-15',
  '2026-11-15',
];

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });

const get = (url: string, headers: Record<string, string> = auth) => t.inject({ method: 'GET', url, headers });
const send = (url: string, payload: Record<string, unknown>, locale = 'en', headers: Record<string, string> = auth) =>
  t.inject({ method: 'POST', url: `${url}${url.includes('?') ? '&' : '?'}locale=${locale}`, headers, payload });

const disburse = (loan: TestLoan, date = '2026-01-15', amount = '1200') =>
  post(t, auth, `${loan.url}/disbursements`, { date, amount, method: 'eft', reference: 'VIR-1' });
const repay = (loan: TestLoan, receivedOn: string, amount = '106.62', kind = 'regular') =>
  post(t, auth, `${loan.url}/repayments`, { received_on: receivedOn, amount, method: 'pad', kind });

/** The loan paid out and its first `count` installments paid on their due dates. */
async function servicedLoan(count: number): Promise<TestLoan> {
  const loan = await createLoan(t, auth, ids);
  await disburse(loan);
  for (const date of DUE.slice(0, count)) await repay(loan, date);
  return loan;
}

/** A contribution fund of the test's own, so that a fund-wide action reaches only the test's loans. */
async function newFund(key: string): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, ${`Fonds ${key}`}, ${`Fund ${key}`}) RETURNING id`,
  );
  return row!.id;
}

async function loanState(id: string) {
  const [row] = await selectRows<Json>(
    t.database.db,
    sql`SELECT status, disbursed_cents::int AS disbursed, outstanding_principal_cents::int AS outstanding,
               received_cents::int AS received, overdue_since::text AS overdue_since
          FROM loan_states WHERE contribution_id = ${id}`,
  );
  return row;
}

/** A loan's whole row of figures, as text (its amounts may be past what an int holds). */
async function wholeState(id: string) {
  const [row] = await selectRows<{ state: string }>(
    t.database.db,
    sql`SELECT to_jsonb(s)::text AS state FROM loan_states s WHERE contribution_id = ${id}`,
  );
  return row?.state;
}

describe('money out and in', () => {
  it('records a disbursement and a repayment, each answered with the loan figures and kept in loan_states', async () => {
    const loan = await createLoan(t, auth, ids);
    expect(loan.loanNumber).toMatch(/^C-\d{4}-\d{6}-\d{2}$/);
    const out = await disburse(loan);
    expect(out.data).toMatchObject({ date: '2026-01-15', amount: 1200, method: 'eft', reference: 'VIR-1' });
    expect(out.meta.loan).toMatchObject({ loan_number: loan.loanNumber, status: 'active' });
    expect(out.meta.loan.figures.disbursed).toBe(1200);

    const paid = await repay(loan, '2026-02-15');
    expect(paid.data.allocation.installments).toEqual([{ number: 1, interest: 12, principal: 94.62 }]);
    expect(paid.data.author_name).toBe('Lise Caron');
    // The kept row is the answer's, in cents.
    expect(await loanState(loan.id)).toMatchObject({
      status: 'active',
      disbursed: 120_000,
      outstanding: Math.round(paid.meta.loan.figures.outstanding_principal * 100),
      received: 10_662,
    });

    const list = await get(`${loan.url}/repayments`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total_count).toBe(1);
    const outs = await get(`${loan.url}/disbursements`);
    expect(outs.json().data.map((d: Json) => d.amount)).toEqual([1200]);
  });

  it('answers the hand-worked figures of the schedule as of a day: nine paid, the tenth ten days late', async () => {
    const loan = await servicedLoan(9);
    const res = await get(`${loan.url}/schedule?as_of=${AS_OF}`);
    expect(res.statusCode).toBe(200);
    const schedule = res.json().data;
    expect(schedule).toMatchObject({
      as_of: AS_OF,
      loan_number: loan.loanNumber,
      status: 'active',
      projected: false,
      days_past_due: 10,
      arrears_principal: 103.48,
      arrears_interest: 3.14,
      outstanding_principal: 313.54,
    });
    const statuses = schedule.rows.map((row: Json) => row.status);
    expect(statuses).toEqual([...Array(9).fill('paid'), 'late', 'future', 'future']);
    expect(schedule.rows[9]).toMatchObject({ date: '2026-11-15', paid: 0, due: 106.62 });
    expect(schedule.rows[0]).toMatchObject({ paid: 106.62, due: 0, paid_on: '2026-02-15' });
  });

  it('answers a loan not yet disbursed with its projected schedule', async () => {
    const loan = await createLoan(t, auth, ids);
    const res = await get(`${loan.url}/schedule?as_of=${AS_OF}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'not_disbursed', projected: true, days_past_due: 0 });
    expect(res.json().data.rows).toHaveLength(12);
  });

  it('keeps both of two payments recorded at the same time, in order', async () => {
    const loan = await servicedLoan(0);
    const [a, b] = await Promise.all([
      t.inject({
        method: 'POST',
        url: `${loan.url}/repayments`,
        headers: auth,
        payload: { received_on: '2026-02-15', amount: '106.62', method: 'pad' },
      }),
      t.inject({
        method: 'POST',
        url: `${loan.url}/repayments`,
        headers: auth,
        payload: { received_on: '2026-03-15', amount: '106.62', method: 'cheque' },
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const list = (await get(`${loan.url}/repayments`)).json();
    expect(list.data).toHaveLength(2);
    expect(list.meta.loan.figures.received).toBe(213.24);
    expect((await loanState(loan.id))!.received).toBe(21_324);
  });
});

describe('bad input: a message per field, nothing written', () => {
  async function refused(url: string, payload: Record<string, unknown>, locale = 'en') {
    const res = await send(url, payload, locale);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as { code: string; message: string; detail: Record<string, string[]> };
  }
  const messages = (errors: { detail: Record<string, string[]> }, field: string) => errors.detail[field] ?? [];

  it('refuses a repayment on a loan with no disbursement', async () => {
    const loan = await createLoan(t, auth, ids);
    const errors = await refused(`${loan.url}/repayments`, {
      received_on: '2026-02-15',
      amount: '10',
      method: 'cash',
    });
    expect(JSON.stringify(errors.detail)).toContain('Nothing has been disbursed on this loan');
    expect((await get(`${loan.url}/repayments`)).json().data).toEqual([]);
  });

  it.each([
    ['zero', '0'],
    ['negative', '-5'],
  ])('refuses a %s amount', async (_name, amount) => {
    const loan = await servicedLoan(0);
    const errors = await refused(`${loan.url}/repayments`, { received_on: '2026-02-15', amount, method: 'cash' });
    expect(errors.detail['amount']).toBeDefined();
  });

  it('refuses a date before the first disbursement, and one after today', async () => {
    const loan = await servicedLoan(0);
    const before = await refused(`${loan.url}/repayments`, { received_on: '2026-01-10', amount: '5', method: 'pad' });
    expect(messages(before, 'received_on').join()).toContain('first disbursement');
    const ahead = await refused(
      `${loan.url}/repayments`,
      { received_on: '2099-01-01', amount: '5', method: 'pad' },
      'fr',
    );
    expect(messages(ahead, 'received_on').join()).toContain('argent déjà reçu');
    expect((await get(`${loan.url}/repayments`)).json().data).toEqual([]);
  });

  it('refuses a repayment dated after today: money not yet received is not a repayment', async () => {
    const loan = await createLoan(t, auth, ids, { authorization_date: addDays(todayIso(), -60) });
    await disburse(loan, addDays(todayIso(), -60));
    const tomorrow = addDays(todayIso(), 1);
    const payload = { received_on: tomorrow, amount: '100', method: 'pad' };
    const fr = await refused(`${loan.url}/repayments`, payload, 'fr');
    expect(messages(fr, 'received_on')).toEqual([
      'Un remboursement est de l’argent déjà reçu : sa date doit être aujourd’hui ou avant. Inscrivez-le le jour où vous le recevez.',
    ]);
    const en = await refused(`${loan.url}/repayments`, payload, 'en');
    expect(messages(en, 'received_on')).toEqual([
      'A repayment is money already received: its date must be today or earlier. Record it on the day you receive it.',
    ]);
    expect((await get(`${loan.url}/repayments`)).json().data).toEqual([]);
    // The same payment dated today is one.
    expect((await send(`${loan.url}/repayments`, { ...payload, received_on: todayIso() })).statusCode).toBe(201);
  });

  it('refuses (422) an amendment whose figures would pass the ceiling, writing nothing, never a 500', async () => {
    // 50 billion dollars at 100 % over one month, then a 599-month payment holiday: its capitalised interest
    // would be far past 10^13 cents (the audit's 500: a bigint overflow in loan_states).
    const loan = await createLoan(t, auth, ids, { amount: '50000000000', rate: '100', amortization: '1' });
    await disburse(loan, '2026-01-15', '50000000000');
    const before = await wholeState(loan.id);
    for (const locale of ['en', 'fr']) {
      const res = await send(
        `${loan.url}/term_amendments`,
        { effective_date: '2026-02-01', kind: 'payment_holiday', months: '599', reason: 'Pause' },
        locale,
      );
      expect(res.statusCode, res.body).toBe(422);
      // French writes its thousands with narrow no-break spaces.
      expect(res.json().errors.message.replace(/\s/g, ' ')).toBe(
        locale === 'en'
          ? 'This loan’s amounts would exceed $100,000,000,000.00, the most the application can count: nothing was recorded. Check the amounts and the term.'
          : 'Les montants de ce prêt dépasseraient 100 000 000 000,00 $, le plafond que l’application peut compter : rien n’a été inscrit. Vérifiez les montants et la durée.',
      );
    }
    expect((await get(`${loan.url}/term_amendments`)).json().data).toEqual([]);
    expect(await wholeState(loan.id)).toEqual(before);
    // A month's holiday keeps the figures within it.
    const small = await send(`${loan.url}/term_amendments`, {
      effective_date: '2026-02-01',
      kind: 'payment_holiday',
      months: '1',
      reason: 'Pause',
    });
    expect(small.statusCode, small.body).toBe(201);
  });

  it('refuses (422) a disbursement whose amount alone passes the ceiling', async () => {
    const loan = await createLoan(t, auth, ids, { amount: '999999999999.99' });
    const res = await send(`${loan.url}/disbursements`, {
      date: '2026-01-15',
      amount: '999999999999.99',
      method: 'eft',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.message).toContain('the most the application can count');
    expect((await get(`${loan.url}/disbursements`)).json().data).toEqual([]);
    expect((await loanState(loan.id))!.status).toBe('not_disbursed');
  });

  it('refuses disbursing beyond the amount lent, saying what is left', async () => {
    const loan = await createLoan(t, auth, ids);
    await disburse(loan, '2026-01-15', '1000');
    const errors = await refused(`${loan.url}/disbursements`, { date: '2026-02-01', amount: '300', method: 'eft' });
    expect(JSON.stringify(errors.detail)).toContain('$200.00');
  });

  it('refuses a payment beyond the payoff amount, giving it', async () => {
    const loan = await servicedLoan(0);
    const errors = await refused(`${loan.url}/repayments`, {
      received_on: '2026-02-15',
      amount: '5000',
      method: 'eft',
    });
    expect(JSON.stringify(errors.detail)).toMatch(/payoff amount is \$1,212\.00/);
  });

  it('refuses a recovery on a loan not written off', async () => {
    const loan = await servicedLoan(0);
    const errors = await refused(`${loan.url}/repayments`, {
      received_on: '2026-02-15',
      amount: '10',
      method: 'eft',
      kind: 'recovery',
    });
    expect(JSON.stringify(errors.detail)).toContain('not written off');
  });

  it('refuses an amendment effective before the loan, and a rate with more decimals than kept', async () => {
    const loan = await servicedLoan(1);
    const early = await refused(`${loan.url}/term_amendments`, {
      effective_date: '2025-12-01',
      kind: 'moratorium',
      months: '3',
      reason: 'Saison morte',
    });
    expect(JSON.stringify(early.detail)).toContain('before the loan');
    const precise = await refused(`${loan.url}/term_amendments`, {
      effective_date: '2026-06-01',
      kind: 'rate_change',
      rate: '5.0001',
      reason: 'Renégociation',
    });
    expect(precise.detail['rate']).toBeDefined();
    expect((await get(`${loan.url}/term_amendments`)).json().data).toEqual([]);
  });

  it('answers 404 for an unknown loan and 400 for an as_of that is not a day', async () => {
    const loan = await createLoan(t, auth, ids);
    const other = `/api/companies/${loan.companyId}/financial_contributions/00000000-0000-4000-8000-000000000000`;
    expect((await get(`${other}/repayments`)).statusCode).toBe(404);
    for (const day of ['9999-12-31', 'demain']) {
      const res = await get(`${loan.url}/schedule?as_of=${day}`);
      expect(res.statusCode).toBe(400);
      // Said in words, never as the catalog key.
      expect(res.json().errors.message).toBe(
        'Le jour des chiffres doit être une date entre 1900 et 2100 (AAAA-MM-JJ).',
      );
      const english = await get(`${loan.url}/statement?as_of=${day}&locale=en`);
      expect(english.json().errors.message).toBe(
        'The day of the figures must be a date between 1900 and 2100 (YYYY-MM-DD).',
      );
    }
  });
});

describe('corrections', () => {
  it('reverses a repayment once, with its reason and who; a second reversal is a 409', async () => {
    const loan = await servicedLoan(2);
    const list = (await get(`${loan.url}/repayments`)).json().data as Json[];
    const last = list.at(-1)!;
    const res = await send(`${loan.url}/repayments/${last.id}/reverse`, { reason: 'Chèque sans provision' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reversal).toMatchObject({ reason: 'Chèque sans provision', reversed_by_name: 'Lise Caron' });
    expect(res.json().meta.loan.figures.received).toBe(106.62);
    const again = await send(`${loan.url}/repayments/${last.id}/reverse`, { reason: 'Encore' }, 'fr');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.code).toBe('already_reversed');
    // The entry stays, counting for nothing.
    const after = (await get(`${loan.url}/repayments`)).json().data as Json[];
    expect(after).toHaveLength(2);
    expect(after.at(-1)!.excluded_because).toBe('reversed');
  });

  it('refuses to reverse a disbursement that payments depend on beyond the payoff', async () => {
    const loan = await servicedLoan(1);
    const [out] = (await get(`${loan.url}/disbursements`)).json().data as Json[];
    const res = await send(`${loan.url}/disbursements/${out!.id}/reverse`, { reason: 'Erreur' });
    expect(res.statusCode).toBe(422);
    expect((await get(`${loan.url}/disbursements`)).json().data[0].reversal).toBeNull();
  });

  it('writes a loan off with its computed amounts, refuses it twice, and undoes it', async () => {
    const loan = await servicedLoan(3);
    const off = await send(`${loan.url}/write_off`, { date: '2026-09-30', reason: 'Faillite' });
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json().data).toMatchObject({ date: '2026-09-30', reason: 'Faillite' });
    expect(off.json().data.principal).toBe(off.json().meta.loan.figures.written_off_principal);
    expect(off.json().meta.loan.status).toBe('written_off');
    expect((await loanState(loan.id))!.status).toBe('written_off');
    // A recovery is money received after it.
    const recovery = await send(`${loan.url}/repayments`, {
      received_on: '2026-10-15',
      amount: '50',
      method: 'cheque',
      kind: 'recovery',
    });
    expect(recovery.statusCode, recovery.body).toBe(201);
    const twice = await send(`${loan.url}/write_off`, { date: '2026-10-30', reason: 'Encore' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.message).toContain('already written off');
    // A recovery recorded after the write-off stands in the way of undoing it until it is reversed.
    await send(`${loan.url}/repayments/${recovery.json().data.id}/reverse`, { reason: 'Saisie en double' });
    const undo = await send(`${loan.url}/write_off/undo`, { reason: 'Jugement renversé' });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.undone).toMatchObject({ reason: 'Jugement renversé' });
    expect(undo.json().meta.loan.status).toBe('active');
    expect((await send(`${loan.url}/write_off/undo`, { reason: 'Deux fois' })).statusCode).toBe(409);
  });
});

describe('a correction dated on or before a write-off', () => {
  // The audit's loan: 20 000 $ at 6 % over 24 months, paid out on 15 January 2025, 5 000 $ received on 5 February,
  // written off on 31 December 2025 (15 540,62 $ of principal).
  async function writtenOffLoan() {
    const loan = await createLoan(t, auth, ids, {
      amount: '20000',
      rate: '6',
      amortization: '24',
      authorization_date: '2025-01-15',
    });
    const out = await disburse(loan, '2025-01-15', '20000');
    const paid = await repay(loan, '2025-02-05', '5000');
    const off = await post(t, auth, `${loan.url}/write_off`, { date: '2025-12-31', reason: 'Faillite' });
    expect(off.data).toMatchObject({ date: '2025-12-31', principal: 15540.62, interest: 339.84 });
    expect(off.meta.loan.figures).toMatchObject({ written_off_principal: 15540.62, written_off_interest: 339.84 });
    return { loan, disbursementId: out.data.id as string, repaymentId: paid.data.id as string };
  }

  it('refuses (409) reversing the repayment or the disbursement: undo the write-off first; nothing changes', async () => {
    const { loan, disbursementId, repaymentId } = await writtenOffLoan();
    const figures = (await get(`/api/companies/${loan.companyId}/loans`)).json().data[0].figures;
    const state = await wholeState(loan.id);
    for (const [url, locale, message] of [
      [`${loan.url}/repayments/${repaymentId}/reverse`, 'fr', 'annulez d’abord la radiation'],
      [`${loan.url}/repayments/${repaymentId}/reverse`, 'en', 'undo the write-off first'],
      [`${loan.url}/disbursements/${disbursementId}/reverse`, 'fr', 'annulez d’abord la radiation'],
      [`${loan.url}/disbursements/${disbursementId}/reverse`, 'en', 'undo the write-off first'],
    ] as const) {
      const res = await send(url, { reason: 'Erreur de saisie' }, locale);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors.code).toBe('invalid_transition');
      expect(res.json().errors.message).toContain(message);
      expect(res.json().errors.message).toContain(locale === 'fr' ? '31 décembre 2025' : 'December 31, 2025');
    }
    expect((await get(`${loan.url}/repayments`)).json().data[0].reversal).toBeNull();
    expect((await get(`${loan.url}/disbursements`)).json().data[0].reversal).toBeNull();
    expect((await get(`/api/companies/${loan.companyId}/loans`)).json().data[0].figures).toEqual(figures);
    expect(await wholeState(loan.id)).toEqual(state);
  });

  it('reverses them once the write-off is undone, and a recovery after it at any time', async () => {
    const { loan, repaymentId } = await writtenOffLoan();
    const recovery = await post(t, auth, `${loan.url}/repayments`, {
      received_on: '2026-01-20',
      amount: '100',
      method: 'cheque',
      kind: 'recovery',
    });
    expect(recovery.meta.loan.figures.recovered).toBe(100);
    const back = await send(`${loan.url}/repayments/${recovery.data.id}/reverse`, { reason: 'Chèque refusé' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().meta.loan.figures.recovered).toBe(0);
    await post(t, auth, `${loan.url}/write_off/undo`, { reason: 'Entente' }, 200);
    const reversed = await send(`${loan.url}/repayments/${repaymentId}/reverse`, { reason: 'Erreur de saisie' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().meta.loan.figures.written_off_principal).toBe(0);
  });
});

describe('term amendments', () => {
  it('amends one loan from a date and lists it beside the terms as agreed', async () => {
    const loan = await servicedLoan(3);
    const res = await send(`${loan.url}/term_amendments`, {
      effective_date: '2026-05-01',
      kind: 'moratorium',
      months: '2',
      reason: 'Saison morte',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'moratorium', months: 2, reason: 'Saison morte' });
    const list = (await get(`${loan.url}/term_amendments`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.meta.original_terms).toMatchObject({ rate: 12, amortization: 12, moratorium: 0 });
  });

  it('amends every active loan of a fund in one action, or none of them when one cannot take it', async () => {
    const fund = await newFund('bulk-test');
    const [a, b, idle] = await createLoans(t, auth, ids, [
      loanTerms(ids, { contribution_fund_id: fund }),
      loanTerms(ids, { contribution_fund_id: fund, project_name: 'Camion' }),
      loanTerms(ids, { contribution_fund_id: fund, project_name: 'Rien encore' }),
    ]);
    await disburse(a!);
    await disburse(b!);
    const body = {
      fund_id: fund,
      effective_date: '2026-06-01',
      kind: 'rate_change',
      rate: '6',
      reason: 'Baisse du taux',
    };
    const res = await send('/api/portfolio/term_amendments/bulk?dry_run=false', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.amended_count).toBe(2);
    expect(
      res
        .json()
        .data.loans.map((l: Json) => l.contribution_id)
        .sort(),
    ).toEqual([a!.id, b!.id].sort());
    expect((await get(`${idle!.url}/term_amendments`)).json().data).toEqual([]);

    // Before the loans: refused for both, none written.
    const early = await send('/api/portfolio/term_amendments/bulk?dry_run=false', {
      ...body,
      effective_date: '2025-01-01',
    });
    expect(early.statusCode).toBe(422);
    expect((await get(`${a!.url}/term_amendments`)).json().data).toHaveLength(1);
  });
});

describe('a blanket deferral of a fund: preview, then the write', () => {
  const deferral = { effective_date: '2026-12-01', kind: 'payment_holiday', months: '3', reason: 'Report général' };
  const bulk = (body: Record<string, unknown>, query = '') => send(`/api/portfolio/term_amendments/bulk${query}`, body);
  const amendmentsCount = async () =>
    (await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM term_amendments`))[0]!.n;

  it('dry_run=true answers how many active loans it would amend and their outstanding, and writes nothing', async () => {
    const fund = await newFund('bulk-preview');
    const [a, b, idle] = await createLoans(t, auth, ids, [
      loanTerms(ids, { contribution_fund_id: fund }),
      loanTerms(ids, { contribution_fund_id: fund, project_name: 'Camion', amount: '2400' }),
      loanTerms(ids, { contribution_fund_id: fund, project_name: 'Rien encore' }),
    ]);
    await disburse(a!);
    await disburse(b!, '2026-01-15', '2400');
    await repay(a!, '2026-02-15');
    const before = await amendmentsCount();
    const eventsBefore = (await get(`/api/companies/${a!.companyId}/events?locale=en`)).json().meta.total_count;

    const preview = await bulk({ fund_id: fund, ...deferral }, '?dry_run=true');
    expect(preview.statusCode, preview.body).toBe(200);
    // The outstanding each loan's own schedule gives today, added (in cents, as the answer's dollars are).
    const outstanding = async (loan: TestLoan) =>
      Math.round((await get(`${loan.url}/schedule`)).json().data.outstanding_principal * 100);
    const expected = (await outstanding(a!)) + (await outstanding(b!));
    expect(preview.json().data).toMatchObject({
      fund_id: fund,
      loans_count: 2,
      outstanding_principal: expected / 100,
    });
    // The loans themselves, each with its company and outstanding: what the screen lists before applying.
    const listed = preview.json().data.loans as Json[];
    expect(listed.map((loan) => loan.contribution_id).sort()).toEqual([a!.id, b!.id].sort());
    for (const loan of [a!, b!]) {
      expect(listed.find((row) => row.contribution_id === loan.id)).toMatchObject({
        loan_number: loan.loanNumber,
        company_id: loan.companyId,
        outstanding_principal: (await outstanding(loan)) / 100,
      });
    }
    expect(listed.every((row) => row.company_name.length > 0)).toBe(true);
    // Without dry_run, the post is a dry run too: the write must be asked for.
    const unasked = await bulk({ fund_id: fund, ...deferral });
    expect(unasked.statusCode, unasked.body).toBe(200);
    expect(unasked.json().data).toEqual(preview.json().data);
    expect(await amendmentsCount()).toBe(before);
    expect((await get(`/api/companies/${a!.companyId}/events?locale=en`)).json().meta.total_count).toBe(eventsBefore);

    // dry_run=false is the write itself; it amends the loans the preview counted.
    const done = await bulk({ fund_id: fund, ...deferral }, '?dry_run=false');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data.amended_count).toBe(2);
    expect(await amendmentsCount()).toBe(before + 2);
    const [amended] = (await get(`${a!.url}/term_amendments`)).json().data as Json[];
    expect(amended).toMatchObject({
      kind: 'payment_holiday',
      months: 3,
      reason: 'Report général',
      bulk_action_id: done.json().data.bulk_action_id,
    });
    expect((await get(`${idle!.url}/term_amendments`)).json().data).toEqual([]);
    // The schedule of each amended loan: three installments from December with nothing asked (capitalised).
    const rows = (await get(`${b!.url}/schedule`)).json().data.rows as Json[];
    expect(rows.filter((row) => row.kind === 'holiday').map((row) => row.date)).toEqual([
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
    ]);
    // One event per loan in its company's history, in both languages.
    for (const [locale, pattern] of [
      ['fr', /Report général$/],
      ['en', /Report général$/],
    ] as const) {
      const events = (await get(`/api/companies/${a!.companyId}/events?locale=${locale}`)).json().data as Json[];
      expect(events.filter((event) => event.code === 'termsAmended' && pattern.test(event.title))).toHaveLength(2);
    }
  });

  it('the preview refuses what the write would refuse, and a malformed dry_run, writing nothing', async () => {
    const fund = await newFund('bulk-refused');
    const body = { fund_id: fund, ...deferral };
    const empty = await bulk(body, '?dry_run=true');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.detail.fund_id).toEqual(['This fund has no active loan to amend.']);
    const [loan] = await createLoans(t, auth, ids, [loanTerms(ids, { contribution_fund_id: fund })]);
    await disburse(loan!);
    const before = await amendmentsCount();
    const early = await bulk({ ...body, effective_date: '2025-01-01' }, '?dry_run=true');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.message).toMatch(/^No loan was amended: 1 loans of the fund cannot take this amendment/);
    const unknown = await bulk({ ...body, fund_id: '00000000-0000-4000-8000-000000000000' }, '?dry_run=true');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.detail.fund_id).toEqual(['This fund does not exist.']);
    const missing = await bulk({ fund_id: fund, kind: 'payment_holiday', reason: 'x' }, '?dry_run=true');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors.detail)).toContain('effective_date');
    const malformed = await bulk(body, '?dry_run=yes');
    expect(malformed.statusCode).toBe(400);
    expect(await amendmentsCount()).toBe(before);
  });
});

describe('a blanket deferral of a fund: the same action twice, the list, the reversal as one', () => {
  const deferral = { effective_date: '2026-12-01', kind: 'payment_holiday', months: '3', reason: 'Report général' };
  const write = (body: Record<string, unknown>, locale = 'en') =>
    send('/api/portfolio/term_amendments/bulk?dry_run=false', body, locale);
  const reverse = (id: string, locale = 'en') =>
    send(`/api/portfolio/term_amendments/bulk/${id}/reverse`, { reason: 'Appliquée par erreur' }, locale);
  const actions = async (fund: string) =>
    (await get(`/api/portfolio/term_amendments/bulk?filter[fund_id]=${fund}&locale=en`)).json().data as Json[];
  const inForce = async (loan: TestLoan) =>
    ((await get(`${loan.url}/term_amendments`)).json().data as Json[]).filter((row) => row.reversal === null);

  /** A fund of the test's own with two loans paid out. */
  async function fundWithLoans(key: string) {
    const fund = await newFund(key);
    const [a, b] = await createLoans(t, auth, ids, [
      loanTerms(ids, { contribution_fund_id: fund }),
      loanTerms(ids, { contribution_fund_id: fund, project_name: 'Camion' }),
    ]);
    await disburse(a!);
    await disburse(b!);
    return { fund, a: a!, b: b! };
  }

  it('refuses the same action twice with a 409 naming the earlier one, dry run and write alike', async () => {
    const { fund, a, b } = await fundWithLoans('bulk-twice');
    const first = await write({ fund_id: fund, ...deferral });
    expect(first.statusCode, first.body).toBe(201);
    const earlierId = first.json().data.bulk_action_id;

    for (const query of ['?dry_run=false', '?dry_run=true', '']) {
      const again = await send(`/api/portfolio/term_amendments/bulk${query}`, { fund_id: fund, ...deferral });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().errors.code).toBe('bulk_action_duplicate');
      expect(again.json().errors.detail.bulk_action_id).toEqual([`Earlier action: ${earlierId}`]);
      expect(again.json().errors.detail.author_name).toEqual(['By Lise Caron']);
      expect(again.json().errors.message).toMatch(
        /^This action is already in force on this fund: applied on .+ by Lise Caron/,
      );
    }
    const french = await write({ fund_id: fund, ...deferral }, 'fr');
    expect(french.json().errors.message).toMatch(
      /^Cette action est déjà en vigueur pour ce fonds : appliquée le .+ par Lise Caron/,
    );
    // Nothing doubled: one payment holiday per loan.
    expect(await inForce(a)).toHaveLength(1);
    expect(await inForce(b)).toHaveLength(1);
    // Another length, or another date, is another action.
    const longer = await write({ fund_id: fund, ...deferral, months: '4', effective_date: '2027-06-01' });
    expect(longer.statusCode, longer.body).toBe(201);
  });

  it('reverses an action as one: every amendment, each loan history and figures; a second time is a 409', async () => {
    const { fund, a, b } = await fundWithLoans('bulk-reverse');
    const scheduleBefore = (await get(`${a.url}/schedule`)).json().data;
    const done = await write({ fund_id: fund, ...deferral });
    const id = done.json().data.bulk_action_id;
    expect((await get(`${a.url}/schedule`)).json().data.rows.some((row: Json) => row.kind === 'holiday')).toBe(true);
    expect(await actions(fund)).toEqual([
      expect.objectContaining({ id, loans_count: 2, in_force_count: 2, state: 'applied', reversal: null }),
    ]);

    const res = await reverse(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      state: 'reversed',
      in_force_count: 0,
      reversal: { reason: 'Appliquée par erreur', reversed_by_name: 'Lise Caron' },
    });
    for (const loan of [a, b]) {
      const [amendment] = (await get(`${loan.url}/term_amendments`)).json().data as Json[];
      expect(amendment).toMatchObject({ bulk_action_id: id, reversal: { reason: 'Appliquée par erreur' } });
    }
    // The schedule and the kept row of figures are the loan's as before the action.
    const scheduleAfter = (await get(`${a.url}/schedule`)).json().data;
    expect(scheduleAfter.rows).toEqual(scheduleBefore.rows);
    expect(await loanState(a.id)).toMatchObject({
      outstanding: Math.round(scheduleBefore.outstanding_principal * 100),
    });
    const events = (await get(`/api/companies/${a.companyId}/events?locale=en`)).json().data as Json[];
    expect(events.filter((event) => event.code === 'amendmentReversed')).toHaveLength(2);
    expect((await actions(fund))[0]).toMatchObject({ id, state: 'reversed' });

    const twice = await reverse(id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.code).toBe('already_reversed');
    expect(twice.json().errors.message).toMatch(/^This action was already reversed, on .+ by Lise Caron\.$/);
    expect((await reverse(id, 'fr')).json().errors.message).toMatch(
      /^Cette action a déjà été annulée, le .+ par Lise Caron\.$/,
    );

    // Once reversed, the same action may be applied again.
    const again = await write({ fund_id: fund, ...deferral });
    expect(again.statusCode, again.body).toBe(201);
    const unknown = await reverse('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses the reversal, naming the loan, when a loan was written off since; nothing is reversed', async () => {
    const { fund, a, b } = await fundWithLoans('bulk-blocked');
    const done = await write({ fund_id: fund, ...deferral, effective_date: '2026-06-01' });
    const id = done.json().data.bulk_action_id;
    const writtenOff = await post(t, auth, `${b.url}/write_off`, { date: '2026-11-01', reason: 'Faillite' });
    expect(writtenOff.data.date).toBe('2026-11-01');

    const res = await reverse(id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.code).toBe('bulk_reversal_blocked');
    expect(res.json().errors.message).toContain(`Loan ${b.loanNumber}`);
    expect(res.json().errors.message).toContain('undo the write-off first');
    expect(res.json().errors.detail.loans).toHaveLength(1);
    expect((await reverse(id, 'fr')).json().errors.message).toContain(`Prêt ${b.loanNumber}`);
    // All or nothing: the other loan's amendment still holds, and the action is not reversed.
    expect(await inForce(a)).toHaveLength(1);
    expect(await inForce(b)).toHaveLength(1);
    expect((await actions(fund))[0]).toMatchObject({ id, state: 'applied', reversal: null });
  });

  it('says partly reversed when a loan amendment was reversed on its own page, and reverses the rest', async () => {
    const { fund, a, b } = await fundWithLoans('bulk-partly');
    const id = (await write({ fund_id: fund, ...deferral })).json().data.bulk_action_id;
    const [own] = await inForce(a);
    await post(t, auth, `${a.url}/term_amendments/${own!.id}/reverse`, { reason: 'Pas ce prêt' }, 200);
    expect((await actions(fund))[0]).toMatchObject({ id, in_force_count: 1, state: 'partly_reversed' });
    const res = await reverse(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await inForce(b)).toHaveLength(0);
  });

  it('refuses a list without its fund, or with a malformed one', async () => {
    const missing = await get('/api/portfolio/term_amendments/bulk?locale=en');
    expect(missing.statusCode).toBe(400);
    const malformed = await get('/api/portfolio/term_amendments/bulk?filter[fund_id]=x&locale=en');
    expect(malformed.statusCode).toBe(400);
    const unknown = await get(
      '/api/portfolio/term_amendments/bulk?filter[fund_id]=00000000-0000-4000-8000-000000000000&locale=en',
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual([]);
  });
});

describe('GET …/statement', () => {
  it('reconciles: every line moves the running balance by its debit less its credit, to the outstanding figures', async () => {
    const loan = await servicedLoan(4);
    await repay(loan, '2026-06-20', '50', 'prepayment');
    for (const locale of ['fr', 'en'] as const) {
      const res = await get(`${loan.url}/statement?as_of=${AS_OF}&locale=${locale}`);
      expect(res.statusCode, res.body).toBe(200);
      const statement = res.json().data;
      expect(statement.title).toBe(locale === 'fr' ? 'Relevé de compte' : 'Statement of account');
      expect(statement.loan_number).toBe(loan.loanNumber);
      expect(statement.company).toMatchObject({
        name: 'Fromagerie du Vieux-Port',
        address: { address: '350, rue Saint-Paul Est', municipality: locale === 'fr' ? 'Montréal' : 'Montreal' },
      });
      expect(statement.loan).toMatchObject({ amount: 1200, rate: 12, amortization: 12, start_date: '2026-01-15' });
      let balance = 0;
      for (const line of statement.lines as Json[]) {
        if (line.counts) balance = Math.round((balance + line.debit - line.credit) * 100) / 100;
        expect(line.balance).toBe(balance);
      }
      expect(statement.totals.balance).toBe(balance);
      expect(Math.round((statement.totals.debits - statement.totals.credits) * 100) / 100).toBe(balance);
      const { figures } = statement;
      // What is owed: the principal left and the interest fallen due and unpaid.
      expect(balance).toBe(Math.round((figures.outstanding_principal + figures.arrears_interest) * 100) / 100);
      expect(statement.lines.filter((l: Json) => l.kind === 'repayment')).toHaveLength(5);
    }
  });

  it('gives recoveries their own column and total: every column adds up, on the answer and in the CSV', async () => {
    const loan = await servicedLoan(3);
    await send(`${loan.url}/write_off`, { date: '2026-05-20', reason: 'Faillite' });
    await repay(loan, '2026-06-01', '100', 'recovery');
    const late = await repay(loan, '2026-07-02', '50.25', 'recovery');
    await post(t, auth, `${loan.url}/repayments/${late.data.id}/reverse`, { reason: 'Chèque sans provision' }, 200);
    const round = (value: number) => Math.round(value * 100) / 100;
    const sum = (values: number[]) => round(values.reduce((total, value) => total + value, 0));
    for (const locale of ['fr', 'en'] as const) {
      const statement = (await get(`${loan.url}/statement?as_of=${AS_OF}&locale=${locale}`)).json().data;
      const counted = (statement.lines as Json[]).filter((line) => line.counts);
      const recoveries = (statement.lines as Json[]).filter((line) => line.kind === 'recovery');
      expect(recoveries.map((line) => [line.credit, line.recovery, line.counts])).toEqual([
        [0, 100, true],
        [0, 50.25, false],
      ]);
      expect(sum(counted.map((line) => line.debit))).toBe(statement.totals.debits);
      expect(sum(counted.map((line) => line.credit))).toBe(statement.totals.credits);
      expect(sum(counted.map((line) => line.recovery))).toBe(statement.totals.recoveries);
      expect(statement.totals.recoveries).toBe(100);
      expect(statement.totals.recoveries).toBe(statement.figures.recovered);
      expect(round(statement.totals.debits - statement.totals.credits)).toBe(statement.totals.balance);

      const csv = await get(`${loan.url}/statement.csv?as_of=${AS_OF}&locale=${locale}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const separator = locale === 'fr' ? ';' : ',';
      const [header, ...rows] = parse(csv.body.replace(/^\uFEFF/, ''), { delimiter: separator }) as string[][];
      expect(header).toEqual(
        locale === 'fr'
          ? ['Date', 'Description', 'Référence', 'Débit', 'Crédit', 'Recouvrement', 'Solde', 'Non compté']
          : ['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Recovery', 'Balance', 'Not counted'],
      );
      const totals = rows.pop()!;
      expect(totals[1]).toBe(locale === 'fr' ? 'Totaux' : 'Totals');
      expect(rows).toHaveLength(statement.lines.length);
      const amount = (cell: string) => (cell === '' ? 0 : Number(cell.replace(',', '.')));
      for (const column of [3, 4, 5, 7]) {
        expect(sum(rows.map((row) => amount(row[column]!)))).toBe(amount(totals[column]!));
      }
      expect(amount(totals[5]!)).toBe(100);
      expect(amount(totals[7]!)).toBe(50.25);
      expect(amount(totals[6]!)).toBe(statement.totals.balance);
      expect(round(amount(totals[3]!) - amount(totals[4]!))).toBe(amount(totals[6]!));
    }
  });
});

describe('history', () => {
  it('writes an event in the company history for each servicing write, titled in both languages', async () => {
    const loan = await servicedLoan(1);
    const [paid] = (await get(`${loan.url}/repayments`)).json().data as Json[];
    await send(`${loan.url}/repayments/${paid!.id}/reverse`, { reason: 'Sans provision' });
    await send(`${loan.url}/term_amendments`, {
      effective_date: '2026-03-01',
      kind: 'rate_change',
      rate: '6.5',
      reason: 'Renégociation',
    });
    await send(`${loan.url}/write_off`, { date: '2026-09-30', reason: 'Faillite' });
    await send(`${loan.url}/write_off/undo`, { reason: 'Jugement renversé' });
    const titles = async (locale: string) => {
      const res = await get(`/api/companies/${loan.companyId}/events?locale=${locale}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Json[])
        .filter((event) => event.code !== null && event.code !== 'companyCreated')
        .map((event) => `${event.code}: ${event.title}`)
        .sort();
    };
    const n = loan.loanNumber;
    const french = await titles('fr');
    expect(french).toHaveLength(6);
    expect(french).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^loanDisbursed: Décaissement de 1\s200,00\s\$ le 15 janvier 2026 \(prêt C-/),
        expect.stringMatching(/^repaymentReceived: Versement régulier de 106,62\s\$ reçu le 15 février 2026/),
        expect.stringMatching(/^repaymentReversed: .*Sans provision$/),
        expect.stringMatching(/^termsAmended: .*6,5\s%.*Renégociation$/),
        expect.stringMatching(/^loanWrittenOff: .*Faillite/),
        expect.stringMatching(/^writeOffUndone: .*Jugement renversé$/),
      ]),
    );
    const english = await titles('en');
    expect(english).toHaveLength(6);
    expect(english).toEqual(
      expect.arrayContaining([
        `loanDisbursed: Disbursement of $1,200.00 on January 15, 2026 (loan ${n})`,
        expect.stringMatching(/^termsAmended: Rate changed to 6\.5\s%/),
      ]),
    );
    for (const title of english) expect(title).not.toMatch(/servicing\.|\{\{/);
  });
});

describe('GET /api/portfolio/repayments/export.csv', () => {
  it('lists every repayment of the period, reversed ones said so, in Excel’s French style', async () => {
    const loan = await servicedLoan(2);
    const odd = await repay(loan, '2026-04-15');
    await post(t, auth, `${loan.url}/repayments`, {
      received_on: '2026-05-15',
      amount: '106.62',
      method: 'cheque',
      reference: '=1+1',
    });
    await send(`${loan.url}/repayments/${odd.data.id}/reverse`, { reason: 'Sans provision' });
    const res = await get(`/api/portfolio/repayments/export.csv?from=2026-03-01&to=2026-05-31&locale=fr`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('2026-03-01-2026-05-31.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.split(';').slice(0, 3)).toEqual(['Reçu le', 'Numéro du prêt', 'Référence de l’entreprise']);
    const mine = lines.slice(1).filter((line) => line.includes(loan.loanNumber));
    expect(mine.map((line) => line.split(';')[0])).toEqual(['2026-03-15', '2026-04-15', '2026-05-15']);
    // The second payment, as ADR 0033's table splits it; the reversed one applied to nothing.
    expect(mine[0]).toContain(';106,62;Débit préautorisé;Versement régulier;;11,05;95,57;0,00;0,00;non;;Lise Caron');
    expect(mine[1]).toMatch(/;oui;Sans provision;/);
    // A reference that Excel would run as a formula is written as text.
    expect(mine[2]).toContain(";'=1+1;");
  });

  it('answers 400 for a period that is not one', async () => {
    await expectBadRequests(
      ['', '?from=2026-05-01', '?from=2026-05-01&to=2026-04-01', '?from=1800-01-01&to=2026-01-01'],
      (query) => get(`/api/portfolio/repayments/export.csv${query}`),
    );
  });
});

describe('the company form and recorded money', () => {
  async function companyForm(companyId: string): Promise<Json> {
    return asForm((await get(`/api/companies/${companyId}`)).json().data);
  }
  const save = (companyId: string, form: Json, locale = 'en') =>
    t.inject({ method: 'PATCH', url: `/api/companies/${companyId}?locale=${locale}`, headers: auth, payload: form });

  it('refuses changing the terms of a loan with money, per field, in the language asked, and keeps them', async () => {
    const loan = await servicedLoan(1);
    const form = await companyForm(loan.companyId);
    const contribution = form.financial_contributions[0];
    contribution.rate = '5';
    contribution.amortization = '24';
    contribution.amount = '900';
    const res = await save(loan.companyId, form, 'fr');
    expect(res.statusCode, res.body).toBe(422);
    const detail = res.json().errors.detail;
    expect(Object.keys(detail).sort()).toEqual([
      'financial_contributions.0.amortization',
      'financial_contributions.0.amount',
      'financial_contributions.0.rate',
    ]);
    expect(detail['financial_contributions.0.rate'][0]).toMatch(/modification des conditions/i);
    expect(detail['financial_contributions.0.amount'][0]).toMatch(/1\s200,00\s\$/);
    const kept = (await get(`/api/companies/${loan.companyId}`)).json().data.financial_contributions[0];
    expect(kept).toMatchObject({ rate: 12, amortization: 12, amount: 1200 });
  });

  it('refuses removing a loan with money, and allows what the money does not depend on', async () => {
    const loan = await servicedLoan(0);
    const form = await companyForm(loan.companyId);
    const removed = await save(loan.companyId, { ...form, financial_contributions: [] });
    expect(removed.statusCode).toBe(422);
    expect(JSON.stringify(removed.json().errors.detail)).toContain(loan.loanNumber);

    form.financial_contributions[0].project_name = 'Four à bois';
    form.financial_contributions[0].amount = '1500';
    const res = await save(loan.companyId, form);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets a loan without money be changed or removed', async () => {
    const loan = await createLoan(t, auth, ids);
    const form = await companyForm(loan.companyId);
    expect((await save(loan.companyId, { ...form, financial_contributions: [] })).statusCode).toBe(200);
  });
});

describe('who may call', () => {
  it('answers 401 signed out and to a disabled user, on reads and writes', async () => {
    const loan = await servicedLoan(0);
    const disabled = await t.createUser({ disabledAt: new Date() });
    const stale = await t.authHeader(disabled);
    for (const headers of [{}, stale]) {
      expect((await get(`${loan.url}/repayments`, headers)).statusCode).toBe(401);
      expect((await get(`${loan.url}/statement`, headers)).statusCode).toBe(401);
      const res = await send(
        `${loan.url}/repayments`,
        { received_on: '2026-02-15', amount: '1', method: 'pad' },
        'en',
        headers,
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await get(`${loan.url}/repayments`)).json().data).toEqual([]);
  });

  it('lists a company’s loans with their kept figures', async () => {
    const loan = await servicedLoan(2);
    const res = await get(`/api/companies/${loan.companyId}/loans`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ loan_number: loan.loanNumber, status: 'active' });
    expect(res.json().data[0].figures.received).toBe(213.24);
  });
});

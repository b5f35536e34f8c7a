import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useLookupIds, useTestApp, madeBeforeAll } from '../test/harness';
import { createLoan, post, type TestLoan } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';

/*
 * Two-person approval (docs/decisions/0067) on the real app and database: a fund's policy, the moves it holds,
 * their approval, rejection and cancellation, and the journal of controls. Each test has a fund of its own so
 * that its policy reaches only its loans. The loan: 1 200 $ at 12 % over 12 months from 15 January 2026.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
/** An administrator who is not an approver; a staff member; two approvers (the second an administrator). */
const people = madeBeforeAll(async () => {
  const admin = await t.createUser({ role: 'admin', firstName: 'Alice', lastName: 'Admin' });
  const staff = await t.createUser({ firstName: 'Sam', lastName: 'Staff' });
  const approver = await t.createUser({ firstName: 'Paule', lastName: 'Approuve', mayApprove: true });
  const adminApprover = await t.createUser({ role: 'admin', firstName: 'Gilles', lastName: 'Chef', mayApprove: true });
  return {
    admin: await t.authHeader(admin),
    staff: await t.authHeader(staff),
    approver: await t.authHeader(approver),
    adminApprover: await t.authHeader(adminApprover),
    ids: { admin: admin.id, staff: staff.id, approver: approver.id },
  };
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Json, payload?: Json) =>
  t.inject({ method, url: `${url}${url.includes('?') ? '&' : '?'}locale=en`, headers, payload });

let fundCounter = 0;
async function newFund(): Promise<string> {
  fundCounter += 1;
  const key = `ctl${fundCounter}`;
  const [row] = await selectRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, ${`Fonds ${key}`}, ${`Fund ${key}`}) RETURNING id`,
  );
  return row!.id;
}

async function setPolicy(fundId: string, rules: Json[], outsidePipelineAlways = false) {
  const res = await inject('PUT', `/api/funds/${fundId}/approval_policy`, people.admin, {
    rules,
    outside_pipeline_always: outsidePipelineAlways,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A loan of a fund of its own under `rules`. */
async function loanUnder(rules: Json[]): Promise<TestLoan & { fundId: string }> {
  const fundId = await newFund();
  await setPolicy(fundId, rules);
  const loan = await createLoan(t, people.staff, ids, { contribution_fund_id: fundId });
  return { ...loan, fundId };
}

const disburse = (loan: TestLoan, headers: Json, amount = '1200', date = '2026-01-15') =>
  inject('POST', `${loan.url}/disbursements`, headers, { date, amount, method: 'eft' });

async function loanState(id: string) {
  const [row] = await selectRows<Json>(
    t.database.db,
    sql`SELECT status, disbursed_cents::int AS disbursed, outstanding_principal_cents::int AS outstanding,
               arrears_principal_cents::int AS arrears, overdue_since::text AS overdue_since
          FROM loan_states WHERE contribution_id = ${id}`,
  );
  return row;
}

const approve = (id: string, headers: Json) => inject('POST', `/api/approvals/${id}/approve`, headers);

describe('a fund’s approval policy', () => {
  it('is empty until set, set by an administrator in dollars, and each change is kept', async () => {
    const fundId = await newFund();
    const empty = await inject('GET', `/api/funds/${fundId}/approval_policy`, people.staff);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ rules: [], outside_pipeline_always: false, changes: [] });

    await setPolicy(fundId, [
      { kind: 'disbursement', from_amount: '25000' },
      { kind: 'write_off', from_amount: 0 },
    ]);
    const saved = await setPolicy(fundId, [{ kind: 'disbursement', from_amount: '10000.50' }], true);
    expect(saved.rules).toEqual([{ kind: 'disbursement', from_amount: 10000.5 }]);
    expect(saved.outside_pipeline_always).toBe(true);
    expect(saved.updated_by_name).toBe('Alice Admin');
    expect(saved.changes).toHaveLength(2);
    expect(saved.changes[0].before.rules).toEqual([
      { kind: 'disbursement', from_amount: 25000 },
      { kind: 'write_off', from_amount: 0 },
    ]);
    expect(saved.changes[0].after).toEqual({
      rules: [{ kind: 'disbursement', from_amount: 10000.5 }],
      outside_pipeline_always: true,
    });
    // Saving the same policy again is no change.
    expect((await setPolicy(fundId, [{ kind: 'disbursement', from_amount: 10000.5 }], true)).changes).toHaveLength(2);
  });

  it('refuses a staff member (403), an unknown kind, a negative or non-money amount (422 naming the field)', async () => {
    const fundId = await newFund();
    const url = `/api/funds/${fundId}/approval_policy`;
    const staff = await inject('PUT', url, people.staff, { rules: [] });
    expect(staff.statusCode).toBe(403);
    const approver = await inject('PUT', url, people.approver, { rules: [] });
    expect(approver.statusCode).toBe(403);

    const bad = await inject('PUT', url, people.admin, {
      rules: [
        { kind: 'lunch', from_amount: 1 },
        { kind: 'write_off', from_amount: -5 },
        { kind: 'disbursement', from_amount: 'lots' },
        { kind: 'term_amendment', from_amount: '1.234' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const detail = bad.json().errors.detail;
    expect(Object.keys(detail).sort()).toEqual([
      'rules.0.kind',
      'rules.1.from_amount',
      'rules.2.from_amount',
      'rules.3.from_amount',
    ]);
    expect(detail['rules.1.from_amount'][0]).toMatch(/0/);
    const twice = await inject('PUT', url, people.admin, {
      rules: [
        { kind: 'write_off', from_amount: 1 },
        { kind: 'write_off', from_amount: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.detail['rules.1.kind']).toEqual(['This kind of move already has a rule.']);
    // Nothing was written.
    const read = await inject('GET', url, people.admin);
    expect(read.json().data).toMatchObject({ rules: [], changes: [] });
    expect((await inject('GET', `/api/funds/${crypto.randomUUID()}/approval_policy`, people.admin)).statusCode).toBe(
      404,
    );
  });
});

describe('may_approve', () => {
  it('is set by an administrator only, shown in the users list, and kept in the user’s history', async () => {
    const user = await t.createUser({ firstName: 'Nadia', lastName: 'Nouvelle' });
    const patch = (headers: Json, mayApprove: boolean, lockVersion: number) =>
      inject('PATCH', `/api/users/${user.id}`, headers, {
        first_name: 'Nadia',
        last_name: 'Nouvelle',
        role: 'user',
        may_approve: mayApprove,
        lock_version: lockVersion,
      });
    expect((await patch(people.staff, true, 0)).statusCode).toBe(403);
    const done = await patch(people.admin, true, 0);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.may_approve).toBe(true);
    const list = await inject('GET', '/api/users?filter[search]=Nouvelle', people.admin);
    expect(list.json().data[0]).toMatchObject({ full_name: 'Nadia Nouvelle', may_approve: true });
    expect((await patch(people.admin, false, 1)).json().data.may_approve).toBe(false);
    const history = await selectRows<{ code: string }>(
      t.database.db,
      sql`SELECT code FROM account_events WHERE user_id = ${user.id} ORDER BY inserted_at, id`,
    );
    expect(history.map((row) => row.code)).toEqual(['mayApproveGranted', 'mayApproveRevoked']);
  });
});

describe('a controlled disbursement', () => {
  it('waits pending, counting in no figure, then counts from its own date once approved', async () => {
    const loan = await loanUnder([{ kind: 'disbursement', from_amount: '1000' }]);
    const twin = await loanUnder([]);

    const held = await disburse(loan, people.staff);
    expect(held.statusCode, held.body).toBe(202);
    const move = held.json().data;
    expect(move).toMatchObject({
      kind: 'disbursement',
      state: 'pending',
      amount: 1200,
      entry_date: '2026-01-15',
      maker_name: 'Sam Staff',
      can_cancel: true,
      can_decide: false,
      loan_number: loan.loanNumber,
    });
    expect(move.before).toMatchObject({ outstanding_principal: 0, arrears: 0 });
    expect(move.after.outstanding_principal).toBe(1200);
    expect(move.after.arrears).toBeGreaterThan(0);

    // Counted nowhere: the loan's row, its list of disbursements, its figures.
    expect(await loanState(loan.id)).toMatchObject({ status: 'not_disbursed', disbursed: 0, outstanding: 0 });
    const list = await inject('GET', `${loan.url}/disbursements`, people.staff);
    expect(list.json().data).toEqual([]);
    expect(list.json().meta.loan.figures.disbursed).toBe(0);

    // The same disbursement on a loan no policy holds, for comparison.
    expect((await disburse(twin, people.staff)).statusCode).toBe(201);

    const queue = await inject(
      'GET',
      `/api/approvals?filter[state]=pending&filter[fund_id]=${loan.fundId}`,
      people.approver,
    );
    expect(queue.json().data.map((row: Json) => row.id)).toEqual([move.id]);
    expect(queue.json().data[0].can_decide).toBe(true);

    const approved = await approve(move.id, people.approver);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'approved', decided_by_name: 'Paule Approuve' });
    expect(approved.json().data.entry_id).toEqual(expect.any(String));

    // Counted from 15 January, as if recorded then: the same figures as the twin's.
    const [mine, theirs] = [await loanState(loan.id), await loanState(twin.id)];
    expect(mine).toEqual(theirs);
    expect(mine!.disbursed).toBe(120_000);
    expect(mine!.overdue_since).not.toBeNull();
    const outs = await inject('GET', `${loan.url}/disbursements`, people.staff);
    expect(outs.json().data[0]).toMatchObject({
      id: approved.json().data.entry_id,
      author_name: 'Sam Staff',
      approval_state: 'approved',
      approved_by: 'Paule Approuve',
    });
    const twinOuts = await inject('GET', `${twin.url}/disbursements`, people.staff);
    expect(twinOuts.json().data[0]).toMatchObject({
      approval_state: 'not_required',
      approved_by: null,
      approved_at: null,
    });
    const [a, b] = [
      await inject('GET', `${loan.url}/schedule?as_of=2026-11-25`, people.staff),
      await inject('GET', `${twin.url}/schedule?as_of=2026-11-25`, people.staff),
    ];
    expect(a.json().data.days_past_due).toBe(b.json().data.days_past_due);
    expect(a.json().data.days_past_due).toBeGreaterThan(200);
  });

  it('under the amount, and a repayment, are never in the way', async () => {
    const loan = await loanUnder([
      { kind: 'disbursement', from_amount: '5000' },
      { kind: 'repayment_reversal', from_amount: '5000' },
    ]);
    expect((await disburse(loan, people.staff)).statusCode).toBe(201);
    const paid = await inject('POST', `${loan.url}/repayments`, people.staff, {
      received_on: '2026-02-15',
      amount: '106.62',
      method: 'pad',
    });
    expect(paid.statusCode).toBe(201);
  });

  it('on a loan outside the pipeline waits whatever the amount when the policy says so', async () => {
    const fundId = await newFund();
    await setPolicy(fundId, [], true);
    const loan = await createLoan(t, people.staff, ids, { contribution_fund_id: fundId });
    const held = await disburse(loan, people.staff, '1');
    expect(held.statusCode).toBe(202);
  });
});

describe('deciding a move', () => {
  it('nobody approves their own move, an administrator included, through any route', async () => {
    const loan = await loanUnder([{ kind: 'disbursement', from_amount: 0 }]);
    const move = (await disburse(loan, people.adminApprover)).json().data;
    expect(move.state).toBe('pending');
    const own = await approve(move.id, people.adminApprover);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors.message).toBe('You made this move: another person must approve it.');
    const ownReject = await inject('POST', `/api/approvals/${move.id}/reject`, people.adminApprover, { reason: 'x' });
    expect(ownReject.statusCode).toBe(403);
    // A non-approver, an administrator included, is refused too.
    expect((await approve(move.id, people.admin)).statusCode).toBe(403);
    expect((await approve(move.id, people.staff)).statusCode).toBe(403);
    expect(await loanState(loan.id)).toMatchObject({ disbursed: 0 });
    // Someone else may.
    expect((await approve(move.id, people.approver)).statusCode).toBe(200);
  });

  it('two approvals at once: one 200, the other 409; then a rejection or a cancel is 409', async () => {
    const loan = await loanUnder([{ kind: 'disbursement', from_amount: 0 }]);
    const move = (await disburse(loan, people.staff)).json().data;
    const answers = await Promise.all([approve(move.id, people.approver), approve(move.id, people.adminApprover)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await loanState(loan.id)).toMatchObject({ disbursed: 120_000 });
    const disbursements = await inject('GET', `${loan.url}/disbursements`, people.staff);
    expect(disbursements.json().data).toHaveLength(1);
    expect(
      (await inject('POST', `/api/approvals/${move.id}/reject`, people.approver, { reason: 'non' })).statusCode,
    ).toBe(409);
    expect((await inject('POST', `/api/approvals/${move.id}/cancel`, people.staff)).statusCode).toBe(409);
  });

  it('a rejection needs a reason, which the maker reads; a rejected or cancelled move is never approved', async () => {
    const loan = await loanUnder([{ kind: 'disbursement', from_amount: 0 }]);
    const first = (await disburse(loan, people.staff)).json().data;
    const blank = await inject('POST', `/api/approvals/${first.id}/reject`, people.approver, { reason: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors.detail)).toEqual(['reason']);
    const none = await inject('POST', `/api/approvals/${first.id}/reject`, people.approver, {});
    expect(none.statusCode).toBe(422);
    const rejected = await inject('POST', `/api/approvals/${first.id}/reject`, people.approver, {
      reason: 'Pièces manquantes',
    });
    expect(rejected.statusCode).toBe(200);
    const mine = await inject('GET', `/api/approvals?filter[contribution_id]=${loan.id}`, people.staff);
    expect(mine.json().data[0]).toMatchObject({ state: 'rejected', reason: 'Pièces manquantes', can_cancel: false });
    const again = await approve(first.id, people.adminApprover);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.message).toMatch(/rejected/);

    const second = (await disburse(loan, people.staff)).json().data;
    expect((await inject('POST', `/api/approvals/${second.id}/cancel`, people.approver)).statusCode).toBe(403);
    expect((await inject('POST', `/api/approvals/${second.id}/cancel`, people.staff)).statusCode).toBe(200);
    expect((await approve(second.id, people.approver)).statusCode).toBe(409);
    expect(await loanState(loan.id)).toMatchObject({ disbursed: 0 });
  });

  it('a move no longer valid is refused with its rule’s message and stays pending', async () => {
    const loan = await loanUnder([{ kind: 'disbursement_reversal', from_amount: 0 }]);
    const out = await post(t, people.staff, `${loan.url}/disbursements`, {
      date: '2026-01-15',
      amount: '1200',
      method: 'eft',
    });
    const held = await inject('POST', `${loan.url}/disbursements/${out.data.id}/reverse`, people.staff, {
      reason: 'Saisie en double',
    });
    expect(held.statusCode, held.body).toBe(202);
    // A payment after it: reversing the only disbursement would now leave it beyond the payoff.
    await post(t, people.staff, `${loan.url}/repayments`, {
      received_on: '2026-02-15',
      amount: '106.62',
      method: 'pad',
    });
    const refused = await approve(held.json().data.id, people.approver);
    expect([409, 422]).toContain(refused.statusCode);
    expect(refused.json().errors.message).not.toMatch(/approv/i);
    const still = await inject('GET', `/api/approvals?filter[contribution_id]=${loan.id}`, people.approver);
    expect(still.json().data[0].state).toBe('pending');
    expect(await loanState(loan.id)).toMatchObject({ disbursed: 120_000 });
  });

  it('a maker sees only their moves; filters are checked', async () => {
    const other = await t.authHeader(await t.createUser({ firstName: 'Olivier', lastName: 'Autre' }));
    const loan = await loanUnder([{ kind: 'disbursement', from_amount: 0 }]);
    await disburse(loan, people.staff);
    const theirs = await inject('GET', `/api/approvals?filter[contribution_id]=${loan.id}`, other);
    expect(theirs.json().data).toEqual([]);
    expect((await inject('GET', '/api/approvals?filter[state]=maybe', people.approver)).statusCode).toBe(400);
    expect((await inject('GET', '/api/approvals?filter[fund_id]=nope', people.approver)).statusCode).toBe(400);
  });
});

describe('other controlled moves', () => {
  it('a write-off and its undo wait, each counting only once approved', async () => {
    const loan = await loanUnder([
      { kind: 'write_off', from_amount: 0 },
      { kind: 'write_off_undo', from_amount: 0 },
    ]);
    await post(t, people.staff, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
    const held = await inject('POST', `${loan.url}/write_off`, people.staff, {
      date: '2026-09-30',
      reason: 'Faillite',
    });
    expect(held.statusCode, held.body).toBe(202);
    expect(await loanState(loan.id)).toMatchObject({ status: 'active' });
    expect((await approve(held.json().data.id, people.approver)).statusCode).toBe(200);
    expect(await loanState(loan.id)).toMatchObject({ status: 'written_off' });
    const undo = await inject('POST', `${loan.url}/write_off/undo`, people.staff, { reason: 'Erreur' });
    expect(undo.statusCode).toBe(202);
    expect(await loanState(loan.id)).toMatchObject({ status: 'written_off' });
    expect((await approve(undo.json().data.id, people.approver)).statusCode).toBe(200);
    expect(await loanState(loan.id)).toMatchObject({ status: 'active' });
  });

  it('a term amendment waits', async () => {
    const loan = await loanUnder([{ kind: 'term_amendment', from_amount: 0 }]);
    await post(t, people.staff, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
    const held = await inject('POST', `${loan.url}/term_amendments`, people.staff, {
      effective_date: '2026-03-01',
      kind: 'rate_change',
      rate: '0',
      reason: 'Aide',
    });
    expect(held.statusCode, held.body).toBe(202);
    expect((await inject('GET', `${loan.url}/term_amendments`, people.staff)).json().data).toEqual([]);
    expect((await approve(held.json().data.id, people.approver)).statusCode).toBe(200);
    const listed = (await inject('GET', `${loan.url}/term_amendments`, people.staff)).json().data;
    expect(listed[0]).toMatchObject({ kind: 'rate_change', approval_state: 'approved' });
  });

  it('an authorized increase: only where the policy lists it, by an administrator, always approved by another', async () => {
    const plain = await loanUnder([]);
    const body = { amount: '1500', resolution_number: 'CI-2026-14', resolution_date: '2026-03-02' };
    const refused = await inject('POST', `${plain.url}/authorized_increase`, people.admin, body);
    expect(refused.statusCode).toBe(409);
    const loan = await loanUnder([{ kind: 'authorized_increase', from_amount: 0 }]);
    expect((await inject('POST', `${loan.url}/authorized_increase`, people.staff, body)).statusCode).toBe(403);
    const lower = await inject('POST', `${loan.url}/authorized_increase`, people.admin, { ...body, amount: '1000' });
    expect(lower.statusCode).toBe(422);
    expect(Object.keys(lower.json().errors.detail)).toEqual(['amount']);
    const held = await inject('POST', `${loan.url}/authorized_increase`, people.admin, body);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().data).toMatchObject({
      state: 'pending',
      amount: 1500,
      details: { resolution_number: 'CI-2026-14' },
    });
    expect(held.json().data.before.authorized_amount).toBe(1200);
    expect(held.json().data.after.authorized_amount).toBe(1500);
    const [before] = await selectRows<{ amount: number }>(
      t.database.db,
      sql`SELECT amount::float8 AS amount FROM financial_contributions WHERE id = ${loan.id}`,
    );
    expect(before!.amount).toBe(1200);
    expect((await approve(held.json().data.id, people.approver)).statusCode).toBe(200);
    const [after] = await selectRows<{ amount: number }>(
      t.database.db,
      sql`SELECT amount::float8 AS amount FROM financial_contributions WHERE id = ${loan.id}`,
    );
    expect(after!.amount).toBe(1500);
    const events = await inject('GET', `/api/companies/${loan.companyId}/events`, people.staff);
    expect(events.body).toContain('CI-2026-14');
  });
});

describe('the journal of controls', () => {
  it('lists the period’s controlled moves and the loans created outside the pipeline, as JSON and CSV', async () => {
    const loan = await loanUnder([{ kind: 'disbursement', from_amount: 0 }]);
    const move = (await disburse(loan, people.staff)).json().data;
    await inject('POST', `/api/approvals/${move.id}/reject`, people.approver, { reason: 'Trop tôt' });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
    const res = await inject('GET', `/api/reports/controls?from=${today}&to=${today}`, people.staff);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.moves.find((row: Json) => row.id === move.id)).toMatchObject({
      state: 'rejected',
      maker_name: 'Sam Staff',
      decided_by_name: 'Paule Approuve',
      reason: 'Trop tôt',
      amount: 1200,
    });
    expect(report.outside_pipeline_loans.map((row: Json) => row.loan_number)).toContain(loan.loanNumber);

    const csv = await t.inject({
      method: 'GET',
      url: `/api/reports/controls.csv?from=${today}&to=${today}&locale=fr`,
      headers: people.staff,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Fait par');
    expect(csv.body).toContain('Trop tôt');
    expect(csv.body).toContain('1200');
    const bad = await inject('GET', `/api/reports/controls?from=2026-02-01&to=2026-01-01`, people.staff);
    expect(bad.statusCode).toBe(400);
  });
});

import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays } from '../../shared/servicing/calendar';
import { selectRows } from '../db/rows';
import { expectBadRequests, expectFieldErrors, useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { createLoan, createLoans, loanTerms, post, type TestLoan } from '../test/servicing-fixtures';
import { generateTasks } from '../tasks/generators';

/*
 * The guarantees register on the real app and database (docs/decisions/0072): every route, its refusals, the
 * history it writes, the tasks it causes and closes, the loan's coverage and the portfolio's list and file.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });

const today = todayIso();
const yy = today.slice(2, 4);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}locale=en`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });
const guaranteesOf = (loan: TestLoan) => `${loan.url}/guarantees`;

async function ownersOf(companyId: string) {
  return selectRows<{ id: string; name: string }>(
    t.database.db,
    sql`SELECT id, name FROM owners WHERE company_id = ${companyId} ORDER BY position`,
  );
}

async function tasksOf(companyId: string) {
  return selectRows<{ kind: string; status: string; key: string; dueOn: string }>(
    t.database.db,
    sql`SELECT kind, status, source_key AS key, due_on::text AS "dueOn" FROM tasks
         WHERE company_id = ${companyId} AND kind LIKE 'guarantee_%' ORDER BY inserted_at, source_key`,
  );
}

async function countGuarantees() {
  const [row] = await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM guarantees`);
  return row!.n;
}

let seq = 0;
/** A unique RDPRM number of this year. */
const rdprm = () => `${yy}-${String(1_000_000 + ++seq).slice(1)}-0001`;

const hypothec = (overrides: Record<string, unknown> = {}) => ({
  kind: 'movable_hypothec',
  amount: '600',
  rank: '1',
  property: 'Four à pain et équipements',
  registry: 'rdprm',
  ...overrides,
});

describe('a loan’s guarantees', () => {
  it('adds a personal guarantee from an owner, copying the owner’s name and address, and lists it with coverage', async () => {
    const loan = await createLoan(t, auth, ids);
    await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
    const [owner] = await ownersOf(loan.companyId);
    const res = await call('POST', guaranteesOf(loan), {
      kind: 'personal_guarantee',
      guarantor_owner_id: owner!.id,
      guarantor_name: 'ignored: the owner’s name is kept',
      share_percent: '50',
      signed_on: '2026-01-10',
      state: 'signed',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Json;
    expect(created).toMatchObject({
      kind: 'personal_guarantee',
      guarantor_owner_id: owner!.id,
      guarantor_name: 'Marie Tremblay',
      guarantor_address: '12, rue des Érables, Montréal, H2X 1Y4',
      share_percent: 50,
      state: 'signed',
      registry: 'none',
      loan_number: loan.loanNumber,
      publish_by: null,
    });
    expect(res.json().meta.coverage).toBe(0.5);

    const list = await call('GET', guaranteesOf(loan));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((g: Json) => g.id)).toEqual([created.id]);
    expect(list.json().meta).toMatchObject({ total_count: 1, coverage: 0.5, outstanding_principal: 1200 });

    const one = await call('GET', `${guaranteesOf(loan)}/${created.id}`);
    expect(one.json().data.guarantor_name).toBe('Marie Tremblay');

    // The loan's own answer gains the coverage.
    const loans = await call('GET', `/api/companies/${loan.companyId}/loans`);
    expect(loans.json().data[0].guarantees_coverage).toBe(0.5);

    // Field by field in the company's history, in the reader's language.
    const events = (await call('GET', `/api/companies/${loan.companyId}/events`)).json().data as Json[];
    const added = events.find((event) => event.code === 'guaranteeAdded')!;
    expect(added.title).toBe(`Guarantee added to loan ${loan.loanNumber}: Personal guarantee — Marie Tremblay`);
    expect(added.details).toEqual(
      expect.arrayContaining([
        { field: 'Kind', before: '(empty)', after: 'Personal guarantee' },
        { field: 'Share of the loan (%)', before: '(empty)', after: '50 %' },
      ]),
    );
  });

  it('registers a movable hypothec with its RDPRM number, its expiry ten years on unless typed', async () => {
    const loan = await createLoan(t, auth, ids);
    const number = rdprm();
    const res = await call(
      'POST',
      guaranteesOf(loan),
      hypothec({ registration_number: number, signed_on: '2026-01-10', registered_on: `20${yy}-01-12` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ state: 'draft', expires_on: `20${Number(yy) + 10}-01-12`, amount: 600 });
    expect(res.json().meta.coverage).toBe(null);
  });

  it('changes a guarantee along its states, refusing a stale lock_version and a state it cannot reach', async () => {
    const loan = await createLoan(t, auth, ids);
    const g = (await post(t, auth, guaranteesOf(loan), hypothec())).data as Json;
    const url = `${guaranteesOf(loan)}/${g.id}`;
    const jump = await call('PATCH', url, { state: 'registered', lock_version: g.lock_version });
    expect(jump.statusCode).toBe(409);
    expect(jump.json().errors.message).toBe('A guarantee that is “Draft” cannot become “Registered”.');
    const signed = await call('PATCH', url, { state: 'signed', signed_on: addDays(today, -2), lock_version: 0 });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toMatchObject({ state: 'signed', lock_version: 1, amount: 600 });
    expect((await call('PATCH', url, { rank: '2', lock_version: 0 })).statusCode).toBe(409);
    const release = await call('PATCH', url, { state: 'released', lock_version: 1 });
    expect(release.statusCode).toBe(409);
    const events = (await call('GET', `/api/companies/${loan.companyId}/events`)).json().data as Json[];
    const changed = events.find((event) => event.code === 'guaranteeChanged')!;
    expect(changed.details).toEqual(expect.arrayContaining([{ field: 'State', before: 'Draft', after: 'Signed' }]));
  });

  it('refuses bad input with a message naming each field, writing nothing', async () => {
    const loan = await createLoan(t, auth, ids);
    const before = await countGuarantees();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [hypothec({ amount: '0' }), { amount: ['The amount secured must be more than 0.'] }],
      [hypothec({ amount: '-5' }), { amount: ['The amount secured must be more than 0.'] }],
      [
        hypothec({ amount: '', share_percent: '100.5' }),
        { share_percent: ['The share of the loan must be between 0 and 100%.'] },
      ],
      [
        hypothec({ registered_on: '2026-02-01', expires_on: '2026-01-31' }),
        { expires_on: ['The expiry date cannot be before the registration date.'] },
      ],
      [
        hypothec({ signed_on: '2026-02-01', registered_on: '2026-01-31' }),
        { registered_on: ['The registration date cannot be before the signature date.'] },
      ],
      [
        hypothec({ state: 'registered', signed_on: '2026-01-01', registry: 'none' }),
        {
          registry: ['A registered guarantee is published at the RDPRM or the land registry.'],
          registration_number: ['Give the registration number.'],
          registered_on: ['Give the registration date.'],
        },
      ],
      [
        { kind: 'personal_guarantee', amount: '100' },
        { guarantor_name: ['A personal guarantee needs a guarantor: choose an owner or give a name.'] },
      ],
      [
        hypothec({ registration_number: '24-0000001-0001', registered_on: '2025-03-01' }),
        { registration_number: ['An RDPRM number registered that year begins with 25.'] },
      ],
      [
        hypothec({ guarantor_owner_id: '00000000-0000-4000-8000-000000000000' }),
        { guarantor_owner_id: ['This owner is not one of the company’s owners.'] },
      ],
      [
        hypothec({ deed_document_id: '00000000-0000-4000-8000-000000000000' }),
        { deed_document_id: ['This document is not one of the company’s documents.'] },
      ],
    ];
    for (const [body, detail] of cases) expectFieldErrors(await call('POST', guaranteesOf(loan), body), detail);
    const malformed = await call('POST', guaranteesOf(loan), {
      kind: 'bridge',
      signed_on: '2026-02-30',
      amount: 'abc',
    });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors.detail).sort()).toEqual(['amount', 'kind', 'signed_on']);
    expect((await call('POST', guaranteesOf(loan), { kind: 'other', property: 'x'.repeat(2001) })).statusCode).toBe(
      422,
    );
    expect(await countGuarantees()).toBe(before);
  });

  it('refuses a registration number already used in the same registry, not in another', async () => {
    const [a, b] = await createLoans(t, auth, ids, [loanTerms(ids), loanTerms(ids)]);
    const number = rdprm();
    const registered = { registration_number: number, registered_on: today };
    await post(t, auth, guaranteesOf(a!), hypothec(registered));
    expectFieldErrors(await call('POST', guaranteesOf(b!), hypothec(registered)), {
      registration_number: ['This registration number is already used by another guarantee in this registry.'],
    });
    const other = await call(
      'POST',
      guaranteesOf(b!),
      hypothec({ kind: 'immovable_hypothec', registry: 'land_registry', ...registered }),
    );
    expect(other.statusCode, other.body).toBe(201);
  });

  it('answers 404 for another company’s loan or guarantee, and for a malformed id', async () => {
    const [a] = await createLoans(t, auth, ids, [loanTerms(ids)]);
    const b = await createLoan(t, auth, ids);
    const g = (await post(t, auth, guaranteesOf(a!), hypothec())).data as Json;
    const crossed = `/api/companies/${b.companyId}/financial_contributions/${a!.id}/guarantees`;
    expect((await call('GET', crossed)).statusCode).toBe(404);
    expect((await call('POST', crossed, hypothec())).statusCode).toBe(404);
    expect((await call('GET', `${guaranteesOf(b)}/${g.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `${guaranteesOf(b)}/${g.id}`, { rank: '2', lock_version: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', `${guaranteesOf(b)}/${g.id}`)).statusCode).toBe(404);
    expect(
      (await call('POST', `${guaranteesOf(b)}/${g.id}/release`, { released_on: today, reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `${guaranteesOf(a!)}/not-a-uuid`)).statusCode).toBe(404);
  });

  it('deletes only a draft', async () => {
    const loan = await createLoan(t, auth, ids);
    const draft = (await post(t, auth, guaranteesOf(loan), hypothec())).data as Json;
    const signed = (await post(t, auth, guaranteesOf(loan), hypothec({ state: 'signed', signed_on: today })))
      .data as Json;
    const refused = await call('DELETE', `${guaranteesOf(loan)}/${signed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.message).toBe('Only a draft guarantee can be deleted: release it instead.');
    const deleted = await call('DELETE', `${guaranteesOf(loan)}/${draft.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `${guaranteesOf(loan)}/${draft.id}`)).statusCode).toBe(404);
    const events = (await call('GET', `/api/companies/${loan.companyId}/events`)).json().data as Json[];
    expect(events.some((event) => event.code === 'guaranteeRemoved')).toBe(true);
  });

  it('releases a guarantee with a date and a reason, refusing without them or twice', async () => {
    const loan = await createLoan(t, auth, ids);
    const g = (await post(t, auth, guaranteesOf(loan), hypothec({ state: 'signed', signed_on: '2026-01-10' })))
      .data as Json;
    const url = `${guaranteesOf(loan)}/${g.id}/release`;
    const missing = await call('POST', url, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors.detail).sort()).toEqual(['reason', 'released_on']);
    expectFieldErrors(await call('POST', url, { released_on: '2026-01-01', reason: 'Prêt remboursé' }), {
      released_on: ['The release cannot be dated before the signature.'],
    });
    const done = await call('POST', url, { released_on: '2026-02-01', reason: 'Prêt remboursé' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      state: 'released',
      released_on: '2026-02-01',
      release_reason: 'Prêt remboursé',
    });
    expect((await call('POST', url, { released_on: '2026-02-01', reason: 'again' })).statusCode).toBe(409);
  });

  it('records the sale of a secured asset, refusing it on a draft', async () => {
    const loan = await createLoan(t, auth, ids);
    const draft = (await post(t, auth, guaranteesOf(loan), hypothec())).data as Json;
    expect((await call('POST', `${guaranteesOf(loan)}/${draft.id}/asset_sold`, { sold_on: today })).statusCode).toBe(
      409,
    );
    const g = (await post(t, auth, guaranteesOf(loan), hypothec({ state: 'signed', signed_on: today }))).data as Json;
    expect((await call('POST', `${guaranteesOf(loan)}/${g.id}/asset_sold`, {})).statusCode).toBe(422);
    const sold = await call('POST', `${guaranteesOf(loan)}/${g.id}/asset_sold`, { sold_on: today, note: 'Four vendu' });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().data).toMatchObject({ asset_sold_on: today, conservation_by: addDays(today, 15) });
  });
});

describe('the guarantees’ tasks', () => {
  it('publish: created once when signed, closed when registered; renew: then created, superseded, closed by a new expiry', async () => {
    const loan = await createLoan(t, auth, ids);
    const signedOn = addDays(today, -3);
    const g = (await post(t, auth, guaranteesOf(loan), hypothec({ state: 'signed', signed_on: signedOn })))
      .data as Json;
    await generateTasks(t.database.db, today, { companyId: loan.companyId });
    await generateTasks(t.database.db, today, { companyId: loan.companyId });
    expect(await tasksOf(loan.companyId)).toEqual([
      {
        kind: 'guarantee_publish',
        status: 'open',
        key: `guarantee_publish:${g.id}:${signedOn}`,
        dueOn: addDays(signedOn, 10),
      },
    ]);
    const url = `${guaranteesOf(loan)}/${g.id}`;
    const expiresOn = addDays(today, 120);
    const registered = await call('PATCH', url, {
      state: 'registered',
      registration_number: rdprm(),
      registered_on: today,
      expires_on: expiresOn,
      lock_version: g.lock_version,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const after = await tasksOf(loan.companyId);
    expect(after.map((task) => [task.kind, task.status])).toEqual([
      ['guarantee_publish', 'resolved'],
      ['guarantee_renew', 'open'],
    ]);
    expect(after[1]).toMatchObject({
      key: `guarantee_renew:${g.id}:${expiresOn}:180`,
      dueOn: addDays(expiresOn, -180),
    });

    // Later, the 90-day reminder supersedes the 180-day one.
    await generateTasks(t.database.db, addDays(expiresOn, -95), { companyId: loan.companyId });
    const later = await tasksOf(loan.companyId);
    expect(
      later.filter((task) => task.kind === 'guarantee_renew').map((task) => [task.key.split(':')[3], task.status]),
    ).toEqual([
      ['180', 'resolved'],
      ['90', 'open'],
    ]);

    // Renewed: a new expiry closes the reminders of the old one.
    const renewed = await call('PATCH', url, { expires_on: addDays(today, 3650), lock_version: 1 });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await tasksOf(loan.companyId)).filter((task) => task.status === 'open')).toEqual([]);
  });

  it('conservation notice: due 15 days after the sale, closed by the release', async () => {
    const loan = await createLoan(t, auth, ids);
    const g = (
      await post(t, auth, guaranteesOf(loan), hypothec({ registry: 'none', state: 'signed', signed_on: today }))
    ).data as Json;
    await call('POST', `${guaranteesOf(loan)}/${g.id}/asset_sold`, { sold_on: today });
    await generateTasks(t.database.db, today, { companyId: loan.companyId });
    expect(await tasksOf(loan.companyId)).toEqual([
      {
        kind: 'guarantee_conservation',
        status: 'open',
        key: `guarantee_conservation:${g.id}:${today}`,
        dueOn: addDays(today, 15),
      },
    ]);
    await call('POST', `${guaranteesOf(loan)}/${g.id}/release`, { released_on: today, reason: 'Bien vendu' });
    expect((await tasksOf(loan.companyId)).map((task) => task.status)).toEqual(['resolved']);
  });

  it('release: created once the loan is repaid with a guarantee registered, closed by its release', async () => {
    const loan = await createLoan(t, auth, ids);
    await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
    const g = (
      await post(
        t,
        auth,
        guaranteesOf(loan),
        hypothec({
          state: 'registered',
          signed_on: '2026-01-10',
          registered_on: `20${yy}-01-12`,
          registration_number: rdprm(),
        }),
      )
    ).data as Json;
    await generateTasks(t.database.db, today, { companyId: loan.companyId });
    expect((await tasksOf(loan.companyId)).filter((task) => task.kind === 'guarantee_release')).toEqual([]);
    await post(t, auth, `${loan.url}/repayments`, {
      received_on: '2026-01-15',
      amount: '1200',
      method: 'cheque',
      kind: 'prepayment',
    });
    await generateTasks(t.database.db, today, { companyId: loan.companyId });
    await generateTasks(t.database.db, today, { companyId: loan.companyId });
    const release = (await tasksOf(loan.companyId)).filter((task) => task.kind === 'guarantee_release');
    expect(release).toEqual([
      { kind: 'guarantee_release', status: 'open', key: `guarantee_release:${loan.id}`, dueOn: today },
    ]);
    const list = await call('GET', '/api/portfolio/guarantees?filter[to_release]=true&page[size]=50');
    expect(list.json().data.map((row: Json) => row.id)).toContain(g.id);
    await call('POST', `${guaranteesOf(loan)}/${g.id}/release`, { released_on: today, reason: 'Prêt remboursé' });
    expect((await tasksOf(loan.companyId)).find((task) => task.kind === 'guarantee_release')!.status).toBe('resolved');
  });
});

describe('the portfolio’s guarantees', () => {
  it('lists them with their filters and exports them in both languages', async () => {
    const loan = await createLoan(t, auth, ids, { contribution_fund_id: ids.otherFund });
    const number = rdprm();
    const g = (
      await post(
        t,
        auth,
        guaranteesOf(loan),
        hypothec({
          state: 'registered',
          signed_on: today,
          registered_on: today,
          registration_number: number,
          expires_on: addDays(today, 60),
        }),
      )
    ).data as Json;
    const list = async (query: string) => {
      const res = await call('GET', `/api/portfolio/guarantees?page[size]=50${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const expiring = await list('&filter[expiring_within_days]=90');
    expect(expiring.data.map((row: Json) => row.id)).toContain(g.id);
    expect(expiring.data.find((row: Json) => row.id === g.id)).toMatchObject({
      fund_id: ids.otherFund,
      company_name: 'Fromagerie du Vieux-Port',
      loan_coverage: null,
    });
    expect((await list('&filter[expiring_within_days]=30')).data.map((row: Json) => row.id)).not.toContain(g.id);
    expect(
      (await list(`&filter[fund_id]=${ids.otherFund}&filter[kind]=movable_hypothec&filter[state]=registered`)).data.map(
        (row: Json) => row.id,
      ),
    ).toContain(g.id);
    expect((await list(`&filter[fund_id]=${ids.fund}`)).data.map((row: Json) => row.id)).not.toContain(g.id);
    expect((await list('&filter[state]=signed')).data.every((row: Json) => row.state === 'signed')).toBe(true);

    await expectBadRequests(
      [
        'filter[state]=gone',
        'filter[kind]=bridge',
        'filter[fund_id]=x',
        'filter[expiring_within_days]=-1',
        'filter[to_release]=maybe',
        'filter[nope]=1',
      ],
      (query) => call('GET', `/api/portfolio/guarantees?${query}`),
    );

    for (const [locale, header, kind] of [
      ['fr', 'Entreprise', 'Hypothèque mobilière'],
      ['en', 'Company', 'Movable hypothec'],
    ] as const) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/portfolio/guarantees.csv?locale=${locale}&filter[fund_id]=${ids.otherFund}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      const rows = parse(res.body.replace(/^\uFEFF/, ''), { delimiter: locale === 'fr' ? ';' : ',' }) as string[][];
      expect(rows[0]![0]).toBe(header);
      const line = rows.find((row) => row.includes(number))!;
      expect(line).toContain(kind);
      expect(line).toContain(locale === 'fr' ? '600,00' : '600.00');
    }
    expect((await call('GET', '/api/portfolio/guarantees.csv?filter[kind]=bridge')).statusCode).toBe(400);
  });
});

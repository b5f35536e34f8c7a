import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { asForm } from '../test/company-fixtures';
import { createLoan, post, type TestLoan } from '../test/servicing-fixtures';
import { selectRows } from '../db/rows';
import { TRANSACTION_ATTEMPTS } from '../db/transaction';
import { registerErrorHandling } from '../platform/errors/handler';
import { registerWire } from '../platform/http/wire';

/*
 * One lock order for every write that touches a company and its loans (docs/decisions/0060): a company save and
 * a repayment, a disbursement or an import on its loan, at the same moment, never deadlock into a 500. On
 * PostgreSQL they ran in parallel and deadlocked in most tries; on PGlite they take turns and must simply pass.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const t = useTestApp();
const ids = useLookupIds(t);
const auth = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });

const PAIRS = 50;
const KINDS = ['repayment', 'disbursement', 'import'] as const;

const MAPPING = { loan_number: 'Loan', received_on: 'Date', amount: 'Amount', reference: 'Reference' };
const importFile = (loan: TestLoan, reference: string) =>
  Buffer.from(`Loan,Date,Amount,Reference\r\n${loan.loanNumber},2026-02-15,106.62,${reference}\r\n`).toString('base64');

/** The money write of a pair, on its loan. */
function moneyWrite(kind: (typeof KINDS)[number], loan: TestLoan, n: number) {
  if (kind === 'disbursement') {
    return t.inject({
      method: 'POST',
      url: `${loan.url}/disbursements`,
      headers: auth,
      payload: { date: '2026-01-15', amount: '1200', method: 'eft' },
    });
  }
  if (kind === 'repayment') {
    return t.inject({
      method: 'POST',
      url: `${loan.url}/repayments`,
      headers: auth,
      payload: { received_on: '2026-02-15', amount: '106.62', method: 'pad', kind: 'regular' },
    });
  }
  return t.inject({
    method: 'POST',
    url: '/api/portfolio/repayments/import?dry_run=false',
    headers: auth,
    payload: { file_name: `pair-${n}.csv`, content: importFile(loan, `PAIR-${n}`), mapping: MAPPING },
  });
}

const later = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 60));

async function moneyOf(loan: TestLoan) {
  const [row] = await selectRows<{ disbursements: number; repayments: number }>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM disbursements WHERE contribution_id = ${loan.id}) AS disbursements,
               (SELECT count(*)::int FROM repayments WHERE contribution_id = ${loan.id}) AS repayments`,
  );
  return row!;
}

describe('a company save and a write on its loan at the same moment', () => {
  it(`${PAIRS} pairs: no 5xx, and each write either landed or answered 409`, { timeout: 600_000 }, async () => {
    const pairs: { kind: (typeof KINDS)[number]; loan: TestLoan; form: Json }[] = [];
    for (let n = 0; n < PAIRS; n += 1) {
      const kind = KINDS[n % KINDS.length]!;
      const loan = await createLoan(t, auth, ids);
      if (kind !== 'disbursement') {
        await post(t, auth, `${loan.url}/disbursements`, { date: '2026-01-15', amount: '1200', method: 'eft' });
      }
      const company = (
        await t.inject({ method: 'GET', url: `/api/companies/${loan.companyId}`, headers: auth })
      ).json();
      pairs.push({ kind, loan, form: asForm(company.data) });
    }
    const before = await Promise.all(pairs.map(({ loan }) => moneyOf(loan)));

    const answers = await Promise.all(
      pairs.map(({ kind, loan, form }, n) =>
        Promise.all([
          // Each starts after a random pause: over the pairs, every overlap of the two transactions is tried.
          later().then(() =>
            t.inject({
              method: 'PATCH',
              url: `/api/companies/${loan.companyId}?locale=fr`,
              headers: auth,
              payload: { ...form, phone_number: `514-555-${String(1000 + n)}` },
            }),
          ),
          later().then(() => moneyWrite(kind, loan, n)),
        ]),
      ),
    );

    // One lock order and the retry leave no deadlock to answer: not even the 409 that follows exhausted retries.
    const codes = answers.flat().flatMap((res) => (res.statusCode === 409 ? [res.json().errors.code] : []));
    expect(codes).not.toContain('write_conflict');
    for (const [n, [save, write]] of answers.entries()) {
      const { kind, loan } = pairs[n]!;
      expect([200, 409], `save ${n}: ${save.body}`).toContain(save.statusCode);
      expect([200, 201, 409], `${kind} ${n}: ${write.body}`).toContain(write.statusCode);
      const company = (
        await t.inject({ method: 'GET', url: `/api/companies/${loan.companyId}`, headers: auth })
      ).json();
      expect(company.data.lock_version, `save ${n} landed once or not at all`).toBe(
        pairs[n]!.form.lock_version + (save.statusCode === 200 ? 1 : 0),
      );
      const after = await moneyOf(loan);
      const added = after.disbursements - before[n]!.disbursements + (after.repayments - before[n]!.repayments);
      expect(added, `${kind} ${n} landed`).toBe(write.statusCode === 409 ? 0 : 1);
      if (write.statusCode === 409 || save.statusCode === 409) {
        const conflict = (write.statusCode === 409 ? write : save).json().errors;
        expect(conflict.message).not.toMatch(/SQL|deadlock|stack/i);
      }
    }
  });
});

describe('the retry of a transaction', () => {
  // Every database handle of the app retries (db/client.ts).
  const db = () => t.database.db;
  const failure = (code: string) => Object.assign(new Error('conflict'), { code });

  it('runs a deadlocked or serialization-failed transaction again, from the start, and keeps only the last try', async () => {
    let tries = 0;
    const key = `retry-${Date.now()}`;
    const answer = await db().transaction(async (tx) => {
      tries += 1;
      await tx.execute(sql`INSERT INTO contribution_funds (key, name_fr, name_en) VALUES (${key}, 'F', 'F')`);
      if (tries === 1) throw failure('40P01');
      if (tries === 2) throw new Error('wrapped', { cause: failure('40001') });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(tries).toBe(3);
    expect(TRANSACTION_ATTEMPTS).toBeGreaterThanOrEqual(3);
    const rows = await selectRows(t.database.db, sql`SELECT 1 FROM contribution_funds WHERE key = ${key}`);
    expect(rows).toHaveLength(1);
  });

  it('gives up after its tries, and never retries any other error', async () => {
    let tries = 0;
    await expect(
      db().transaction(async () => {
        tries += 1;
        throw failure('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(TRANSACTION_ATTEMPTS);

    tries = 0;
    await expect(
      db().transaction(async () => {
        tries += 1;
        throw failure('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);
  });
});

describe('a conflict still there after the retries', () => {
  it('is answered 409 write_conflict in the language asked, never a 500 nor the SQL', async () => {
    const app = Fastify();
    registerWire(app);
    registerErrorHandling(app);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    app.post('/write', async () => {
      throw new Error('Failed query: UPDATE companies SET …', { cause: deadlock });
    });
    await app.ready();
    for (const [locale, message] of [
      ['fr', /Veuillez réessayer/],
      ['en', /Please try again/],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: `/write?locale=${locale}` });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.code).toBe('write_conflict');
      expect(res.json().errors.message).toMatch(message);
      expect(res.body).not.toMatch(/UPDATE|deadlock/);
    }
    await app.close();
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snakeKeys } from '../../../shared/case';
import { lookupIds, type LookupIds } from '../../test/company-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLoan, post, type TestLoan } from '../../test/servicing-fixtures';

/*
 * A kept value's answer is kept as bytes (ADR 0050): the same status, headers and body as the answer the whole
 * pipeline made for it (which the suites' `verifyResponses` checked against the contract), in every encoding and
 * language, until a write drops the value.
 */

let t: TestApp;
let ids: LookupIds;
let auth: { authorization: string };
let loan: TestLoan;

beforeAll(async () => {
  t = await createTestApp();
  ids = await lookupIds(t.database.db);
  auth = await t.authHeader(await t.createUser({ role: 'admin' }));
  // Ten years of installments: a schedule of some kilobytes, compressed when the client accepts it.
  loan = await createLoan(t, auth, ids, { amount: '50000', amortization: '120', authorization_date: '2025-03-01' });
  await post(t, auth, `${loan.url}/disbursements`, {
    date: '2025-03-01',
    amount: '50000',
    method: 'eft',
    reference: 'VIR-1',
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, encoding: string) =>
  t.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': encoding } });

/** Every header but the ones that differ between any two answers (none here: light-my-request adds no date). */
const headersOf = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return headers;
};

/** The body as JSON, whatever its encoding. */
function bodyOf(res: LightMyRequestResponse): unknown {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : Buffer.from(raw);
  return JSON.parse(text.toString('utf8'));
}

const reads = () => [
  '/api/dashboard',
  '/api/portfolio/arrears_aging',
  '/api/portfolio/par?days=30,60,90',
  '/api/portfolio/collections',
  `${loan.url}/schedule`,
];

describe('kept answers keep their bytes (ADR 0050)', () => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    for (const locale of ['fr', 'en']) {
      it(`answers a kept read three times with the same status, headers and bytes (${encoding}, ${locale})`, async () => {
        for (const path of reads()) {
          const url = `${path}${path.includes('?') ? '&' : '?'}locale=${locale}`;
          const made = await get(url, encoding);
          expect(made.statusCode, `${url}: ${made.body}`).toBe(200);
          const again = await get(url, encoding);
          const third = await get(url, encoding);
          for (const kept of [again, third]) {
            expect(kept.statusCode).toBe(200);
            expect(headersOf(kept), url).toEqual(headersOf(made));
            expect(Buffer.compare(kept.rawPayload, made.rawPayload), url).toBe(0);
          }
          expect(Number(made.headers['content-length'])).toBe(made.rawPayload.length);
          // The bytes are the wire's answer: snake_case keys, the body the encoding says.
          const body = bodyOf(made);
          expect(body).toEqual(snakeKeys(body));
          expect(body).toHaveProperty('data');
          if (encoding === 'identity') expect(made.headers['content-encoding']).toBeUndefined();
          else if (made.rawPayload.length >= 1024 || made.headers['content-encoding']) {
            expect(made.headers['content-encoding'], url).toBe(encoding);
            expect(made.headers['vary']).toBe('accept-encoding');
          }
        }
      });
    }
  }

  it('compresses what it keeps when the answer is large enough, and keeps each encoding apart', async () => {
    const url = `${loan.url}/schedule`;
    const br = await get(url, 'br');
    const gzip = await get(url, 'gzip');
    const plain = await get(url, 'identity');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(bodyOf(br)).toEqual(bodyOf(plain));
    expect(bodyOf(gzip)).toEqual(bodyOf(plain));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('drops the bytes with the value when a write changes it: the next answer is the new one', async () => {
    const url = `${loan.url}/schedule`;
    const before = await get(url, 'br');
    await get(url, 'br');
    await post(t, auth, `${loan.url}/repayments`, {
      received_on: '2025-04-01',
      amount: '600',
      method: 'pad',
      kind: 'regular',
    });
    const after = await get(url, 'br');
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, before.rawPayload)).not.toBe(0);
    const rows = (bodyOf(after) as { data: { rows: { paid: number }[] } }).data.rows;
    expect(JSON.stringify(bodyOf(before))).not.toEqual(JSON.stringify(bodyOf(after)));
    expect(rows.length).toBeGreaterThan(100);
    // Kept again: the third answer is the second's bytes.
    const kept = await get(url, 'br');
    expect(Buffer.compare(kept.rawPayload, after.rawPayload)).toBe(0);

    // A change from outside the app (another process, a script) is heard through PostgreSQL (ADR 0027).
    const aging = '/api/portfolio/arrears_aging?locale=fr';
    const agingBefore = bodyOf(await get(aging, 'gzip')) as { data: { funds: { fund_name: string }[] } };
    await t.database.db.execute(sql`UPDATE contribution_funds SET name_fr = name_fr || ' (renommé)'`);
    const agingAfter = bodyOf(await get(aging, 'gzip')) as { data: { funds: { fund_name: string }[] } };
    expect(agingBefore.data.funds.length).toBeGreaterThan(0);
    expect(agingAfter.data.funds.map((fund) => fund.fund_name)).toEqual(
      agingBefore.data.funds.map((fund) => `${fund.fund_name} (renommé)`),
    );
  });

  it('keeps no bytes of an error: a loan that is not there is a 404 each time', async () => {
    const url = `/api/companies/${loan.companyId}/financial_contributions/00000000-0000-4000-8000-000000000000/schedule`;
    for (let i = 0; i < 2; i += 1) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('errors');
    }
  });
});

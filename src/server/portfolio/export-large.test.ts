import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { hashPassword } from '../platform/auth/passwords';
import { seedDemo } from '../db/demo-seed';
import { selectRows } from '../db/rows';
import { EXPORT_BATCH_SIZE } from './store';
import { COUNTED_LOAN } from './figures-store';

const COMPANIES = 10_000;
let auth: { authorization: string };

const t = useTestApp();
beforeAll(async () => {
  await seedDemo(t.database.db, {
    companies: COMPANIES,
    users: 5,
    bigTimelineEvents: 0,
    passwordHash: await hashPassword('demo-password'),
  });
  auth = await t.authHeader(await t.createUser());
}, 600_000);

const lines = (body: string) => body.slice(1).split('\r\n').filter(Boolean);

describe('exports of a seeded 10 000-company set', () => {
  it('the companies list exports every active company once, in the list’s order, over many batches', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/companies/export.csv?locale=en&sort=reference_number',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const rows = lines(res.body).slice(1);
    const expected = await selectRows<{ ref: string }>(
      t.database.db,
      sql`SELECT reference_number AS ref FROM companies WHERE archived_at IS NULL ORDER BY reference_number, id`,
    );
    expect(expected.length).toBeGreaterThan(EXPORT_BATCH_SIZE * 10);
    expect(rows.map((row) => row.split(',')[0])).toEqual(expected.map((row) => row.ref));
  }, 300_000);

  it('a search and a mixed-direction sort go through the same batches', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/companies/export.csv?filter[search]=montreal&sort=-inserted_at,name',
      headers: auth,
    });
    const names = lines(res.body)
      .slice(1)
      .map((row) => row.split(';')[0]);
    const [count] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM companies WHERE archived_at IS NULL AND search_text LIKE '%montreal%'`,
    );
    expect(names).toHaveLength(count!.n);
    expect(new Set(names).size).toBe(names.length);
  }, 300_000);

  it('the portfolio exports every loan it counts once (an archived company’s live ones too)', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/portfolio/export.csv', headers: auth });
    expect(res.statusCode).toBe(200);
    const rows = lines(res.body).slice(1);
    const [count] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM financial_contributions f JOIN companies c ON c.id = f.company_id
           WHERE ${COUNTED_LOAN}`,
    );
    expect(rows).toHaveLength(count!.n);
    // In the file's order (company name, then each company's loans), across batches of companies of which
    // a quarter have no loan at all (demo-seed gives company g g % 4 loans).
    const expected = await selectRows<{ ref: string; project: string }>(
      t.database.db,
      sql`SELECT c.reference_number AS ref, f.project_name AS project
            FROM financial_contributions f JOIN companies c ON c.id = f.company_id
           WHERE ${COUNTED_LOAN} ORDER BY c.name_key, c.id, f.seq`,
    );
    expect(expected.length).toBeGreaterThan(EXPORT_BATCH_SIZE * 10);
    expect(rows.map((row) => [row.split(';')[0], row.split(';')[5]])).toEqual(
      expected.map((row) => [row.ref, row.project]),
    );
    // Every row has all its columns, and a balance the schedule module computed (demo loans are complete).
    for (const row of rows) {
      const cells = row.split(';');
      expect(cells).toHaveLength(21);
      expect(cells[15]).toMatch(/^\d+,\d{2}$/);
    }
  }, 300_000);

  it('the portfolio of one fund goes through the same batches', async () => {
    const [fund] = await selectRows<{ id: string }>(
      t.database.db,
      sql`SELECT f.contribution_fund_id AS id FROM financial_contributions f GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const res = await t.inject({
      method: 'GET',
      url: `/api/portfolio/export.csv?filter[fund_id]=${fund!.id}`,
      headers: auth,
    });
    // Counted after the export, which first brought every loan's figures to today.
    const [counted] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM financial_contributions f JOIN companies c ON c.id = f.company_id
           WHERE ${COUNTED_LOAN} AND f.contribution_fund_id = ${fund!.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(lines(res.body).slice(1)).toHaveLength(counted!.n);
  }, 300_000);
});

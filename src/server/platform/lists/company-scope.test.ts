import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { useAuthHeader, useTestApp } from '../../test/harness';
import { createCompany } from '../../test/document-fixtures';
import { companies } from '../../db/schema';

const t = useTestApp();
const auth = useAuthHeader(t);

const read = (companyId: string, part: 'documents' | 'events') =>
  t.inject({ method: 'GET', url: `/api/companies/${companyId}/${part}?locale=en`, headers: auth });

// The existence of a company-scoped route's company is kept between writes (ADR 0047): what is kept must follow
// the companies table whoever writes it, as the statement it replaces did on every request.
describe('the company of /companies/{id}/documents and /events, kept between writes', () => {
  it('is a 404 for a company that does not exist, every time', async () => {
    const unknown = randomUUID();
    for (const part of ['documents', 'events'] as const) {
      for (let i = 0; i < 2; i += 1) {
        const res = await read(unknown, part);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().errors.code).toBe('not_found');
      }
    }
  });

  it('is found once created, and a 404 on the next request once deleted outside the routes', async () => {
    const companyId = await createCompany(t, auth, 'Fromagerie des Cantons');
    for (const part of ['documents', 'events'] as const) {
      const res = await read(companyId, part);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total_count).toBe(part === 'events' ? res.json().data.length : 0);
    }
    // As a script or another process would: straight through the database, not through the API.
    await t.database.db.delete(companies).where(eq(companies.id, companyId));
    for (const part of ['documents', 'events'] as const) {
      const res = await read(companyId, part);
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

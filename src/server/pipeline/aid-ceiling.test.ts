import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * A fund's aid ceiling on the real app and database (docs/decisions/0039 §7, 0043): administrators set or clear
 * it, 0 to 100 percent; each change is kept with its author; bad input leaves nothing written.
 */

type Auth = { authorization: string };

const call = (method: 'GET' | 'PUT', url: string, headers: Auth, payload?: Record<string, unknown>) =>
  t.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const url = (fundId: string, locale = 'en') => `/api/funds/${fundId}/aid_ceiling?locale=${locale}`;
const changes = async (fundId: string) =>
  (
    await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM fund_aid_ceiling_changes WHERE fund_id = ${fundId}`,
    )
  )[0]!.n;

const t = useTestApp();
const ids = useLookupIds(t);
const admin = useAuthHeader(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const staff = useAuthHeader(t, { firstName: 'Lise', lastName: 'Caron' });

describe('GET /api/funds/{id}/aid_ceiling', () => {
  it('says a fund without a ceiling has none, in the reader’s language, to any staff', async () => {
    const res = await call('GET', url(ids.fund, 'fr'), staff);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ fund_id: ids.fund, ceiling_percent: null, updated_at: null, changes: [] });
    expect(data.fund_name).toBeTruthy();
  });

  it('answers 404 for an unknown fund or an id that is not one', async () => {
    expect((await call('GET', url(randomUUID()), staff)).statusCode).toBe(404);
    expect((await call('GET', url('nope'), staff)).statusCode).toBe(404);
  });
});

describe('PUT /api/funds/{id}/aid_ceiling', () => {
  it('sets, changes and clears the ceiling, keeping each change with who made it', async () => {
    let res = await call('PUT', url(ids.otherFund), admin, { ceiling_percent: '50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ceiling_percent: 50, updated_by_name: 'Ada Admin' });
    res = await call('PUT', url(ids.otherFund), admin, { ceiling_percent: '62,5' });
    expect(res.json().data.ceiling_percent).toBe(62.5);
    // The same value again is no change.
    expect((await call('PUT', url(ids.otherFund), admin, { ceiling_percent: 62.5 })).statusCode).toBe(200);
    res = await call('PUT', url(ids.otherFund), admin, { ceiling_percent: '' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.ceiling_percent).toBeNull();
    expect(data.changes.map((c: { before: number | null; after: number | null }) => [c.before, c.after])).toEqual([
      [62.5, null],
      [50, 62.5],
      [null, 50],
    ]);
    expect(data.changes.every((c: { author_name: string }) => c.author_name === 'Ada Admin')).toBe(true);
  });

  it.each([
    ['over 100', { ceiling_percent: '100.5' }],
    ['negative', { ceiling_percent: '-1' }],
    ['not a number', { ceiling_percent: 'beaucoup' }],
    ['too many decimals', { ceiling_percent: '10.1234' }],
    ['of a wrong type', { ceiling_percent: { a: 1 } }],
  ])('refuses a ceiling %s with a localized 422 on the field, writing nothing', async (_, body) => {
    const before = await changes(ids.fund);
    const res = await call('PUT', url(ids.fund, 'fr'), admin, body);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors;
    expect(errors.code).toBe('validation_failed');
    expect(errors.detail.ceiling_percent[0]).toMatch(/\p{L}/u);
    expect(await changes(ids.fund)).toBe(before);
    expect((await call('GET', url(ids.fund), staff)).json().data.ceiling_percent).toBeNull();
  });

  it('takes 0 and 100, the bounds', async () => {
    for (const value of [0, 100]) {
      const res = await call('PUT', url(ids.fund), admin, { ceiling_percent: value });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.ceiling_percent).toBe(value);
    }
    await call('PUT', url(ids.fund), admin, { ceiling_percent: null });
  });

  it('is for administrators only (403 for staff, 401 signed out) and 404 for an unknown fund', async () => {
    expect((await call('PUT', url(ids.fund), staff, { ceiling_percent: 10 })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: url(ids.fund), payload: { ceiling_percent: 10 } })).statusCode).toBe(
      401,
    );
    const unknown = randomUUID();
    expect((await call('PUT', url(unknown), admin, { ceiling_percent: 10 })).statusCode).toBe(404);
    expect(await changes(unknown)).toBe(0);
  });
});

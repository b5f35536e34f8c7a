import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { useAuthHeader, useLookupIds, useTestApp } from '../test/harness';
import { asForm, fullCompany } from '../test/company-fixtures';

/** Archiving a user must not block every save of the companies they oversee. */
const t = useTestApp();
const auth = useAuthHeader(t, { role: 'admin' });
const ids = useLookupIds(t);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const save = (method: 'POST' | 'PATCH', url: string, payload: object, locale = 'en') =>
  t.inject({ method, url: `${url}?locale=${locale}`, headers: auth, payload });

describe('an overseeing user archived since the company was saved', () => {
  it('is kept on a save that leaves the field unchanged, and the read names them as archived', async () => {
    const overseer = await t.createUser({ firstName: 'Jeanne', lastName: 'Roy' });
    const created = await save('POST', '/api/companies', fullCompany(ids, { overseeing_user_id: overseer.id }));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.overseeing_user).toEqual({ id: overseer.id, full_name: 'Jeanne Roy', archived: false });

    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, overseer.id));
    const company = created.json().data as Json;
    const read = await t.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: auth });
    expect(read.json().data.overseeing_user).toEqual({ id: overseer.id, full_name: 'Jeanne Roy', archived: true });

    const saved = await save('PATCH', `/api/companies/${company.id}`, { ...asForm(read.json().data), name: 'Renamed' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Renamed', overseeing_user_id: overseer.id });
  });

  it('is refused when newly chosen, on the field, in both languages, and nothing changes', async () => {
    const archived = await t.createUser({ disabledAt: new Date() });
    const created = await save('POST', '/api/companies', fullCompany(ids));
    const company = created.json().data as Json;
    for (const [locale, message] of [
      ['en', 'Must be an active user'],
      ['fr', 'Doit être un utilisateur actif'],
    ] as const) {
      const res = await save(
        'PATCH',
        `/api/companies/${company.id}`,
        { ...asForm(company), overseeing_user_id: archived.id },
        locale,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.detail).toEqual({ overseeing_user_id: [message] });
    }
    const refusedOnCreate = await save('POST', '/api/companies', fullCompany(ids, { overseeing_user_id: archived.id }));
    expect(refusedOnCreate.json().errors.detail).toEqual({ overseeing_user_id: ['Must be an active user'] });
    const read = await t.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: auth });
    expect(read.json().data).toMatchObject({ overseeing_user_id: null, overseeing_user: null, lock_version: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useAuthHeader, useTestApp } from '../test/harness';
import { seedReferenceData } from './seed';
import { municipalities } from '../db/schema';
import { selectRows } from '../db/rows';

const t = useTestApp();
const auth = useAuthHeader(t);

const get = (url: string) => t.inject({ method: 'GET', url, headers: auth });

describe('lookups', () => {
  it('answer municipalities with their default zip code, named and sorted in the locale asked', async () => {
    const fr = await get('/api/municipalities');
    expect(fr.statusCode).toBe(200);
    const frData = fr.json().data as Array<{ id: string; name: string; default_zip_code: string }>;
    const montreal = frData.find((m) => m.name === 'Montréal');
    expect(montreal).toMatchObject({ default_zip_code: 'H2X 1Y4' });
    expect(Object.keys(montreal!).sort()).toEqual(['default_zip_code', 'id', 'name']);
    // Accent-aware order: "Lévis" between "Laval" and "Longueuil", "Île…" sorted as "Ile".
    const names = frData.map((m) => m.name);
    expect(names.indexOf('Laval')).toBeLessThan(names.indexOf('Lévis'));
    expect(names.indexOf('Lévis')).toBeLessThan(names.indexOf('Longueuil'));
    expect(names.indexOf('Saint-Jérôme')).toBeLessThan(names.indexOf('Saint-Sauveur'));

    const en = (await get('/api/municipalities?locale=en')).json().data as Array<{ id: string; name: string }>;
    expect(en.find((m) => m.id === montreal!.id)?.name).toBe('Montreal');
    expect(en.find((m) => m.name === 'Quebec City')).toBeDefined();
  });

  it.each([
    ['/api/legal_forms', 'Entreprise individuelle', 'Sole proprietorship'],
    ['/api/contribution_funds', 'Fonds local d’investissement (FLI)', 'Local Investment Fund (LIF)'],
    ['/api/activity_areas', 'Fabrication', 'Manufacturing'],
    ['/api/warranties', 'Caution personnelle', 'Personal guarantee'],
  ])('%s answers id and name in French and English', async (url, french, english) => {
    const fr = (await get(url)).json().data as Array<{ id: string; name: string }>;
    const en = (await get(`${url}?locale=en`)).json().data as Array<{ id: string; name: string }>;
    const item = fr.find((x) => x.name === french);
    expect(item).toBeDefined();
    expect(Object.keys(item!).sort()).toEqual(['id', 'name']);
    expect(en.find((x) => x.id === item!.id)?.name).toBe(english);
    const sorted = [...fr.map((x) => x.name)].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' }));
    expect(fr.map((x) => x.name)).toEqual(sorted);
  });

  it('answers statuses with a colour', async () => {
    const data = (await get('/api/statuses?locale=en')).json().data as Array<{ name: string; color: string }>;
    expect(data.find((s) => s.name === 'Active client')).toMatchObject({ color: 'green' });
    for (const status of data) expect(status.color).toMatch(/^([a-z]+|#[0-9a-f]{6})$/);
  });

  it('answers document categories as top-level entries with one level of children', async () => {
    const data = (await get('/api/documents/categories')).json().data as Array<{
      id: string;
      name: string;
      parent_id: string | null;
      children: Array<{ id: string; name: string; parent_id: string; children: unknown[] }>;
    }>;
    const financial = data.find((c) => c.name === 'Financier');
    expect(financial?.parent_id).toBeNull();
    expect(financial?.children.map((c) => c.name)).toEqual([
      'Déclarations fiscales',
      'États financiers',
      'Prévisions financières',
    ]);
    for (const child of financial!.children) {
      expect(child.parent_id).toBe(financial!.id);
      expect(child.children).toEqual([]);
    }
    expect(data.every((c) => c.parent_id === null)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/statuses' });
    expect(res.statusCode).toBe(401);
  });

  it('keeps ids when seeded again, and takes renamed labels', async () => {
    const before = (await get('/api/municipalities')).json().data as Array<{ id: string; name: string }>;
    await t.database.db
      .update(municipalities)
      .set({ nameFr: 'Ancien nom' })
      .where(sql`key = 'levis'`);
    await seedReferenceData(t.database.db);
    await seedReferenceData(t.database.db);
    const after = (await get('/api/municipalities')).json().data as Array<{ id: string; name: string }>;
    expect(after).toEqual(before);
    const [{ n }] = (await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM municipalities`,
    )) as [{ n: number }];
    expect(n).toBe(before.length);
  });
});

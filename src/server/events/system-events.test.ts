import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useAuthHeaderOf, useLookupIds, useTestApp, useUser } from '../test/harness';
import { asForm, fullCompany } from '../test/company-fixtures';
import { eventCount as countEvents, systemHistory } from '../test/history-fixtures';

/**
 * The history a company action writes by itself: one system event per recorded change, in the
 * transaction of the change, naming who made it; none when the action fails.
 */

const t = useTestApp();
const ids = useLookupIds(t);
const alice = useUser(t, { firstName: 'Alice', lastName: 'Archambault' });
const auth = useAuthHeaderOf(t, alice);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const eventCount = () => countEvents(t);
const history = (companyId: string, locale = 'en') => systemHistory(t, auth, companyId, locale, 50);

async function created(overrides: Record<string, unknown> = {}, headers = auth): Promise<Json> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/companies',
    headers,
    payload: fullCompany(ids, { name: 'Érablière Lachance', ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Json;
}

const patch = (id: string, body: unknown, headers = auth) =>
  t.inject({ method: 'PATCH', url: `/api/companies/${id}`, headers, payload: body as object });
const archive = (id: string, headers = auth) => t.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers });
const restore = (id: string, headers = auth) =>
  t.inject({ method: 'POST', url: `/api/companies/${id}/restore`, headers });

describe('company created', () => {
  it('is recorded with the company’s name, by its creator, in both languages', async () => {
    const company = await created();
    expect(await history(company.id)).toEqual([
      ['companyCreated', 'Company “Érablière Lachance” created', 'Alice Archambault'],
    ]);
    expect(await history(company.id, 'fr')).toEqual([
      ['companyCreated', 'Entreprise « Érablière Lachance » créée', 'Alice Archambault'],
    ]);
    const [event] = (
      await t.inject({ method: 'GET', url: `/api/companies/${company.id}/events`, headers: auth })
    ).json().data as Json[];
    expect(event).toMatchObject({ category_slug: 'system', author_id: alice.id, notes: null });
    expect(event!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is not recorded when the creation is refused', async () => {
    const before = await eventCount();
    const res = await t.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: fullCompany(ids, { name: '' }),
    });
    expect(res.statusCode).toBe(422);
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: fullCompany(ids, { status_id: randomUUID() }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(await eventCount()).toBe(before);
  });
});

describe('company archived and restored', () => {
  it('records each actual change, by whoever made it; a refused repeat (422) records nothing', async () => {
    const company = await created();
    const bob = await t.createUser({ firstName: 'Bob', lastName: 'Bérubé' });
    const bobAuth = await t.authHeader(bob);
    expect((await archive(company.id, bobAuth)).statusCode).toBe(200);
    expect((await archive(company.id)).statusCode).toBe(422);
    expect((await restore(company.id)).statusCode).toBe(200);
    expect((await restore(company.id)).statusCode).toBe(422);
    expect(await history(company.id)).toEqual([
      ['companyRestored', 'Company restored', 'Alice Archambault'],
      ['companyArchived', 'Company archived', 'Bob Bérubé'],
      ['companyCreated', 'Company “Érablière Lachance” created', 'Alice Archambault'],
    ]);
    expect((await history(company.id, 'fr')).map(([, title]) => title)).toEqual([
      'Entreprise restaurée',
      'Entreprise archivée',
      'Entreprise « Érablière Lachance » créée',
    ]);
  });

  it('records nothing for an unknown company', async () => {
    const before = await eventCount();
    expect((await archive(randomUUID())).statusCode).toBe(404);
    expect((await restore(randomUUID())).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

/** The newest event of the company in `locale`: code, title, details, author. */
async function latest(companyId: string, locale = 'en'): Promise<Json> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/companies/${companyId}/events?locale=${locale}&page[size]=10&filter[category_slug]=system`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Json[])[0]!;
}

/** Spaces as the eye sees them: Intl writes narrow no-break spaces in French amounts and dates. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, ' ')) as unknown;

/** Saves the company with `change` applied to its form; answers the saved company. */
async function saveWith(company: Json, change: (form: Json) => void): Promise<Json> {
  const form = asForm(company);
  change(form);
  const res = await patch(company.id, form);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}

describe('company saved: one field-level event per save (ADR 0025)', () => {
  it('records a field and a lookup by name, before → after, in the reader’s language, by its author', async () => {
    const company = await created();
    await saveWith(company, (form) => {
      form.name = 'Érablière Lachance et fils';
      form.status_id = ids.prospect;
    });
    const en = await latest(company.id);
    expect(en.code).toBe('companyChanged');
    expect(en.author_name).toBe('Alice Archambault');
    expect(en.title).toBe('Company changed: Name, Status');
    expect(en.details).toEqual([
      { field: 'Name', before: 'Érablière Lachance', after: 'Érablière Lachance et fils' },
      { field: 'Status', before: 'Active client', after: 'Prospect' },
    ]);
    const fr = await latest(company.id, 'fr');
    expect(fr.title).toBe('Entreprise modifiée : Nom, Statut');
    expect(fr.details).toEqual([
      { field: 'Nom', before: 'Érablière Lachance', after: 'Érablière Lachance et fils' },
      { field: 'Statut', before: 'Client actif', after: 'Prospect' },
    ]);
    // Other lookups by name too: legal form, municipality, overseeing user (to and from nobody).
    const carole = await t.createUser({ firstName: 'Carole', lastName: 'Côté' });
    const again = await saveWith(
      await (await t.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: auth })).json().data,
      (form) => {
        form.legal_form_id = ids.cooperative;
        form.address.municipality_id = ids.levis;
        form.overseeing_user_id = carole.id;
      },
    );
    expect(again.lock_version).toBe(company.lock_version + 2);
    const lookups = (await latest(company.id, 'fr')).details as Json[];
    expect(lookups.map((d) => d.field)).toEqual(['Forme juridique', 'Responsable du dossier', 'Municipalité']);
    expect(lookups[1]).toEqual({ field: 'Responsable du dossier', before: '(vide)', after: 'Carole Côté' });
    expect(lookups[2]!.after).toBe('Lévis');
  });

  it('records money and a date in each language’s formats, for a contribution changed in place', async () => {
    const company = await created();
    await saveWith(company, (form) => {
      form.financial_contributions[0].amount = '75000';
      form.financial_contributions[0].authorization_date = '2025-03-01';
    });
    const en = await latest(company.id);
    expect(en.title).toBe('Company changed: Financial contributions');
    expect(en.details).toEqual([
      {
        field: 'Contribution Local Investment Fund (LIF), $50,000.00: Amount',
        before: '$50,000.00',
        after: '$75,000.00',
      },
      {
        field: 'Contribution Local Investment Fund (LIF), $50,000.00: Authorization date',
        before: 'January 15, 2025',
        after: 'March 1, 2025',
      },
    ]);
    const fr = await latest(company.id, 'fr');
    expect(plain(fr.details)).toEqual([
      {
        field: 'Contribution Fonds local d’investissement (FLI), 50 000,00 $ : Montant',
        before: '50 000,00 $',
        after: '75 000,00 $',
      },
      {
        field: 'Contribution Fonds local d’investissement (FLI), 50 000,00 $ : Date d’autorisation',
        before: '15 janvier 2025',
        after: '1er mars 2025',
      },
    ]);
  });

  it('records owners added, removed and changed', async () => {
    const company = await created();
    await saveWith(company, (form) => {
      form.owners[0].shares_percentage = '55';
      form.owners.splice(1, 1); // Jean Gagnon
      form.owners.push({ name: 'Luc Bérubé', shares_percentage: '5' });
    });
    const en = await latest(company.id);
    expect(en.title).toBe('Company changed: Owners');
    expect(en.details).toEqual([
      { field: 'Owner removed', before: 'Jean Gagnon', after: '(empty)' },
      { field: 'Owner Marie Tremblay: Shares (%)', before: '60 %', after: '55 %' },
      { field: 'Owner added', before: '(empty)', after: 'Luc Bérubé' },
    ]);
    expect((await latest(company.id, 'fr')).details).toEqual([
      { field: 'Propriétaire retiré', before: 'Jean Gagnon', after: '(vide)' },
      { field: 'Propriétaire Marie Tremblay : Actions (%)', before: '60 %', after: '55 %' },
      { field: 'Propriétaire ajouté', before: '(vide)', after: 'Luc Bérubé' },
    ]);
  });

  it('records statements and contributions added, removed and changed, with their values', async () => {
    const company = await created();
    await saveWith(company, (form) => {
      form.financial_statements[1].sales = '1500000';
      form.financial_statements.splice(0, 1); // 2024
      form.financial_statements.push({ year: '2026' });
      form.financial_contributions = [{ contribution_fund_id: ids.otherFund, amount: '12500.5' }];
    });
    const en = await latest(company.id);
    expect(en.title).toBe('Company changed: Financial statements, Financial contributions');
    expect(en.details).toEqual([
      { field: 'Financial statement removed', before: '2024', after: '(empty)' },
      { field: 'Statement 2025: Sales', before: '$1,400,000.00', after: '$1,500,000.00' },
      { field: 'Financial statement added', before: '(empty)', after: '2026' },
      { field: 'Financial contribution removed', before: 'Local Investment Fund (LIF), $50,000.00', after: '(empty)' },
      { field: 'Financial contribution added', before: '(empty)', after: 'Local Solidarity Fund (LSF), $12,500.50' },
    ]);
    const fr = plain((await latest(company.id, 'fr')).details) as Json[];
    expect(fr[1]).toEqual({ field: 'État financier 2025 : Ventes', before: '1 400 000,00 $', after: '1 500 000,00 $' });
    expect(fr[4]).toEqual({
      field: 'Contribution financière ajoutée',
      before: '(vide)',
      after: 'Fonds local de solidarité (FLS), 12 500,50 $',
    });
  });

  it('records blocks edited, added and removed, named as the form names them', async () => {
    const company = await created();
    await saveWith(company, (form) => {
      form.blocks[0].content = 'Deuxième rencontre en février.';
      form.blocks.splice(1, 1);
      form.blocks.push({ block_type: 'notes', content: 'Suivi prévu.' });
    });
    const en = await latest(company.id);
    expect(en.title).toBe('Company changed: Notes');
    expect(en.details).toEqual([
      { field: 'Block removed', before: 'Default of payment 2', after: '(empty)' },
      { field: 'Notes 1: Content', before: 'Première rencontre en janvier.', after: 'Deuxième rencontre en février.' },
      { field: 'Block added', before: '(empty)', after: 'Notes 2' },
    ]);
    expect((await latest(company.id, 'fr')).details[1]).toEqual({
      field: 'Notes 1 : Contenu',
      before: 'Première rencontre en janvier.',
      after: 'Deuxième rencontre en février.',
    });
  });

  it('records no change event for a save that changes nothing', async () => {
    const company = await created();
    const before = await eventCount();
    const res = await patch(company.id, asForm(company));
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('records nothing when the save fails: stale version (409), bad input (422), unknown company (404)', async () => {
    const company = await created();
    const saved = await patch(company.id, { ...asForm(company), name: 'Première sauvegarde' });
    expect(saved.statusCode).toBe(200);
    const before = await eventCount();
    const changes = { status_id: ids.prospect, overseeing_user_id: alice.id, financial_contributions: [] };

    const stale = await patch(company.id, { ...asForm(company), ...changes });
    expect(stale.statusCode).toBe(409);
    const invalid = await patch(company.id, { ...asForm(saved.json().data as Json), ...changes, name: '' });
    expect(invalid.statusCode).toBe(422);
    const inactive = await t.createUser({ disabledAt: new Date() });
    const refused = await patch(company.id, {
      ...asForm(saved.json().data as Json),
      ...changes,
      overseeing_user_id: inactive.id,
    });
    expect(refused.statusCode).toBe(422);
    const missing = await patch(randomUUID(), { ...asForm(saved.json().data as Json), ...changes });
    expect(missing.statusCode).toBe(404);

    expect(await eventCount()).toBe(before);
    expect((await history(company.id)).map(([code]) => code)).toEqual(['companyChanged', 'companyCreated']);
  });

  it('records a change once when two saves of the same version race: the loser writes nothing', async () => {
    const company = await created();
    const results = await Promise.all([
      patch(company.id, { ...asForm(company), status_id: ids.prospect }),
      patch(company.id, { ...asForm(company), status_id: ids.prospect }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await history(company.id)).map(([code]) => code)).toEqual(['companyChanged', 'companyCreated']);
  });
});

import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useAuthHeader, useTestApp } from '../test/harness';
import { PDF_BYTES } from '../test/images';
import { createCompany, postPdfDocument, upload, useCategoryIds } from '../test/document-fixtures';
import { eventCount as countEvents, systemHistory } from '../test/history-fixtures';
import { recordSystemEvent } from '../platform/history/record';

/** Documents added and deleted are recorded in the company's history, in the transaction of the change. */

const t = useTestApp();
const auth = useAuthHeader(t, { firstName: 'Gilles', lastName: 'Vigneault' });
const cats = useCategoryIds(t);

const eventCount = () => countEvents(t);
const history = (companyId: string, locale = 'en') => systemHistory(t, auth, companyId, locale);

async function addDocument(companyId: string, fields: Record<string, unknown> = {}) {
  const key = await upload(t, auth, 'pdf', PDF_BYTES);
  return postPdfDocument(
    t,
    auth,
    companyId,
    { name: 'Plan d’affaires', date: '2025-03-14', category_id: cats.other, file_name: key },
    { query: '?locale=en', more: fields },
  );
}

const remove = (companyId: string, id: string) =>
  t.inject({ method: 'DELETE', url: `/api/companies/${companyId}/documents/${id}`, headers: auth });

describe('documents in the history', () => {
  it('records a document added and deleted, with its name, by who did it, in both languages', async () => {
    const companyId = await createCompany(t, auth, 'Scierie Gagnon');
    const added = await addDocument(companyId);
    expect(added.statusCode, added.body).toBe(201);
    // A rename is recorded too (ADR 0025, below); this one keeps the date and the category.
    const edit = await t.inject({
      method: 'PATCH',
      url: `/api/companies/${companyId}/documents/${added.json().data.id}`,
      headers: auth,
      payload: { name: 'Plan d’affaires 2025', date: '2025-03-14', category_id: cats.other },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await remove(companyId, added.json().data.id as string)).statusCode).toBe(200);

    expect(await history(companyId)).toEqual([
      ['documentDeleted', 'Document “Plan d’affaires 2025” deleted', 'Gilles Vigneault'],
      ['documentChanged', 'Document “Plan d’affaires 2025” changed: Name', 'Gilles Vigneault'],
      ['documentAdded', 'Document “Plan d’affaires” added', 'Gilles Vigneault'],
      ['companyCreated', 'Company “Scierie Gagnon” created', 'Gilles Vigneault'],
    ]);
    expect((await history(companyId, 'fr')).slice(0, 3).map(([, title]) => title)).toEqual([
      'Document « Plan d’affaires 2025 » supprimé',
      'Document « Plan d’affaires 2025 » modifié : Nom',
      'Document « Plan d’affaires » ajouté',
    ]);
  });

  it('records a rename and a category change as one event with their details, in both languages (ADR 0025)', async () => {
    const companyId = await createCompany(t, auth, 'Tonnellerie Roy');
    const added = await addDocument(companyId);
    expect(added.statusCode, added.body).toBe(201);
    const url = `/api/companies/${companyId}/documents/${added.json().data.id}`;
    const edit = (payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url, headers: auth, payload });
    const renamed = await edit({ name: 'Statuts constitutifs', date: '2025-03-14', category_id: cats.legal });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const latest = async (locale: string) => {
      const res = await t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/events?locale=${locale}&filter[category_slug]=system`,
        headers: auth,
      });
      return res.json().data[0];
    };
    const en = await latest('en');
    expect([en.code, en.title, en.author_name]).toEqual([
      'documentChanged',
      'Document “Statuts constitutifs” changed: Name, Category',
      'Gilles Vigneault',
    ]);
    expect(en.details).toEqual([
      { field: 'Name', before: 'Plan d’affaires', after: 'Statuts constitutifs' },
      { field: 'Category', before: 'Other', after: 'Legal' },
    ]);
    const fr = await latest('fr');
    expect(fr.title).toBe('Document « Statuts constitutifs » modifié : Nom, Catégorie');
    expect(fr.details).toEqual([
      { field: 'Nom', before: 'Plan d’affaires', after: 'Statuts constitutifs' },
      { field: 'Catégorie', before: 'Autres', after: 'Juridique' },
    ]);

    // Unchanged name and category (the date alone changes): no event. A refused edit: none either.
    const before = await eventCount();
    expect((await edit({ name: 'Statuts constitutifs', date: '2025-04-01', category_id: cats.legal })).statusCode).toBe(
      200,
    );
    expect((await edit({ name: '', date: '2025-04-01', category_id: cats.other })).statusCode).toBe(422);
    expect((await edit({ name: 'Autre nom', date: '2025-04-01', category_id: randomUUID() })).statusCode).toBe(422);
    expect(await eventCount()).toBe(before);
  });

  it('records nothing when the document is refused or not found', async () => {
    const companyId = await createCompany(t, auth, 'Verrerie Dubé');
    const other = await createCompany(t, auth, 'Autre');
    const theirs = await addDocument(other);
    expect(theirs.statusCode).toBe(201);
    const before = await eventCount();

    expect((await addDocument(companyId, { name: '' })).statusCode).toBe(422);
    expect((await addDocument(companyId, { category_id: randomUUID() })).statusCode).toBe(422);
    expect((await addDocument(companyId, { file_name: 'never-uploaded.pdf' })).statusCode).toBe(422);
    expect((await addDocument(randomUUID())).statusCode).toBe(404);
    expect((await remove(companyId, randomUUID())).statusCode).toBe(404);
    expect((await remove(companyId, theirs.json().data.id as string)).statusCode).toBe(404);

    expect(await eventCount()).toBe(before);
  });
});

describe('recordSystemEvent', () => {
  it('is undone with the transaction it was given', async () => {
    const companyId = await createCompany(t, auth, 'Transaction annulée');
    const before = await eventCount();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordSystemEvent(tx, { companyId, code: 'documentAdded', params: { name: 'x' }, authorId: null });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventCount()).toBe(before);
  });
});

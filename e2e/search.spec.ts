import type { Page } from '@playwright/test';
import { textPdf } from '../src/server/test/pdfs';
import { ACCOUNTS } from './accounts';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/** Calls the API with the signed-in user's token, from the page (so the same origin and session). */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).data;
    },
    { method, path, body },
  );
}

async function createCompany(page: Page, name: string): Promise<string> {
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const company = await callApi<{ id: string }>(page, 'POST', '/companies', {
    name,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '1, rue Principale', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
  });
  return company.id;
}

/** Presign, PUT and save, as the document modal does (the modal itself is documents.spec.ts). */
async function uploadPdf(page: Page, companyId: string, name: string, bytes: Buffer): Promise<string> {
  const presigned = await callApi<{ url: string; unique_file_name: string }>(page, 'POST', '/assets/s3_presigned_url', {
    method: 'PUT',
    file_extension: 'pdf',
  });
  const categories = await callApi<Array<{ id: string }>>(page, 'GET', '/documents/categories');
  return page.evaluate(
    async ({ url, key, bytes, companyId, name, categoryId }) => {
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(bytes),
      });
      if (!put.ok) throw new Error(`PUT ${put.status}`);
      const res = await fetch(`/api/companies/${companyId}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          date: '2025-03-14',
          category_id: categoryId,
          file_name: key,
          file_type: 'application/pdf',
          file_size: bytes.length,
        }),
      });
      if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`);
      return (await res.json()).data.id as string;
    },
    {
      url: presigned.url,
      key: presigned.unique_file_name,
      bytes: [...bytes],
      companyId,
      name,
      categoryId: categories[0]!.id,
    },
  );
}

test('find anything: Ctrl+K, a word from inside a PDF typed without accents, Enter opens the company’s documents with the excerpt — keyboard only, in French and English', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL(/\/companies/);
  const stamp = Date.now();
  const companyName = `Fromagerie Recherche ${stamp}`;
  const companyId = await createCompany(page, companyName);
  // Another company is current: the result must switch to the document's own.
  await createCompany(page, `Autre entreprise ${stamp}`);
  const pdf = await textPdf([
    ['Rapport annuel', `Les subventions ${stamp} ont financé la nouvelle cave d’affinage de l’érablière.`],
  ]);
  const documentId = await uploadPdf(page, companyId, `Rapport annuel ${stamp}`, pdf);
  // The text is read in the background: wait until it is indexed (polling the API, not sleeping).
  await expect
    .poll(async () => {
      const docs = await callApi<Array<{ id: string; content_status: string }>>(
        page,
        'GET',
        `/companies/${companyId}/documents`,
      );
      return docs.find((doc) => doc.id === documentId)?.content_status;
    })
    .toBe('indexed');

  for (const [locale, labels] of [
    [
      'fr',
      {
        dialog: 'Recherche',
        input: 'Rechercher des entreprises, des documents et des événements',
        documents: 'Documents',
        count: /^\d+ résultats?$/,
        excerpt: 'Trouvé dans le contenu :',
        heading: 'Documents',
        open: 'Rechercher partout (Ctrl+K)',
      },
    ],
    [
      'en',
      {
        dialog: 'Search',
        input: 'Search companies, documents and events',
        documents: 'Documents',
        count: /^\d+ results?$/,
        excerpt: 'Found in the content:',
        heading: 'Documents',
        open: 'Search everything (Ctrl+K)',
      },
    ],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/companies');
    await expect(page.getByRole('button', { name: labels.open })).toBeVisible();

    // Ctrl+K from anywhere: the palette, its input focused.
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: labels.dialog });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('combobox', { name: labels.input });
    await expect(input).toBeFocused();
    await expectAccessible(page);

    // "érablière", inside the PDF only, typed without its accents: found by the document's content.
    await page.keyboard.type(`erabliere ${stamp}`);
    const listbox = dialog.getByRole('listbox');
    const option = listbox.getByRole('option', { name: new RegExp(`Rapport annuel ${stamp}`) });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: labels.count })).toBeVisible();
    await expect(listbox.getByRole('group', { name: labels.documents })).toBeVisible();
    await expect(option.locator('mark').filter({ hasText: 'érablière' })).toBeVisible();
    await expectAccessible(page);

    // The arrows move the active option (the focus stays in the input); Enter opens it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    // The document's company is now current, its documents are searched for the same words, with the excerpt.
    await expect(page).toHaveURL(/\/documents\?search=/);
    await expect(page.getByRole('heading', { level: 1, name: labels.heading })).toBeVisible();
    await expect(page.getByTestId('topbar-company')).toContainText(companyName);
    const row = page.getByTestId('document-row').filter({ hasText: `Rapport annuel ${stamp}` });
    await expect(row).toBeVisible();
    const excerpt = row.getByTestId('document-excerpt');
    await expect(excerpt).toContainText(labels.excerpt);
    await expect(excerpt.locator('mark').filter({ hasText: 'érablière' })).toBeVisible();
    await expectAccessible(page);
  }

  // On a phone: the button in the top bar opens the same palette, usable and accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/companies');
  await page.getByRole('button', { name: 'Search everything (Ctrl+K)' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(`erabliere ${stamp}`);
  await expect(dialog.getByRole('option', { name: new RegExp(`Rapport annuel ${stamp}`) })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('duplicate warning: typing “erabliere gagnon” for a new company lists “Érablière Gagnon” with a link — keyboard only, in French and English', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInThroughApi(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL(/\/companies/);
  const existing = await createCompany(page, 'Érablière Gagnon');

  for (const [locale, labels] of [
    ['fr', { name: 'Nom', title: 'Des entreprises au nom semblable existent déjà :', link: 'Ouvrir Érablière Gagnon' }],
    ['en', { name: 'Name', title: 'Companies with a similar name already exist:', link: 'Open Érablière Gagnon' }],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await page.goto('/companies/new');
    const name = page.getByRole('textbox', { name: labels.name, exact: true });
    await expect(name).toBeVisible();
    await name.focus();
    await page.keyboard.type('erabliere gagnon');
    await expect(page.getByText(labels.title)).toBeVisible();
    const link = page.getByRole('link', { name: new RegExp(labels.link) }).first();
    await expect(link).toHaveAttribute('href', `/companies/${existing}`);
    // Reachable with Tab from the name field.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: new RegExp(labels.link) }).first()).toBeFocused();
    // The name typed is still there: the warning only warns.
    await expect(name).toHaveValue('erabliere gagnon');
    await expectAccessible(page);
  }
});

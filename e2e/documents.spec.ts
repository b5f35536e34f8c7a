import { readFile } from 'node:fs/promises';
import { ACCOUNTS } from './accounts';
import { createCurrentCompany, pdfFile } from './company-fixtures';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

const PDF = pdfFile();

test('company documents: upload with progress, grouped list, download, rename, recategorize, delete — and refused files', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, ACCOUNTS.user.email);
  await expect(page).toHaveURL(/\/companies/);
  await createCurrentCompany(page, `Documents ${Date.now()}`);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByText(/n’a encore aucun document/)).toBeVisible();
  await expectAccessible(page);

  // The modal, opened with the keyboard-reachable button.
  await page.getByRole('button', { name: 'Nouveau document' }).click();
  const modal = page.getByRole('dialog', { name: 'Nouveau document' });
  await expect(modal).toBeVisible();
  // Today, in French whatever the browser's language.
  await expect(modal.getByRole('textbox', { name: 'Date' })).toHaveValue(/^\d{1,2} [a-zéû]+ \d{4}$/);
  await expectAccessible(page);

  // Nothing chosen: every required field says so, nothing is sent.
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal.getByText('Champ obligatoire')).toHaveCount(3);

  const fileInput = modal.locator('input[type=file]');
  // 11 MB: the size message with the maximum in French units, and no upload.
  await fileInput.setInputFiles({
    name: 'trop gros.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(11 * 1024 * 1024, 0x25),
  });
  await expect(modal.getByText('Le fichier doit faire au plus 10 Mo')).toBeVisible();
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  // A wrong type: the type message listing the allowed ones.
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bonjour') });
  await expect(
    modal.getByText('Le fichier doit être de l’un de ces types : application/pdf, image/jpeg'),
  ).toBeVisible();
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page);

  // A real PDF: uploaded at once, with a progress bar that reaches 100; the name comes from the file.
  await fileInput.setInputFiles({ name: 'Rapport annuel.pdf', mimeType: 'application/pdf', buffer: PDF });
  const progress = modal.getByRole('progressbar', { name: 'Téléversement de Rapport annuel.pdf' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(modal.getByText('Téléversé')).toBeVisible();
  await expect(modal.getByText(/Le fichier doit/)).toHaveCount(0);
  await expect(modal.getByRole('textbox', { name: 'Nom' })).toHaveValue('Rapport annuel');
  await modal.getByRole('textbox', { name: 'Date' }).fill('2025-03-14');
  await modal.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'États financiers', exact: true }).click();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Le document a été ajouté.')).toBeVisible();

  // In the R group (sorted by name), with its date, size and type.
  const groupR = page.getByRole('region', { name: 'Documents sous R' });
  const row = groupR.getByTestId('document-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('document-name')).toHaveText('Rapport annuel');
  await expect(row.getByText('Date : 14 mars 2025')).toBeVisible();
  await expect(row.getByText(`Taille : ${PDF.length} o`)).toBeVisible();
  await expect(row.getByText('Catégorie : États financiers')).toBeVisible();
  await expect(row.getByText('PDF', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Download: the bytes are the uploaded ones. View: the same file, shown inline in a new tab.
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Télécharger Rapport annuel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Rapport annuel.pdf');
  expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);
  const view = row.getByRole('link', { name: 'Voir Rapport annuel (s’ouvre dans un nouvel onglet)' });
  await expect(view).toHaveAttribute('target', '_blank');
  const shown = await page.request.get((await view.getAttribute('href'))!);
  expect(shown.status()).toBe(200);
  expect(shown.headers()['content-type']).toBe('application/pdf');
  expect(shown.headers()['content-disposition']).toMatch(/^inline/);
  expect(Buffer.from(await shown.body()).equals(PDF)).toBe(true);

  // Rename and change the category: no file field, the document moves to the E group.
  await row.getByRole('button', { name: 'Modifier Rapport annuel' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le document' });
  await expect(edit).toBeVisible();
  await expect(edit.locator('input[type=file]')).toHaveCount(0);
  await edit.getByRole('textbox', { name: 'Nom' }).fill('École — rapport annuel');
  await edit.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Résolutions', exact: true }).click();
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  const groupE = page.getByRole('region', { name: 'Documents sous E' });
  await expect(groupE.getByTestId('document-name')).toHaveText('École — rapport annuel');
  await expect(groupE.getByText('Catégorie : Résolutions')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documents sous R' })).toHaveCount(0);

  // Search without the accent: found, and the accented word is highlighted.
  await page.getByRole('searchbox', { name: 'Recherche' }).fill('ecole');
  await expect(page.locator('mark')).toHaveText('École');
  // The category filter: the parent's "all in" choice includes its children.
  await page.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Tout dans « Juridique »' }).click();
  await expect(groupE.getByTestId('document-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Tout dans « Financier »' }).click();
  await expect(page.getByText('Aucun document ne correspond à votre recherche ou à la catégorie.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Toutes les catégories' }).click();
  await page.getByRole('searchbox', { name: 'Recherche' }).fill('');

  // Delete, after confirming.
  const target = page.getByRole('region', { name: 'Documents sous E' });
  await target.getByRole('button', { name: 'Supprimer École — rapport annuel' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Êtes-vous sûr ?' });
  await expect(confirmDialog).toContainText('Supprimer le document « École — rapport annuel » ?');
  await expectAccessible(page);
  await confirmDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Le document a été supprimé.')).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(0);
  await expect(page.getByText(/n’a encore aucun document/)).toBeVisible();
});

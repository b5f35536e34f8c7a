import { ACCOUNTS } from './accounts';
import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

test('backups: an administrator starts one, sees it succeed, downloads it, in both languages and on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/users$/);
  // Reached from the drawer, like every screen.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('link', { name: 'Sauvegardes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sauvegardes' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sauvegarder maintenant' }).click();
  await expect(page.getByText('Sauvegarde lancée.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Administrateur' }).first();
  await expect(row.getByText('Réussie')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell').nth(1)).toHaveText(/\d.*\s?(ko|Mo)$/);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Télécharger la sauvegarde du / }).click();
  expect((await download).suggestedFilename()).toMatch(/^atrium-backup-.*\.tar\.gz$/);

  // English: the same list, in the reader's language.
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  const englishRow = page.getByRole('row').filter({ hasText: 'Administrator' }).first();
  await expect(englishRow.getByText('Succeeded')).toBeVisible();
  await expect(englishRow.getByRole('button', { name: /^Download the backup of / })).toBeVisible();
  await expectAccessible(page);

  // A phone: the table scrolls, the button is reachable from the keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Back up now' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Backup started.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(2, { timeout: 30_000 });
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
});

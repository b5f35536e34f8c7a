import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { createCurrentCompany, pdfFile } from './company-fixtures';
import { expect, expectAccessible, signIn, test } from './fixtures';

/** ADR 0017: every screen of these stories at a desktop and at a phone width. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Nothing on the page is reached by scrolling sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The element shows whole: inside the window and not cut by its own overflow. */
async function expectWhole(page: Page, selector: ReturnType<Page['locator']>): Promise<void> {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  const cut = await selector.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(false);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 600;
  // Each width has its own account: the story saves a language to it.
  const account = phone ? ACCOUNTS.screensPhone : ACCOUNTS.screens;

  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    // An English browser: the French screens must not borrow its date format (ADR 0017).
    test.use({ viewport, locale: 'en-US' });

    test('users: every fact and action without scrolling sideways, one word for archiving, readable buttons, changes not lost', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, ACCOUNTS.admin.email);
      await expect(page).toHaveURL(/\/users$/);
      await expect(page).toHaveTitle('Utilisateurs · Atrium');
      await page.getByRole('searchbox', { name: 'Rechercher' }).fill('ulysse');
      const entry = (phone ? page.getByTestId('user-card') : page.getByRole('row')).filter({
        hasText: ACCOUNTS.user.email,
      });
      await expect(entry).toHaveCount(1);
      for (const text of [/Ulysse/, ACCOUNTS.user.email, 'Utilisateur', 'Actif']) {
        await expect(entry.getByText(text).first()).toBeVisible();
      }
      await expect(entry.getByRole('button', { name: /Actions pour Ulysse/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      // A text field shows a focus ring, as buttons do.
      const search = page.getByRole('searchbox', { name: 'Rechercher' });
      await search.focus();
      expect(await search.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

      // The menu open, then the confirmation that names its action.
      await entry.getByRole('button', { name: /Actions pour Ulysse/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Archiver' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('menuitem', { name: 'Archiver' }).click();
      const dialog = page.getByRole('dialog', { name: 'Êtes-vous sûr ?' });
      await expect(dialog.getByRole('button', { name: 'Archiver' })).toBeVisible();
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // The edit page with its red Archive button: readable (axe measures it).
      await entry.getByRole('link', { name: /Ulysse/ }).click();
      await expect(page).toHaveURL(/\/users\/[0-9a-f-]+$/);
      await expect(page).toHaveTitle('Modifier l’utilisateur · Atrium');
      await expect(page.getByRole('button', { name: 'Archiver' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      // Unchanged: Cancel leaves at once.
      await page.getByRole('button', { name: 'Annuler' }).click();
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Changed: Cancel asks; staying keeps what was typed; discarding leaves.
      await page.goBack();
      await expect(page).toHaveURL(/\/users\/[0-9a-f-]+$/);
      const firstName = page.getByRole('textbox', { name: 'Prénom' });
      await firstName.fill('Changé');
      await page.getByRole('button', { name: 'Annuler' }).click();
      const ask = page.getByRole('dialog', { name: 'Abandonner vos modifications ?' });
      await expect(ask).toBeVisible();
      await expectAccessible(page);
      await ask.getByRole('button', { name: 'Annuler' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/users\/[0-9a-f-]+$/);
      await expect(firstName).toHaveValue('Changé');
      await page.getByRole('button', { name: 'Annuler' }).click();
      await ask.getByRole('button', { name: 'Abandonner les modifications' }).click();
      await expect(page).toHaveURL(/\/users$/);
    });

    test('top bar, drawer, language saved to the account, documents readable, and an archived company stops being current', async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      const consoleMessages: string[] = [];
      page.on('console', (message) => consoleMessages.push(message.text()));

      await signIn(page, account.email);
      await expect(page).toHaveURL(/\/companies$/);
      await expect(page).toHaveTitle('Entreprises · Atrium');
      const name = `Coopérative forestière du Bas-Saint-Laurent ${viewport.width}-${Date.now()}`;
      const companyId = await createCurrentCompany(page, name);
      // A full load of a lazy screen: react-router has a fallback to show, so it warns of none.
      await page.reload();
      await expect(page.getByTestId('topbar-company')).toContainText('Coopérative');
      expect(consoleMessages.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
      await expectWhole(page, page.getByRole('banner').getByRole('link', { name: 'Atrium' }));
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      // The drawer, then English from its language switch: saved to the account.
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      // Found by place, not by name: its name changes with the language.
      const nav = page.getByRole('dialog').getByRole('navigation');
      await expect(nav).toHaveAccessibleName('Navigation principale');
      await expect(nav).toBeVisible();
      await expectAccessible(page);
      const saved = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/account' && res.request().method() === 'POST',
      );
      await nav.getByText('English').click();
      expect((await saved).status()).toBe(200);
      await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
      await expect(page).toHaveTitle('Companies · Atrium');
      await expectAccessible(page);

      // Another browser, French by default: signing in brings the account's English.
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const other = await context.newPage();
      await signIn(other, account.email);
      await expect(other.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      await expect(other).toHaveTitle('Companies · Atrium');
      await context.close();

      // Back to French the same way.
      const savedFrench = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/account' && res.request().method() === 'POST',
      );
      await nav.getByText('Français').click();
      expect((await savedFrench).status()).toBe(200);
      await expect(nav.getByRole('link', { name: 'Entreprises' })).toBeVisible();
      await page.getByRole('button', { name: 'Fermer le menu' }).click();

      // A document with a long name stays readable: the name keeps a line of its own width.
      await page.goto('/documents');
      await expect(page).toHaveTitle('Documents · Atrium');
      await page.getByRole('button', { name: 'Nouveau document' }).click();
      const modal = page.getByRole('dialog', { name: 'Nouveau document' });
      await modal.locator('input[type=file]').setInputFiles({
        name: 'Procès-verbal de l’assemblée annuelle des actionnaires.pdf',
        mimeType: 'application/pdf',
        buffer: pdfFile(),
      });
      await expect(modal.getByText('Téléversé')).toBeVisible();
      // The date in the app's words, typed the short way (an English browser would have shown 11/23/2025).
      const date = modal.getByRole('textbox', { name: 'Date' });
      await date.fill('23/11/2025');
      await date.blur();
      await expect(date).toHaveValue('23 novembre 2025');
      await modal.getByRole('combobox', { name: 'Catégorie' }).click();
      await page.getByRole('option', { name: 'États financiers', exact: true }).click();
      await modal.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(modal).toBeHidden();
      const documentName = page.getByTestId('document-name');
      await expect(documentName).toContainText('Procès-verbal');
      await expect(page.getByText('Date : 23 novembre 2025')).toBeVisible();
      const nameBox = await documentName.boundingBox();
      expect(nameBox!.width).toBeGreaterThan(phone ? 200 : 400);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      // Archiving the current company: it is current no more, documents need another one.
      await page.goto(`/companies/${companyId}`);
      await page.getByRole('button', { name: 'Archiver' }).click();
      const confirmDialog = page.getByRole('dialog', { name: 'Êtes-vous sûr ?' });
      await confirmDialog.getByRole('button', { name: 'Archiver' }).click();
      await expect(page).toHaveURL(/\/companies$/);
      await expect(page.getByTestId('topbar-company')).toHaveCount(0);
      await page.goto('/documents');
      await expect(page).toHaveURL(/\/companies$/);
      await expectAccessible(page);
    });
  });
}

test('a signed-out visit to an unknown path loads none of the signed-in code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/nowhere/at/all');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Connexion · Atrium');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(scripts.some((url) => /app-layout/.test(url))).toBe(false);
  expect(scripts.length).toBeGreaterThan(0);
});

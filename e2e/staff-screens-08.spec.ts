import { createCompany } from './company-fixtures';
import { expect, expectAccessible, test } from './fixtures';
import { onEachScreen, expectNoneOf, staffScreens } from './staff-screens-fixtures';

/*
 * The portfolio screens as a staff member sees them (story 8 of ten; the others are the other
 * staff-screens-*.spec.ts, cut apart so that the browser tests' shards can be even: ADR 0051). Each story goes
 * through its screens in French and English, at a desktop and at a phone width, with an axe check in every state
 * it reaches (onEachScreen in staff-screens-fixtures.ts).
 */

staffScreens(() => {
  test('8. the history’s change button is readable, the page loading after sign-in and the search dialog pass axe', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const company = await createCompany(page, `Atelier Contraste ${Date.now()}`, { employee_count: 4 });
    // A field-level change in the history: a save through the form.
    await page.goto(`/companies/${company.id}`);
    await page.getByRole('textbox', { name: 'Nombre d’employés' }).fill('5');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/companies$/);

    await onEachScreen(page, async ({ w }) => {
      // The history, its changes folded then shown.
      await page.goto(`/companies/${company.id}/events`);
      const show = page.getByRole('button', { name: w('Afficher les changements', 'Show the changes') }).first();
      await expect(show).toBeVisible();
      await expectAccessible(page);
      // Under the pointer, as a user leaves it after a click: still readable (expectAccessible moves the pointer away).
      await show.hover();
      await expectNoneOf(page, ['color-contrast']);
      await show.click();
      const hide = page.getByRole('button', { name: w('Masquer les changements', 'Hide the changes') }).first();
      await expect(hide).toHaveAttribute('aria-expanded', 'true');
      await hide.hover();
      await expectNoneOf(page, ['color-contrast']);
      await expectAccessible(page);
      await hide.focus();
      await expectAccessible(page);

      // A page loading after sign-in: the user is being fetched.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/user?**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/dashboard');
      // Said to a screen reader as what it is: the page is loading.
      await expect(page.getByRole('status', { name: w('Chargement…', 'Loading…') })).toBeVisible();
      await expectAccessible(page);
      await expectNoneOf(page, ['aria-prohibited-attr']);
      release();
      // Once the held request has gone on (unroute alone would race its handler's continue).
      await page.unrouteAll({ behavior: 'wait' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The search dialog: one banner on the page, the app's own.
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: w('Recherche', 'Search') });
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await page.keyboard.type('atelier contraste');
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await expectAccessible(page);
      await expectNoneOf(page, ['landmark-no-duplicate-banner', 'landmark-banner-is-top-level', 'landmark-unique']);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
});

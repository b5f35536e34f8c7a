import type { Locator } from '@playwright/test';
import { createCompany } from './company-fixtures';
import { callApi, expect, expectAccessible, test } from './fixtures';
import { formatRatio } from '../src/shared/portfolio/ratios';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';
import {
  onEachScreen,
  expectNoSidewaysScroll,
  expectSeenWhole,
  statement,
  staffScreens,
} from './staff-screens-fixtures';

/*
 * The portfolio screens as a staff member sees them (stories 9–10 of ten; the others are the other
 * staff-screens-*.spec.ts, cut apart so that the browser tests' shards can be even: ADR 0051). Each story goes
 * through its screens in French and English, at a desktop and at a phone width, with an axe check in every state
 * it reaches (onEachScreen in staff-screens-fixtures.ts).
 */

staffScreens(() => {
  test('9. the search marks only what the typed words matched, ranks the exact and starting names first, and names each result once with what tells it apart', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const stamp = String(Date.now());
    // A municipality whose name none of the typed words marks, so that every mark below is the name's.
    const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const named = await callApi<Array<{ id: string; name: string }>>(page, 'GET', '/municipalities?locale=fr');
    const municipality = named.find((m) => !/(^|[^a-z])b|atelier|montreal/.test(fold(m.name)))!;
    const where = {
      address: { address: '1, rue Principale', zip_code: 'G5L 1A1', municipality_id: municipality.id },
    };
    // Typed: "atelier b <stamp>". One name is exactly that, one starts with it, and the others only hold
    // its words somewhere (one of them in an owner's name): those come after.
    const exact = await createCompany(page, `Atelier B ${stamp}`, where);
    const starting = await createCompany(page, `Atelier B ${stamp} Bois`, where);
    const loose = await createCompany(page, `Boulangerie Bébé ${stamp} Atelier`, where);
    const byOwner = await createCompany(page, `Cabinet ${stamp}`, {
      ...where,
      owners: [{ name: 'Atelier Robert', shares_percentage: '100' }],
    });
    // Accents and case: "montreal" marks "Montréal".
    const accented = await createCompany(page, `Café Montréal ${stamp}`, where);
    const marks = (option: Locator) => option.locator('mark');

    await onEachScreen(page, async ({ locale, w }) => {
      const city = (
        await callApi<Array<{ id: string; name: string }>>(page, 'GET', `/municipalities?locale=${locale}`)
      ).find((m) => m.id === municipality.id)!.name;
      await page.goto('/companies');
      await expect(
        page.getByRole('button', { name: w('Rechercher partout (Ctrl+K)', 'Search everything (Ctrl+K)') }),
      ).toBeVisible();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: w('Recherche', 'Search') });
      const input = dialog.getByRole('combobox');
      await expect(input).toBeFocused();
      await page.keyboard.type(`atelier b ${stamp}`);
      const companies = dialog.getByRole('group', { name: w('Entreprises', 'Companies') }).getByRole('option');
      await expect(companies).toHaveCount(4);
      // The exact name first, the one starting with the words next, the loose matches after.
      await expect(companies.nth(0)).toContainText(exact.name);
      await expect(companies.nth(1)).toContainText(starting.name);
      await expect(companies.nth(2)).toContainText(loose.name);
      await expect(companies.nth(3)).toContainText(byOwner.name);
      // The one-letter word marks a word that starts with it, never a b inside a word.
      // Retried: the four options are already those of "atelier b" while the stamp is still being typed.
      await expect(marks(companies.nth(0))).toHaveText(['Atelier', 'B', stamp]);
      await expect(marks(companies.nth(1))).toHaveText(['Atelier', 'B', stamp, 'B']);
      await expect(marks(companies.nth(2))).toHaveText(['B', 'B', stamp, 'Atelier']);
      // Each name once, with what tells it apart under it: its municipality.
      for (const [index, company] of [exact, starting, loose].entries()) {
        const option = companies.nth(index);
        await expect(option.getByText(company.name, { exact: true })).toHaveCount(1);
        await expect(option).toContainText(city);
        expect((await option.textContent())!.split(company.name)).toHaveLength(2);
      }
      // A company found through its owner says so: the owner, marked, on its second line.
      await expect(companies.nth(3)).toContainText('Atelier Robert');
      await expect(marks(companies.nth(3))).toHaveText([stamp, 'Atelier']);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      await input.fill(`montreal ${stamp}`);
      await expect(companies).toHaveCount(1);
      await expect(companies.first()).toContainText(accented.name);
      await expect(marks(companies.first())).toHaveText(['Montréal', stamp]);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });

  test('10. on a phone, the dashboard’s follow-ups and the ratio table show what matters (overdue, the latest years) without scrolling sideways', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const me = await callApi<{ id: string }>(page, 'GET', '/user');
    const fund = (await callApi<Array<{ id: string }>>(page, 'GET', '/contribution_funds'))[0]!;
    const today = todayIso();
    // A follow-up ten days late, first of the dashboard's follow-ups; five years of statements.
    const company = await createCompany(page, `Atelier Suivi ${Date.now()}`, {
      overseeing_user_id: me.id,
      financial_contributions: [
        {
          contribution_fund_id: fund.id,
          amount: '50000',
          rate: '4',
          amortization: '60',
          authorization_date: addMonths(today, -3),
          followup_date: addMonths(today, -1),
          project_name: 'Suivi en retard',
        },
      ],
      financial_statements: [2021, 2022, 2023, 2024, 2025].map((year, index) =>
        statement(year, 500_000 + index * 37_000),
      ),
    });
    // The latest year's sales growth: (648 000 − 611 000) / 611 000.
    const latestGrowth = (648_000 - 611_000) / 611_000;

    await onEachScreen(page, async ({ locale, w, day }) => {
      await page.goto('/dashboard?mine=true');
      const followups = page.getByRole('region', { name: w('Suivis', 'Follow-ups') });
      await expect(followups).toBeVisible();
      const row = followups.locator('tr, li').filter({ visible: true }).filter({ hasText: company.name }).first();
      for (const what of [
        row.getByRole('link', { name: new RegExp(company.name) }),
        row.getByText(w('En retard', 'Overdue'), { exact: true }),
        row.getByText(day(addMonths(today, -1)), { exact: true }),
        row.getByText('Suivi en retard', { exact: true }),
      ]) {
        await expectSeenWhole(what);
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      await page.goto(`/companies/${company.id}`);
      const analysis = page.getByRole('region', { name: w('Analyse des états financiers', 'Statement analysis') });
      await expect(analysis).toBeVisible();
      // The latest year and its figures, seen whole.
      await expectSeenWhole(analysis.getByText('2025', { exact: true }).filter({ visible: true }).first());
      await expectSeenWhole(
        analysis
          .getByText(formatRatio('salesGrowth', latestGrowth, locale), { exact: true })
          .filter({ visible: true })
          .first(),
      );
      for (const figure of await analysis.locator('td, dd').filter({ visible: true }).all()) {
        await expectSeenWhole(figure);
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
});

import { readFile } from 'node:fs/promises';
import { createCompany } from './company-fixtures';
import { callApi, expect, expectAccessible, test } from './fixtures';
import { formatRatio } from '../src/shared/portfolio/ratios';
import { onEachScreen, expectNoSidewaysScroll, statement, staffScreens } from './staff-screens-fixtures';

/*
 * The portfolio screens as a staff member sees them (stories 6–7 of ten; the others are the other
 * staff-screens-*.spec.ts, cut apart so that the browser tests' shards can be even: ADR 0051). Each story goes
 * through its screens in French and English, at a desktop and at a phone width, with an axe check in every state
 * it reaches (onEachScreen in staff-screens-fixtures.ts).
 */

staffScreens(() => {
  test('6. the printable file shows the sales growth the screen flags, and phone numbers written as phone numbers', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // Four years: the file prints the latest three, the first of them compared with the year before it.
    const company = await createCompany(page, `Imprimerie Croissance ${Date.now()}`, {
      phone_number: '8195579833',
      owners: [{ name: 'Mélanie Lessard', phone_number: '5142401678', shares_percentage: '100' }],
      financial_statements: [
        statement(2022, 700_000),
        statement(2023, 501_200),
        statement(2024, 600_000),
        statement(2025, 650_000),
      ],
    });
    const growth = (501_200 - 700_000) / 700_000;

    await onEachScreen(page, async ({ locale, w }) => {
      // The only figure of its kind in the analysis (the other years grew).
      const analysis = page.getByRole('region', { name: w('Analyse des états financiers', 'Statement analysis') });
      const shown = formatRatio('salesGrowth', growth, locale);
      // The screen flags it…
      await page.goto(`/companies/${company.id}`);
      await expect(analysis).toContainText(shown);
      // …and so does the printed file, on screen and on paper.
      await page.goto(`/companies/${company.id}/file`);
      await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
      for (const media of ['screen', 'print'] as const) {
        await page.emulateMedia({ media });
        await expect(analysis).toContainText(shown);
        await expect(page.getByText('819-557-9833', { exact: true })).toBeVisible();
        await expect(page.getByText('514-240-1678', { exact: true })).toBeVisible();
        await expect(page.getByText('8195579833')).toHaveCount(0);
      }
      await page.emulateMedia({ media: 'screen' });
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });

  test('7. a risk rating is one of four, named in the reader’s language in the form, the file, the dashboard and the export', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const me = await callApi<{ id: string }>(page, 'GET', '/user');
    const stamp = Date.now();
    const medium = await createCompany(page, `Érablière Cote ${stamp}`, {
      overseeing_user_id: me.id,
      risk_rating: 'B',
    });
    await createCompany(page, `Garage Cote ${stamp}`, { overseeing_user_id: me.id, risk_rating: 'D' });
    const scale = {
      fr: ['A – Faible', 'B – Moyen', 'C – Élevé', 'D – Très élevé'],
      en: ['A – Low', 'B – Medium', 'C – High', 'D – Very high'],
    };

    await onEachScreen(page, async ({ locale, phone, w }) => {
      const names = scale[locale];
      // The form: a choice among the four, or none.
      await page.goto(`/companies/${medium.id}`);
      const rating = page.getByRole('combobox', { name: w('Cote de risque', 'Risk rating') });
      await expect(rating).toHaveValue(names[1]!);
      await rating.click();
      const listbox = page.getByRole('listbox');
      await expect(listbox.getByRole('option')).toHaveText([w('Non cotée', 'Not rated'), ...names]);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(listbox).toBeHidden();

      // The printed file.
      await page.goto(`/companies/${medium.id}/file`);
      await expect(page.getByRole('definition').filter({ hasText: names[1]! })).toBeVisible();
      await expectAccessible(page);

      // The dashboard: every rating of the scale in order, in this language only, and each named on the chart.
      await page.goto('/dashboard?mine=true');
      const region = page.getByRole('region', {
        name: w('Entreprises par cote de risque', 'Companies by risk rating'),
      });
      const listed = region.getByRole('rowheader');
      await expect(listed).toHaveText([...names, w('Non cotée', 'Not rated')]);
      for (const other of scale[locale === 'fr' ? 'en' : 'fr']) {
        await expect(region).not.toContainText(other.split(' – ')[1]!);
      }
      const ticks = region.locator('.recharts-yAxis-tick-labels text');
      await expect(ticks).toHaveCount(names.length + 1);
      await expect(ticks).toHaveText([...names, w('Non cotée', 'Not rated')]);
      await expectAccessible(page);

      // The companies export, in the same words.
      if (!phone) {
        await page.goto(`/companies?search=${encodeURIComponent(`Cote ${stamp}`)}`);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: w('Exporter (CSV)', 'Export (CSV)') }).click(),
        ]);
        const csv = await readFile(await download.path(), 'utf8');
        expect(csv).toContain(names[1]);
        expect(csv).toContain(names[3]);
      }
    });
  });
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { callApi, expect, expectAccessible, signInThroughApi, test } from './fixtures';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

test('portfolio: a follow-up on the dashboard opens its contribution, the schedule matches, the file prints, CSV downloads — in French and English, on a desktop and a phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page, ACCOUNTS.portfolio.email);
  await expect(page).toHaveURL(/\/companies/);

  const today = todayIso();
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + 5);
  const followup = soon.toISOString().slice(0, 10);
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const first = async (path: string) => (await callApi<Array<{ id: string; name: string }>>(page, 'GET', path))[0]!;
  const fund = await first('/contribution_funds');
  const name = `Boulangerie Portefeuille ${Date.now()}`;
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name,
      legal_form_id: (await first('/legal_forms')).id,
      status_id: (await first('/statuses')).id,
      activity_area_id: (await first('/activity_areas')).id,
      overseeing_user_id: me.id,
      risk_rating: 'C',
      address: { address: '1, rue du Four', zip_code: 'G6V 4J8', municipality_id: (await first('/municipalities')).id },
      financial_statements: [
        {
          year: '2024',
          sales: '500000',
          gross_profit: '150000',
          net_profit: '20000',
          current_assets: '90000',
          current_liabilities: '100000',
          funds_generated: '30000',
          debt_service: '20000',
        },
        { year: '2025', sales: '0', net_profit: '-5000', current_assets: '80000', current_liabilities: '0' },
      ],
      financial_contributions: [
        {
          contribution_fund_id: fund.id,
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '2',
          authorization_date: addMonths(today, -4),
          followup_date: followup,
          project_name: 'Four à sole',
        },
      ],
    },
  );
  const contributionId = company.financial_contributions[0]!.id;

  // The dashboard, from the drawer, with only my companies: the follow-up is there.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord du portefeuille' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  // With the keyboard: the switch is a real checkbox.
  await page.getByRole('switch', { name: 'Seulement les entreprises dont j’assure le suivi' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/mine=true/);
  await expect(page.getByTestId('figure-activeCompanies')).toHaveText('1');
  await expect(page.getByTestId('figure-loansCount')).toHaveText('1');
  await expect(page.getByTestId('figure-committedTotal')).toHaveText(/12\s000,00\s\$/);
  const followups = page.getByRole('region', { name: 'Suivis' });
  const row = followups.getByRole('row').filter({ hasText: 'Four à sole' });
  await expect(row).toContainText('À venir');
  // Readable, not only present: axe leaves a badge's contrast "incomplete", so its colours are compared here
  // (a light badge with a shade once drew its words in red on red).
  const [ink, paper] = await row
    .getByText('À venir')
    .evaluate((label) => [
      getComputedStyle(label).color,
      getComputedStyle(label.closest('.mantine-Badge-root')!).backgroundColor,
    ]);
  expect(ink).not.toBe(paper);
  await expect(page.getByRole('region', { name: 'Entreprises par cote de risque' })).toContainText('C');
  await expectAccessible(page);

  // The portfolio CSV: BOM, semicolons, French headers and decimal commas.
  const portfolioCsv = await downloaded(page, () =>
    page.getByRole('button', { name: 'Exporter le portefeuille (CSV)' }).click(),
  );
  expect(portfolioCsv.name).toMatch(/^portefeuille-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(portfolioCsv.text.startsWith('\uFEFF')).toBe(true);
  expect(portfolioCsv.text).toContain(
    'Référence de l’entreprise;Entreprise;Entreprise archivée;Numéro du prêt;Fonds;Projet;Montant',
  );
  // The company, not archived, its loan's number, then the loan's terms.
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(portfolioCsv.text).toMatch(
    new RegExp(`${literal(name)};non;C-[0-9-]+;${literal(fund.name)};Four à sole;12000,00;6;12;2`),
  );

  // Its link opens the contribution in the company file.
  await row.getByRole('link', { name: `Ouvrir la contribution de ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}#contribution-${contributionId}$`));
  const fieldset = page.locator(`#contribution-${contributionId}`);
  await expect(fieldset).toBeInViewport();
  // The analysis under the form: flagged by text, "—" where a divisor is zero.
  const analysis = page.getByRole('region', { name: 'Analyse des états financiers' });
  await expect(analysis.getByRole('row', { name: /Ratio du fonds de roulement/ })).toContainText('0,90Sous le seuil');
  await expect(analysis.getByRole('row', { name: /Marge nette/ })).toContainText('—');
  await expectAccessible(page);

  // The schedule: the same figures as the API's.
  await fieldset.getByRole('link', { name: 'Échéancier de remboursement de la contribution 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Échéancier de remboursement' })).toBeVisible();
  const api = await callApi<{
    payment: number;
    balance_today: number;
    rows: Array<{ date: string; payment: number; balance: number }>;
  }>(page, 'GET', `/companies/${company.id}/financial_contributions/${contributionId}/schedule`);
  const money = (value: number) =>
    nbsp(new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(value));
  const table = page.getByRole('table', { name: 'Échéances mois par mois, avec ce qui a été payé' });
  await expect(table.getByRole('row')).toHaveCount(1 + api.rows.length + 1);
  expect(api.rows).toHaveLength(14);
  const third = nbsp((await table.getByRole('row').nth(3).innerText()).replace(/\t/g, ' '));
  expect(third).toContain(money(api.rows[2]!.payment));
  expect(third).toContain(money(api.rows[2]!.balance));
  const computed = page.getByRole('group', { name: 'Calculé selon les modalités' });
  expect(nbsp(await computed.innerText())).toContain(money(api.payment));
  expect(nbsp(await computed.innerText())).toContain(money(api.balance_today));
  await expectAccessible(page);

  // The print view: no top bar nor buttons, the whole table.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
  await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
  await expect(table).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('schedule-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The printable company file.
  await page.goto(`/companies/${company.id}/file`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Four à sole' })).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimer le dossier' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('file-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // In English: the dashboard, and the companies list's CSV with commas and dots.
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.goto('/dashboard?mine=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio dashboard' })).toBeVisible();
  await expect(page.getByTestId('figure-committedTotal')).toHaveText('$12,000.00');
  await expect(
    page.getByRole('region', { name: 'Follow-ups' }).getByRole('row').filter({ hasText: 'Four à sole' }),
  ).toContainText('Due');
  await expectAccessible(page);
  await page.goto(`/companies?search=${encodeURIComponent('Portefeuille')}`);
  const companiesCsv = await downloaded(page, () => page.getByRole('button', { name: 'Export (CSV)' }).click());
  expect(companiesCsv.name).toMatch(/^companies-/);
  expect(companiesCsv.text.startsWith('\uFEFF')).toBe(true);
  expect(companiesCsv.text.split('\r\n')[0]).toBe(
    '\uFEFFReference number,Name,Status,Activity area,Legal form,Address,Municipality,Postal code,Email,Phone,Website,Employees,Risk rating,Overseeing user,Created on,Archived',
  );
  expect(companiesCsv.text).toContain(`,${name},`);
  await page.goto(`/companies/${company.id}/contributions/${contributionId}/schedule`);
  await expect(page.getByRole('table', { name: 'Installments month by month, with what was paid' })).toContainText(
    new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(api.rows[2]!.payment),
  );
  await expectAccessible(page);

  // On a phone: every new screen still passes.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.goto('/dashboard?mine=true');
  await expect(page.getByTestId('figure-loansCount')).toHaveText('1');
  // The money figures take a whole row each (a portfolio's totals run to eight digits and more, which
  // overflowed half a phone's width); the counts keep two to a row. No figure runs past its card.
  const widthOf = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.width;
  expect(await widthOf('figure-committedTotal')).toBeGreaterThan(1.8 * (await widthOf('figure-loansCount')));
  for (const figure of await page.locator('[data-testid^="figure-"]').all()) {
    expect(await figure.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expectAccessible(page);
  await page.goto(`/companies/${company.id}/file`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectAccessible(page);

  // A loan without a schedule (no amortization): its schedule page and the file say what to complete.
  const incomplete = await callApi<{ id: string; financial_contributions: Array<{ id: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name: `${name} sans calendrier`,
      legal_form_id: (await first('/legal_forms')).id,
      status_id: (await first('/statuses')).id,
      activity_area_id: (await first('/activity_areas')).id,
      address: { address: '1, rue du Four', zip_code: 'G6V 4J8', municipality_id: (await first('/municipalities')).id },
      financial_contributions: [
        { contribution_fund_id: fund.id, amount: '5000', rate: '4', amortization: '', project_name: 'Sans termes' },
      ],
    },
  );
  const withoutSchedule = incomplete.financial_contributions[0]!.id;
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/companies/${incomplete.id}/contributions/${withoutSchedule}/schedule`);
    await expect(
      page.getByText(
        'This contribution has no loan terms yet: complete its amount, rate, amortization and authorization date in the company file.',
      ),
    ).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/companies/${incomplete.id}/file`);
    await expect(
      page.getByText('This contribution has no schedule: complete its terms in the company file.'),
    ).toBeVisible();
    await expectAccessible(page);
  }
});

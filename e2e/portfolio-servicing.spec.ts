import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { callApi, expect, expectAccessible, signInThroughApi, test } from './fixtures';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** No sideways scrolling of the page itself (a wide table scrolls in its own box, with its hint). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('portfolio servicing: PAR, the aging and the funds on the dashboard; an administrator sets the buckets and a fund’s capital — in French and English, on a desktop and a phone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/users/);

  // A loan approved and not yet paid out: the funds table counts it as approved not disbursed.
  const first = async (path: string) => (await callApi<Array<{ id: string; name: string }>>(page, 'GET', path))[0]!;
  const fund = await first('/contribution_funds');
  const funds = await callApi<{ funds: Array<{ fund_id: string; fund_name: string; undisbursed: number }> }>(
    page,
    'GET',
    '/portfolio/funds',
  );
  const before = funds.funds.find((f) => f.fund_id === fund.id)!;
  await callApi(page, 'POST', '/companies', {
    name: `Fromagerie Tranches ${Date.now()}`,
    legal_form_id: (await first('/legal_forms')).id,
    status_id: (await first('/statuses')).id,
    activity_area_id: (await first('/activity_areas')).id,
    risk_rating: 'B',
    address: { address: '2, rue du Lait', zip_code: 'G6V 4J8', municipality_id: (await first('/municipalities')).id },
    financial_contributions: [
      {
        contribution_fund_id: fund.id,
        amount: '25000',
        rate: '5',
        amortization: '36',
        moratorium: '',
        refund: '',
        warranty_id: null,
        authorization_date: addMonths(todayIso(), -1),
        followup_date: null,
        expected_end_date: null,
        project_name: 'Cuve',
        project_cost: '',
      },
    ],
  });

  // The dashboard in French: PAR30/60/90 and the arrears rate, each with its formula; the aging; the funds.
  await page.goto('/dashboard');
  const risk = page.getByRole('region', { name: 'Portefeuille à risque' });
  await expect(risk).toBeVisible();
  for (const id of ['par-30', 'par-60', 'par-90', 'arrears-rate']) await expect(risk.getByTestId(id)).toBeVisible();
  await expect(risk.locator('abbr').first()).toHaveAttribute('title', /.+/);
  await expect(page.getByRole('region', { name: 'Âge des retards' })).toBeVisible();
  const fundsRegion = page.getByRole('region', { name: 'Fonds', exact: true });
  const fundRow = fundsRegion.getByRole('row').filter({ hasText: before.fund_name });
  await expect(fundRow).toBeVisible();
  const undisbursed = new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(
    before.undisbursed + 25_000,
  );
  expect(nbsp(await fundRow.innerText())).toContain(nbsp(undisbursed));
  await expectAccessible(page);

  // The loans behind a cell: a real list, even when empty.
  await page.goto('/portfolio/aging/current');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The buckets: a gap is refused with its message and the typed values stay; then saved.
  await page.goto('/portfolio/buckets');
  await expect(page.getByRole('heading', { level: 1, name: 'Tranches de retard' })).toBeVisible();
  const row = (n: number) => page.getByRole('group', { name: `Tranche ${n}` });
  await expectAccessible(page);
  await row(6).getByRole('textbox', { name: 'À (jours)' }).fill('730');
  await row(7)
    .getByRole('textbox', { name: /De \(jours\)/ })
    .fill('740');
  await row(2).getByRole('textbox', { name: 'Taux de provision (%)' }).fill('5');
  await page.getByRole('button', { name: 'Enregistrer les tranches' }).click();
  await expect(row(7)).toContainText('appartiennent à aucune tranche');
  await expect(row(7).getByRole('textbox', { name: /De \(jours\)/ })).toHaveValue('740');
  await expectAccessible(page);
  await row(7)
    .getByRole('textbox', { name: /De \(jours\)/ })
    .fill('731');
  await page.getByRole('button', { name: 'Enregistrer les tranches' }).click();
  await expect(page.getByText('Les tranches de retard ont été enregistrées.')).toBeVisible();
  const buckets = await callApi<Array<{ key: string; provision_rate: number | null }>>(
    page,
    'GET',
    '/delinquency_buckets',
  );
  expect(buckets.map((b) => b.key)).toEqual([
    'current',
    'days_1_30',
    'days_31_60',
    'days_61_90',
    'days_91_180',
    'days_181_730',
    'over_730',
  ]);
  expect(buckets[1]!.provision_rate).toBe(5);
  await expectAccessible(page);

  // A fund's capital: what is available follows.
  await page.goto('/portfolio/capital');
  await expect(page.getByRole('heading', { level: 1, name: 'Capital des fonds' })).toBeVisible();
  const capital = page.getByRole('textbox', { name: `Capital du ${before.fund_name}` });
  await capital.fill('1 000 000,00');
  await page.getByRole('button', { name: `Enregistrer le capital du ${before.fund_name}` }).click();
  await expect(page.getByText(`Le capital du ${before.fund_name} a été enregistré.`)).toBeVisible();
  const saved = await callApi<{ funds: Array<{ fund_id: string; capital: number; available: number }> }>(
    page,
    'GET',
    '/portfolio/funds',
  );
  const figures = saved.funds.find((f) => f.fund_id === fund.id)!;
  expect(figures.capital).toBe(1_000_000);
  await expectAccessible(page);
  await page.goto('/dashboard');
  const available = new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(figures.available);
  await expect(fundRow).toBeVisible();
  expect(nbsp(await fundRow.innerText())).toContain(nbsp(available));

  // In English.
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Portfolio at risk' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aging of arrears' })).toBeVisible();
  const availableEn = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(figures.available);
  // The region stands before its table is filled: the assertion waits for the figure (read at once, it raced).
  await expect(page.getByRole('region', { name: 'Funds', exact: true })).toContainText(availableEn);
  await expectAccessible(page);
  await page.goto('/portfolio/buckets');
  await expect(page.getByRole('heading', { level: 1, name: 'Aging buckets' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bucket 6' }).getByRole('textbox', { name: 'To (days)' })).toHaveValue(
    '730',
  );
  await expectAccessible(page);
  await page.goto('/portfolio/capital');
  await expect(page.getByRole('heading', { level: 1, name: 'Capital of the funds' })).toBeVisible();
  await expectAccessible(page);

  // On a phone, both languages: every screen passes, and nothing makes the page itself scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ['en', 'fr']) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    for (const path of ['/dashboard', '/portfolio/aging/current', '/portfolio/buckets', '/portfolio/capital']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoPageOverflow(page);
      await expectAccessible(page);
    }
  }

  // Back to the default buckets, for any later story.
  await callApi(page, 'PUT', '/delinquency_buckets', {
    buckets: [
      ['0', '0'],
      ['1', '30'],
      ['31', '60'],
      ['61', '90'],
      ['91', '180'],
      ['181', '365'],
      ['366', ''],
    ].map(([min, max]) => ({ min_days: min, max_days: max, provision_rate: '' })),
  });
});

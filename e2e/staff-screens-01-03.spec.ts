import { createCompany } from './company-fixtures';
import { callApi, expect, expectAccessible, test } from './fixtures';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';
import {
  onEachScreen,
  expectNoSidewaysScroll,
  expectSeenWhole,
  type ScheduleAnswer,
  staffScreens,
} from './staff-screens-fixtures';

/*
 * The portfolio screens as a staff member sees them (stories 1–3 of ten; the others are the other
 * staff-screens-*.spec.ts, cut apart so that the browser tests' shards can be even: ADR 0051). Each story goes
 * through its screens in French and English, at a desktop and at a phone width, with an axe check in every state
 * it reaches (onEachScreen in staff-screens-fixtures.ts).
 */

staffScreens(() => {
  test('1. the repayment schedule shows every installment’s date, payment, interest, principal and balance on a phone without scrolling sideways', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const today = todayIso();
    const company = await createCompany(page, `Atelier Échéancier ${Date.now()}`, {
      financial_contributions: [
        {
          contribution_fund_id: (await callApi<Array<{ id: string }>>(page, 'GET', '/contribution_funds'))[0]!.id,
          amount: '19009',
          rate: '2.34',
          amortization: '24',
          moratorium: '12',
          authorization_date: addMonths(today, -13),
          project_name: 'Fonds de roulement',
        },
      ],
    });
    const contributionId = company.financial_contributions[0]!.id;
    const api = await callApi<ScheduleAnswer>(
      page,
      'GET',
      `/companies/${company.id}/financial_contributions/${contributionId}/schedule`,
    );
    expect(api.rows).toHaveLength(36);

    await onEachScreen(page, async ({ phone, w, money, day }) => {
      await page.goto(`/companies/${company.id}/contributions/${contributionId}/schedule`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const caption = w(
        'Échéances mois par mois, avec ce qui a été payé',
        'Installments month by month, with what was paid',
      );
      // Installment 13, the first after the moratorium: every figure of it on screen.
      const row = api.rows[12]!;
      const installment = phone
        ? page
            .getByRole('list', { name: caption })
            .getByRole('listitem')
            .filter({ hasText: day(row.date) })
        : page
            .getByRole('table', { name: caption })
            .getByRole('row')
            .filter({ hasText: day(row.date) });
      await expect(installment).toHaveCount(1);
      for (const figure of [day(row.date), money(row.payment), money(row.interest), money(row.principal)]) {
        await expectSeenWhole(installment.getByText(figure, { exact: true }).first());
      }
      await expectSeenWhole(installment.getByText(money(row.balance), { exact: true }));
      if (phone) {
        // Each figure named beside it, the date on one line.
        for (const label of [
          w('Versement', 'Payment'),
          w('Intérêts', 'Interest'),
          w('Capital', 'Principal'),
          w('Solde', 'Balance'),
        ]) {
          await expect(installment.getByText(label, { exact: true })).toBeVisible();
        }
        const date = installment.getByText(day(row.date), { exact: true });
        const lineHeight = await date.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
        expect((await date.boundingBox())!.height).toBeLessThan(1.5 * lineHeight);
      }
      // Every installment is there (the table also has its head and totals rows).
      if (phone) await expect(page.getByRole('list', { name: caption }).getByRole('listitem')).toHaveCount(36);
      else await expect(page.getByRole('table', { name: caption }).getByRole('row')).toHaveCount(38);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });

  test('2. the dashboard’s portfolio by fund shows every figure whole, and the chart’s fund names do not overlap', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const me = await callApi<{ id: string }>(page, 'GET', '/user');
    const funds = await callApi<Array<{ id: string; name: string }>>(page, 'GET', '/contribution_funds');
    const today = todayIso();
    // A loan of millions in every fund, so that each row of the table carries wide figures.
    await createCompany(page, `Atelier Fonds ${Date.now()}`, {
      overseeing_user_id: me.id,
      financial_contributions: funds.map((fund, index) => ({
        contribution_fund_id: fund.id,
        amount: String(4_349_157 + index),
        rate: '5',
        amortization: '120',
        authorization_date: addMonths(today, -6),
        project_name: `Projet ${index + 1}`,
      })),
    });

    await onEachScreen(page, async ({ locale, w, money }) => {
      const { by_fund: byFund } = await callApi<{
        by_fund: Array<{ fund_name: string; committed: number; outstanding: number }>;
      }>(page, 'GET', `/dashboard?filter[mine]=true&locale=${locale}`);
      expect(byFund).toHaveLength(funds.length);
      await page.goto('/dashboard?mine=true');
      const region = page.getByRole('region', { name: w('Portefeuille par fonds', 'Portfolio by fund') });
      await expect(region).toBeVisible();
      // Every fund's figures, the outstanding one included, seen whole.
      for (const fund of byFund) {
        // The table's or the card's, after the chart's.
        await expectSeenWhole(region.getByText(fund.fund_name, { exact: true }).filter({ visible: true }).last());
        for (const figure of [fund.committed, fund.outstanding]) {
          // A figure several funds share (nothing outstanding before a disbursement) is seen whole in each.
          for (const seen of await region.getByText(money(figure), { exact: true }).filter({ visible: true }).all())
            await expectSeenWhole(seen);
        }
      }
      for (const figure of await region.locator('td, dd').filter({ visible: true }).all()) {
        await expectSeenWhole(figure);
      }
      // The chart's fund names (drawn, hidden from assistive technology: the table says the same) apart.
      const ticks = region.locator('.recharts-yAxis-tick-labels text');
      await expect(ticks).toHaveCount(funds.length);
      const boxes = (await Promise.all((await ticks.all()).map((tick) => tick.boundingBox()))).map((box) => box!);
      boxes.sort((a, b) => a.y - b.y);
      for (let i = 1; i < boxes.length; i += 1) {
        expect(boxes[i]!.y, `fund name ${i + 1} starts below name ${i}`).toBeGreaterThanOrEqual(
          boxes[i - 1]!.y + boxes[i - 1]!.height,
        );
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });

  test('3. a company’s file opens its event history and its documents directly, and so does the search’s best company', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now();
    const company = await createCompany(page, `Fromagerie Historique ${stamp}`);
    const other = await createCompany(page, `Quincaillerie Courante ${stamp}`);
    const archived = await createCompany(page, `Cidrerie Archivée ${stamp}`);
    await callApi(page, 'DELETE', `/companies/${archived.id}`);
    const makeCurrent = (id: string) => page.evaluate((value) => localStorage.setItem('currentCompanyId', value), id);
    const topBar = page.getByTestId('topbar-company');

    await onEachScreen(page, async ({ w }) => {
      const history = w('Historique des événements', 'Event history');
      // Another company is current: the file's links switch to this one.
      await makeCurrent(other.id);
      await page.goto(`/companies/${company.id}`);
      const links = page.getByRole('navigation', { name: w('Dossier de l’entreprise', 'Company file') });
      await expect(links.getByRole('link', { name: history })).toBeVisible();
      await expectAccessible(page);
      await links.getByRole('link', { name: history }).click();
      await expect(page).toHaveURL(/\/events$/);
      await expect(page.getByRole('heading', { level: 1, name: history })).toBeVisible();
      await expect(topBar).toContainText(company.name);
      await expectAccessible(page);

      await makeCurrent(other.id);
      await page.goto(`/companies/${company.id}`);
      await links.getByRole('link', { name: 'Documents' }).click();
      await expect(page).toHaveURL(/\/documents$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
      await expect(topBar).toContainText(company.name);
      await expectAccessible(page);

      // An archived file is not worked on (it cannot be current): no such links.
      await page.goto(`/companies/${archived.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(archived.name);
      await expect(page.getByRole('link', { name: history })).toHaveCount(0);

      // The search: the best company's history, straight from the results, with the keyboard.
      await makeCurrent(other.id);
      await page.goto('/companies');
      await expect(
        page.getByRole('button', { name: w('Rechercher partout (Ctrl+K)', 'Search everything (Ctrl+K)') }),
      ).toBeVisible();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: w('Recherche', 'Search') });
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await page.keyboard.type(`fromagerie historique ${stamp}`);
      const shortcut = dialog.getByRole('option', { name: new RegExp(`^${history}.*${company.name}`) });
      await expect(shortcut).toBeVisible();
      await expectAccessible(page);
      while ((await shortcut.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/events$/);
      await expect(topBar).toContainText(company.name);
      await expectAccessible(page);
    });
  });
});

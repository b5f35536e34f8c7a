import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ACCOUNTS } from './accounts';
import { createCompany } from './company-fixtures';
import { callApi, expect, expectAccessible, signInThroughApi, test } from './fixtures';
import type { Locale } from '../src/shared/constants';
import { formatAmount, formatDay, formatRatio } from '../src/shared/portfolio/ratios';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * The portfolio screens as a staff member sees them: each story goes through its screens in French and
 * English, at a desktop and at a phone width, with an axe check in every state it reaches.
 */

const SCREENS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface Screen {
  locale: Locale;
  phone: boolean;
  /** The French or the English words, whichever the screen speaks. */
  w: (fr: string, en: string) => string;
  money: (value: number) => string;
  day: (iso: string) => string;
}

/** Runs `visit` in each language at each width, the language chosen the way the drawer keeps it. */
async function onEachScreen(page: Page, visit: (screen: Screen) => Promise<void>): Promise<void> {
  for (const size of SCREENS) {
    await page.setViewportSize(size);
    for (const locale of ['fr', 'en'] as const) {
      await page.evaluate((value) => localStorage.setItem('locale', value), locale);
      await test.step(`${locale} at ${size.width} px`, () =>
        visit({
          locale,
          phone: size.width < 600,
          w: (fr, en) => (locale === 'fr' ? fr : en),
          money: (value) => formatAmount(value, locale),
          day: (iso) => formatDay(iso, locale),
        }));
    }
  }
}

/** Nothing on the page is reached by scrolling sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * The element is seen whole without scrolling anything sideways: inside the window, and not cut by a box
 * around it that scrolls or clips.
 */
async function expectSeenWhole(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const cut = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth + 0.5) return `outside the window: ${box.left}–${box.right}`;
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        return `cut by ${parent.tagName}.${parent.className}: ${box.left}–${box.right} in ${frame.left}–${frame.right}`;
      }
    }
    return null;
  });
  expect(cut).toBeNull();
}

/**
 * Beyond expectAccessible's serious and critical findings: none of these rules fails either, whatever the
 * impact axe gives it (a duplicate banner is "moderate", yet a screen reader lists two page headers).
 */
async function expectNoneOf(page: Page, rules: string[]): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A year's statement with these sales; the other figures the same every year. */
const statement = (year: number, sales: number) => ({
  year: String(year),
  sales: String(sales),
  gross_profit: '200000',
  net_profit: '40000',
  current_assets: '300000',
  current_liabilities: '100000',
  funds_generated: '90000',
  debt_service: '30000',
});

interface ScheduleAnswer {
  payment: number;
  balance_today: number;
  rows: Array<{ date: string; payment: number; interest: number; principal: number; balance: number }>;
}

test.describe('a staff member’s portfolio screens', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/companies/);
  });

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

  test('4. saving a company says it was saved and nothing more, and on a phone the message leaves the search dialog’s title and close button free', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const company = await createCompany(page, `Boulangerie Enregistrée ${Date.now()}`);
    let employees = 10;

    await onEachScreen(page, async ({ phone, w }) => {
      // Nothing current: the list would ask for a company on arrival.
      await page.evaluate(() => localStorage.removeItem('currentCompanyId'));
      await page.goto(`/companies/${company.id}`);
      const searchButton = page.getByRole('button', {
        name: w('Rechercher partout (Ctrl+K)', 'Search everything (Ctrl+K)'),
      });
      // The search's code loaded once, so that it opens at once below.
      await searchButton.click();
      const dialog = page.getByRole('dialog', { name: w('Recherche', 'Search') });
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      employees += 1;
      await page.getByRole('textbox', { name: w('Nombre d’employés', 'Employees') }).fill(String(employees));
      await page.getByRole('button', { name: w('Enregistrer', 'Save') }).click();
      await expect(page).toHaveURL(/\/companies$/);
      const saved = page.getByText(w('L’entreprise a été enregistrée.', 'The company was saved.'));
      // The pointer rests on the message: messages stay while it does (they close after 5 s otherwise).
      await saved.hover();
      // The list is there, and two frames later (the warning comes with the list's first effects) no warning.
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(
        page.getByText(
          w(
            'Sélectionnez d’abord une entreprise pour travailler sur ses documents et son historique.',
            'Select a company first to work on its documents and events.',
          ),
        ),
      ).toHaveCount(0);

      // The search opened (Ctrl+K) while the message shows: its title and close button are not under it.
      await page.keyboard.press('Control+k');
      await expect(dialog.getByRole('combobox')).toBeFocused();
      const close = dialog.getByRole('button', { name: w('Fermer', 'Close') });
      const title = dialog.getByRole('heading', { name: w('Recherche', 'Search') });
      await expect(saved).toBeVisible();
      const message = await saved.boundingBox();
      for (const part of [close, title]) {
        const box = (await part.boundingBox())!;
        const overlap =
          box.x < message!.x + message!.width &&
          message!.x < box.x + box.width &&
          box.y < message!.y + message!.height &&
          message!.y < box.y + box.height;
        expect(overlap, `${phone ? 'phone' : 'desktop'}: the message covers ${await part.textContent()}`).toBe(false);
      }
      await expectAccessible(page);
      await close.click();
      await expect(dialog).toBeHidden();
      await expectAccessible(page);
    });
  });

  test('5. a loan says which figures were typed at authorization and which come from its terms, and explains where they differ', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const today = todayIso();
    const authorized = addMonths(today, -13);
    const expectedEnd = addMonths(today, 12);
    const company = await createCompany(page, `Atelier Modalités ${Date.now()}`, {
      financial_contributions: [
        {
          contribution_fund_id: (await callApi<Array<{ id: string }>>(page, 'GET', '/contribution_funds'))[0]!.id,
          amount: '19009',
          rate: '2.34',
          amortization: '24',
          moratorium: '12',
          refund: '12829',
          authorization_date: authorized,
          expected_end_date: expectedEnd,
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
    const lastPayment = api.rows.at(-1)!.date;
    expect(lastPayment).toBe(addMonths(authorized, 36));

    await onEachScreen(page, async ({ w, money, day }) => {
      // The company file: the typed figure has its own name and says what it is, beside what the terms give.
      await page.goto(`/companies/${company.id}`);
      const fieldset = page.locator(`#contribution-${contributionId}`);
      await expect(fieldset.getByRole('textbox', { name: w('Montant', 'Amount'), exact: true })).toBeVisible();
      await expect(fieldset.getByRole('textbox', { name: w('Remboursement', 'Refund'), exact: true })).toHaveCount(0);
      const agreed = fieldset.getByRole('textbox', { name: w('Versement convenu', 'Agreed payment'), exact: true });
      // Intl writes French thousands with a narrow space.
      await expect(agreed).toHaveValue(new RegExp(w('^12\\s829,00$', '^12,829\\.00$')));
      await expect(agreed).toHaveAccessibleDescription(
        new RegExp(
          `${w('Saisi à l’autorisation', 'Typed at authorization')}.*${money(api.payment).replace(/[.$]/g, '\\$&')}`,
        ),
      );
      const end = fieldset.getByRole('textbox', { name: w('Date de fin prévue', 'Expected end date'), exact: true });
      await expect(end).toHaveAccessibleDescription(new RegExp(day(lastPayment).replace(/\./g, '\\.')));
      const link = fieldset.getByRole('link', {
        name: new RegExp(`^${w('Échéancier de remboursement', 'Repayment schedule')}`),
      });
      await expect(link).toHaveText(w('Échéancier de remboursement', 'Repayment schedule'));
      await expectAccessible(page);

      // The schedule: the two kinds of figures apart, and why the typed ones differ from the terms'.
      await link.click();
      await expect(
        page.getByRole('heading', { level: 1, name: w('Échéancier de remboursement', 'Repayment schedule') }),
      ).toBeVisible();
      for (const where of [
        `/companies/${company.id}/contributions/${contributionId}/schedule`,
        `/companies/${company.id}/file`,
      ]) {
        if (!page.url().endsWith(where)) await page.goto(where);
        const typed = page.getByRole('group', { name: w('Saisi à l’autorisation', 'Typed at authorization') });
        const computed = page.getByRole('group', { name: w('Calculé selon les modalités', 'Computed from the terms') });
        await expect(typed).toContainText(w('Versement convenu', 'Agreed payment'));
        await expect(typed).toContainText(money(12_829));
        await expect(typed).toContainText(day(expectedEnd));
        await expect(computed).toContainText(money(api.payment));
        await expect(computed).toContainText(day(lastPayment));
        await expect(computed).toContainText(money(api.balance_today));
        const notes = page.getByRole('note');
        await expect(notes.filter({ hasText: money(12_829) })).toContainText(money(api.payment));
        await expect(notes.filter({ hasText: day(expectedEnd) })).toContainText(day(lastPayment));
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
      }
    });
  });

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
      await page.route('**/api/user', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/dashboard');
      // Said to a screen reader as what it is: the page is loading.
      await expect(page.getByRole('status', { name: w('Chargement…', 'Loading…') })).toBeVisible();
      await expectAccessible(page);
      await expectNoneOf(page, ['aria-prohibited-attr']);
      release();
      await page.unroute('**/api/user');
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
    const marks = (option: Locator) => option.locator('mark').allTextContents();

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
      expect(await marks(companies.nth(0))).toEqual(['Atelier', 'B', stamp]);
      expect(await marks(companies.nth(1))).toEqual(['Atelier', 'B', stamp, 'B']);
      expect(await marks(companies.nth(2))).toEqual(['B', 'B', stamp, 'Atelier']);
      // Each name once, with what tells it apart under it: its municipality.
      for (const [index, company] of [exact, starting, loose].entries()) {
        const option = companies.nth(index);
        await expect(option.getByText(company.name, { exact: true })).toHaveCount(1);
        await expect(option).toContainText(city);
        expect((await option.textContent())!.split(company.name)).toHaveLength(2);
      }
      // A company found through its owner says so: the owner, marked, on its second line.
      await expect(companies.nth(3)).toContainText('Atelier Robert');
      expect(await marks(companies.nth(3))).toEqual([stamp, 'Atelier']);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      await input.fill(`montreal ${stamp}`);
      await expect(companies).toHaveCount(1);
      await expect(companies.first()).toContainText(accented.name);
      expect(await marks(companies.first())).toEqual(['Montréal', stamp]);
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

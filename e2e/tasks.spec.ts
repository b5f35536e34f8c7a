import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { tasks as en } from '../src/shared/i18n/domains/tasks.en';
import { tasks as fr } from '../src/shared/i18n/domains/tasks.fr';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * My tasks and the fund report (docs/decisions/0041), through the real API and the built app: a follow-up date due
 * today and a year's statements missing appear in My tasks; entering the statement closes its task; marking the
 * follow-up done empties the week; the fund report shows, draws the requests' figures beside the loans', and
 * downloads as CSV. In French on a desktop, in English on a phone, axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;

async function companyOverseenByMe(page: Page, name: string, yearEnd: string) {
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const fundId = await first('/contribution_funds');
  const company = await callApi<{ id: string; financial_contributions: Array<{ loan_number: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name,
      overseeing_user_id: me.id,
      end_of_financial_year: `${yearEnd.slice(8, 10)}/${yearEnd.slice(5, 7)}`,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '12, rue du Moulin', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: fundId,
          amount: '12000',
          rate: '6',
          amortization: '12',
          authorization_date: addMonths(todayIso(), -2),
          followup_date: todayIso(),
          project_name: 'Four à bois',
          project_cost: '48000',
        },
      ],
    },
  );
  return { id: company.id, loanNumber: company.financial_contributions[0]!.loan_number, fundId };
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  await signInFor(page, email, { lang, width });
  const name = `Boulangerie ${lang} ${width}`;
  // Its financial year ended seven months ago: its statements are overdue.
  const yearEnd = addMonths(todayIso(), -7);
  const company = await companyOverseenByMe(page, name, yearEnd);
  const followup = say(c.generated.followup, { loan: company.loanNumber, company: name });
  const statement = say(c.generated.statement, { year: yearEnd.slice(0, 4), company: name });

  // The drawer's link, with the overdue count.
  await page.getByRole('button', { name: lang === 'fr' ? 'Ouvrir le menu' : 'Open the menu' }).click();
  const link = page.getByRole('link', { name: new RegExp(lang === 'fr' ? 'Mes tâches' : 'My tasks') });
  await expect(link).toContainText(lang === 'fr' ? '1 en retard' : '1 overdue');
  await expectAccessible(page);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: c.page.title })).toBeVisible();
  const week = page.getByRole('region', { name: c.page.groups.week });
  const overdue = page.getByRole('region', { name: c.page.groups.overdue });
  await expect(week.getByRole('link', { name: followup })).toBeVisible();
  await expect(overdue.getByRole('link', { name: statement })).toBeVisible();
  await expectAccessible(page);

  // Entering the statement closes its task.
  const form = await callApi<Record<string, unknown>>(page, 'GET', `/companies/${company.id}`);
  const {
    id: _id,
    reference_number: _r,
    avatar_url: _a,
    archived_at: _ar,
    inserted_at: _i,
    updated_at: _u,
    ...rest
  } = form;
  await callApi(page, 'PATCH', `/companies/${company.id}`, {
    ...rest,
    financial_statements: [{ year: yearEnd.slice(0, 4), sales: '250000' }],
  });
  await page.reload();
  await expect(week.getByRole('link', { name: followup })).toBeVisible();
  await expect(overdue.getByRole('link', { name: statement })).toHaveCount(0);

  // Marking the follow-up done.
  await week.getByRole('button', { name: say(c.page.markDoneNamed, { title: followup }) }).click();
  await expect(week.getByRole('link', { name: followup })).toHaveCount(0);
  await expect(week.getByText(c.page.emptyGroup)).toBeVisible();
  await expectAccessible(page);

  // The fund report: shown, then downloaded as CSV.
  await page.goto(`/reports/fund_activity`);
  await expect(page.getByRole('heading', { level: 1, name: c.report.title })).toBeVisible();
  await page.getByRole('combobox', { name: c.report.fund }).selectOption(company.fundId);
  await page.getByRole('button', { name: c.report.show }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: new RegExp(c.report.figures.authorizedCount) })).toBeVisible();
  // The charts draw the requests' figures as well as the loans' — the table above is their text alternative.
  await expect(page.getByText(c.report.chartHint)).toBeVisible();
  const charts = [
    [c.report.requestsChart, [c.report.figures.requestsReceived, c.report.figures.requestsDeferred]],
    [c.report.chart, [c.report.figures.requestsReceivedAmount, c.report.figures.disbursedAmount]],
  ] as const;
  for (const [title, figures] of charts) {
    const drawing = page.getByRole('region', { name: title }).locator('svg.recharts-surface');
    await expect(drawing).toBeVisible();
    // An axis wraps a long name over lines of its own: compared without spaces.
    const drawn = async () => ((await drawing.textContent()) ?? '').replace(/\s/g, '');
    for (const figure of figures) await expect.poll(drawn).toContain(figure.replace(/\s/g, ''));
  }
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: c.report.csv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${c.report.file}-.*\\.csv$`));
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith(`\uFEFF${c.report.columns.figure}${lang === 'fr' ? ';' : ','}${c.report.columns.value}`)).toBe(
    true,
  );
  expect(text).toContain(c.report.figures.jobsNow);
}

test('tasks: a follow-up due today and a statement overdue, closed by entering it; the fund report as CSV (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.tasks.email);
});

test('tasks: the same story in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.tasksPhone.email);
});

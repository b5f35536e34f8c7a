import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { signedIn as en } from '../src/shared/i18n/signed-in.en';
import { signedIn as fr } from '../src/shared/i18n/signed-in.fr';
import { formatMoney } from '../src/shared/intl';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * Archiving a company whose loan still holds money (docs/decisions/0060): the confirmation names the loan and its
 * outstanding before anything is archived; once archived, the dashboard's figures still count the loan, and the
 * loan's page says its company is archived. Once in French on a desktop, once in English on a phone, axe in
 * every state. The dashboard is read for "the companies I oversee": the account's own loan only.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;

async function story(page: Page, lang: Lang, width: number, email: string) {
  test.setTimeout(240_000);
  const c = CATALOG[lang];
  const money = (amount: number) => nbsp(formatMoney(amount, lang));
  await signInFor(page, email, { lang, width });

  // A company I oversee with a loan of 12 000 $ paid out four months ago.
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const authorized = addMonths(todayIso(), -4);
  const name = `Fromagerie ${lang} ${width} ${Date.now()}`;
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string; loan_number: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name,
      overseeing_user_id: me.id,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '4, rue du Quai', zip_code: 'G5L 3C3', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: await first('/contribution_funds'),
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '0',
          authorization_date: authorized,
          project_name: 'Cave d’affinage',
        },
      ],
    },
  );
  const loan = company.financial_contributions[0]!;
  await callApi(page, 'POST', `/companies/${company.id}/financial_contributions/${loan.id}/disbursements`, {
    date: authorized,
    amount: '12000',
    method: 'eft',
  });
  const outstanding = (
    await callApi<Array<{ figures: { outstanding_principal: number } }>>(page, 'GET', `/companies/${company.id}/loans`)
  )[0]!.figures.outstanding_principal;
  expect(outstanding).toBeGreaterThan(0);

  // The dashboard before: my one loan's money.
  await page.goto('/dashboard?mine=true');
  await expect(page.getByTestId('figure-loansCount')).toHaveText('1');
  const outstandingFigure = page.getByTestId('figure-outstandingTotal');
  await expect(outstandingFigure).toHaveText(loose(money(outstanding)));
  const committed = nbsp((await page.getByTestId('figure-committedTotal').textContent()) ?? '');
  await expectAccessible(page);

  // Archive: the confirmation names the loan and what it still owes before anything is done.
  await page.goto(`/companies/${company.id}`);
  await page.getByRole('button', { name: c.companies.form.actions.archive, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(loose(say(c.companies.form.confirmArchiveLiveLoans, { name })));
  const loans = dialog.getByRole('list', { name: c.companies.form.liveLoansLabel });
  await expect(loans.getByRole('listitem')).toHaveText([
    loose(say(c.companies.errors.liveLoan, { loanNumber: loan.loan_number, outstanding: money(outstanding) })),
  ]);
  await expectAccessible(page);
  const before = await callApi<{ archived_at: string | null }>(page, 'GET', `/companies/${company.id}`);
  expect(before.archived_at).toBeNull();
  await dialog.getByRole('button', { name: c.companies.form.actions.archive, exact: true }).click();
  await expect(page.getByText(c.companies.toasts.archived)).toBeVisible();
  await expectAccessible(page);

  // The dashboard after: the loan's money is still there, though its company is archived.
  await page.goto('/dashboard?mine=true');
  await expect(page.getByTestId('figure-activeCompanies')).toHaveText('0');
  await expect(page.getByTestId('figure-loansCount')).toHaveText('1');
  await expect(outstandingFigure).toHaveText(loose(money(outstanding)));
  await expect(page.getByTestId('figure-committedTotal')).toHaveText(loose(committed));
  await expectAccessible(page);

  // The loan's page says its company is archived.
  await page.goto(`/companies/${company.id}/contributions/${loan.id}`);
  await expect(page.getByText(c.companies.archivedCompany, { exact: true })).toBeVisible();
  await expectAccessible(page);
}

test('archiving a company with a live loan names the loan first, and its money stays counted (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.archiveLive.email);
});

test('archiving a company with a live loan: the same in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.archiveLivePhone.email);
});

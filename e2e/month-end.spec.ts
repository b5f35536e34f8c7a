import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { accounting as en } from '../src/shared/i18n/domains/accounting.en';
import { accounting as fr } from '../src/shared/i18n/domains/accounting.fr';
import { servicing as enServicing } from '../src/shared/i18n/domains/servicing.en';
import { servicing as frServicing } from '../src/shared/i18n/domains/servicing.fr';
import { signedIn as enFrame } from '../src/shared/i18n/signed-in.en';
import { signedIn as frFrame } from '../src/shared/i18n/signed-in.fr';
import { formatDay } from '../src/shared/intl';

/*
 * Month-end (docs/decisions/0070, 0071), by an administrator: a fund's accounts mapped (a refused name first,
 * what was typed kept), a month of 2020 previewed and exported, its interest accrued, the month closed, a
 * repayment dated in it refused naming the closing date, the month reopened with a reason. Months of 2020, which
 * no other story dates anything in, and reopened at the end: the other stories' entries stay open. French on a
 * desktop, English on a phone, axe in every state; the two run in order (the second closes the month after the
 * first's).
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;
const SERVICING = { fr: frServicing, en: enServicing } as const;
const FRAME = { fr: frFrame, en: enFrame } as const;

interface Lookup {
  id: string;
  name: string;
}

async function loanIn2020(page: Page, month: string, fundId: string) {
  const first = async (path: string) => (await callApi<Lookup[]>(page, 'GET', path))[0]!.id;
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name: `Fromagerie Fin de mois ${month} ${Date.now()}`,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '3, rue du Quai', zip_code: 'G5L 2B2', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: fundId,
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '0',
          authorization_date: `${month}-02`,
          project_name: 'Cave d’affinage',
        },
      ],
    },
  );
  const id = company.financial_contributions[0]!.id;
  const url = `/companies/${company.id}/financial_contributions/${id}`;
  await callApi(page, 'POST', `${url}/disbursements`, { date: `${month}-03`, amount: '12000', method: 'eft' });
  await callApi(page, 'POST', `${url}/repayments`, { received_on: `${month}-20`, amount: '500', method: 'pad' });
  return { companyId: company.id, contributionId: id };
}

async function story(page: Page, lang: Lang, width: number, email: string, month: string) {
  const c = CATALOG[lang];
  const s = SERVICING[lang];
  const end = `${month}-${month.endsWith('02') ? '29' : '31'}`;
  await signInFor(page, email, { lang, width, landing: /\/users/ });
  const fund = (await callApi<Lookup[]>(page, 'GET', `/contribution_funds?locale=${lang}`))[0]!;
  const { companyId, contributionId } = await loanIn2020(page, month, fund.id);

  // From the drawer.
  await page.getByRole('button', { name: FRAME[lang].layout.openMenu }).click();
  await page
    .getByRole('navigation', { name: FRAME[lang].layout.navigation })
    .getByRole('link', { name: FRAME[lang].layout.monthEnd })
    .click();
  await expect(page).toHaveURL(/\/month-end$/);
  await expect(page.getByRole('heading', { level: 1, name: c.page.title })).toBeVisible();
  await expectAccessible(page);

  // The fund's accounts: a name with a semicolon refused under its field, what was typed kept, then saved.
  await page.getByRole('main').getByRole('link', { name: c.page.accounts }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.page.accounts })).toBeVisible();
  await page.getByRole('combobox', { name: c.page.fund }).selectOption(fund.id);
  const form = page.getByRole('form', { name: c.page.accounts });
  const fill = async (role: keyof typeof c.roles, number: string, name: string) => {
    await form.getByRole('textbox', { name: `${c.roles[role]} — ${c.page.number}` }).fill(number);
    await form.getByRole('textbox', { name: `${c.roles[role]} — ${c.page.name}` }).fill(name);
  };
  await fill('loans_receivable', '1200', 'Prêts à recevoir');
  await fill('bank', '1000', 'Banque; caisse');
  await fill('interest_income', '4100', 'Revenus d’intérêts');
  await fill('write_off_expense', '5200', 'Créances irrécouvrables');
  await fill('recoveries_income', '4200', 'Recouvrements');
  const optional = (role: keyof typeof c.roles) => `${c.roles[role]} (${c.page.optional})`;
  for (const [role, number, name] of [
    ['payments_in_advance', '2300', 'Paiements reçus d’avance'],
    ['accrued_interest_receivable', '1250', 'Intérêts courus à recevoir'],
  ] as const) {
    await form.getByRole('textbox', { name: `${optional(role)} — ${c.page.number}` }).fill(number);
    await form.getByRole('textbox', { name: `${optional(role)} — ${c.page.name}` }).fill(name);
  }
  await form.getByRole('button', { name: c.page.save }).click();
  const bankName = form.getByRole('textbox', { name: `${c.roles.bank} — ${c.page.name}` });
  await expect(bankName).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(c.errors.accountNameCharacters)).toBeVisible();
  await expect(bankName).toHaveValue('Banque; caisse');
  await expectAccessible(page);
  await bankName.fill('Banque');
  await form.getByRole('button', { name: c.page.save }).click();
  await expect(page.getByText(c.page.saved)).toBeVisible();
  await expect(bankName).not.toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // The month: previewed, then exported for QuickBooks; the screen then says who exported it.
  await page.getByRole('main').getByRole('link', { name: c.page.title }).click();
  await page.getByRole('textbox', { name: c.page.month }).fill(month);
  await page.getByRole('combobox', { name: c.page.fund }).selectOption(fund.id);
  await page.getByRole('radio', { name: c.page.all }).check();
  await page.getByRole('button', { name: c.page.preview }).click();
  const entries = page.getByRole('table', { name: c.page.entries });
  await expect(entries).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: '1200 Prêts à recevoir' }).first()).toBeVisible();
  await expect(page.getByText(c.page.neverExported)).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: c.page.download }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`qbo-${month}-01-${end}\\.csv$`));
  const account = lang === 'fr' ? ACCOUNTS.monthEnd : ACCOUNTS.monthEndPhone;
  await expect(page.getByText(`${account.firstName} ${account.lastName}`, { exact: false }).first()).toBeVisible();
  await page.getByRole('radio', { name: c.page.onlyNew }).check();
  await expect(page.getByText(c.page.noEntries)).toBeVisible();
  await expectAccessible(page);

  // Accrued, then closed.
  await page.getByRole('button', { name: c.page.accrue }).click();
  await expect(page.getByText(loose(c.page.accrued.split('{{')[0]!))).toBeVisible();
  await page.getByRole('button', { name: c.page.close }).click();
  const closedOn = nbsp(formatDay(end, lang) ?? end);
  await expect(page.getByRole('region', { name: c.page.lastClosed })).toContainText(loose(closedOn));
  await expectAccessible(page);

  // A repayment dated in the closed month: refused, naming the date.
  await page.goto(`/companies/${companyId}/contributions/${contributionId}`);
  await page.getByRole('group', { name: s.loan.actions }).getByRole('button', { name: s.loan.recordRepayment }).click();
  const dialog = page.getByRole('dialog', { name: s.forms.repayment.title });
  await dialog.getByRole('textbox', { name: s.forms.receivedOn }).fill(`${month}-25`);
  await dialog.getByRole('textbox', { name: s.forms.amount }).fill('10');
  await dialog.getByRole('combobox', { name: s.forms.method }).click();
  await page.getByRole('option', { name: s.repaymentMethod.cheque, exact: true }).click();
  await dialog.getByRole('button', { name: s.forms.record }).click();
  await expect(page.getByText(loose(say(c.errors.periodClosed, { date: closedOn }))).first()).toBeVisible();
  await expectAccessible(page);

  // Reopened with a reason (none first: refused under the field).
  await page.goto('/month-end');
  const reopen = page.getByRole('form', { name: loose(say(c.page.reopenTitle, { date: closedOn })) });
  await reopen.getByRole('button', { name: c.page.reopen }).click();
  await expect(reopen.getByRole('textbox', { name: c.page.reason })).toHaveAttribute('aria-invalid', 'true');
  await reopen.getByRole('textbox', { name: c.page.reason }).fill(`Paiement reçu en retard (${lang})`);
  await reopen.getByRole('button', { name: c.page.reopen }).click();
  await expect(page.getByText(c.page.reopened)).toBeVisible();
  await expect(page.getByText(`Paiement reçu en retard (${lang})`, { exact: false })).toBeVisible();
  await expectAccessible(page);
}

test.describe.configure({ mode: 'serial' });

test('month-end: accounts mapped, a month exported, accrued, closed, a backdated repayment refused, reopened (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.monthEnd.email, '2020-01');
});

test('month-end: the same in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.monthEndPhone.email, '2020-02');
});

import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { servicing as en } from '../src/shared/i18n/domains/servicing.en';
import { servicing as fr } from '../src/shared/i18n/domains/servicing.fr';
import { signedIn as enFrame } from '../src/shared/i18n/signed-in.en';
import { signedIn as frFrame } from '../src/shared/i18n/signed-in.fr';
import { formatAmount, formatDay } from '../src/shared/portfolio/ratios';
import { formatDay as longDay } from '../src/shared/intl';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * A fund's blanket deferral (docs/decisions/0038, 0062): a loan paid out four months ago, then every active loan of
 * its fund given a payment holiday in one action from the portfolio's screen — the dry run first, listing the
 * loans it reaches with their count and outstanding — then the same action refused, naming the earlier one, then
 * the action reversed as one from the fund's past actions; the loan's page shows its amendment reversed and its
 * schedule no holiday. Once in French on a desktop, once in English on a phone, axe in every state. The count
 * expected is read from another route (the fund's aging table), so loans other specs put in the fund count too.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;
const FRAME = { fr: frFrame, en: enFrame } as const;

interface Lookup {
  id: string;
  name: string;
}

/** A company with one loan of 12 000 $ at 6 % over 12 months in `fundId`, authorized and paid out four months ago. */
async function companyWithDisbursedLoan(page: Page, name: string, fundId: string) {
  const first = async (path: string) => (await callApi<Lookup[]>(page, 'GET', path))[0]!.id;
  const authorized = addMonths(todayIso(), -4);
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '8, rue des Érables', zip_code: 'G5L 2B2', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: fundId,
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '0',
          authorization_date: authorized,
          project_name: 'Chambre froide',
        },
      ],
    },
  );
  const contributionId = company.financial_contributions[0]!.id;
  await callApi(page, 'POST', `/companies/${company.id}/financial_contributions/${contributionId}/disbursements`, {
    date: authorized,
    amount: '12000',
    method: 'eft',
    reference: 'VIR-REPORT',
  });
  return { companyId: company.id, contributionId };
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  const d = c.deferralView;
  const money = (amount: number) => nbsp(formatAmount(amount, lang));
  const dayOf = (iso: string) => nbsp(formatDay(iso, lang) ?? iso);
  await signInFor(page, email, { lang, width });
  // The last fund of the list (the other stories put their loans in the first).
  const funds = await callApi<Lookup[]>(page, 'GET', `/contribution_funds?locale=${lang}`);
  const fund = funds.at(-1)!;
  const name = `Poissonnerie Report ${lang} ${Date.now()}`;
  const { companyId, contributionId } = await companyWithDisbursedLoan(page, name, fund.id);

  // From the drawer, under the dashboard.
  await page.getByRole('button', { name: FRAME[lang].layout.openMenu }).click();
  await page
    .getByRole('navigation', { name: FRAME[lang].layout.navigation })
    .getByRole('link', { name: FRAME[lang].portfolio.nav.deferral })
    .click();
  await expect(page).toHaveURL(/\/portfolio\/deferral$/);
  await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
  await expectAccessible(page);

  // Reviewed empty: each required field says so, nothing is asked of the server.
  const form = page.getByRole('form', { name: d.title });
  await form.getByRole('button', { name: d.review }).click();
  await expect(form.getByRole('combobox', { name: d.fund })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: c.forms.reason })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // A payment holiday from the first of next month (three months in French, two in English: each story its own action).
  const months = lang === 'fr' ? 3 : 2;
  const effective = `${addMonths(todayIso(), 1).slice(0, 8)}01`;
  const fillAction = async () => {
    await form.getByRole('combobox', { name: d.fund }).click();
    await page.getByRole('option', { name: fund.name, exact: true }).click();
    await form.getByRole('combobox', { name: c.forms.kind }).click();
    await page.getByRole('option', { name: c.amendmentKind.payment_holiday, exact: true }).click();
    await form.getByRole('textbox', { name: c.forms.effectiveDate }).fill(effective);
    await form.getByRole('textbox', { name: c.forms.months }).fill(String(months));
    await form.getByRole('textbox', { name: c.forms.reason }).fill('Report général (résolution du conseil)');
  };
  await fillAction();

  // The dry run first: the loans it reaches, ours among them, with the count and outstanding of the fund's aging
  // table; nothing written yet.
  const aging = await callApi<{ total: { count: number; outstanding_principal: number } }>(
    page,
    'GET',
    `/portfolio/arrears_aging?filter[fund_id]=${fund.id}`,
  );
  expect(aging.total.count).toBeGreaterThan(0);
  await form.getByRole('button', { name: d.review }).click();
  const preview = page.getByRole('region', { name: d.previewTitle });
  await expect(preview.getByRole('status')).toContainText(
    loose(
      say(d.confirm, {
        count: aging.total.count,
        fund: fund.name,
        amount: money(aging.total.outstanding_principal),
        date: dayOf(effective),
      }),
    ),
  );
  await expect(preview.getByText(name).filter({ visible: true })).toBeVisible();
  expect(
    (
      await callApi<unknown[]>(
        page,
        'GET',
        `/companies/${companyId}/financial_contributions/${contributionId}/term_amendments`,
      )
    ).length,
  ).toBe(0);
  await expectAccessible(page);
  await preview.getByRole('button', { name: say(d.confirmLabel, { count: aging.total.count }) }).click();
  await expect(preview).toBeHidden();

  // The result: the count, and a link to each loan amended, ours among them.
  const result = page.getByRole('region', { name: d.result });
  await expect(result.getByRole('status')).toContainText(
    loose(say(d.done, { count: aging.total.count, fund: fund.name })),
  );
  await expect(result.getByRole('link')).toHaveCount(aging.total.count);
  await expectAccessible(page);

  // The same action again: refused, naming the earlier one (today, by this user).
  await form.getByRole('textbox', { name: c.forms.reason }).fill('Encore une fois');
  await form.getByRole('button', { name: d.review }).click();
  const account = lang === 'fr' ? ACCOUNTS.deferral : ACCOUNTS.deferralPhone;
  await expect(form.getByRole('alert')).toContainText(
    loose(
      say(c.errors.bulkDuplicate, {
        date: nbsp(longDay(todayIso(), lang) ?? ''),
        author: `${account.firstName} ${account.lastName}`,
        count: aging.total.count,
      }),
    ),
  );
  await expect(preview).toBeHidden();
  await expectAccessible(page);

  // The fund's past actions: ours in force, then reversed as one, its reason the confirmation.
  const past = page.getByRole('region', { name: say(d.pastTitle, { fund: fund.name }) });
  const ours = past.getByRole('listitem').filter({ hasText: 'Report général (résolution du conseil)' }).first();
  await expect(ours).toContainText(d.state.applied);
  await ours.getByRole('button', { name: d.reverse }).click();
  const dialog = page.getByRole('dialog', { name: d.reverseTitle });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: d.reverseReason }).fill('Appliquée au mauvais fonds');
  await dialog.getByRole('button', { name: say(d.reverseConfirm, { count: aging.total.count }) }).click();
  await expect(dialog).toBeHidden();
  await expect(ours).toContainText(d.state.reversed);
  await expect(ours.getByRole('button', { name: d.reverse })).toHaveCount(0);
  await expectAccessible(page);
  // (The result made way for the second review: the loan's page is reached by its address.)
  await page.goto(`/companies/${companyId}/contributions/${contributionId}`);

  // The loan: the fund's amendment listed, reversed with the action's reason.
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/contributions/${contributionId}$`));
  const terms = page.getByRole('region', { name: c.terms.title });
  const amendment = terms.getByRole('listitem').filter({ hasText: c.terms.bulk });
  await expect(amendment).toHaveCount(1);
  await expect(amendment).toContainText(
    loose(
      say(c.terms.amendmentMonths, { kind: c.amendmentKind.payment_holiday, count: months, date: dayOf(effective) }),
    ),
  );
  await expect(amendment).toContainText('Appliquée au mauvais fonds');
  await expectAccessible(page);

  // Its schedule: no payment holiday left.
  await page.getByRole('navigation', { name: c.loan.views }).getByRole('link', { name: c.loan.openSchedule }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.locator('tbody tr, li').filter({ hasText: c.installmentKind.holiday }).filter({ visible: true }),
  ).toHaveCount(0);
  await expectAccessible(page);

  // The company's history says it too.
  const events = await callApi<Array<{ code: string | null; title: string }>>(
    page,
    'GET',
    `/companies/${companyId}/events?locale=${lang}`,
  );
  expect(events.filter((event) => event.code === 'termsAmended')).toHaveLength(1);
  expect(events.filter((event) => event.code === 'amendmentReversed')).toHaveLength(1);
}

test('blanket deferral: the loans seen first, the same action refused, then reversed as one (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await story(page, 'fr', 1280, ACCOUNTS.deferral.email);
});

test('blanket deferral: the same in English on a phone', async ({ page }) => {
  test.setTimeout(240_000);
  await story(page, 'en', 390, ACCOUNTS.deferralPhone.email);
});

/** A money cell's amount, as either language writes it ("1 234,50 $", "$1,234.50"); 0 when empty. */
function amountOf(text: string, lang: Lang): number {
  const digits = nbsp(text).replace(/[^\d,.-]/g, '');
  if (digits === '') return 0;
  return Number(lang === 'fr' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''));
}

/**
 * The statement of a written-off loan with two recoveries, one reversed: a Recovery column whose total is its
 * counted lines', and every money column of the printed table adding up to its total (docs/decisions/0062).
 */
async function recoveriesStory(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  const v = c.statementView;
  await signInFor(page, email, { lang, width });
  const funds = await callApi<Lookup[]>(page, 'GET', `/contribution_funds?locale=${lang}`);
  const name = `Fumoir Recouvrement ${lang} ${Date.now()}`;
  const { companyId, contributionId } = await companyWithDisbursedLoan(page, name, funds[0]!.id);
  const loan = `/companies/${companyId}/financial_contributions/${contributionId}`;
  const daysAgo = (n: number) => todayIso(new Date(Date.now() - n * 86_400_000));
  await callApi(page, 'POST', `${loan}/write_off`, { date: daysAgo(3), reason: 'Faillite' });
  const recovery = (amount: string, date: string) =>
    callApi<{ id: string }>(page, 'POST', `${loan}/repayments`, {
      received_on: date,
      amount,
      method: 'cheque',
      kind: 'recovery',
    });
  await recovery('500', daysAgo(2));
  const bounced = await recovery('200', daysAgo(1));
  await callApi(page, 'POST', `${loan}/repayments/${bounced.id}/reverse`, { reason: 'Chèque sans provision' });

  await page.goto(`/companies/${companyId}/contributions/${contributionId}/statement`);
  await expect(page.getByRole('heading', { level: 1, name: c.statement.title })).toBeVisible();
  await expect(page.getByText(v.recoveryNote)).toBeVisible();
  await expectAccessible(page);

  // On paper (and in the screen's table) each money column adds up to its total; struck-through lines count for nothing.
  await page.emulateMedia({ media: 'print' });
  const table = page.getByRole('table', { name: v.lines });
  await expect(table).toBeVisible();
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  expect(headers).toContain(v.columns.recovery);
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => ({
        text: cell.textContent ?? '',
        struck: cell.querySelector('del') !== null,
      })),
    ),
  );
  // The totals' label spans the first columns: each cell is placed under its header.
  const totals = await table
    .locator('tfoot tr')
    .first()
    .evaluate((tr) =>
      [...tr.querySelectorAll('th, td')].flatMap((cell) =>
        Array.from({ length: (cell as HTMLTableCellElement).colSpan || 1 }, () => (cell.textContent ?? '').trim()),
      ),
    );
  for (const column of [v.columns.debit, v.columns.credit, v.columns.recovery]) {
    const index = headers.indexOf(column);
    const sum = rows.reduce((total, row) => total + (row[index]!.struck ? 0 : amountOf(row[index]!.text, lang)), 0);
    expect(Math.round(sum * 100) / 100, column).toBe(amountOf(totals[index]!, lang));
  }
  expect(amountOf(totals[headers.indexOf(v.columns.recovery)]!, lang)).toBe(500);
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page);
}

test('statement of account: recoveries in their own column, every column adding up (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await recoveriesStory(page, 'fr', 1280, ACCOUNTS.deferral.email);
});

test('statement of account: the same in English on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await recoveriesStory(page, 'en', 390, ACCOUNTS.deferralPhone.email);
});

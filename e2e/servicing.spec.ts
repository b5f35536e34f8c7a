import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, printedPageSizes, signInFor, test } from './fixtures';
import { companyWithLoan } from './servicing-fixtures';
import { servicing as en } from '../src/shared/i18n/domains/servicing.en';
import { servicing as fr } from '../src/shared/i18n/domains/servicing.fr';
import { formatAmount, formatDay } from '../src/shared/portfolio/ratios';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * The loan servicing story (docs/decisions/0038), through the real API and the built app: a loan paid out,
 * repaid three times — the third installment late, so the loan moves to the 1–30 bucket and back — then a
 * repayment reversed, the schedule's statuses, the statement of account printed. Once in French on a desktop,
 * once in English on a phone, axe in every state. Dates are relative to today so the buckets are deterministic.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

interface ScheduleRow {
  number: number;
  date: string;
  payment: number;
  status: string;
}

/** An amount as the user types it in `lang` (a decimal comma in French). */
const typed = (amount: number, lang: Lang) => (lang === 'fr' ? amount.toFixed(2).replace('.', ',') : amount.toFixed(2));

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  const locale = lang;
  const money = (amount: number) => nbsp(formatAmount(amount, locale));
  const dayOf = (iso: string) => nbsp(formatDay(iso, locale) ?? iso);
  await signInFor(page, email, { lang, width });
  const today = todayIso();
  const name = `Boulangerie Prêt ${lang} ${Date.now()}`;
  const { companyId, contributionId } = await companyWithLoan(page, name);
  const base = `/companies/${companyId}/contributions/${contributionId}`;

  // The company page: the loan line says it is not disbursed and leads to the loan.
  await page.goto(`/companies/${companyId}`);
  const line = page.getByTestId('loan-line');
  await expect(line).toContainText(c.loanStatus.not_disbursed);
  await expectAccessible(page);
  await line.getByRole('link', { name: say(c.companyLoan.openLabel, { number: 1 }) }).click();
  await expect(page).toHaveURL(new RegExp(`${base}$`));
  const heading = page.getByRole('heading', { level: 1, name: /^(Prêt|Loan) C-\d{4}-\d{6}-\d{2}$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText(c.entries.noDisbursements)).toBeVisible();
  await expectAccessible(page);

  // A disbursement three months and ten days ago, so that installment 3 fell due ten days ago.
  const paidOut = addDays(addMonths(today, -3), -10);
  const actions = page.getByRole('group', { name: c.loan.actions });
  await actions.getByRole('button', { name: c.loan.recordDisbursement }).click();
  let dialog = page.getByRole('dialog', { name: c.forms.disbursement.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: c.forms.date }).fill(paidOut);
  // More than was lent: the server's message lands under the amount, and nothing typed is lost.
  await dialog.getByRole('textbox', { name: c.forms.amount }).fill(typed(13000, lang));
  await dialog.getByRole('textbox', { name: c.forms.reference }).fill('VIR-001');
  await dialog.getByRole('button', { name: c.forms.record }).click();
  const amountField = dialog.getByRole('textbox', { name: c.forms.amount });
  await expect(amountField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('textbox', { name: c.forms.reference })).toHaveValue('VIR-001');
  await expectAccessible(page);
  await amountField.fill(typed(12000, lang));
  await dialog.getByRole('button', { name: c.forms.record }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('figure-disbursed')).toContainText(loose(money(12000)));
  const disbursements = page.getByRole('list', { name: c.entries.disbursements });
  await expect(disbursements).toContainText(
    loose(say(c.entries.disbursementLine, { amount: money(12000), date: dayOf(paidOut) })),
  );

  // Installments 1 and 2 paid on their due dates: installment 3, ten days late, puts the loan in 1–30 days.
  const schedule = await callApi<{ rows: ScheduleRow[] }>(
    page,
    'GET',
    `/companies/${companyId}/financial_contributions/${contributionId}/schedule`,
  );
  const [first, second, third] = schedule.rows as [ScheduleRow, ScheduleRow, ScheduleRow];
  expect(daysBetween(third.date, today)).toBeGreaterThan(0);
  const repay = async (receivedOn: string, amount: number, reference: string, late = 0) => {
    await actions.getByRole('button', { name: c.loan.recordRepayment }).click();
    dialog = page.getByRole('dialog', { name: c.forms.repayment.title });
    await expect(dialog).toBeVisible();
    // What is late now and the next installment, before anything is typed.
    const owed = dialog.getByTestId('repayment-owed');
    await expect(owed).toContainText(
      late > 0 ? loose(say(c.forms.repayment.lateNow, { amount: money(late) })) : c.forms.repayment.nothingLate,
    );
    await dialog.getByRole('textbox', { name: c.forms.receivedOn }).fill(receivedOn);
    await dialog.getByRole('textbox', { name: c.forms.amount }).fill(typed(amount, lang));
    await dialog.getByRole('textbox', { name: c.forms.reference }).fill(reference);
    // No payment mode is assumed: it is chosen.
    const method = dialog.getByRole('combobox', { name: c.forms.method });
    await expect(method).toHaveValue('');
    await method.click();
    await page.getByRole('option', { name: c.repaymentMethod.pad, exact: true }).click();
    await dialog.getByRole('button', { name: c.forms.record }).click();
    await expect(dialog).toBeHidden();
  };
  // Recorded today, after the fact: at first all three installments are late, then two, then one.
  const cents = (amount: number) => Math.round(amount * 100);
  const lateSum = (...rows: ScheduleRow[]) => rows.reduce((total, row) => total + cents(row.payment), 0) / 100;
  await repay(first.date, first.payment, 'DPA-1', lateSum(first, second, third));
  await repay(second.date, second.payment, 'DPA-2', lateSum(second, third));
  const late = daysBetween(third.date, today);
  const bucketRange = say(c.buckets.label.range, { min: 1, max: 30 });
  await expect(page.getByTestId('figure-bucket')).toContainText(bucketRange);
  await expect(page.getByTestId('figure-daysPastDue')).toContainText(String(late));
  await expect(page.getByTestId('figure-arrearsPrincipal')).not.toContainText(loose(money(0)));
  await expectAccessible(page);

  // The third, paid today: back to current, and the aging history says both moves.
  await repay(today, third.payment, 'DPA-3', third.payment);
  await expect(page.getByTestId('figure-bucket')).toContainText(c.buckets.label.current);
  await expect(page.getByTestId('figure-daysPastDue')).toContainText('0');
  const aging = page.getByRole('table', { name: c.agingHistory.caption });
  await expect(aging.getByRole('row').filter({ hasText: bucketRange })).toHaveCount(1);
  await expect(aging.getByRole('row').filter({ hasText: c.buckets.label.current })).toHaveCount(2);
  await expectAccessible(page);

  // Reversing the late one, with a reason and a confirmation: struck through, and the loan is late again.
  const reverseLabel = say(c.entries.reverseRepaymentLabel, { amount: money(third.payment), date: dayOf(today) });
  await page.getByRole('button', { name: loose(reverseLabel) }).click();
  dialog = page.getByRole('dialog', { name: c.forms.reversal.repaymentTitle });
  await dialog.getByRole('button', { name: c.forms.reversal.confirm }).click();
  // The reason is required: the form says so and posts nothing.
  await expect(dialog.getByRole('textbox', { name: c.forms.reason })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: c.forms.reason }).fill('Chèque sans provision');
  // The reason's dialog names what it reverses: it is the confirmation, asked once.
  await expect(dialog).toContainText(
    loose(say(c.forms.reversal.confirmRepayment, { amount: money(third.payment), date: dayOf(today) })),
  );
  await expectAccessible(page);
  await dialog.getByRole('button', { name: c.forms.reversal.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const repayments = page.getByRole('list', { name: c.entries.repayments });
  const reversed = repayments.getByRole('listitem').filter({ hasText: c.entries.reversed });
  await expect(reversed).toHaveCount(1);
  await expect(reversed).toContainText('Chèque sans provision');
  const struck = await reversed
    .getByText(loose(say(c.entries.repaymentLine, { amount: money(third.payment), date: dayOf(today) })))
    .evaluate((el) => getComputedStyle(el).textDecorationLine);
  expect(struck).toContain('line-through');
  await expect(page.getByTestId('figure-bucket')).toContainText(bucketRange);
  await expectAccessible(page);
  // At any width each entry's action keeps its whole label ("Contrepasser", not "Contrep"), and the loan number in
  // the heading stays on one line, never broken at a hyphen.
  const actionsOfEntries = repayments.getByRole('button').filter({ hasText: c.entries.reverse });
  await expect(actionsOfEntries).toHaveCount(2);
  for (const button of await actionsOfEntries.all()) {
    const clipped = await button.evaluate((el) =>
      [el, ...Array.from(el.querySelectorAll('span'))].some((part) => part.scrollWidth > part.clientWidth + 1),
    );
    expect(clipped).toBe(false);
  }
  const numberLines = await heading
    .locator('span')
    .first()
    .evaluate((el) => el.getClientRects().length);
  expect(numberLines).toBe(1);

  // The schedule: each installment's status, by text as well as colour.
  await page.getByRole('navigation', { name: c.loan.views }).getByRole('link', { name: c.loan.openSchedule }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/schedule$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A table row on a desktop, a card on a phone: whichever shows, found by its due date.
  const rowOf = (row: ScheduleRow): Locator =>
    page
      .locator('tbody tr, li')
      .filter({ hasText: loose(dayOf(row.date)) })
      .filter({ visible: true });
  const fourth = schedule.rows[3]!;
  await expect(rowOf(first)).toContainText(c.installmentStatus.paid);
  await expect(rowOf(second)).toContainText(c.installmentStatus.paid);
  await expect(rowOf(third)).toContainText(c.installmentStatus.late);
  await expect(rowOf(fourth)).toContainText(c.installmentStatus.future);
  await expectAccessible(page);

  // The statement of account, in the borrower's language (the other one here), then as printed on letter paper.
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  const o = CATALOG[other];
  await page.getByRole('link', { name: c.titles.loan }).first().click();
  await page.getByRole('navigation', { name: c.loan.views }).getByRole('link', { name: c.loan.openStatement }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/statement$`));
  await expect(page.getByRole('heading', { level: 1, name: c.statement.title })).toBeVisible();
  await expect(page.getByRole('region', { name: c.statementView.borrower })).toContainText(name);
  await expect(page.getByRole('region', { name: c.statementView.borrower })).toContainText('12, rue du Moulin');
  await expectAccessible(page);
  await page.getByText(lang === 'fr' ? 'English' : 'Français', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: o.statement.title })).toBeVisible();
  const reversedLine = page
    .locator('tbody tr, li')
    .filter({ hasText: `(${o.statementView.reversed})` })
    .filter({ visible: true });
  await expect(reversedLine).toHaveCount(1);
  await expect(reversedLine.locator('del').first()).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: c.statementView.print })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: o.statement.title })).toBeVisible();
  // On paper the lines are a table, whatever the screen's width.
  await expect(page.getByRole('table', { name: o.statementView.lines })).toBeVisible();
  expect(await printedPageSizes(page)).toContain('letter');
  await page.emulateMedia({ media: 'screen' });

  // The company page's line: active, days past due, its link.
  await page.goto(`/companies/${companyId}`);
  await expect(line).toContainText(c.loanStatus.active);
  await expect(line).toContainText(say(c.companyLoan.daysPastDue, { count: late }));
  return { base, companyId };
}

test('servicing: a loan paid out, repaid three times — one late — a repayment reversed, the schedule (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await story(page, 'fr', 1280, ACCOUNTS.servicing.email);
});

test('servicing: the same story in English on a phone', async ({ page }) => {
  test.setTimeout(300_000);
  await story(page, 'en', 390, ACCOUNTS.servicingPhone.email);
});

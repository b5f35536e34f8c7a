import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { mailTo } from './mail';
import { companyWithLoan } from './servicing-fixtures';
import { notices as en } from '../src/shared/i18n/domains/notices.en';
import { notices as fr } from '../src/shared/i18n/domains/notices.fr';
import { signedIn as frameEn } from '../src/shared/i18n/signed-in.en';
import { signedIn as frameFr } from '../src/shared/i18n/signed-in.fr';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';
import { addDays } from '../src/shared/servicing/calendar';

/*
 * Notices to borrowers (docs/decisions/0073) through the built app and its real sender (the digest's 2 s tick):
 * an administrator adds a contact to a company whose loan is a day late, switches on the late notice for the
 * fund, and the notice arrives in the contact's language; tomorrow's sends show another company's late notice,
 * which is held; the company's history shows the mail as sent. French on a desktop, English on a phone, axe in
 * every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr: { n: fr, frame: frameFr }, en: { n: en, frame: frameEn } } as const;
const say = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** A company whose only installment so far falls due `dueDaysAgo` days before today, unpaid. */
async function lateBorrower(page: Page, name: string, dueDaysAgo: number) {
  const loan = await companyWithLoan(page, name);
  const start = addDays(addMonths(todayIso(), -1), -dueDaysAgo);
  await callApi(page, 'POST', `${loan.url}/disbursements`, { date: start, amount: '12000', method: 'eft' });
  return loan;
}

async function story(page: Page, lang: Lang, width: number) {
  test.setTimeout(240_000);
  const { n, frame } = CATALOG[lang];
  await signInFor(page, ACCOUNTS.admin.email, { lang, width, landing: /\/users/ });
  const late = await lateBorrower(page, `Atelier en retard ${lang} ${width}`, 1);
  const tomorrow = await lateBorrower(page, `Atelier de demain ${lang} ${width}`, 0);
  const email = `finance-${lang}-${width}@borrower.test`;

  // A contact, added from the company's page, in the story's language.
  await page.goto(`/companies/${late.companyId}`);
  const contacts = page.getByRole('region', { name: n.contacts.title });
  await expect(contacts.getByText(n.contacts.empty)).toBeVisible();
  await expectAccessible(page);
  await contacts.getByRole('button', { name: n.contacts.add, exact: true }).click();
  const form = contacts.getByRole('form', { name: n.contacts.add });
  await form.getByLabel(n.contacts.name).fill('Jeanne Roy');
  await form.getByLabel(n.contacts.email).fill('pas un courriel');
  await form.getByRole('radio', { name: n.language[lang] }).check();
  await form.getByRole('checkbox', { name: n.role.finance }).first().check();
  await form.getByRole('button', { name: n.contacts.save }).click();
  // Refused, what was typed stays; corrected, it is saved.
  await expect(form.getByLabel(n.contacts.name)).toHaveValue('Jeanne Roy');
  await expectAccessible(page);
  await form.getByLabel(n.contacts.email).fill(email);
  await form.getByRole('button', { name: n.contacts.save }).click();
  await expect(contacts.getByRole('cell', { name: email })).toBeVisible();
  await expectAccessible(page);

  // The late notice switched on for the fund, by an administrator.
  await page.getByRole('button', { name: frame.layout.openMenu }).click();
  await page.getByRole('link', { name: frame.layout.noticeSettings }).click();
  await expect(page.getByRole('heading', { name: n.settings.title, level: 1 })).toBeVisible();
  const settings = page.getByRole('form', { name: n.settings.title });
  const lateSwitch = settings.getByRole('switch', { name: n.settings.paymentLate });
  if (!(await lateSwitch.isChecked())) {
    await lateSwitch.focus();
    await page.keyboard.press('Space');
  }
  await expect(lateSwitch).toBeChecked();
  await settings.getByRole('button', { name: n.settings.save }).click();
  await expect(page.getByText(n.settings.saved)).toBeVisible();
  await expectAccessible(page);

  // The sender's next tick writes to the contact, in the contact's language.
  const subject = say(n.defaults.payment_late.subject, { loan_number: late.loanNumber });
  const mail = await mailTo(email, subject, 30_000);
  expect(mail.text).toContain(say('{{x}}', { x: late.loanNumber }));

  // Tomorrow's sends: the other company's first day late, with nobody to write to; held.
  await page.getByRole('button', { name: frame.layout.openMenu }).click();
  await page.getByRole('link', { name: frame.layout.notices }).click();
  await expect(page.getByRole('heading', { name: n.upcoming.title, level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: tomorrow.loanNumber });
  await expect(row.getByText(n.kind.payment_late)).toBeVisible();
  await expect(row.getByText(n.upcoming.noRecipient)).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('button', { name: new RegExp(n.upcoming.hold) }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel(n.contacts.holdReason)
    .fill(lang === 'fr' ? 'Entente de report négociée' : 'Deferral negotiated');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: n.upcoming.confirmHold }).click();
  await expect(row.getByText(n.upcoming.held)).toBeVisible();
  await expectAccessible(page);

  // The company's history: the mail as sent, with its recipient.
  await page.goto(`/companies/${late.companyId}/events`);
  await expect(page).toHaveURL(/\/events$/);
  const title = say(n.history.noticeSent, { kind: n.kind.payment_late, recipient: `Jeanne Roy <${email}>` });
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText(subject).first()).toBeVisible();
  await expectAccessible(page);
}

test('notices: a contact, the late notice switched on and sent, tomorrow’s sends held, the history (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280);
});

test('notices: the same story in English on a phone', async ({ page }) => {
  await story(page, 'en', 390);
});

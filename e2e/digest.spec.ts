import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { createCompany } from './company-fixtures';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { mailTo } from './mail';
import { formatDay } from '../src/shared/intl';
import { mail as mailEn } from '../src/shared/i18n/domains/mail.en';
import { mail as mailFr } from '../src/shared/i18n/domains/mail.fr';
import { en as firstLoadEn } from '../src/shared/i18n/en';
import { fr as firstLoadFr } from '../src/shared/i18n/fr';
import { signedIn as frameEn } from '../src/shared/i18n/signed-in.en';
import { signedIn as frameFr } from '../src/shared/i18n/signed-in.fr';
import { tasks as en } from '../src/shared/i18n/domains/tasks.en';
import { tasks as fr } from '../src/shared/i18n/domains/tasks.fr';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * Reminders (docs/decisions/0044) through the real API and the built app: a loan's follow-up date due today shows
 * in My tasks and, once the daily digest is turned on at a time already past, in the digest mail (read from the
 * outbox) — leaving the changed form unsaved asks first; the calendar link is made, its feed downloaded and
 * parsed, and a new link revokes it. In French on a desktop, in English on a phone, axe in every state. That
 * entering a statement closes its task is the story of e2e/tasks.spec.ts.
 */

type Lang = 'fr' | 'en';
const CATALOG = {
  fr: { tasks: fr, mail: mailFr, frame: frameFr, common: firstLoadFr.common },
  en: { tasks: en, mail: mailEn, frame: frameEn, common: firstLoadEn.common },
} as const;
const say = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function story(page: Page, lang: Lang, width: number, email: string) {
  // A company, two screens, a question before leaving, a mail awaited and a feed fetched: more than the default
  // minute on a busy machine.
  test.setTimeout(240_000);
  const c = CATALOG[lang].tasks;
  const m = CATALOG[lang].mail;
  const today = todayIso();
  await signInFor(page, email, { lang, width });

  // A loan of a company I oversee, to follow up today.
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const fund = (await callApi<Array<{ id: string }>>(page, 'GET', '/contribution_funds'))[0]!.id;
  const name = `Quincaillerie ${lang} ${width}`;
  const company = await createCompany(page, name, {
    overseeing_user_id: me.id,
    financial_contributions: [
      {
        contribution_fund_id: fund,
        amount: '15000',
        rate: '5',
        amortization: '24',
        authorization_date: addMonths(today, -3),
        followup_date: today,
        project_name: 'Entrepôt',
      },
    ],
  });
  const loan = (
    await callApi<{ financial_contributions: Array<{ id: string; loan_number: string }> }>(
      page,
      'GET',
      `/companies/${company.id}`,
    )
  ).financial_contributions[0]!;
  const followup = say(c.generated.followup, { loan: loan.loan_number, company: name });

  // My tasks: the follow-up, this week.
  await page.goto('/tasks');
  const week = page.getByRole('region', { name: c.page.groups.week });
  await expect(week.getByRole('link', { name: followup })).toBeVisible();
  await expectAccessible(page);

  // My account: the digest turned on at midnight, a time already past today.
  await page.goto('/account');
  const reminders = page.getByRole('region', { name: c.reminders.title });
  await expect(reminders.getByText(c.reminders.calendarNone)).toBeVisible();
  await expectAccessible(page);
  const digestSwitch = reminders.getByRole('switch', { name: c.reminders.digestEnabled });
  await digestSwitch.focus();
  await page.keyboard.press('Space');
  await expect(digestSwitch).toBeChecked();
  const time = reminders.getByLabel(c.reminders.digestTime);
  await time.fill('00:00');
  // Leaving with the change unsaved asks first (docs/decisions/0049); staying keeps it.
  const frame = CATALOG[lang].frame;
  await page.getByRole('button', { name: frame.layout.openMenu }).click();
  await page.getByRole('link', { name: new RegExp(frame.layout.myTasks) }).click();
  const ask = page.getByRole('dialog', { name: frame.unsavedChanges.title });
  await expect(ask.getByText(frame.unsavedChanges.text)).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole('button', { name: CATALOG[lang].common.cancel }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);
  await expect(digestSwitch).toBeChecked();
  await expect(time).toHaveValue('00:00');
  await reminders.getByRole('button', { name: c.reminders.save }).click();
  await expect(page.getByText(c.reminders.saved)).toBeVisible();
  await expectAccessible(page);

  // The digest arrives in my language, listing the follow-up with a link to its loan and to My tasks.
  const subject = say(m.digest.subject, { appName: 'Atrium', date: formatDay(today, lang)! });
  const digest = await mailTo(email, subject);
  expect(digest.text).toContain(followup);
  expect(digest.text).toContain(`/companies/${company.id}/contributions/${loan.id}`);
  expect(digest.text).toMatch(/http:\/\/localhost:\d+\/tasks/);
  expect(digest.html).toContain(`<html lang="${lang}">`);

  // The calendar link: made, shown once, its feed parsed; a new link revokes it.
  await reminders.getByRole('button', { name: c.reminders.calendarCreate }).click();
  const urlField = reminders.getByRole('textbox', { name: c.reminders.calendarUrl });
  await expect(urlField).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  await expect(reminders.getByRole('button', { name: c.reminders.copy })).toBeVisible();
  await expectAccessible(page);
  const firstUrl = await urlField.inputValue();
  const feed = await page.request.get(firstUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = new ICAL.Component(ICAL.parse(await feed.text()))
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v));
  const event = events.find((e) => e.summary === followup);
  expect(event?.startDate.toString()).toBe(today);

  await reminders.getByRole('button', { name: c.reminders.calendarRenew }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(c.reminders.renewConfirm)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: c.reminders.calendarRenew }).click();
  await expect(page.getByText(c.reminders.renewed)).toBeVisible();
  await expect(urlField).not.toHaveValue(firstUrl);
  expect((await page.request.get(firstUrl)).status()).toBe(404);
  expect((await page.request.get(await urlField.inputValue())).status()).toBe(200);
  await expectAccessible(page);

  // Saved, the reminders leave without a question.
  await page.getByRole('button', { name: frame.layout.openMenu }).click();
  await page.getByRole('link', { name: new RegExp(frame.layout.myTasks) }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('dialog', { name: frame.unsavedChanges.title })).toHaveCount(0);
}

test('reminders: a follow-up due today in My tasks and in the digest mail; the calendar feed (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.digest.email);
});

test('reminders: the same story in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.digestPhone.email);
});

import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { privacy as en } from '../src/shared/i18n/domains/privacy.en';
import { privacy as fr } from '../src/shared/i18n/domains/privacy.fr';
import { en as enFirst } from '../src/shared/i18n/en';
import { fr as frFirst } from '../src/shared/i18n/fr';
import { addDays } from '../src/shared/servicing/calendar';
import { todayIso } from '../src/shared/portfolio/schedule';

/*
 * Law 25 (docs/decisions/0075), as an administrator: name the person in charge and see them on the sign-in page,
 * record and correct an incident, set a retention rule, log an access request and download a person's data.
 * Once in French on a desktop, once in English on a phone, axe on every tab.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;
const FIRST = { fr: frFirst, en: enFirst } as const;

async function story(page: Page, lang: Lang, width: number) {
  test.setTimeout(240_000);
  const c = CATALOG[lang];
  await signInFor(page, ACCOUNTS.admin.email, { lang, width, landing: /\/(users|companies)/ });
  const officerName = `Hélène Paradis ${lang}${width}`;

  // A company with an owner whose data is asked for.
  const owner = `Zéphirin Létourneau ${lang}${width}`;
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  await callApi(page, 'POST', '/companies', {
    name: `Atelier ${lang} ${width} ${Date.now()}`,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '4, rue du Quai', zip_code: 'G5L 3C3', municipality_id: await first('/municipalities') },
    owners: [{ name: owner, city: 'Rimouski', shares_percentage: '100' }],
  });

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: c.officer.publicTitle })).toBeVisible();

  // The person in charge.
  await page.getByLabel(c.officer.fields.name).fill(officerName);
  await page.getByLabel(c.officer.fields.title).fill('Directrice générale');
  await page.getByLabel(c.officer.fields.email).fill('vie.privee@example.org');
  await page.getByRole('button', { name: FIRST[lang].common.save }).click();
  await expect(page.getByText(c.officer.saved)).toBeVisible();
  await expectAccessible(page);

  // An incident, recorded then corrected.
  await page.getByRole('tab', { name: c.tabs.incidents }).click();
  await page.getByRole('button', { name: c.incidents.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(c.incidents.fields.personalInformation).fill('Noms et adresses');
  await dialog.getByLabel(c.incidents.fields.circumstances).fill('Courriel au mauvais destinataire');
  await dialog.getByLabel(c.incidents.fields.occurredOn).fill(addDays(todayIso(), -5));
  await dialog.getByLabel(c.incidents.fields.discoveredOn).fill(addDays(todayIso(), -3));
  await dialog.getByLabel(c.incidents.fields.riskAssessment).fill('Supprimé par le destinataire');
  // A notification before the discovery is refused, under its field, and nothing typed is lost.
  await dialog.getByLabel(c.incidents.fields.commissionNotifiedOn).fill(addDays(todayIso(), -4));
  await dialog.getByRole('button', { name: FIRST[lang].common.save }).click();
  await expect(dialog.getByText(c.errors.beforeDiscovery)).toBeVisible();
  await expect(dialog.getByLabel(c.incidents.fields.circumstances)).toHaveValue('Courriel au mauvais destinataire');
  await dialog.getByLabel(c.incidents.fields.commissionNotifiedOn).fill(addDays(todayIso(), -1));
  await dialog.getByRole('button', { name: FIRST[lang].common.save }).click();
  await expect(page.getByText(c.incidents.saved)).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('button', { name: new RegExp(`^${c.incidents.edit} I-`) })
    .filter({ visible: true })
    .first()
    .click();
  await page.getByRole('dialog').getByLabel(c.incidents.fields.measures).fill('Rappel de la procédure');
  await page.getByRole('dialog').getByRole('button', { name: FIRST[lang].common.save }).click();
  await expect(page.getByText(c.incidents.corrected)).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^${c.incidents.history} I-`) })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByText('Rappel de la procédure').filter({ visible: true }).first()).toBeVisible();

  // A retention rule for closed files.
  await page.getByRole('tab', { name: c.tabs.retention }).click();
  await page.getByRole('button', { name: c.retention.add }).click();
  await page.getByRole('button', { name: c.retention.save }).click();
  await expect(page.getByText(c.retention.saved)).toBeVisible();
  await expectAccessible(page);

  // An access request, then the person's data.
  await page.getByRole('tab', { name: c.tabs.requests }).click();
  await page.getByLabel(c.requests.fields.requesterName).fill(owner);
  await page.getByLabel(c.requests.fields.details).fill('Tout ce que vous détenez sur moi');
  await page.getByLabel(c.requests.fields.receivedOn).fill(todayIso());
  await page.getByRole('button', { name: c.requests.add }).click();
  await expect(page.getByText(c.requests.saved)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: c.tabs.people }).click();
  await page.getByLabel(c.people.search).fill(owner.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  await page.getByRole('button', { name: c.people.find, exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: c.people.download.replace('{{name}}', owner) }).click();
  expect((await download).suggestedFilename()).toMatch(/^owner-.*\.zip$/);
  await expectAccessible(page);

  // Signed out, the sign-in page leads to the person in charge.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByRole('link', { name: FIRST[lang].auth.login.privacy }).click();
  await expect(page.getByText(officerName)).toBeVisible();
  await expectAccessible(page);
}

// One person in charge for the whole app: the stories run one after the other.
test.describe.configure({ mode: 'serial' });

test('Law 25 as an administrator (French, desktop)', async ({ page }) => {
  await story(page, 'fr', 1280);
});

test('Law 25 as an administrator (English, phone)', async ({ page }) => {
  await story(page, 'en', 390);
});

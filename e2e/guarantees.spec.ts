import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { guarantees as en } from '../src/shared/i18n/domains/guarantees.en';
import { guarantees as fr } from '../src/shared/i18n/domains/guarantees.fr';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';
import { addDays } from '../src/shared/servicing/calendar';

/*
 * The guarantees register (docs/decisions/0072), through the real API and the built app: a personal guarantee
 * from an owner and a movable hypothec with its RDPRM number, the "publish" then "renew" tasks, the sale of the
 * secured asset and its 15-day task, the loan repaid and its guarantees released. In French on a desktop, in
 * English on a phone, axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;

/** Chooses an option of a Mantine select by its label. */
async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  await signInFor(page, email, { lang, width });
  const today = todayIso();
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const name = `Quincaillerie Sûreté ${lang} ${Date.now()}`;
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string; loan_number: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      overseeing_user_id: me.id,
      address: { address: '8, rue du Quai', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
      owners: [{ name: 'Marie Tremblay', address: '12, rue des Érables', city: 'Rimouski', zip_code: 'G5L 2B2' }],
      financial_contributions: [
        {
          contribution_fund_id: await first('/contribution_funds'),
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '0',
          authorization_date: addMonths(today, -1),
          project_name: 'Chariot élévateur',
        },
      ],
    },
  );
  const loan = company.financial_contributions[0]!;
  const loanUrl = `/companies/${company.id}/financial_contributions/${loan.id}`;
  await callApi(page, 'POST', `${loanUrl}/disbursements`, { date: today, amount: '12000', method: 'eft' });

  // The loan's Guarantees section: empty, nothing covered.
  await page.goto(`/companies/${company.id}/contributions/${loan.id}`);
  const section = page.getByRole('region', { name: c.section.title });
  await expect(section.getByText(c.section.empty)).toBeVisible();
  await expectAccessible(page);

  // A personal guarantee from an owner, half the loan, signed.
  await section.getByRole('button', { name: c.section.add }).click();
  let dialog = page.getByRole('dialog', { name: c.section.addTitle });
  await choose(dialog, page, c.fields.guarantor, 'Marie Tremblay');
  await choose(dialog, page, c.fields.state, c.state.signed);
  await dialog.getByRole('textbox', { name: c.fields.sharePercent }).fill('50');
  await dialog.getByRole('textbox', { name: c.fields.signedOn }).fill(today);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: c.section.save }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('cell', { name: 'Marie Tremblay', exact: true })).toBeVisible();
  await expect(section).toContainText(/50\s?%/);

  // A movable hypothec on the forklift, signed today: to publish at the RDPRM.
  await section.getByRole('button', { name: c.section.add }).click();
  dialog = page.getByRole('dialog', { name: c.section.addTitle });
  await choose(dialog, page, c.fields.kind, c.kind.movable_hypothec);
  await choose(dialog, page, c.fields.state, c.state.signed);
  await choose(dialog, page, c.fields.registry, c.registry.rdprm);
  await dialog.getByRole('textbox', { name: c.fields.amount }).fill('6000');
  await dialog.getByRole('textbox', { name: c.fields.property }).fill('Chariot élévateur Toyota 2024');
  await dialog.getByRole('textbox', { name: c.fields.signedOn }).fill(today);
  await dialog.getByRole('button', { name: c.section.save }).click();
  await expect(dialog).toBeHidden();
  const hypothec = section.getByRole('row').filter({ hasText: c.kind.movable_hypothec });
  await expect(hypothec).toContainText(c.state.signed);
  await expectAccessible(page);

  // My tasks: publish it.
  const publish = say(c.tasks.generated.guarantee_publish, { loan: loan.loan_number, company: name });
  await page.goto('/tasks');
  await expect(page.getByRole('link', { name: publish })).toBeVisible();
  await expectAccessible(page);

  // Registered with its RDPRM number, expiring in 100 days: the publish task closes, the renewal's opens.
  await page.goto(`/companies/${company.id}/contributions/${loan.id}`);
  const label = `${c.kind.movable_hypothec}`;
  await section
    .getByRole('group', { name: say(c.section.actions, { label }) })
    .getByRole('button', { name: c.section.edit })
    .click();
  dialog = page.getByRole('dialog', { name: c.section.editTitle });
  const expiresOn = addDays(today, 100);
  const number = `${today.slice(2, 4)}-${String(Date.now()).slice(-7)}-000${lang === 'fr' ? 1 : 2}`;
  await choose(dialog, page, c.fields.state, c.state.registered);
  await dialog.getByRole('textbox', { name: c.fields.registrationNumber }).fill(number);
  await dialog.getByRole('textbox', { name: c.fields.registeredOn }).fill(today);
  await dialog.getByRole('textbox', { name: c.fields.expiresOn }).fill(expiresOn);
  await dialog.getByRole('button', { name: c.section.save }).click();
  await expect(dialog).toBeHidden();
  await expect(hypothec).toContainText(number);
  await expectAccessible(page);
  const renew = say(c.tasks.generated.guarantee_renew, { loan: loan.loan_number, company: name, date: '' });
  await page.goto('/tasks');
  await expect(page.getByRole('link', { name: new RegExp(renew.slice(0, 30)) })).toBeVisible();
  await expect(page.getByRole('link', { name: publish })).toHaveCount(0);
  await expectAccessible(page);

  // The forklift sold: the conservation notice within 15 days.
  await page.goto(`/companies/${company.id}/contributions/${loan.id}`);
  await section
    .getByRole('group', { name: say(c.section.actions, { label }) })
    .getByRole('button', { name: c.section.assetSold })
    .click();
  dialog = page.getByRole('dialog', { name: c.section.assetSoldTitle });
  await dialog.getByRole('textbox', { name: c.fields.assetSoldNote }).fill('Vendu à un concessionnaire');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: c.section.save }).click();
  await expect(dialog).toBeHidden();
  const conservation = say(c.tasks.generated.guarantee_conservation, { loan: loan.loan_number, company: name });
  await page.goto('/tasks');
  await expect(page.getByRole('link', { name: conservation })).toBeVisible();
  await expectAccessible(page);

  // The loan repaid: both guarantees released.
  await callApi(page, 'POST', `${loanUrl}/repayments`, {
    received_on: today,
    amount: '12000',
    method: 'cheque',
    kind: 'prepayment',
  });
  await page.goto(`/companies/${company.id}/contributions/${loan.id}`);
  for (const who of [`${c.kind.personal_guarantee} — Marie Tremblay`, label]) {
    await section
      .getByRole('group', { name: say(c.section.actions, { label: who }) })
      .getByRole('button', { name: c.section.release })
      .click();
    dialog = page.getByRole('dialog', { name: c.section.releaseTitle });
    await dialog
      .getByRole('textbox', { name: c.fields.releaseReason })
      .fill(lang === 'fr' ? 'Prêt remboursé' : 'Loan repaid');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: c.section.save }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(section.getByText(c.state.released)).toHaveCount(2);
  await expectAccessible(page);

  // The portfolio's list.
  await page.goto('/portfolio/guarantees');
  await expect(page.getByRole('heading', { level: 1, name: c.portfolio.title })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(number) })).toBeVisible();
  await expectAccessible(page);
}

test('guarantees: an owner’s guarantee and a movable hypothec, their tasks, the sale, the release (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await story(page, 'fr', 1280, ACCOUNTS.guarantees.email);
});

test('guarantees: the same story in English on a phone', async ({ page }) => {
  test.setTimeout(300_000);
  await story(page, 'en', 390, ACCOUNTS.guaranteesPhone.email);
});

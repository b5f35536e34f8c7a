import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { signedIn as en } from '../src/shared/i18n/signed-in.en';
import { signedIn as fr } from '../src/shared/i18n/signed-in.fr';
import { decisions as decisionsEn } from '../src/shared/i18n/domains/decisions.en';
import { decisions as decisionsFr } from '../src/shared/i18n/domains/decisions.fr';
import { formatDay } from '../src/shared/portfolio/ratios';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * The committee's decision binds the money (docs/decisions/0066): a loan a decision created shows its decided
 * terms read-only in the company form, with the resolution that set them; a loan typed in the company file with
 * a resolution number is marked "outside the pipeline" on its page, with the number; the fund activity report
 * counts it apart. Once in French on a desktop, once in English on a phone, axe in every state.
 */

type Lang = 'fr' | 'en';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CATALOG = { fr: { ...fr, decisions: decisionsFr }, en: { ...en, decisions: decisionsEn } } as const;

/** A request for `amount` of the fund decided by a committee of one (the administrator) and disbursed today. */
async function decidedLoan(page: Page, companyId: string, fundId: string, amount: string, tag: string) {
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const today = todayIso();
  const committee = await callApi<Json>(page, 'POST', '/committees', {
    name: `Comité ${tag}`,
    quorum: 1,
    // An external member: the administrator is the request's analyst, recused on it, and enters this vote.
    members: [{ external_name: `Membre externe ${tag}`, is_chair: true }],
  });
  let request = await callApi<Json>(page, 'POST', '/funding_requests', {
    company_id: companyId,
    project_name: 'Four à pain',
    project_cost: '90000',
    amounts: [{ fund_id: fundId, amount }],
    sources: [],
    assignee_id: me.id,
  });
  const move = async (to: string, extra: Json = {}) => {
    request = await callApi<Json>(page, 'POST', `/funding_requests/${request['id']}/transitions`, {
      to,
      lock_version: request['lock_version'],
      ...extra,
    });
  };
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee']) await move(to);
  const meeting = await callApi<Json>(page, 'POST', '/committee_meetings', {
    committee_id: committee['id'],
    date: today,
    request_ids: [request['id']],
  });
  const member = committee['members'][0].id;
  const item = `/committee_meetings/${meeting['id']}/agenda_items/${meeting['agenda'][0].id}`;
  await callApi(page, 'PUT', `/committee_meetings/${meeting['id']}/attendance`, { present_member_ids: [member] });
  await callApi(page, 'PUT', `${item}/votes`, { votes: [{ member_id: member, choice: 'for' }] });
  const resolution = `CI-${tag}`;
  await callApi(page, 'POST', `${item}/decision`, {
    outcome: 'approved',
    resolution_number: resolution,
    amounts: [{ fund_id: fundId, amount }],
    rate: '5',
    amortization: '60',
    moratorium: '0',
    conditions: [],
  });
  request = await callApi<Json>(page, 'GET', `/funding_requests/${request['id']}`);
  for (const to of ['conditions_pending', 'ready_to_disburse']) await move(to);
  await move('disbursed', { disbursement: { date: today, method: 'eft' } });
  return { resolution, loanId: request['contribution_ids'][0] as string };
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  test.setTimeout(300_000);
  const c = CATALOG[lang];
  const d = c.decisions;
  await signInFor(page, email, { lang, width, landing: /\/users/ });

  // A company with a loan typed in its file (no resolution yet), and a loan the committee decided.
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const fundId = await first('/contribution_funds');
  const authorized = addMonths(todayIso(), -2);
  const tag = `${lang}-${width}-${Date.now()}`;
  const company = await callApi<Json>(page, 'POST', '/companies', {
    name: `Boulangerie ${tag}`,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '4, rue du Quai', zip_code: 'G5L 3C3', municipality_id: await first('/municipalities') },
    financial_contributions: [
      {
        contribution_fund_id: fundId,
        amount: '12000',
        rate: '6',
        amortization: '12',
        moratorium: '0',
        authorization_date: authorized,
        project_name: 'Cave d’affinage',
      },
    ],
  });
  const typedId = company['financial_contributions'][0].id as string;
  const { resolution, loanId } = await decidedLoan(page, company['id'], fundId, '30000', tag);

  // The company form: the decided loan's terms are read-only, each saying which resolution set them.
  await page.goto(`/companies/${company['id']}`);
  const cf = c.companies.form.financialContributions;
  const decidedRow = page.getByRole('group', { name: say(cf.numbered, { number: 2 }) });
  const amount = decidedRow.getByRole('textbox', { name: cf.amount, exact: true });
  await expect(amount).toHaveAttribute('readonly', '');
  await expect(decidedRow.getByRole('textbox', { name: cf.rate, exact: true })).toHaveAttribute('readonly', '');
  await expect(decidedRow.getByRole('textbox', { name: d.fields.resolutionNumber })).toHaveValue(resolution);
  await expect(decidedRow.getByText(say(d.locked.decided, { resolution })).first()).toBeVisible();
  await expect(amount).toHaveAccessibleDescription(loose(say(d.locked.decided, { resolution })));
  await expectAccessible(page);

  // The typed loan takes a resolution number and date in the company file.
  const typedRow = page.getByRole('group', { name: say(cf.numbered, { number: 1 }) });
  await expect(typedRow.getByRole('textbox', { name: cf.amount, exact: true })).not.toHaveAttribute('readonly');
  await typedRow.getByRole('textbox', { name: d.fields.resolutionNumber }).fill('CA-2026-07');
  const resolutionDate = addMonths(todayIso(), -3);
  await typedRow.getByRole('textbox', { name: d.fields.resolutionDate }).fill(resolutionDate);
  await page.getByRole('button', { name: c.companies.form.actions.save, exact: true }).first().click();
  await expect(page.getByText(c.companies.toasts.saved)).toBeVisible();
  await expectAccessible(page);
  const saved = await callApi<Json>(page, 'GET', `/companies/${company['id']}`);
  expect(saved['financial_contributions'][0]).toMatchObject({
    resolution_number: 'CA-2026-07',
    resolution_date: resolutionDate,
    outside_pipeline: true,
  });

  // Its loan page: outside the pipeline, what that means, and its resolution.
  await page.goto(`/companies/${company['id']}/contributions/${typedId}`);
  const authority = page.getByTestId('loan-authority');
  await expect(authority.getByText(d.outsidePipeline.badge, { exact: true })).toBeVisible();
  await expect(authority).toContainText(d.outsidePipeline.explanation);
  await expect(authority).toContainText(
    loose(say(d.outsidePipeline.resolution, { number: 'CA-2026-07', date: formatDay(resolutionDate, lang) })),
  );
  await expectAccessible(page);

  // The decided loan's page names its resolution, with no badge.
  await page.goto(`/companies/${company['id']}/contributions/${loanId}`);
  await expect(page.getByTestId('loan-authority')).toContainText(resolution);
  await expect(page.getByText(d.outsidePipeline.badge, { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // The fund activity report counts the loans outside the pipeline apart, saying what it counts.
  const report = await callApi<Json>(
    page,
    'GET',
    `/reports/fund_activity?fund_id=${fundId}&from=${addMonths(todayIso(), -12)}&to=${todayIso()}`,
  );
  expect(report['outside_pipeline'].count).toBeGreaterThanOrEqual(1);
  await page.goto(`/reports/fund_activity?fund_id=${fundId}&from=${addMonths(todayIso(), -12)}&to=${todayIso()}`);
  const section = page.getByTestId('report-outside-pipeline');
  await expect(section.getByRole('heading', { name: d.report.title })).toBeVisible();
  await expect(section).toContainText(d.report.explanation);
  await expect(section.getByRole('row', { name: d.report.figures.count })).toContainText(
    String(report['outside_pipeline'].count),
  );
  await expectAccessible(page);
}

test('a decided loan’s terms are locked and a loan outside the pipeline is marked and counted apart (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.decidedTerms.email);
});

test('decided terms and loans outside the pipeline: the same in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.decidedTermsPhone.email);
});

import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, say } from './catalog-text';
import { pdfFile } from './company-fixtures';
import { callApi, expect, expectAccessible, signInFor, signInThroughApi, test } from './fixtures';
import { companyWithLoan } from './servicing-fixtures';
import { pipeline as en } from '../src/shared/i18n/domains/pipeline.en';
import { pipeline as fr } from '../src/shared/i18n/domains/pipeline.fr';
import { servicing as servicingEn } from '../src/shared/i18n/domains/servicing.en';
import { servicing as servicingFr } from '../src/shared/i18n/domains/servicing.fr';
import { numberFormat } from '../src/shared/intl';
import { formatAmount } from '../src/shared/portfolio/ratios';
import { todayIso } from '../src/shared/portfolio/schedule';

/*
 * A funding request from draft to disbursed through the built app (docs/decisions/0042): created on a company,
 * a stale edit that keeps what was typed, submitted, its intake item blocking the move until the document is
 * uploaded, linked and verified, then to the committee — whose decision (approved with one condition) an
 * administrator records through the API — the condition met, the first disbursement, and the loan it became with
 * the decided terms; last, the board's "assigned to me". Once in French on a desktop, once in English on a phone,
 * axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;
const SERVICING = { fr: servicingFr, en: servicingEn } as const;

interface Json {
  id: string;
  [key: string]: unknown;
}

/** The administrator's side, in a page of their own: templates, then the committee's meeting and decision. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await signInThroughApi(page, ACCOUNTS.admin.email);
  // An administrator lands on the users' list.
  await expect(page).toHaveURL(/\/users/);
  return page;
}

async function decide(admin: Page, requestId: string, fundId: string, tag: string) {
  const committee = await callApi<Json & { members: Json[] }>(admin, 'POST', '/committees', {
    name: `Comité ${tag}`,
    quorum: 1,
    members: [{ external_name: 'Hélène Gagnon', is_chair: true }],
  });
  const meeting = await callApi<Json & { agenda: Json[] }>(admin, 'POST', '/committee_meetings', {
    committee_id: committee.id,
    date: todayIso(),
    location: 'Salle du conseil',
    request_ids: [requestId],
  });
  const member = committee.members[0]!.id;
  const item = meeting.agenda[0]!.id;
  await callApi(admin, 'PUT', `/committee_meetings/${meeting.id}/attendance`, { present_member_ids: [member] });
  await callApi(admin, 'PUT', `/committee_meetings/${meeting.id}/agenda_items/${item}/votes`, {
    votes: [{ member_id: member, choice: 'for' }],
  });
  await callApi(admin, 'POST', `/committee_meetings/${meeting.id}/agenda_items/${item}/decision`, {
    outcome: 'approved_with_conditions',
    resolution_number: `CI-${tag}`,
    amounts: [{ fund_id: fundId, amount: '40000' }],
    rate: '6.5',
    amortization: '60',
    moratorium: '6',
    conditions: [{ text: 'Preuve d’assurance', kind: 'before_disbursement', due_date: null }],
  });
}

async function story(page: Page, browser: Browser, lang: Lang, width: number, email: string, fullName: string) {
  const c = CATALOG[lang];
  const s = SERVICING[lang];
  const money = (amount: number) => loose(formatAmount(amount, lang));
  await signInFor(page, email, { lang, width });
  const tag = `${lang}-${Date.now()}`;
  // The last fund requires a business plan at intake (templates are fixed on a request when it is submitted).
  const admin = await adminPage(browser);
  const funds = await callApi<Json[]>(admin, 'GET', `/contribution_funds?locale=${lang}`);
  const fund = funds.at(-1)! as Json & { name: string };
  const [category] = await callApi<Json[]>(admin, 'GET', '/documents/categories');
  await callApi(admin, 'PUT', '/checklist_templates', {
    fund_id: fund.id,
    items: [{ stage: 'intake', category_id: category!.id, label_fr: 'Plan d’affaires', label_en: 'Business plan' }],
  });
  const itemLabel = lang === 'fr' ? 'Plan d’affaires' : 'Business plan';
  const { companyId } = await companyWithLoan(page, `Boulangerie Demande ${tag}`);

  // The company's page lists its requests (none yet) and leads to a new one.
  await page.goto(`/companies/${companyId}`);
  const requests = page.getByRole('region', { name: c.company.title });
  await expect(requests.getByText(c.company.none)).toBeVisible();
  await expectAccessible(page);
  await requests.getByRole('link', { name: c.request.new }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(c.request.newFor.split('{{')[0]!) }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: c.request.details });
  await form.getByRole('button', { name: c.request.create }).click();
  // Nothing typed: each required field says so, nothing is created.
  await expect(form.getByRole('textbox', { name: c.request.projectName })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  const project = `Four à pain ${tag}`;
  await form.getByRole('textbox', { name: c.request.projectName }).fill(project);
  await form.getByRole('textbox', { name: c.request.projectCost }).fill('200000');
  await form.getByRole('combobox', { name: say(c.request.amountNumbered, { number: 1 }) }).click();
  await page.getByRole('option', { name: fund.name }).click();
  await form.getByRole('textbox', { name: c.request.amount, exact: true }).fill('50000');
  await form.getByRole('combobox', { name: c.request.assignee }).fill(fullName);
  await page.getByRole('option', { name: fullName }).click();
  await form.getByRole('button', { name: c.request.create }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  const requestId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: say(c.request.title, { project }) })).toBeVisible();
  await expect(page.getByText(c.checklist.notFixed)).toBeVisible();
  await expectAccessible(page);

  // Someone else saves first: the 409 says so, what was typed stays, and their version can be loaded.
  const saved = await callApi<{ lock_version: number }>(page, 'GET', `/funding_requests/${requestId}`);
  await callApi(page, 'PATCH', `/funding_requests/${requestId}`, {
    project_name: project,
    project_cost: '210000',
    amounts: [{ fund_id: fund.id, amount: '50000' }],
    sources: [],
    assignee_id: null,
    lock_version: saved.lock_version,
  });
  const details = page.getByRole('form', { name: c.request.details });
  const name = details.getByRole('textbox', { name: c.request.projectName });
  await name.fill(`${project} (modifié)`);
  await details.getByRole('button', { name: c.request.save }).click();
  const stale = details.getByRole('alert');
  await expect(stale).toContainText(c.errors.stale.split('(')[0]!.trim());
  await expect(name).toHaveValue(`${project} (modifié)`);
  await expectAccessible(page);
  await stale.getByRole('button', { name: c.request.reload }).click();
  await expect(details.getByRole('textbox', { name: c.request.projectName })).toHaveValue(project);
  await expect(details.getByRole('textbox', { name: c.request.projectCost })).toHaveValue(/210/);
  // The other person left it unassigned: take it back, so the moves are this analyst's.
  await details.getByRole('combobox', { name: c.request.assignee }).fill(fullName);
  await page.getByRole('option', { name: fullName }).click();
  await details.getByRole('button', { name: c.request.save }).click();
  await expect(page.getByText(c.request.saved)).toBeVisible();

  // Submitted with the keyboard; the business plan now blocks the analysis, and the refusal names it.
  const moves = page.getByRole('region', { name: c.moves.title });
  await moves.getByRole('button', { name: c.moves.to.submitted }).focus();
  await page.keyboard.press('Enter');
  const state = page.getByLabel(c.request.state, { exact: true });
  await expect(state).toHaveText(c.state.submitted);
  await moves.getByRole('button', { name: c.moves.to.in_analysis }).focus();
  await page.keyboard.press('Enter');
  const refusal = moves.getByRole('alert');
  await expect(refusal).toContainText(c.moves.blocked);
  await expect(refusal.getByRole('listitem')).toHaveText([itemLabel]);
  await expectAccessible(page);

  // The document uploaded from the checklist, linked, then verified.
  const checklist = page.getByRole('region', { name: c.checklist.title });
  await checklist.getByRole('button', { name: say(c.checklist.receiveNamed, { item: itemLabel }) }).click();
  const dialog = page.getByRole('dialog', { name: say(c.checklist.receiveTitle, { item: itemLabel }) });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile(),
  });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: c.checklist.confirm }).click();
  await expect(dialog).toBeHidden();
  const item = checklist.getByRole('listitem').filter({ hasText: itemLabel });
  await expect(item).toContainText(c.itemStatus.received);
  await expect(item).toContainText(say(c.checklist.document, { name: itemLabel }));
  await item.getByRole('button', { name: say(c.checklist.verifyNamed, { item: itemLabel }) }).click();
  await expect(item).toContainText(c.itemStatus.verified);
  await expectAccessible(page);

  await moves.getByRole('button', { name: c.moves.to.in_analysis }).click();
  await expect(state).toHaveText(c.state.in_analysis);
  await moves.getByRole('button', { name: c.moves.to.ready_for_committee }).click();
  await expect(state).toHaveText(c.state.ready_for_committee);
  await expect(page.getByRole('region', { name: c.checks.title })).toBeVisible();
  await expectAccessible(page);

  // The committee approves 40 000 $ (not the 50 000 $ asked) with one condition before disbursement.
  await decide(admin, requestId, fund.id, tag);
  await admin.close();
  await page.reload();
  await expect(state).toHaveText(c.state.decided);
  const decision = page.getByRole('region', { name: c.decision.title, exact: true });
  await expect(decision).toContainText(
    say(c.decision.heading, { outcome: c.outcome.approved_with_conditions, resolution: `CI-${tag}` }),
  );
  await expectAccessible(page);
  await moves.getByRole('button', { name: c.moves.to.conditions_pending }).click();
  await expect(state).toHaveText(c.state.conditions_pending);
  await moves.getByRole('button', { name: c.moves.to.ready_to_disburse }).click();
  await expect(moves.getByRole('alert').getByRole('listitem')).toHaveText([
    say(c.errors.openCondition, { label: 'Preuve d’assurance' }),
  ]);

  // The condition met, the request ready, then disbursed today.
  await decision
    .getByRole('combobox', { name: say(c.decision.markNamed, { condition: 'Preuve d’assurance' }) })
    .click();
  await page.getByRole('option', { name: c.conditionStatus.met }).click();
  await expect(page.getByText(say(c.decision.conditionSaved, { status: c.conditionStatus.met }))).toBeVisible();
  await moves.getByRole('button', { name: c.moves.to.ready_to_disburse }).click();
  await expect(state).toHaveText(c.state.ready_to_disburse);
  await moves.getByRole('button', { name: c.moves.to.disbursed }).click();
  const disburse = page.getByRole('dialog', { name: c.disburse.title });
  await expect(disburse).toBeVisible();
  await disburse.getByRole('textbox', { name: c.disburse.date }).fill(todayIso());
  await disburse.getByRole('textbox', { name: c.disburse.reference }).fill('VIR-77');
  await expectAccessible(page);
  await disburse.getByRole('button', { name: c.disburse.submit }).click();
  await expect(disburse).toBeHidden();
  await expect(state).toHaveText(c.state.disbursed);
  await expectAccessible(page);

  // The loan carries the decided terms: 40 000 $, 6.5 %, 60 months.
  const loans = page.getByRole('region', { name: c.loans.title });
  await loans.getByRole('link', { name: say(c.loans.loan, { number: 1 }) }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/contributions/[0-9a-f-]{36}$`));
  const terms = page.getByRole('region', { name: s.terms.title });
  await expect(terms).toContainText(money(40000));
  await expect(terms).toContainText(
    loose(numberFormat(lang, { style: 'percent', maximumFractionDigits: 3 }).format(0.065)),
  );
  await expect(terms).toContainText(say(s.terms.months, { count: 60 }));
  await expectAccessible(page);

  // The board: "assigned to me" and the ended requests, kept in the address.
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: c.board.title })).toBeVisible();
  await expectAccessible(page);
  // The box follows the address, which react-router updates in a transition: checked a moment after the click.
  await page.getByRole('checkbox', { name: c.board.mine }).click();
  await expect(page.getByRole('checkbox', { name: c.board.mine })).toBeChecked();
  await expect(page).toHaveURL(/mine=1/);
  await page.getByRole('checkbox', { name: c.board.ended }).click();
  await expect(page.getByRole('checkbox', { name: c.board.ended })).toBeChecked();
  await expect(page).toHaveURL(/ended=1/);
  const column = page.getByRole('region', { name: new RegExp(`^${c.state.disbursed}`) });
  await expect(column.getByRole('link', { name: project })).toBeVisible();
  await expect(column.getByRole('listitem').filter({ hasText: project })).toContainText(
    say(c.board.analyst, { name: fullName }),
  );
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: c.board.mine })).toBeChecked();
  await expect(column.getByRole('link', { name: project })).toBeVisible();
}

test('a funding request from draft to disbursed, in French on a desktop', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { email, firstName, lastName } = ACCOUNTS.requests;
  await story(page, browser, 'fr', 1280, email, `${firstName} ${lastName}`);
});

test('a funding request from draft to disbursed, in English on a phone', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const { email, firstName, lastName } = ACCOUNTS.requestsPhone;
  await story(page, browser, 'en', 390, email, `${firstName} ${lastName}`);
});

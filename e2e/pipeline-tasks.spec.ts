import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { tasks as en } from '../src/shared/i18n/domains/tasks.en';
import { tasks as fr } from '../src/shared/i18n/domains/tasks.fr';
import { todayIso } from '../src/shared/portfolio/schedule';
import { addDays } from '../src/shared/servicing/calendar';

/*
 * The pipeline's tasks (docs/decisions/0045) through the real API and the built app: a decision condition coming
 * due appears in My tasks, opening its request, and marking it met closes the task; a task on the request is sent
 * back to the administrators' queue; the fund report shows the requests received and decided. In French on a
 * desktop, in English on a phone, axe in every state.
 */

type Lang = 'fr' | 'en';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CATALOG = { fr, en } as const;

/** A request of a new company, assigned to me, approved with one condition due in two days by a committee of me. */
async function approvedRequest(page: Page, tag: string) {
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const fundId = await first('/contribution_funds');
  const companyName = `Fromagerie ${tag}`;
  const company = await callApi<{ id: string }>(page, 'POST', '/companies', {
    name: companyName,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '3, rang du Lac', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
  });
  let request = await callApi<Json>(page, 'POST', '/funding_requests', {
    company_id: company.id,
    project_name: `Cave d’affinage ${tag}`,
    project_cost: '180000',
    amounts: [{ fund_id: fundId, amount: '40000' }],
    sources: [],
    assignee_id: me.id,
  });
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee']) {
    request = await callApi<Json>(page, 'POST', `/funding_requests/${request.id}/transitions`, {
      to,
      lock_version: request.lock_version,
    });
  }
  const committee = await callApi<Json>(page, 'POST', '/committees', {
    name: `Comité ${tag}`,
    quorum: 1,
    // An external member: the administrator is the request's analyst, recused on it, and enters this vote.
    members: [{ external_name: `Membre externe ${tag}`, is_chair: true }],
  });
  const member = committee.members[0].id;
  const meeting = await callApi<Json>(page, 'POST', '/committee_meetings', {
    committee_id: committee.id,
    date: todayIso(),
    request_ids: [request.id],
  });
  const item = `/committee_meetings/${meeting.id}/agenda_items/${meeting.agenda[0].id}`;
  await callApi(page, 'PUT', `/committee_meetings/${meeting.id}/attendance`, { present_member_ids: [member] });
  await callApi(page, 'PUT', `${item}/votes`, { votes: [{ member_id: member, choice: 'for' }] });
  const decided = await callApi<Json>(page, 'POST', `${item}/decision`, {
    outcome: 'approved_with_conditions',
    resolution_number: `CI-${tag}`,
    amounts: [{ fund_id: fundId, amount: '40000' }],
    rate: '5',
    amortization: '60',
    moratorium: '0',
    conditions: [{ text: `Preuve d’assurance ${tag}`, kind: 'before_disbursement', due_date: addDays(todayIso(), 2) }],
  });
  return {
    request,
    fundId,
    companyName,
    condition: decided.agenda[0].decision.conditions[0] as Json,
  };
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  await signInFor(page, email, { lang, width, landing: /\/users/ });
  const tag = `${lang}-${width}-${Date.now()}`;
  const { request, fundId, companyName, condition } = await approvedRequest(page, tag);
  const title = say(c.generated.condition, {
    condition: condition.text,
    project: request.project_name,
    company: companyName,
  });
  const manual = await callApi<Json>(page, 'POST', '/tasks', {
    title: `Rappeler le promoteur ${tag}`,
    due_on: todayIso(),
    funding_request_id: request.id,
  });

  // My tasks: the condition coming due this week, opening its request; the task typed on the request too.
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: c.page.title })).toBeVisible();
  const week = page.getByRole('region', { name: c.page.groups.week });
  const conditionLink = week.getByRole('link', { name: title });
  await expect(conditionLink).toBeVisible();
  await expect(conditionLink).toHaveAttribute('href', `/requests/${request.id}`);
  await expect(week.getByRole('link', { name: manual.title })).toHaveAttribute('href', `/requests/${request.id}`);
  await expectAccessible(page);

  // An administrator sends the typed task back to the administrators' queue.
  await week.getByRole('button', { name: say(c.page.toQueueNamed, { title: manual.title }) }).click();
  await expect(page.getByText(c.page.returned)).toBeVisible();
  await expect(week.getByRole('link', { name: manual.title })).toHaveCount(0);
  await page.getByText(c.page.queue, { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.page.queueTitle })).toBeVisible();
  await expect(
    page.getByRole('region', { name: c.page.groups.week }).getByRole('link', { name: manual.title }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByText(c.page.mine, { exact: true }).click();

  // The condition met (on the request's page, or here through the API): its task closes in the same write.
  await callApi(page, 'PATCH', `/decision_conditions/${condition.id}`, { status: 'met' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: c.page.title })).toBeVisible();
  await expect(week.getByRole('link', { name: title })).toHaveCount(0);
  await expectAccessible(page);

  // The fund report shows the requests received and decided of the period.
  await page.goto('/reports/fund_activity');
  await expect(page.getByRole('heading', { level: 1, name: c.report.title })).toBeVisible();
  await page.getByRole('combobox', { name: c.report.fund }).selectOption(fundId);
  await page.getByRole('button', { name: c.report.show }).click();
  const table = page.getByRole('table');
  for (const figure of [c.report.figures.requestsReceived, c.report.figures.requestsDecided]) {
    const row = table.getByRole('row', { name: new RegExp(`^${figure}`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').last()).toHaveText(/^[1-9]\d*$/);
  }
  await expect(
    table.getByRole('row', { name: new RegExp(`^${c.report.figures.requestsApprovedWithConditions}`) }),
  ).toBeVisible();
  await expectAccessible(page);
}

test('pipeline tasks: a condition coming due in My tasks, closed when met; a task back to the queue; requests in the fund report (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.pipelineTasks.email);
});

test('pipeline tasks: the same story in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.pipelineTasksPhone.email);
});

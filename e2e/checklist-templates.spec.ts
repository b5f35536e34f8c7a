import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { committee as committeeEn } from '../src/shared/i18n/domains/committee.en';
import { committee as committeeFr } from '../src/shared/i18n/domains/committee.fr';
import { pipeline as pipelineEn } from '../src/shared/i18n/domains/pipeline.en';
import { pipeline as pipelineFr } from '../src/shared/i18n/domains/pipeline.fr';

/*
 * A fund's checklist with an optional document (docs/decisions/0039 §2, 0043), through the real API and the built
 * app: an administrator adds two documents at intake to a fund's checklist and unticks "required" on the second;
 * saved and reloaded, it stays unticked. A request asking money of that fund, once submitted, lists both — one
 * required, one optional: starting the analysis is refused naming only the required one; waived, the move goes
 * through while the optional one is still missing. In French on a desktop, in English on a phone, axe in every
 * state. The fund is one no other story puts requests in, and its checklist is emptied again at the end.
 */

type Lang = 'fr' | 'en';
const CATALOG = {
  fr: { c: committeeFr, p: pipelineFr },
  en: { c: committeeEn, p: pipelineEn },
} as const;

interface Lookup {
  id: string;
  name: string;
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  test.setTimeout(180_000);
  const { c, p } = CATALOG[lang];
  const stamp = `${lang}-${Date.now()}`;
  await signInFor(page, email, { lang, width, landing: /\/users/ });

  // The Local Solidarity Fund: neither the first nor the last of the list, which the other stories use.
  const fundId = (await callApi<Lookup[]>(page, 'GET', '/contribution_funds?locale=fr')).find((f) =>
    f.name.includes('(FLS)'),
  )!.id;
  const fund = (await callApi<Lookup[]>(page, 'GET', `/contribution_funds?locale=${lang}`)).find(
    (f) => f.id === fundId,
  )!;
  await callApi(page, 'PUT', '/checklist_templates', { fund_id: fundId, items: [] });
  const plan = { fr: `Plan d’affaires ${stamp}`, en: `Business plan ${stamp}` };
  const statements = { fr: `États financiers ${stamp}`, en: `Financial statements ${stamp}` };

  // 1. Two documents at intake; the second made optional.
  await page.goto('/checklist-templates');
  await expect(page.getByRole('heading', { level: 1, name: c.templates.title })).toBeVisible();
  await page.getByRole('combobox', { name: c.templates.fund }).selectOption(fundId);
  const form = page.getByRole('form', { name: say(c.templates.items, { fund: fund.name }) });
  await expect(form.getByText(c.templates.none)).toBeVisible();
  for (const [index, labels] of [plan, statements].entries()) {
    const n = index + 1;
    await form.getByRole('button', { name: c.templates.add }).click();
    await form.getByRole('combobox', { name: say(c.templates.category, { n }) }).selectOption({ index: 1 });
    await form.getByRole('textbox', { name: say(c.templates.labelFr, { n }) }).fill(labels.fr);
    await form.getByRole('textbox', { name: say(c.templates.labelEn, { n }) }).fill(labels.en);
    // A new document is required until said otherwise.
    await expect(form.getByRole('checkbox', { name: say(c.templates.required, { n }) })).toBeChecked();
  }
  await form.getByRole('checkbox', { name: say(c.templates.required, { n: 2 }) }).uncheck();
  await expect(form.getByRole('checkbox', { name: say(c.templates.required, { n: 2 }) })).not.toBeChecked();
  await expectAccessible(page);
  await form.getByRole('button', { name: c.templates.save }).click();
  await expect(page.getByText(say(c.templates.saved, { fund: fund.name }))).toBeVisible();
  await expectAccessible(page);

  // 2. Reloaded, the second stays optional, the first required.
  await page.reload();
  await page.getByRole('combobox', { name: c.templates.fund }).selectOption(fundId);
  await expect(form.getByRole('textbox', { name: say(c.templates.labelFr, { n: 2 }) })).toHaveValue(statements.fr);
  await expect(form.getByRole('checkbox', { name: say(c.templates.required, { n: 1 }) })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: say(c.templates.required, { n: 2 }) })).not.toBeChecked();
  await expectAccessible(page);

  // 3. A request asking money of the fund, submitted: its checklist is fixed from the templates.
  const first = async (path: string) => (await callApi<Lookup[]>(page, 'GET', path))[0]!.id;
  const company = await callApi<Lookup>(page, 'POST', '/companies', {
    name: `Fromagerie Gabarit ${stamp}`,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '3, rang du Lac', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
  });
  const project = `Cave d’affinage ${stamp}`;
  const draft = await callApi<{ id: string; lock_version: number }>(page, 'POST', '/funding_requests', {
    company_id: company.id,
    project_name: project,
    project_cost: '80000',
    amounts: [{ fund_id: fundId, amount: '25000' }],
  });
  await callApi(page, 'POST', `/funding_requests/${draft.id}/transitions`, {
    to: 'submitted',
    lock_version: draft.lock_version,
  });
  const checklist = await callApi<Array<{ label: string; required: boolean; status: string }>>(
    page,
    'GET',
    `/funding_requests/${draft.id}/checklist?locale=${lang}`,
  );
  expect(checklist.map(({ label, required, status }) => ({ label, required, status }))).toEqual([
    { label: plan[lang], required: true, status: 'missing' },
    { label: statements[lang], required: false, status: 'missing' },
  ]);

  // 4. On the request's page: one required, one optional; the analysis refused, naming the required one only.
  await page.goto(`/requests/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: say(p.request.title, { project }) })).toBeVisible();
  const item = (label: string) =>
    page.getByRole('region', { name: p.checklist.title }).getByRole('listitem').filter({ hasText: label });
  await expect(item(plan[lang])).toContainText(p.checklist.required);
  await expect(item(statements[lang])).toContainText(p.checklist.optional);
  await expectAccessible(page);
  const moves = page.getByRole('region', { name: p.moves.title });
  await moves.getByRole('button', { name: p.moves.to.in_analysis }).click();
  const refusal = moves.getByRole('alert');
  await expect(refusal).toContainText(p.moves.blocked);
  await expect(refusal).toContainText(plan[lang]);
  await expect(refusal).not.toContainText(statements[lang]);
  await expectAccessible(page);

  // 5. The required one waived, the move goes through with the optional one still missing.
  await page.getByRole('button', { name: say(p.checklist.waiveNamed, { item: plan[lang] }) }).click();
  const waive = page.getByRole('dialog', { name: say(p.checklist.waiveTitle, { item: plan[lang] }) });
  await waive.getByRole('textbox', { name: p.checklist.reason }).fill('Déjà au dossier');
  await expectAccessible(page);
  await waive.getByRole('button', { name: p.checklist.confirm }).click();
  await expect(waive).toBeHidden();
  await expect(item(plan[lang])).toContainText(p.itemStatus.waived);
  await moves.getByRole('button', { name: p.moves.to.in_analysis }).click();
  await expect(page.getByText(say(p.moves.moved, { state: p.state.in_analysis }))).toBeVisible();
  await expect(item(statements[lang])).toContainText(p.itemStatus.missing);
  await expectAccessible(page);

  // The fund's checklist as the other stories expect it: empty.
  await callApi(page, 'PUT', '/checklist_templates', { fund_id: fundId, items: [] });
}

test('checklist templates: an optional document stays optional after a reload, and does not block a move (French, desktop)', async ({
  page,
}) => {
  await story(page, 'fr', 1280, ACCOUNTS.templates.email);
});

test('checklist templates: the same story in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, ACCOUNTS.templatesPhone.email);
});

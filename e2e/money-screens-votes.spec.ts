import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { analyst as analystEn } from '../src/shared/i18n/domains/analyst.en';
import { analyst as analystFr } from '../src/shared/i18n/domains/analyst.fr';
import { committee as en } from '../src/shared/i18n/domains/committee.en';
import { committee as fr } from '../src/shared/i18n/domains/committee.fr';
import { pipeline as pipelineEn } from '../src/shared/i18n/domains/pipeline.en';
import { pipeline as pipelineFr } from '../src/shared/i18n/domains/pipeline.fr';
import { todayIso } from '../src/shared/portfolio/schedule';

/*
 * The committee's votes as the secretary takes them down (docs/decisions/0068), then the first disbursement in a
 * partial tranche. The secretary (an administrator) sits on a committee with a staff member and an external
 * member; the request is the secretary's own (its analyst): they are recused by the rule, shown so. The secretary
 * enters the staff member's vote (marked "entered by"), the screen names who has not voted, the decision asks for
 * confirmation and the minutes say it was recorded without that vote and that the analyst withdrew. Then the
 * "Premier décaissement" dialog shows the decided amount per fund, refuses more, and pays out a first tranche.
 * French on a desktop, English on a phone; axe in every state.
 */

type Lang = 'fr' | 'en';
const C = { fr, en } as const;
const A = { fr: analystFr, en: analystEn } as const;
const P = { fr: pipelineFr, en: pipelineEn } as const;

interface Request {
  id: string;
  lock_version: number;
}

async function story(
  page: Page,
  lang: Lang,
  width: number,
  account: (typeof ACCOUNTS)['moneyScreens' | 'moneyScreensPhone'],
) {
  const c = C[lang];
  const a = A[lang];
  const p = P[lang];
  const me = `${account.firstName} ${account.lastName}`;
  const stamp = `${lang}-${Date.now()}`;
  const external = `Hélène Externe ${stamp}`;
  await signInFor(page, account.email, { lang, width, landing: /\/users/ });

  const first = async (path: string) => (await callApi<Array<{ id: string; name: string }>>(page, 'GET', path))[0]!;
  const userId = async (email: string) =>
    (
      await callApi<Array<{ id: string; email: string }>>(
        page,
        'GET',
        `/users?filter[search]=${encodeURIComponent(email)}&page[size]=50`,
      )
    ).find((u) => u.email === email)!.id;
  const myId = await userId(account.email);
  const staff = { id: await userId(ACCOUNTS.requests.email) };
  const staffName = `${ACCOUNTS.requests.firstName} ${ACCOUNTS.requests.lastName}`;
  const fund = await first(`/contribution_funds?locale=${lang}`);
  const company = await callApi<{ id: string; name: string }>(page, 'POST', '/companies', {
    name: `Ébénisterie Votes ${stamp}`,
    legal_form_id: (await first('/legal_forms')).id,
    status_id: (await first('/statuses')).id,
    activity_area_id: (await first('/activity_areas')).id,
    address: { address: '3, rue du Quai', zip_code: 'G5L 1A1', municipality_id: (await first('/municipalities')).id },
  });
  const project = `Séchoir ${stamp}`;
  let request = await callApi<Request>(page, 'POST', '/funding_requests', {
    company_id: company.id,
    project_name: project,
    project_cost: '100000',
    amounts: [{ fund_id: fund.id, amount: '40000' }],
    sources: [],
    assignee_id: myId,
  });
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee'])
    request = await callApi<Request>(page, 'POST', `/funding_requests/${request.id}/transitions`, {
      to,
      lock_version: request.lock_version,
    });
  const committeeName = `Comité ${stamp}`;
  const committee = await callApi<{ id: string; members: { id: string }[] }>(page, 'POST', '/committees', {
    name: committeeName,
    quorum: 2,
    members: [{ user_id: myId, is_chair: true }, { user_id: staff.id }, { external_name: external }],
  });
  const meeting = await callApi<{ id: string }>(page, 'POST', '/committee_meetings', {
    committee_id: committee.id,
    date: todayIso(),
    request_ids: [request.id],
  });
  await callApi(page, 'PUT', `/committee_meetings/${meeting.id}/attendance`, {
    present_member_ids: committee.members.map((m) => m.id),
  });

  // 1. The meeting: the secretary, analyst of the request, is recused by the rule and may enter nobody's vote as theirs.
  await page.goto(`/committee/meetings/${meeting.id}`);
  const item = page.getByRole('region', { name: say(c.meeting.item, { n: 1, company: company.name, project }) });
  await expect(item).toContainText(a.committee.analystRecused);
  await expect(item).toContainText(say(c.meeting.conflictOf, { member: me, reason: a.committee.analystReason }));
  await expect(item.getByRole('form', { name: say(c.meeting.vote, { member: me }) })).toHaveCount(0);
  await expect(item).toContainText(say(a.committee.yetToVote, { names: `${staffName}, ${external}` }));
  await expectAccessible(page);

  // 2. The secretary enters the staff member's vote, marked as entered by them; then the external member's.
  const staffVote = item.getByRole('form', { name: say(c.meeting.vote, { member: staffName }) });
  await staffVote.getByRole('radio', { name: p.vote.for }).check();
  await staffVote.getByRole('button', { name: say(c.meeting.saveVote, { member: staffName }) }).click();
  await expect(item.getByRole('row', { name: new RegExp(staffName) })).toContainText(
    say(a.committee.enteredBy, { name: me }),
  );
  await expect(item).toContainText(say(a.committee.yetToVote, { names: external }));
  await expectAccessible(page);

  // 3. The decision while the external member has not voted: a confirmation naming them; going back keeps the form.
  const decision = item.getByRole('form', { name: `${c.meeting.record} (1)` });
  const resolution = `CI-${stamp}`;
  await decision.getByRole('textbox', { name: c.meeting.resolutionNumber }).fill(resolution);
  await decision.getByRole('textbox', { name: c.meeting.rate }).fill('5');
  await decision.getByRole('textbox', { name: c.meeting.amortization }).fill('60');
  await decision.getByRole('combobox', { name: c.meeting.outcome }).selectOption(p.outcome.approved);
  await decision.getByRole('button', { name: c.meeting.record }).click();
  const dialog = page.getByRole('dialog', { name: a.committee.confirmTitle });
  await expect(dialog).toContainText(say(a.committee.confirmBodyOne, { names: external }));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: a.committee.confirm }).click();
  await expect(item).toContainText(say(a.committee.missingVotersOne, { names: external }));
  await expectAccessible(page);

  // 4. The minutes: the analyst's withdrawal, the missing vote, "1 recused" in the singular.
  await page.goto(`/committee/meetings/${meeting.id}/minutes`);
  const minutes = page.getByRole('article');
  await expect(minutes).toContainText(say(a.committee.analystWithdrawal, { member: me }));
  await expect(minutes).toContainText(say(a.committee.missingVotersOne, { names: external }));
  await expect(minutes).toContainText(say(a.committee.recusedOne, { n: 1 }));
  await expectAccessible(page);

  // 5. The first disbursement: the decided 40 000 $ shown and editable; more is refused; a first tranche of 15 000 $.
  request = await callApi<Request>(page, 'GET', `/funding_requests/${request.id}`);
  for (const to of ['conditions_pending', 'ready_to_disburse'])
    request = await callApi<Request>(page, 'POST', `/funding_requests/${request.id}/transitions`, {
      to,
      lock_version: request.lock_version,
    });
  await page.goto(`/requests/${request.id}`);
  await page.getByRole('button', { name: p.moves.to.disbursed }).click();
  const disburse = page.getByRole('dialog', { name: p.disburse.title });
  const amount = disburse.getByRole('textbox', { name: say(a.disbursement.amount, { fund: fund.name }) });
  const decided = lang === 'fr' ? '40 000,00' : '40,000.00';
  await expect.poll(async () => nbsp(await amount.inputValue())).toBe(decided);
  await expectAccessible(page);
  await amount.fill(lang === 'fr' ? '40 000,01' : '40,000.01');
  await disburse.getByRole('button', { name: p.disburse.submit }).click();
  await expect
    .poll(async () => nbsp(await disburse.innerText()))
    .toContain(lang === 'fr' ? 'Au plus 40 000,00 $' : 'At most $40,000.00');
  await expect.poll(async () => nbsp(await amount.inputValue())).toBe(lang === 'fr' ? '40 000,01' : '40,000.01');
  await expectAccessible(page);
  await amount.fill('15000');
  await disburse.getByRole('button', { name: p.disburse.submit }).click();
  await expect(disburse).toBeHidden();
  await expect(page.getByText(p.state.disbursed).first()).toBeVisible();
  await expectAccessible(page);
}

test('money screens: the secretary enters votes, the analyst is recused, a decision without every vote, a first tranche (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await story(page, 'fr', 1280, ACCOUNTS.moneyScreens);
});

test('money screens: the same in English on a phone', async ({ page }) => {
  test.setTimeout(300_000);
  await story(page, 'en', 390, ACCOUNTS.moneyScreensPhone);
});

import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, printedPageSizes, signInFor, test } from './fixtures';
import { committee as en } from '../src/shared/i18n/domains/committee.en';
import { committee as fr } from '../src/shared/i18n/domains/committee.fr';
import { analyst as analystEn } from '../src/shared/i18n/domains/analyst.en';
import { analyst as analystFr } from '../src/shared/i18n/domains/analyst.fr';
import { pipeline as pipelineEn } from '../src/shared/i18n/domains/pipeline.en';
import { pipeline as pipelineFr } from '../src/shared/i18n/domains/pipeline.fr';
import { todayIso } from '../src/shared/portfolio/schedule';

/** "May vote: 2 (2 present, 0 recused)": the counts in words, one and many as the screen says them. */
function eligibleText(lang: 'fr' | 'en', eligible: number, present: number, recused: number): string {
  const words = (lang === 'fr' ? analystFr : analystEn).committee;
  return say((lang === 'fr' ? fr : en).meeting.eligible, {
    eligible,
    present: say(present === 1 ? words.presentOne : words.presentMany, { n: present }),
    recused: say(recused === 1 ? words.recusedOne : words.recusedMany, { n: recused }),
  });
}

/*
 * The investment committee's story (docs/decisions/0039, 0040, 0043), through the real API and the built app: an
 * administrator who sits on the committee creates it (three members, quorum 2) and sets the fund's aid ceiling;
 * two requests reach `ready_for_committee` through the API; a meeting with both; two members present; on item 1
 * a member declares a conflict, so the approval is refused for lack of quorum (the form keeps what was typed) and
 * the item is deferred; on item 2 the votes, the ceiling's warning and an approval with a condition; the minutes
 * on letter paper. Once in French on a desktop, once in English on a phone; axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;
const PIPELINE = { fr: pipelineFr, en: pipelineEn } as const;

interface Request {
  id: string;
  lock_version: number;
}

/** A company and a request of 40 000 $ from the first fund on a 100 000 $ project with 30 000 $ of public aid. */
/** Records an item's decision while a present member has not voted: the screen asks first, and it is confirmed. */
async function recordWithoutEveryVote(page: Page, region: ReturnType<Page['getByRole']>, lang: 'fr' | 'en') {
  await region.getByRole('button', { name: CATALOG[lang].meeting.record }).click();
  const words = (lang === 'fr' ? analystFr : analystEn).committee;
  const dialog = page.getByRole('dialog', { name: words.confirmTitle });
  await dialog.getByRole('button', { name: words.confirm }).click();
}

async function readyRequest(page: Page, companyId: string, fundId: string, project: string): Promise<Request> {
  let request = await callApi<Request>(page, 'POST', '/funding_requests', {
    company_id: companyId,
    project_name: project,
    project_cost: '100000',
    amounts: [{ fund_id: fundId, amount: '40000' }],
    sources: [{ name: 'Subvention', amount: '30000', confirmed: true, is_public: true }],
  });
  for (const to of ['submitted', 'in_analysis', 'ready_for_committee'])
    request = await callApi<Request>(page, 'POST', `/funding_requests/${request.id}/transitions`, {
      to,
      lock_version: request.lock_version,
    });
  return request;
}

async function story(
  page: Page,
  lang: Lang,
  width: number,
  account: (typeof ACCOUNTS)['committee' | 'committeePhone'],
) {
  const c = CATALOG[lang];
  const p = PIPELINE[lang];
  const me = `${account.firstName} ${account.lastName}`;
  const stamp = `${lang}-${Date.now()}`;
  const external = [`Hélène Externe ${lang}`, `Paul Dehors ${lang}`];
  // An administrator lands on the users' list.
  await signInFor(page, account.email, { lang, width, landing: /\/users/ });

  // What the story starts from, through the API: a company and two requests ready for the committee.
  const first = async (path: string) => (await callApi<Array<{ id: string; name: string }>>(page, 'GET', path))[0]!;
  const fund = await first(`/contribution_funds?locale=${lang}`);
  const company = await callApi<{ id: string; name: string }>(page, 'POST', '/companies', {
    name: `Boulangerie Comité ${stamp}`,
    legal_form_id: (await first('/legal_forms')).id,
    status_id: (await first('/statuses')).id,
    activity_area_id: (await first('/activity_areas')).id,
    address: {
      address: '12, rue du Moulin',
      zip_code: 'G5L 1A1',
      municipality_id: (await first('/municipalities')).id,
    },
  });
  const projects = [`Four ${stamp}`, `Pétrin ${stamp}`];
  const requests = [
    await readyRequest(page, company.id, fund.id, projects[0]!),
    await readyRequest(page, company.id, fund.id, projects[1]!),
  ];

  // 1. The committee: the administrator chairs it, two external members, quorum 2.
  await page.goto('/committees');
  await expect(page.getByRole('heading', { level: 1, name: c.committees.title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: c.committees.create }).click();
  const committeeForm = page.getByRole('form', { name: c.committees.formNew });
  const committeeName = `Comité ${stamp}`;
  await committeeForm.getByRole('textbox', { name: c.committees.name }).fill(committeeName);
  await committeeForm.getByRole('textbox', { name: c.committees.quorum }).fill('2');
  await committeeForm.getByRole('combobox', { name: say(c.committees.user, { n: 1 }) }).selectOption({ label: me });
  await committeeForm.getByRole('combobox', { name: c.committees.chairSelect }).selectOption({ label: me });
  for (const [index, name] of external.entries()) {
    const n = index + 2;
    await committeeForm.getByRole('button', { name: c.committees.addMember }).click();
    await committeeForm
      .getByRole('combobox', { name: say(c.committees.memberKind, { n }) })
      .selectOption({ label: c.committees.externalPerson });
    await committeeForm.getByRole('textbox', { name: say(c.committees.externalName, { n }) }).fill(name);
  }
  await expectAccessible(page);
  await committeeForm.getByRole('button', { name: c.committees.save }).click();
  const committeeCard = page.getByRole('region', { name: committeeName });
  await expect(committeeCard).toContainText(say(c.committees.quorumOf, { quorum: 2, count: 3 }));
  await expect(committeeCard).toContainText(external[1]!);
  await expectAccessible(page);

  // 2. The fund's aid ceiling: 50 %, under the requests' 70 % of public aid.
  await page.goto('/checklist-templates');
  await page.getByRole('combobox', { name: c.templates.fund }).selectOption({ label: fund.name });
  const ceilingForm = page.getByRole('form', { name: say(c.templates.ceilingTitle, { fund: fund.name }) });
  await ceilingForm.getByRole('textbox', { name: c.templates.ceiling }).fill('50');
  await ceilingForm.getByRole('button', { name: c.templates.ceilingSave }).click();
  await expect(ceilingForm).toContainText(c.templates.ceilingHistory);
  await expectAccessible(page);

  // 3. A meeting today with both requests on its agenda.
  await page.goto('/committee/meetings');
  await expect(page.getByRole('heading', { level: 1, name: c.meetings.title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: c.meetings.create }).click();
  const meetingForm = page.getByRole('form', { name: c.meetings.create });
  await meetingForm.getByRole('combobox', { name: c.meetings.committee }).selectOption({ label: committeeName });
  await meetingForm.getByRole('textbox', { name: c.meetings.date }).fill(todayIso());
  await meetingForm.getByRole('textbox', { name: c.meetings.location }).fill('Salle du conseil');
  for (const project of projects) await meetingForm.getByRole('checkbox', { name: new RegExp(project) }).check();
  await expectAccessible(page);
  await meetingForm.getByRole('button', { name: c.meetings.schedule }).click();
  await expect(page).toHaveURL(/\/committee\/meetings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(committeeName) })).toBeVisible();

  // 4. Attendance, with the keyboard alone: the administrator and the first external member are present.
  const attendance = page.getByRole('form', { name: c.meeting.attendance });
  await attendance.getByRole('checkbox', { name: me }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(attendance.getByRole('checkbox', { name: external[0]! })).toBeChecked();
  await attendance.getByRole('button', { name: c.meeting.saveAttendance }).focus();
  await page.keyboard.press('Enter');
  const item = (n: number) =>
    page.getByRole('region', { name: say(c.meeting.item, { n, company: company.name, project: projects[n - 1]! }) });
  await expect(item(1).getByRole('status')).toContainText(eligibleText(lang, 2, 2, 0));
  await expectAccessible(page);

  // The item leads to its request, and the ceiling's warning is there.
  await expect(item(1).getByRole('link', { name: c.meeting.openRequest })).toHaveAttribute(
    'href',
    `/requests/${requests[0]!.id}`,
  );
  await expect(item(2)).toContainText(
    loose(
      say(c.meeting.overCeiling, {
        percent: lang === 'fr' ? '70 %' : '70%',
        fund: fund.name,
        ceiling: lang === 'fr' ? '50 %' : '50%',
      }),
    ),
  );

  // 5. Item 1: the external member declares a conflict, so one member may vote and the quorum is 2.
  const one = item(1);
  await one.getByRole('combobox', { name: c.meeting.member }).selectOption({ label: external[0]! });
  await one.getByRole('textbox', { name: c.meeting.reason }).fill('Actionnaire de l’entreprise');
  await one.getByRole('button', { name: c.meeting.declare }).click();
  await expect(one).toContainText(
    say(c.meeting.conflictOf, { member: external[0]!, reason: 'Actionnaire de l’entreprise' }),
  );
  await expect(one.getByRole('status')).toContainText(eligibleText(lang, 1, 2, 1));
  await expect(one.getByRole('status')).toContainText(say(c.meeting.quorumNotMet, { quorum: 2 }));
  // An approval is refused for lack of quorum, with the counts, and the form keeps what was typed.
  const resolutionOne = `R-${stamp}-1`;
  await one.getByRole('textbox', { name: c.meeting.resolutionNumber }).fill(resolutionOne);
  await one.getByRole('textbox', { name: c.meeting.rate }).fill(lang === 'fr' ? '5,5' : '5.5');
  await one.getByRole('textbox', { name: c.meeting.amortization }).fill('60');
  await recordWithoutEveryVote(page, one, lang);
  await expect(one.getByRole('alert')).toHaveText(
    say(p.errors.noQuorum, { eligible: 1, present: 2, recused: 1, quorum: 2 }),
  );
  await expect(one.getByRole('textbox', { name: c.meeting.resolutionNumber })).toHaveValue(resolutionOne);
  await expect(one.getByRole('textbox', { name: c.meeting.rate })).toHaveValue(lang === 'fr' ? '5,5' : '5.5');
  await expectAccessible(page);
  // The committee defers it, which needs no quorum.
  await one.getByRole('combobox', { name: c.meeting.outcome }).selectOption({ label: p.outcome.deferred });
  await recordWithoutEveryVote(page, one, lang);
  await expect(one).toContainText(
    say(c.meeting.decisionTitle, { outcome: p.outcome.deferred, resolution: resolutionOne }),
  );
  // An item decided, the attendance the tallies rest on is frozen: no form, the reason said.
  const frozen = page.getByRole('region', { name: c.meeting.attendance });
  await expect(frozen).toContainText(p.errors.attendanceFrozen);
  await expect(page.getByRole('form', { name: c.meeting.attendance })).toHaveCount(0);

  // 6. Item 2: both present members vote for — the administrator for themself and for the external member.
  const two = item(2);
  for (const member of [me, external[0]!]) {
    const vote = two.getByRole('form', { name: say(c.meeting.vote, { member }) });
    await vote.getByRole('radio', { name: p.vote.for }).check();
    await vote.getByRole('button', { name: say(c.meeting.saveVote, { member }) }).click();
    await expect(two.getByRole('row', { name: new RegExp(member) })).toContainText(p.vote.for);
  }
  await expect(two.getByRole('status')).toContainText(say(c.meeting.tally, { for: 2, against: 0, abstain: 0 }));
  await expect(two.getByRole('status')).toContainText(say(c.meeting.quorumMet, { quorum: 2 }));
  await expectAccessible(page);
  // Approved with one condition before disbursement.
  const resolutionTwo = `R-${stamp}-2`;
  await two
    .getByRole('combobox', { name: c.meeting.outcome })
    .selectOption({ label: p.outcome.approved_with_conditions });
  await two.getByRole('textbox', { name: c.meeting.resolutionNumber }).fill(resolutionTwo);
  await two.getByRole('textbox', { name: c.meeting.rate }).fill('6');
  await two.getByRole('textbox', { name: c.meeting.amortization }).fill('84');
  await two.getByRole('textbox', { name: c.meeting.moratorium }).fill('6');
  await two.getByRole('button', { name: c.meeting.addCondition }).click();
  const condition = 'Preuve d’assurance du local';
  await two.getByRole('textbox', { name: say(c.meeting.conditionText, { n: 1 }) }).fill(condition);
  await expectAccessible(page);
  await two.getByRole('button', { name: c.meeting.record }).click();
  await expect(two).toContainText(
    say(c.meeting.decisionTitle, { outcome: p.outcome.approved_with_conditions, resolution: resolutionTwo }),
  );
  await expect(two).toContainText(condition);
  await expectAccessible(page);

  // 7. The minutes: attendance, the conflict, both decisions, the condition; printed on letter paper.
  await page.getByRole('link', { name: c.meeting.minutes }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.minutes.title.split('{{')[0]!.trim());
  const minutes = page.getByRole('article');
  await expect(minutes).toContainText(say(c.minutes.committee, { committee: committeeName }));
  await expect(minutes).toContainText(say(c.minutes.presentList, { names: `${me}, ${external[0]}` }));
  await expect(minutes).toContainText(say(c.minutes.absentList, { names: external[1]! }));
  // The recused member's withdrawal, in the minutes' words, and that the decision went without a present vote.
  const words = (lang === 'fr' ? analystFr : analystEn).committee;
  await expect(minutes).toContainText(
    say(words.withdrawal, { member: external[0]!, reason: 'Actionnaire de l’entreprise' }),
  );
  await expect(minutes).toContainText(
    say(c.meeting.decisionTitle, { outcome: p.outcome.deferred, resolution: resolutionOne }),
  );
  await expect(minutes).toContainText(
    say(c.meeting.decisionTitle, { outcome: p.outcome.approved_with_conditions, resolution: resolutionTwo }),
  );
  await expect(minutes).toContainText(say(c.meeting.votesAtDecision, { for: 2, against: 0, abstain: 0 }));
  await expect(minutes).toContainText(condition);
  expect(nbsp(await minutes.innerText())).toContain(
    say(c.meeting.terms, { rate: lang === 'fr' ? '6 %' : '6%', amortization: 84, moratorium: 6 }),
  );
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: c.minutes.print })).toBeHidden();
  await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
  await expect(minutes).toContainText(condition);
  expect(await printedPageSizes(page)).toContain('letter');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: c.minutes.print })).toBeVisible();
}

test('committee: a committee, the aid ceiling, a meeting with a recused member, a decision refused for lack of quorum then deferred, an approval with a condition, the minutes (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await story(page, 'fr', 1280, ACCOUNTS.committee);
});

test('committee: the same story in English on a phone', async ({ page }) => {
  test.setTimeout(300_000);
  await story(page, 'en', 390, ACCOUNTS.committeePhone);
});

import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { loose, nbsp, say } from './catalog-text';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { controls as controlsEn } from '../src/shared/i18n/domains/controls.en';
import { controls as controlsFr } from '../src/shared/i18n/domains/controls.fr';
import { servicing as servicingEn } from '../src/shared/i18n/domains/servicing.en';
import { servicing as servicingFr } from '../src/shared/i18n/domains/servicing.fr';
import { formatDay, formatMoney } from '../src/shared/intl';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * Two-person approval (docs/decisions/0067) through the real API and the built app: an administrator sets a
 * fund's policy (disbursements from 1 000 $); a staff member records a disbursement above it and sees it
 * pending on the loan; an approver approves it from "To approve" after reading the before → after figures; a
 * second move is rejected with a reason that the maker reads on the loan; the controls journal lists both.
 * Once in French on a desktop, once in English on a phone, axe in every state. The fund is the Regions and
 * Rurality Fund, which no other story pays out of, so its policy holds nobody else's disbursement.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr: { c: controlsFr, s: servicingFr }, en: { c: controlsEn, s: servicingEn } } as const;
type Lookup = { id: string; name: string };

/** An amount as the user types it in `lang` (a decimal comma in French). */
const typed = (amount: number, lang: Lang) => (lang === 'fr' ? amount.toFixed(2).replace('.', ',') : amount.toFixed(2));

async function story(
  page: Page,
  lang: Lang,
  width: number,
  people: { admin: string; maker: string; approver: string },
) {
  test.setTimeout(300_000);
  const { c, s } = CATALOG[lang];
  const money = (amount: number) => nbsp(formatMoney(amount, lang));
  const landing = { lang, width, landing: /\/(users|companies|dashboard|tasks)/ } as const;

  // The administrator marks the approver and sets the fund's policy on its screen.
  await signInFor(page, people.admin, landing);
  const fund = (await callApi<Lookup[]>(page, 'GET', `/contribution_funds?locale=${lang}`)).find((f) =>
    /\((FRR|RRF)\)/.test(f.name),
  )!;
  const approverEmail = people.approver;
  const found = await callApi<
    Array<{ id: string; email: string; first_name: string; last_name: string; role: string; lock_version: number }>
  >(page, 'GET', `/users?filter[search]=${encodeURIComponent(approverEmail)}`);
  const approver = found.find((u) => u.email === approverEmail)!;
  await callApi(page, 'PATCH', `/users/${approver.id}`, {
    first_name: approver.first_name,
    last_name: approver.last_name,
    role: approver.role,
    may_approve: true,
    lock_version: approver.lock_version,
  });
  await page.goto('/settings/approval_policy');
  await expect(page.getByRole('heading', { level: 1, name: c.policy.title })).toBeVisible();
  await page.getByRole('combobox', { name: c.policy.fund }).selectOption(fund.id);
  const disbursement = page.getByRole('checkbox', { name: c.kind.disbursement, exact: true });
  await disbursement.check();
  await page
    .getByRole('textbox', { name: `${c.kind.disbursement} — ${c.policy.fromAmount}`, exact: true })
    .fill(typed(1000, lang));
  await page.getByRole('button', { name: c.policy.save }).click();
  await expect(page.getByText(c.policy.saved)).toBeVisible();
  await expectAccessible(page);

  // The maker: a loan of 12 000 $ in that fund, 5 000 $ paid out through the form — held for a second person.
  await signInFor(page, people.maker, landing);
  const first = async (path: string) => (await callApi<Lookup[]>(page, 'GET', path))[0]!.id;
  const authorized = addMonths(todayIso(), -1);
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string; loan_number: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name: `Érablière Contrôle ${lang} ${Date.now()}`,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '8, rang du Lac', zip_code: 'G5L 2B2', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: fund.id,
          amount: '12000',
          rate: '6',
          amortization: '12',
          moratorium: '0',
          authorization_date: authorized,
          project_name: 'Évaporateur',
        },
      ],
    },
  );
  const loan = company.financial_contributions[0]!;
  const loanPage = `/companies/${company.id}/contributions/${loan.id}`;
  await page.goto(loanPage);
  await page
    .getByRole('group', { name: s.loan.actions })
    .getByRole('button', { name: s.loan.recordDisbursement })
    .click();
  const dialog = page.getByRole('dialog', { name: s.forms.disbursement.title });
  await dialog.getByRole('textbox', { name: s.forms.date }).fill(authorized);
  await dialog.getByRole('textbox', { name: s.forms.amount }).fill(typed(5000, lang));
  await dialog.getByRole('button', { name: s.forms.record }).click();
  await expect(dialog).toBeHidden();
  const waiting = say(c.loan.waiting, {
    move: say(c.loan.move, {
      kind: c.kind.disbursement,
      amount: money(5000),
      date: nbsp(formatDay(authorized, lang) ?? authorized),
    }),
  });
  await expect(page.getByText(loose(waiting))).toBeVisible();
  const held = page.getByRole('region', { name: c.loan.title });
  await expect(held).toContainText(loose(money(5000)));
  await expect(held).toContainText(c.state.pending);
  await expect(page.getByTestId('figure-disbursed')).toContainText(loose(money(0)));
  await expectAccessible(page);

  // Two more moves, 2 000 $ and 1 500 $, made through the API as the form would: 202, held too. The maker
  // cancels the second one on the loan.
  for (const amount of ['2000', '1500']) {
    await callApi(page, 'POST', `/companies/${company.id}/financial_contributions/${loan.id}/disbursements`, {
      date: authorized,
      amount,
      method: 'eft',
    });
  }
  await page.reload();
  await expect(held.getByRole('listitem')).toHaveCount(3);
  const dated = nbsp(formatDay(authorized, lang) ?? authorized);
  const withdrawn = say(c.loan.move, { kind: c.kind.disbursement, amount: money(1500), date: dated });
  await held.getByRole('button', { name: loose(say(c.loan.cancelLabel, { move: withdrawn })) }).click();
  await expect(page.getByText(c.queue.cancelled)).toBeVisible();
  await expect(held.getByRole('listitem').filter({ hasText: loose(money(1500)) })).toContainText(c.state.cancelled);
  await expect(held.getByRole('button')).toHaveCount(2);
  await expectAccessible(page);

  // The approver reads the before → after figures, approves the first and rejects the second with a reason.
  await signInFor(page, people.approver, landing);
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1, name: c.queue.title })).toBeVisible();
  const card = (amount: number) =>
    page
      .getByRole('article', { name: loose(`${c.kind.disbursement} · ${money(amount)}`) })
      .filter({ hasText: loan.loan_number });
  await expect(card(5000)).toBeVisible();
  const figures = card(5000).getByRole('table', { name: c.queue.figures });
  await expect(figures).toContainText(loose(`${money(0)} → ${money(5000)}`));
  await expectAccessible(page);
  await card(5000).getByRole('button', { name: c.queue.approve }).click();
  await expect(page.getByText(c.queue.approved)).toBeVisible();
  await expect(card(5000)).toHaveCount(0);
  await card(2000).getByRole('button', { name: c.queue.reject }).click();
  const reject = page.getByRole('dialog', { name: c.queue.confirmReject });
  const reason = lang === 'fr' ? 'Facture du fournisseur manquante' : 'Supplier invoice missing';
  await reject.getByRole('textbox', { name: c.queue.reason }).fill(reason);
  await expectAccessible(page);
  await reject.getByRole('button', { name: c.queue.confirmReject }).click();
  await expect(page.getByText(c.queue.rejected)).toBeVisible();
  await expect(card(2000)).toHaveCount(0);

  // The maker: 5 000 $ now counts; the rejected 2 000 $ says who refused it and why.
  await signInFor(page, people.maker, landing);
  await page.goto(loanPage);
  await expect(page.getByTestId('figure-disbursed')).toContainText(loose(money(5000)));
  await expect(held.getByRole('listitem')).toHaveCount(2);
  await expect(held).toContainText(loose(money(2000)));
  await expect(held).toContainText(c.state.rejected);
  await expect(held).toContainText(reason);
  await expectAccessible(page);

  // The controls journal lists both moves.
  await signInFor(page, people.admin, landing);
  await page.goto('/reports/controls');
  await expect(page.getByRole('heading', { level: 1, name: c.journal.title })).toBeVisible();
  // The loan itself is listed too, among those created outside the pipeline; its moves are the disbursements.
  const rows = page.getByRole('row').filter({ hasText: loan.loan_number }).filter({ hasText: c.kind.disbursement });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: c.state.approved })).toContainText(loose(money(5000)));
  await expect(rows.filter({ hasText: c.state.rejected })).toContainText(reason);
  await expect(rows.filter({ hasText: c.state.cancelled })).toContainText(loose(money(1500)));
  await expectAccessible(page);
}

test('two-person approval, in French on a desktop', async ({ page }) => {
  await story(page, 'fr', 1280, {
    admin: ACCOUNTS.approvalsAdmin.email,
    maker: ACCOUNTS.approvalsMaker.email,
    approver: ACCOUNTS.approvalsApprover.email,
  });
});

test('two-person approval, in English on a phone', async ({ page }) => {
  await story(page, 'en', 390, {
    admin: ACCOUNTS.approvalsAdminPhone.email,
    maker: ACCOUNTS.approvalsMakerPhone.email,
    approver: ACCOUNTS.approvalsApproverPhone.email,
  });
});

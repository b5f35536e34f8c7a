import { createCompany } from './company-fixtures';
import { callApi, expect, expectAccessible, test } from './fixtures';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';
import { onEachScreen, expectNoSidewaysScroll, type ScheduleAnswer, staffScreens } from './staff-screens-fixtures';

/*
 * The portfolio screens as a staff member sees them (stories 4–5 of ten; the others are the other
 * staff-screens-*.spec.ts, cut apart so that the browser tests' shards can be even: ADR 0051). Each story goes
 * through its screens in French and English, at a desktop and at a phone width, with an axe check in every state
 * it reaches (onEachScreen in staff-screens-fixtures.ts).
 */

staffScreens(() => {
  test('4. saving a company says it was saved and nothing more, and on a phone the message leaves the search dialog’s title and close button free', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const company = await createCompany(page, `Boulangerie Enregistrée ${Date.now()}`);
    let employees = 10;

    await onEachScreen(page, async ({ phone, w }) => {
      // Nothing current: the list would ask for a company on arrival.
      await page.evaluate(() => localStorage.removeItem('currentCompanyId'));
      await page.goto(`/companies/${company.id}`);
      const searchButton = page.getByRole('button', {
        name: w('Rechercher partout (Ctrl+K)', 'Search everything (Ctrl+K)'),
      });
      // The search's code loaded once, so that it opens at once below.
      await searchButton.click();
      const dialog = page.getByRole('dialog', { name: w('Recherche', 'Search') });
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      employees += 1;
      await page.getByRole('textbox', { name: w('Nombre d’employés', 'Employees') }).fill(String(employees));
      await page.getByRole('button', { name: w('Enregistrer', 'Save') }).click();
      await expect(page).toHaveURL(/\/companies$/);
      const saved = page.getByText(w('L’entreprise a été enregistrée.', 'The company was saved.'));
      // The pointer rests on the message: messages stay while it does (they close after 5 s otherwise).
      await saved.hover();
      // The list is there, and two frames later (the warning comes with the list's first effects) no warning.
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(
        page.getByText(
          w(
            'Sélectionnez d’abord une entreprise pour travailler sur ses documents et son historique.',
            'Select a company first to work on its documents and events.',
          ),
        ),
      ).toHaveCount(0);

      // The search opened (Ctrl+K) while the message shows: its title and close button are not under it.
      await page.keyboard.press('Control+k');
      await expect(dialog.getByRole('combobox')).toBeFocused();
      const close = dialog.getByRole('button', { name: w('Fermer', 'Close') });
      const title = dialog.getByRole('heading', { name: w('Recherche', 'Search') });
      await expect(saved).toBeVisible();
      // Polled: the dialog and the message each slide into place; what counts is where they come to rest.
      for (const [part, name] of [
        [close, 'the close button'],
        [title, 'the title'],
      ] as const) {
        await expect
          .poll(
            async () => {
              const message = (await saved.boundingBox())!;
              const box = (await part.boundingBox())!;
              return (
                box.x < message.x + message.width &&
                message.x < box.x + box.width &&
                box.y < message.y + message.height &&
                message.y < box.y + box.height
              );
            },
            { message: `${phone ? 'phone' : 'desktop'}: the message covers ${name}` },
          )
          .toBe(false);
      }
      await expectAccessible(page);
      await close.click();
      await expect(dialog).toBeHidden();
      await expectAccessible(page);
    });
  });

  test('5. a loan says which figures were typed at authorization and which come from its terms, and explains where they differ', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const today = todayIso();
    const authorized = addMonths(today, -13);
    const expectedEnd = addMonths(today, 12);
    const company = await createCompany(page, `Atelier Modalités ${Date.now()}`, {
      financial_contributions: [
        {
          contribution_fund_id: (await callApi<Array<{ id: string }>>(page, 'GET', '/contribution_funds'))[0]!.id,
          amount: '19009',
          rate: '2.34',
          amortization: '24',
          moratorium: '12',
          refund: '12829',
          authorization_date: authorized,
          expected_end_date: expectedEnd,
          project_name: 'Fonds de roulement',
        },
      ],
    });
    const contributionId = company.financial_contributions[0]!.id;
    const api = await callApi<ScheduleAnswer>(
      page,
      'GET',
      `/companies/${company.id}/financial_contributions/${contributionId}/schedule`,
    );
    const lastPayment = api.rows.at(-1)!.date;
    expect(lastPayment).toBe(addMonths(authorized, 36));

    await onEachScreen(page, async ({ w, money, day }) => {
      // The company file: the typed figure has its own name and says what it is, beside what the terms give.
      await page.goto(`/companies/${company.id}`);
      const fieldset = page.locator(`#contribution-${contributionId}`);
      await expect(fieldset.getByRole('textbox', { name: w('Montant', 'Amount'), exact: true })).toBeVisible();
      await expect(fieldset.getByRole('textbox', { name: w('Remboursement', 'Refund'), exact: true })).toHaveCount(0);
      const agreed = fieldset.getByRole('textbox', { name: w('Versement convenu', 'Agreed payment'), exact: true });
      // Intl writes French thousands with a narrow space.
      await expect(agreed).toHaveValue(new RegExp(w('^12\\s829,00$', '^12,829\\.00$')));
      await expect(agreed).toHaveAccessibleDescription(
        new RegExp(
          `${w('Saisi à l’autorisation', 'Typed at authorization')}.*${money(api.payment).replace(/[.$]/g, '\\$&')}`,
        ),
      );
      const end = fieldset.getByRole('textbox', { name: w('Date de fin prévue', 'Expected end date'), exact: true });
      await expect(end).toHaveAccessibleDescription(new RegExp(day(lastPayment).replace(/\./g, '\\.')));
      const link = fieldset.getByRole('link', {
        name: new RegExp(`^${w('Échéancier de remboursement', 'Repayment schedule')}`),
      });
      await expect(link).toHaveText(w('Échéancier de remboursement', 'Repayment schedule'));
      await expectAccessible(page);

      // The schedule: the two kinds of figures apart, and why the typed ones differ from the terms'.
      await link.click();
      await expect(
        page.getByRole('heading', { level: 1, name: w('Échéancier de remboursement', 'Repayment schedule') }),
      ).toBeVisible();
      for (const where of [
        `/companies/${company.id}/contributions/${contributionId}/schedule`,
        `/companies/${company.id}/file`,
      ]) {
        if (!page.url().endsWith(where)) await page.goto(where);
        const typed = page.getByRole('group', { name: w('Saisi à l’autorisation', 'Typed at authorization') });
        const computed = page.getByRole('group', { name: w('Calculé selon les modalités', 'Computed from the terms') });
        await expect(typed).toContainText(w('Versement convenu', 'Agreed payment'));
        await expect(typed).toContainText(money(12_829));
        await expect(typed).toContainText(day(expectedEnd));
        await expect(computed).toContainText(money(api.payment));
        await expect(computed).toContainText(day(lastPayment));
        await expect(computed).toContainText(money(api.balance_today));
        const notes = page.getByRole('note');
        await expect(notes.filter({ hasText: money(12_829) })).toContainText(money(api.payment));
        await expect(notes.filter({ hasText: day(expectedEnd) })).toContainText(day(lastPayment));
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
      }
    });
  });
});

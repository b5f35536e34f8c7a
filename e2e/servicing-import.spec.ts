import type { Page } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { companyWithLoan } from './servicing-fixtures';
import { servicing as en } from '../src/shared/i18n/domains/servicing.en';
import { servicing as fr } from '../src/shared/i18n/domains/servicing.fr';
import { signedIn as enSignedIn } from '../src/shared/i18n/signed-in.en';
import { signedIn as frSignedIn } from '../src/shared/i18n/signed-in.fr';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * The repayment import (docs/decisions/0038): from the drawer, a bank's file with one row naming no loan — its
 * message read in the report, nothing importable — then the corrected file imported, then imported again and
 * nothing posted twice; an amount that reads two ways refused until the decimal separator is chosen; the columns a
 * file needs said before one is chosen, and a lasting line after the import. In French on a desktop (a Windows-1252 file, semicolons, decimal commas), in English on
 * a phone (UTF-8, commas); the buttons pressed with the keyboard; axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr: { s: fr, ui: frSignedIn }, en: { s: en, ui: enSignedIn } } as const;

function say(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A company's loan (e2e/servicing-fixtures.ts) paid out three months ago. */
async function disbursedLoan(page: Page, name: string): Promise<{ url: string; loanNumber: string }> {
  const loan = await companyWithLoan(page, name);
  await callApi(page, 'POST', `${loan.url}/disbursements`, {
    date: addMonths(todayIso(), -3),
    amount: '12000',
    method: 'eft',
  });
  return loan;
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  const { s, ui } = CATALOG[lang];
  const v = s.importView;
  await signInFor(page, email, { lang, width });
  const loan = await disbursedLoan(page, `Menuiserie Import ${lang} ${Date.now()}`);
  const [one, two] = [addMonths(todayIso(), -2), addMonths(todayIso(), -1)];
  const unknown = 'C-1999-999999-01';

  // A French bank's export: Windows-1252, semicolons, decimal commas; an English one: UTF-8 and commas.
  const file = (rows: string[][]) => {
    const lines = [['Prêt', 'Date', lang === 'fr' ? 'Montant' : 'Amount', 'Référence'], ...rows].map((cells) =>
      cells.join(lang === 'fr' ? ';' : ','),
    );
    const text = `${lines.join('\r\n')}\r\n`;
    return {
      name: `dpa-${lang}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(text, lang === 'fr' ? 'latin1' : 'utf8'),
    };
  };
  const amount = (value: string) => (lang === 'fr' ? value.replace('.', ',') : value);
  const good = [
    [loan.loanNumber, one, amount('150.00'), 'DPA-1'],
    [loan.loanNumber, two, amount('175.50'), 'DPA-2'],
  ];

  // From the drawer: the columns a file needs are said before one is chosen.
  await page.getByRole('button', { name: ui.layout.openMenu }).click();
  await page.getByRole('link', { name: ui.portfolio.nav.importRepayments }).click();
  await expect(page.getByRole('heading', { level: 1, name: v.title })).toBeVisible();
  await expect(page.getByText(v.expectedColumns)).toBeVisible();
  await expectAccessible(page);

  // The file with a row naming no loan: previewed, its columns guessed from the header, then checked.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles(file([...good, [unknown, two, amount('20.00'), 'DPA-3']]));
  await expect(page.getByRole('heading', { name: say(v.preview, { name: `dpa-${lang}.csv` }) })).toBeVisible();
  await expect(page.getByRole('combobox', { name: v.columns.loanNumber })).toHaveValue(/Prêt/);
  await expectAccessible(page);
  await page.getByRole('button', { name: v.check }).focus();
  await page.keyboard.press('Enter');
  const report = page.getByRole('region', { name: v.report });
  await expect(report).toBeVisible();
  await expect(report).toContainText(say(v.summary.unmatched, { count: 1 }));
  await expect(report).toContainText(
    say(v.readAs, {
      encoding: lang === 'fr' ? 'Windows-1252' : 'UTF-8',
      separator: lang === 'fr' ? v.separators.semicolon : v.separators.comma,
      decimal: lang === 'fr' ? v.decimals.comma : v.decimals.dot,
    }),
  );
  const why = lang === 'fr' ? `Aucun prêt ne porte le numéro « ${unknown} ».` : `No loan has the number “${unknown}”.`;
  const unmatched = page.getByRole('region', { name: v.unmatched });
  // A table on a desktop, cards on a phone: whichever shows.
  await expect(
    unmatched.getByText(say(v.problemOf, { field: v.columns.loanNumber, message: why })).filter({ visible: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('button', { name: v.importNothing })).toBeDisabled();
  await expectAccessible(page);

  // An amount that reads as a group or three decimals (1.500 in French, 1,500 in English): refused while the
  // decimal separator is a guess, read as 1 500 $ once it is chosen.
  const ambiguous = lang === 'fr' ? '1.500' : '1,500';
  // Quoted in English, where the comma also separates the cells.
  await input.setInputFiles(file([[loan.loanNumber, one, lang === 'fr' ? ambiguous : `"${ambiguous}"`, 'DPA-9']]));
  await page.getByRole('button', { name: v.check }).focus();
  await page.keyboard.press('Enter');
  await expect(report).toContainText(v.decimalFound);
  await expect(
    unmatched
      .getByText(
        say(v.problemOf, {
          field: v.columns.amount,
          message: say(s.errors.import.ambiguousAmount, { value: ambiguous }),
        }),
      )
      .filter({ visible: true }),
  ).toHaveCount(1);
  await expectAccessible(page);
  const decimalBox = page.getByRole('combobox', { name: v.decimalSeparator });
  await decimalBox.click();
  await page.getByRole('option', { name: lang === 'fr' ? v.decimals.comma : v.decimals.dot, exact: true }).click();
  await page.getByRole('button', { name: v.check }).focus();
  await page.keyboard.press('Enter');
  await expect(report).toContainText(v.decimalChosen);
  await expect(report).toContainText(say(v.summary.unmatched, { count: 0 }));
  await expectAccessible(page);
  await decimalBox.click();
  await page.getByRole('option', { name: v.auto, exact: true }).click();

  // The corrected file: checked, then imported, every row.
  await input.setInputFiles(file(good));
  await page.getByRole('button', { name: v.check }).focus();
  await page.keyboard.press('Enter');
  await expect(report).toContainText(say(v.summary.unmatched, { count: 0 }));
  const importButton = page.getByRole('button', { name: say(v.import, { count: 2 }) });
  await expect(importButton).toBeEnabled();
  await expectAccessible(page);
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: say(v.import, { count: 2 }) })).toBeHidden();
  const repayments = await callApi<Array<{ reference: string }>>(page, 'GET', `${loan.url}/repayments`);
  expect(repayments.map((r) => r.reference).sort()).toEqual(['DPA-1', 'DPA-2']);
  // A lasting line says what was imported, whatever file is chosen next.
  const lastImport = page.getByTestId('last-import');
  await expect(lastImport).toContainText(lang === 'fr' ? '2 remboursements, 325,50' : '2 repayments, $325.50');
  await expectAccessible(page);

  // The same file again: both rows already imported, nothing to import, nothing posted twice.
  await input.setInputFiles(file(good));
  await page.getByRole('button', { name: v.check }).focus();
  await page.keyboard.press('Enter');
  await expect(report).toContainText(say(v.summary.alreadyImported, { count: 2 }));
  await expect(page.getByRole('button', { name: v.importNothing })).toBeDisabled();
  await expect(
    page.getByRole('region', { name: v.matched }).getByText(v.alreadyImported).filter({ visible: true }),
  ).toHaveCount(2);
  await expect(lastImport).toBeVisible();
  await expectAccessible(page);
  expect(await callApi<unknown[]>(page, 'GET', `${loan.url}/repayments`)).toHaveLength(2);
}

test('servicing import: a file with a bad row, then the corrected file, then the same file again (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await story(page, 'fr', 1280, ACCOUNTS.servicingImport.email);
});

test('servicing import: the same story in English on a phone', async ({ page }) => {
  test.setTimeout(240_000);
  await story(page, 'en', 390, ACCOUNTS.servicingImportPhone.email);
});

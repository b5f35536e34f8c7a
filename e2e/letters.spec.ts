import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import PizZip from 'pizzip';
import { ACCOUNTS } from './accounts';
import { say } from './catalog-text';
import { pdfFile } from './company-fixtures';
import { callApi, expect, expectAccessible, signInFor, test } from './fixtures';
import { letters as en } from '../src/shared/i18n/domains/letters.en';
import { letters as fr } from '../src/shared/i18n/domains/letters.fr';
import { signedIn as signedInEn } from '../src/shared/i18n/signed-in.en';
import { signedIn as signedInFr } from '../src/shared/i18n/signed-in.fr';
import { addMonths, todayIso } from '../src/shared/portfolio/schedule';

/*
 * Letters from the body's own Word models (docs/decisions/0074), through the real API and the built app: an
 * administrator adds an offer-letter model (a model naming an unknown field is refused first, what was typed
 * kept), generates it from a loan, marks it sent, then signed with the signed copy filed among the company's
 * documents. In French on a desktop, in English on a phone, axe in every state.
 */

type Lang = 'fr' | 'en';
const CATALOG = { fr, en } as const;
const SIGNED_IN = { fr: signedInFr, en: signedInEn } as const;

/** A Word model holding these paragraphs, built as the server's test fixtures build theirs, in a temp file. */
function docxFile(name: string, paragraphs: string[]): string {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs.map((line) => `<w:p><w:r><w:t xml:space="preserve">${line}</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  const path = join(mkdtempSync(join(tmpdir(), 'atrium-letters-')), name);
  writeFileSync(path, zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return path;
}

/** Chooses the file through the browser's file chooser, as a user does. */
async function chooseFile(page: Page, label: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel(label).click();
  await (await chooser).setFiles(path);
}

/** The signed copy, filed among the company's documents as the documents screen does (presign, PUT, save). */
async function fileSignedCopy(page: Page, companyId: string, name: string): Promise<void> {
  const presigned = await callApi<{ url: string; unique_file_name: string }>(page, 'POST', '/assets/s3_presigned_url', {
    method: 'PUT',
    file_extension: 'pdf',
  });
  const categories = await callApi<Array<{ id: string }>>(page, 'GET', '/documents/categories');
  const bytes = pdfFile();
  await page.evaluate(
    async ({ url, key, bytes, companyId, name, categoryId }) => {
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(bytes),
      });
      if (!put.ok) throw new Error(`PUT ${put.status}`);
      const res = await fetch(`/api/companies/${companyId}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          date: new Date().toISOString().slice(0, 10),
          category_id: categoryId,
          file_name: key,
          file_type: 'application/pdf',
          file_size: bytes.length,
        }),
      });
      if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`);
    },
    {
      url: presigned.url,
      key: presigned.unique_file_name,
      bytes: [...bytes],
      companyId,
      name,
      categoryId: categories[0]!.id,
    },
  );
}

async function story(page: Page, lang: Lang, width: number, email: string) {
  const c = CATALOG[lang];
  await signInFor(page, email, { lang, width, landing: /\/users/ });
  const stamp = Date.now();

  // The Letter models page, in the administrators' navigation.
  await page.getByRole('button', { name: SIGNED_IN[lang].layout.openMenu }).click();
  await page.getByRole('link', { name: SIGNED_IN[lang].layout.letterTemplates, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.templates.title })).toBeVisible();
  await expect(page.getByTestId('letter-field-catalog')).toContainText('company_name');
  await expectAccessible(page);

  // A model naming a field Atrium cannot fill: refused, naming it, with what was typed kept.
  const modelName = lang === 'fr' ? `Lettre d’offre ${stamp}` : `Offer letter ${stamp}`;
  const form = page.getByRole('form', { name: c.templates.upload });
  await form.getByRole('textbox', { name: c.templates.name }).fill(modelName);
  await chooseFile(page, c.templates.file, docxFile('mauvais.docx', ['Bonjour {company_name}', '{loan_colour}']));
  await form.getByRole('button', { name: c.templates.save }).click();
  const refusal = page.getByTestId('upload-refusal');
  await expect(refusal).toBeVisible();
  await expect(form).toContainText(say(c.errors.unknownField, { tag: 'loan_colour' }));
  await expect(form.getByRole('textbox', { name: c.templates.name })).toHaveValue(modelName);
  await expectAccessible(page);

  // The right model: added, with the fields it names.
  await chooseFile(
    page,
    c.templates.file,
    docxFile('offre.docx', [
      '{body_name}',
      'Objet : {company_name}',
      'Prêt {loan_number} : {loan_amount} à {loan_rate}',
    ]),
  );
  await form.getByRole('button', { name: c.templates.save }).click();
  await expect(page.getByText(c.templates.uploaded)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: modelName });
  await expect(row).toContainText(c.kind.offer_letter);
  await expect(row).toContainText('loan_amount');
  await expect(refusal).toBeHidden();
  await expectAccessible(page);

  // A company with a loan.
  const me = await callApi<{ id: string }>(page, 'GET', '/user');
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  const today = todayIso();
  const company = await callApi<{ id: string; financial_contributions: Array<{ id: string; loan_number: string }> }>(
    page,
    'POST',
    '/companies',
    {
      name: `Fromagerie Lettre ${lang} ${stamp}`,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      overseeing_user_id: me.id,
      address: { address: '3, rue du Port', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
      financial_contributions: [
        {
          contribution_fund_id: await first('/contribution_funds'),
          amount: '25000',
          rate: '5.25',
          amortization: '60',
          moratorium: '0',
          authorization_date: addMonths(today, -1),
          project_name: 'Cave d’affinage',
        },
      ],
    },
  );
  const loan = company.financial_contributions[0]!;

  // Generated from the loan: version 1, generated, with its file.
  await page.goto(`/companies/${company.id}/contributions/${loan.id}`);
  const section = page.getByRole('region', { name: c.letters.title });
  await expect(section.getByText(c.letters.none)).toBeVisible();
  await section.getByRole('combobox', { name: c.letters.template }).click();
  await page.getByRole('option', { name: new RegExp(modelName) }).click();
  await section.getByRole('button', { name: c.letters.generateSubmit, exact: true }).click();
  await expect(page.getByText(say(c.letters.generated, { version: '1' }))).toBeVisible();
  const letter = section.getByTestId('letter-1');
  await expect(letter).toContainText(c.state.generated);
  const label = { name: modelName, version: '1' };
  await expect(section.getByRole('link', { name: say(c.letters.downloadLabel, label) })).toBeVisible();
  await expectAccessible(page);

  // Mailed: marked sent.
  await section.getByRole('button', { name: say(c.letters.markSentLabel, label) }).click();
  await expect(letter).toContainText(c.state.sent);
  await expectAccessible(page);

  // The signed copy filed among the company's documents: marked signed with it.
  const copy = lang === 'fr' ? 'Lettre d’offre signée' : 'Signed offer letter';
  await fileSignedCopy(page, company.id, copy);
  await section.getByRole('button', { name: say(c.letters.markSignedLabel, label) }).click();
  await section.getByRole('combobox', { name: c.letters.signedCopy }).click();
  await page.getByRole('option', { name: copy, exact: true }).click();
  await expectAccessible(page);
  await section.getByRole('button', { name: c.letters.confirmSigned, exact: true }).click();
  await expect(letter).toContainText(c.state.signed);
  await expect(letter).toContainText(copy);
  await expectAccessible(page);
}

test('letters: an offer-letter model refused then added, generated from a loan, sent, signed (French, desktop)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await story(page, 'fr', 1280, ACCOUNTS.letters.email);
});

test('letters: the same story in English on a phone', async ({ page }) => {
  test.setTimeout(240_000);
  await story(page, 'en', 390, ACCOUNTS.lettersPhone.email);
});

/**
 * A loan's statement of account as a PDF (docs/decisions/0073), written with pdf-lib from the same statement the
 * screen, the print view and the CSV show (servicing/statement.ts), in the recipient's language.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { formatDay, formatMoney } from '../../shared/intl';
import type { StatementAnswer } from '../../shared/schemas/servicing-answers';

/** The standard fonts write WinAnsi only: other characters (a narrow space, an emoji) become a plain space. */
const WIN_ANSI_EXTRA = '’‘“”–—€…•';
export const pdfSafe = (text: string): string =>
  [...text]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (c === '\u202F' || c === '\u00A0') return ' ';
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c)) return c;
      return ' ';
    })
    .join('');

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;

export async function statementPdf(statement: StatementAnswer, locale: Locale): Promise<Uint8Array> {
  const t = (key: string) => translate(locale, `notices.pdf.${key}`);
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`${t('title')} ${statement.loanNumber}`));
  doc.setLanguage(locale === 'fr' ? 'fr-CA' : 'en-CA');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([...A4]);
  let y = A4[1] - MARGIN;
  const write = (text: string, x: number, size = 9, f: PDFFont = font) =>
    page.drawText(pdfSafe(text), { x, y, size, font: f, color: rgb(0.12, 0.14, 0.16) });
  const right = (text: string, edge: number, size = 9, f: PDFFont = font) => {
    const safe = pdfSafe(text);
    page.drawText(safe, { x: edge - f.widthOfTextAtSize(safe, size), y, size, font: f });
  };
  const money = (value: number) => formatMoney(value, locale);
  const day = (value: string) => formatDay(value, locale) ?? value;

  write(t('title'), MARGIN, 16, bold);
  y -= 26;
  for (const [label, value] of [
    [t('company'), statement.company.name],
    [t('loan'), statement.loanNumber],
    [t('fund'), statement.loan.fundName],
    [t('asOf'), day(statement.asOf)],
  ] as const) {
    write(`${label} : `.replace(' :', locale === 'fr' ? ' :' : ':'), MARGIN, 10, bold);
    write(value, MARGIN + 90, 10);
    y -= 15;
  }
  y -= 10;
  const columns = { date: MARGIN, entry: MARGIN + 80, debit: 400, credit: 470, balance: A4[0] - MARGIN };
  const header = () => {
    write(t('date'), columns.date, 9, bold);
    write(t('entry'), columns.entry, 9, bold);
    right(t('debit'), columns.debit, 9, bold);
    right(t('credit'), columns.credit, 9, bold);
    right(t('balance'), columns.balance, 9, bold);
    y -= 14;
  };
  header();
  for (const line of statement.lines.filter((row) => row.counts)) {
    if (y < MARGIN + 30) {
      page = doc.addPage([...A4]);
      y = A4[1] - MARGIN;
      header();
    }
    write(day(line.date), columns.date);
    write(line.label.slice(0, 60), columns.entry);
    if (line.debit) right(money(line.debit), columns.debit);
    if (line.credit) right(money(line.credit), columns.credit);
    right(money(line.balance), columns.balance);
    y -= 13;
  }
  y -= 6;
  write(t('totals'), columns.entry, 9, bold);
  right(money(statement.totals.debits), columns.debit, 9, bold);
  right(money(statement.totals.credits), columns.credit, 9, bold);
  right(money(statement.totals.balance), columns.balance, 9, bold);
  return doc.save();
}

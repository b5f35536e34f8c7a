/**
 * A notice's text filled for one company and loan, in one language (docs/decisions/0073): the template parsed by
 * the one shared parser, the values written in the language's formats, the subject made safe for a header and
 * the HTML escaped. The preview and the sender both use it, so what is previewed is what is sent.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { formatDay } from '../../shared/intl';
import type { NoticeKind } from '../../shared/notices/rules';
import { fillTemplate, headerSafe, parseTemplate } from '../../shared/notices/template';
import type { Executor } from '../db/client';
import { selectRow } from '../db/rows';
import { escapeHtml } from '../platform/mail/html';
import type { MailMessage } from '../platform/mail/mailer';
import type { TemplateText } from './store';

/** The company's, analyst's and loan's values every notice may name. */
export interface SubjectValues {
  company: string;
  analystName: string;
  analystPhone: string;
  loanNumber: string | null;
  fund: { fr: string; en: string } | null;
}

export async function subjectValues(db: Executor, companyId: string, loanId: string | null): Promise<SubjectValues> {
  const row = await selectRow<{
    company: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    loanNumber: string | null;
    fundFr: string | null;
    fundEn: string | null;
  }>(
    db,
    sql`SELECT c.name AS company, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.phone,
               f.loan_number AS "loanNumber", fu.name_fr AS "fundFr", fu.name_en AS "fundEn"
          FROM companies c
          LEFT JOIN users u ON u.id = c.overseeing_user_id
          LEFT JOIN financial_contributions f ON f.id = ${loanId}::uuid AND f.company_id = c.id
          LEFT JOIN contribution_funds fu ON fu.id = f.contribution_fund_id
         WHERE c.id = ${companyId}`,
  );
  const name = [row?.firstName, row?.lastName].filter(Boolean).join(' ').trim();
  return {
    company: row?.company ?? '',
    analystName: name || row?.email || '',
    analystPhone: row?.phone ?? '',
    loanNumber: row?.loanNumber ?? null,
    fund: row?.fundFr && row.fundEn ? { fr: row.fundFr, en: row.fundEn } : null,
  };
}

export interface RenderedNotice {
  subject: string;
  body: string;
}

/** Fills a kind's texts of one language; the texts were checked when saved, so a problem here is a bug. */
export function renderNotice(
  kind: NoticeKind,
  text: TemplateText,
  locale: Locale,
  subject: SubjectValues,
  facts: Record<string, string>,
  today: string,
): RenderedNotice {
  const values: Record<string, string> = {
    company: subject.company,
    today: formatDay(today, locale) ?? today,
    analyst_name: subject.analystName,
    analyst_phone: subject.analystPhone,
    loan_number: subject.loanNumber ?? '',
    fund: subject.fund?.[locale] ?? '',
    ...facts,
  };
  const fill = (source: string) => {
    const parsed = parseTemplate(kind, source);
    if (!parsed.ok) throw new Error(`notice template ${kind} cannot be read: ${parsed.problem.kind}`);
    return fillTemplate(parsed.parts, values);
  };
  return { subject: headerSafe(fill(text.subject)), body: fill(text.body).trim() };
}

/** The mail of a rendered notice: the text as written, and the same in HTML with every value escaped. */
export function noticeMail(input: {
  to: string;
  locale: Locale;
  notice: RenderedNotice;
  attachment?: { filename: string; content: Buffer };
}): MailMessage {
  const { notice, locale } = input;
  const footer = translate(locale, 'notices.mail.footer', { appName: translate(locale, 'common.appName') });
  const paragraphs = notice.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(notice.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#57606a">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  return {
    to: input.to,
    subject: notice.subject,
    text: `${notice.body}\n\n--\n${footer}\n`,
    html,
    ...(input.attachment ? { attachments: [{ ...input.attachment, contentType: 'application/pdf' }] } : {}),
  };
}

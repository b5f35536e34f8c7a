import { translate } from '../../../shared/i18n';
import type { Locale } from '../../../shared/constants';
import { escapeHtml } from './html';
import type { MailMessage } from './mailer';

/** A line of a list in a mail: its text, an optional second line, and where it leads. */
export interface MailListItem {
  text: string;
  detail?: string;
  url?: string;
}

export interface MailContent {
  locale: Locale;
  to: string;
  subject: string;
  paragraphs: string[];
  /** Headed lists after the paragraphs (the digest's overdue and this week's tasks). */
  sections?: Array<{ heading: string; items: MailListItem[] }>;
  /** The button; a mail that only informs has none. */
  action?: { label: string; url: string };
  notes: string[];
}

/** Text and HTML bodies from the same pieces, so the two versions cannot drift apart. */
export function composeMail(c: MailContent): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(c.locale, key, params);
  const appName = t('common.appName');
  const signature = t('mail.signature', { appName });
  const sections = c.sections ?? [];
  const text = [
    t('mail.greeting'),
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap((section) => [
      section.heading,
      '',
      ...section.items.flatMap((item) => [
        `- ${item.text}`,
        ...(item.detail ? [`  ${item.detail}`] : []),
        ...(item.url ? [`  ${item.url}`] : []),
      ]),
      '',
    ]),
    ...(c.action ? [t('mail.textAction', { action: c.action.label }), c.action.url, ''] : []),
    ...c.notes.flatMap((n) => [n, '']),
    signature,
    '',
  ].join('\n');

  const p = (s: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(s)}</p>`;
  const url = c.action ? escapeHtml(c.action.url) : '';
  const listItem = (item: MailListItem) => {
    const label = item.url
      ? `<a href="${escapeHtml(item.url)}" style="color:#1c7ed6">${escapeHtml(item.text)}</a>`
      : escapeHtml(item.text);
    const detail = item.detail
      ? `<br><span style="font-size:14px;color:#57606a">${escapeHtml(item.detail)}</span>`
      : '';
    return `<li style="margin:0 0 8px">${label}${detail}</li>`;
  };
  const lists = sections
    .map(
      (section) => `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(section.heading)}</h2>
<ul style="margin:0 0 16px;padding-left:20px">
${section.items.map(listItem).join('\n')}
</ul>
`,
    )
    .join('');
  const action = c.action
    ? `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(c.action.label)}</a></p>
${p(t('mail.linkFallback'), 'font-size:14px')}
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${url}" style="color:#1c7ed6">${url}</a></p>
`
    : '';
  const html = `<!doctype html>
<html lang="${c.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(appName)}</p>
${p(t('mail.greeting'))}
${c.paragraphs.map((s) => p(s)).join('\n')}
${lists}${action}${c.notes.map((s) => p(s, 'font-size:14px;color:#57606a')).join('\n')}
${p(signature)}
</div>
</body>
</html>
`;
  return { to: c.to, subject: c.subject, text, html };
}

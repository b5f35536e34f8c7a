import { translate } from '../../shared/i18n';
import type { Locale } from '../../shared/constants';
import { AppError } from '../platform/errors/app-error';
import { escapeHtml } from '../platform/mail/html';
import type { MailMessage } from '../platform/mail/mailer';

type Translate = (key: string, params?: Record<string, unknown>) => string;

interface Content {
  subject: string;
  paragraphs: string[];
  /** The button; a mail that only informs has none. */
  action?: { label: string; url: string };
  notes: string[];
}

/**
 * A mail to `to` in `locale`, its pieces written by `write` in that language (with the app's name): text and
 * HTML bodies from the same pieces, so the two versions cannot drift apart.
 */
function compose(locale: Locale, to: string, write: (t: Translate, appName: string) => Content): MailMessage {
  const t: Translate = (key, params) => translate(locale, key, params);
  const appName = t('common.appName');
  const c = write(t, appName);
  const signature = t('mail.signature', { appName });
  const text = [
    t('mail.greeting'),
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [t('mail.textAction', { action: c.action.label }), c.action.url, ''] : []),
    ...c.notes.flatMap((n) => [n, '']),
    signature,
    '',
  ].join('\n');

  const p = (s: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(s)}</p>`;
  const url = c.action ? escapeHtml(c.action.url) : '';
  const action = c.action
    ? `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(c.action.label)}</a></p>
${p(t('mail.linkFallback'), 'font-size:14px')}
<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${url}" style="color:#1c7ed6">${url}</a></p>
`
    : '';
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(appName)}</p>
${p(t('mail.greeting'))}
${c.paragraphs.map((s) => p(s)).join('\n')}
${action}${c.notes.map((s) => p(s, 'font-size:14px;color:#57606a')).join('\n')}
${p(signature)}
</div>
</body>
</html>
`;
  return { to, subject: c.subject, text, html };
}

function link(publicUrl: string, route: string, token: string): string {
  return `${publicUrl}${route}?token=${encodeURIComponent(token)}`;
}

/** Sent on invite, reinvite (inviter named) and resend (asked by the invitee, no inviter). */
export function invitationMail(input: {
  locale: Locale;
  to: string;
  publicUrl: string;
  token: string;
  inviterName?: string;
}): MailMessage {
  return compose(input.locale, input.to, (t, appName) => ({
    subject: t('mail.invitation.subject', { appName }),
    paragraphs: [
      input.inviterName
        ? t('mail.invitation.intro', { inviter: input.inviterName, appName })
        : t('mail.invitation.introNoInviter', { appName }),
      t('mail.invitation.instructions'),
    ],
    action: { label: t('mail.invitation.action'), url: link(input.publicUrl, '/invitations/confirm', input.token) },
    notes: [t('mail.invitation.expiry'), t('mail.invitation.ignore')],
  }));
}

export function passwordResetMail(input: {
  locale: Locale;
  to: string;
  publicUrl: string;
  token: string;
}): MailMessage {
  return compose(input.locale, input.to, (t, appName) => ({
    subject: t('mail.reset.subject', { appName }),
    paragraphs: [t('mail.reset.intro', { appName })],
    action: { label: t('mail.reset.action'), url: link(input.publicUrl, '/passwords/reset', input.token) },
    notes: [t('mail.reset.expiry'), t('mail.reset.ignore')],
  }));
}

/** ADR 0014: sent to the OLD address when the sign-in email changes, so a hijack does not go unseen. */
export function emailChangedMail(input: { locale: Locale; to: string; newEmail: string }): MailMessage {
  return compose(input.locale, input.to, (t, appName) => ({
    subject: t('accountSecurity.mail.emailChanged.subject', { appName }),
    paragraphs: [t('accountSecurity.mail.emailChanged.intro', { appName, email: input.newEmail })],
    notes: [t('accountSecurity.mail.emailChanged.notYou')],
  }));
}

/** The relay refused or did not answer: worth retrying in a moment, unlike a validation error. */
export const mailFailed = () =>
  new AppError(503, 'mail_failed', 'users.errors.mailFailed', undefined, { 'retry-after': '30' });

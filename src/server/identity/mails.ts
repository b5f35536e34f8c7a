import { translate } from '../../shared/i18n';
import type { Locale } from '../../shared/constants';
import { AppError } from '../platform/errors/app-error';
import { composeMail, type MailContent } from '../platform/mail/compose';
import type { MailMessage } from '../platform/mail/mailer';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A mail to `to` in `locale`, its pieces written by `write` in that language (with the app's name). */
function compose(
  locale: Locale,
  to: string,
  write: (t: Translate, appName: string) => Omit<MailContent, 'locale' | 'to'>,
): MailMessage {
  const t: Translate = (key, params) => translate(locale, key, params);
  return composeMail({ locale, to, ...write(t, t('common.appName')) });
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

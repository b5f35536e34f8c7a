import { NOTICE_KINDS } from '../notices/rules';
import { systemEvent, type StoredParams, type TitleWriter } from './define';

/*
 * Company contacts' and notices' events (docs/decisions/0073): a contact added, changed or removed, a notice
 * sent (its kind, its recipient, and the notice's id, which the timeline links to what was sent), a hold put or
 * lifted. Titles under `notices.history.…`.
 */

type Contact = { name: string; email: string };

const contact = (p: StoredParams<Contact>, w: TitleWriter) => ({
  name: w.text(p.name) ?? w.t('events.system.unknown'),
  email: w.text(p.email) ?? w.t('events.system.unknown'),
});

export const noticeEvents = {
  contactAdded: systemEvent<Contact>({ title: (p, w) => w.t('notices.history.contactAdded', contact(p, w)) }),
  contactChanged: systemEvent<Contact>({ title: (p, w) => w.t('notices.history.contactChanged', contact(p, w)) }),
  contactRemoved: systemEvent<Contact>({ title: (p, w) => w.t('notices.history.contactRemoved', contact(p, w)) }),
  noticeSent: systemEvent<{ noticeId: string; kind: string; recipient: string; loanNumber: string | null }>({
    title: (p, w) => {
      const kind = w.text(p.kind);
      return w.t('notices.history.noticeSent', {
        kind:
          kind && (NOTICE_KINDS as readonly string[]).includes(kind)
            ? w.t(`notices.kind.${kind}`)
            : w.t('events.system.unknown'),
        recipient: w.text(p.recipient) ?? w.t('events.system.unknown'),
      });
    },
  }),
  noticesHeld: systemEvent<{ reason: string }>({
    title: (p, w) => w.t('notices.history.holdOn', { reason: w.text(p.reason) ?? w.t('events.system.unknown') }),
  }),
  noticesResumed: systemEvent<Record<string, never>>({ title: (_p, w) => w.t('notices.history.holdOff') }),
};

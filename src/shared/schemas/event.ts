import type { WebCatalogKey } from '../i18n/keys';
import { z } from 'zod';
import {
  EVENT_NOTES_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  SYSTEM_CATEGORY,
  USER_EVENT_CATEGORY_SLUGS,
  type UserEventCategorySlug,
} from '../events';
import { V, multilineText, requiredParsed, requiredText, wrongValue } from './common';
import { readCalendarDay } from './company-fields';

/**
 * docs/SPEC.md §5 "Event": title, date and categorySlug required; shared by the event modal (react-hook-form +
 * zodResolver) and by `POST`/`PATCH /companies/:companyId/events`.
 */

/** i18n keys of the event rules, next to the generic ones of `V`. */
export const EV = {
  date: 'errors.validations.date',
  unknownChoice: 'errors.validations.unknownChoice',
  systemCategory: 'events.errors.systemCategory',
} as const satisfies Record<string, WebCatalogKey>;

/** The select's value, empty until chosen. `system` is not a choice, and the message says why (server-written only). */
const requiredCategory = () =>
  z
    .string({ error: wrongValue })
    .nullish()
    .transform((value, ctx): UserEventCategorySlug => {
      const slug = value?.trim() ?? '';
      if (slug === '') {
        ctx.addIssue({ code: 'custom', message: V.required, input: value });
        return z.NEVER;
      }
      if (!(USER_EVENT_CATEGORY_SLUGS as readonly string[]).includes(slug)) {
        const message = slug === SYSTEM_CATEGORY ? EV.systemCategory : EV.unknownChoice;
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return slug as UserEventCategorySlug;
    });

/** A calendar day, YYYY-MM-DD: missing is "required", anything that is not a real day of the product's years says so. */
const requiredDay = () => requiredParsed((text) => readCalendarDay(text, { withTime: false, dateMessage: EV.date }));

/** Free text; blank is no notes at all. */
const notes = () =>
  multilineText(EVENT_NOTES_MAX_LENGTH)
    .nullish()
    .transform((value) => (value ? value : null));

export const eventSchema = z.object({
  categorySlug: requiredCategory(),
  title: requiredText(EVENT_TITLE_MAX_LENGTH),
  date: requiredDay(),
  notes: notes(),
});
/** What the modal holds and the wire carries. */
export type EventInput = z.input<typeof eventSchema>;
/** What the API stores. */
export type EventFields = z.output<typeof eventSchema>;

/**
 * Reminders of what is due (docs/decisions/0044): the daily digest's settings and the private calendar feed, for
 * the My account form and the routes alike.
 */
import { z } from 'zod';
import { V, wrongValue } from '../schemas/common';

/** Off until the user turns it on; then at this Québec time of day. */
export const DIGEST_DEFAULT_TIME = '07:00';

/** A time of day as `HH:MM`, 24-hour: what a time input gives in every language. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const notificationSettingsSchema = z.object({
  digestEnabled: z.boolean({ error: wrongValue }),
  digestTime: z
    .string({ error: wrongValue })
    .trim()
    .min(1, { error: V.required, abort: true })
    .regex(TIME_OF_DAY, { error: 'tasks.errors.digestTime' }),
});
export type NotificationSettingsInput = z.output<typeof notificationSettingsSchema>;
export type NotificationSettingsValues = z.input<typeof notificationSettingsSchema>;

export const notificationSettingsAnswerSchema = notificationSettingsSchema.extend({
  digestTime: z.string().describe('HH:MM, Québec time'),
  /** When the current calendar link was made; null while the user has none. Its URL is shown only once. */
  calendarLinkCreatedAt: z.string().nullable().describe('ISO 8601'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsAnswerSchema>;

/** `POST /account/calendar_token`: the new link, in clear this once; the old one no longer works. */
export const calendarLinkAnswerSchema = z.object({
  url: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});
export type CalendarLink = z.infer<typeof calendarLinkAnswerSchema>;

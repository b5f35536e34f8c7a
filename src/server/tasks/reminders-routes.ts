import { z } from 'zod';
import { translate } from '../../shared/i18n';
import {
  calendarLinkAnswerSchema,
  notificationSettingsAnswerSchema,
  notificationSettingsSchema,
} from '../../shared/tasks/reminders';
import { userOf } from '../platform/auth/plugin';
import { notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, rawAnswer } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { startTicker, type Ticker } from '../platform/periodic/ticker';
import { limitedBy } from '../platform/rate-limit/limits';
import type { FeatureRoutes } from '../platform/route-deps';
import { onUserRestored } from '../users/restored-hooks';
import {
  calendarEvents,
  calendarFeedPath,
  calendarOwner,
  issueCalendarToken,
  renewCalendarToken,
  writeCalendar,
} from './calendar';
import { DIGEST_TICK, runDigests } from './digest';
import { reminderSettingsOf, saveReminderSettings } from './actions';

const tags = ['tasks'];

const readSettings = envelopeContract({
  summary: 'My reminders: the daily digest (off by default; time of day, Québec) and whether a calendar link exists',
  tags,
  answer: notificationSettingsAnswerSchema,
});
const saveSettings = envelopeContract({
  summary: 'Turns the daily digest of my tasks on or off and sets its time of day (HH:MM, Québec time)',
  tags,
  body: notificationSettingsSchema,
  answer: notificationSettingsAnswerSchema,
});
const newCalendarLink = contract({
  summary: 'A new secret link to my calendar feed, shown this once; the previous link stops working',
  tags,
  querystring: localeQuery,
  // Nothing to say but "a new one": an empty object.
  body: z.object({}).strict(),
  response: { 201: envelopeOf(calendarLinkAnswerSchema) },
});
const calendarFeed = contract({
  summary:
    'My open tasks and loans’ follow-up dates as an iCalendar feed (no session: the secret link is the key; 404 for any other)',
  tags,
  params: z.object({ token: z.string().max(100) }),
  response: { 200: rawAnswer('text/calendar; charset=utf-8 (RFC 5545)') },
});

/** Reminders (docs/decisions/0044): the digest's settings and tick, and the calendar feed. */
export const reminderRoutes: FeatureRoutes = async (app, { database, mail, limits, config }) => {
  const { db } = database;
  onUserRestored(renewCalendarToken);

  app.get('/account/notification_settings', readSettings, async (request) =>
    ok(await reminderSettingsOf(db, userOf(request).id)),
  );

  app.put('/account/notification_settings', saveSettings, async (request) => {
    const { digestEnabled, digestTime } = request.body;
    return ok(await saveReminderSettings(db, userOf(request).id, { digestEnabled, digestTime }));
  });

  app.post('/account/calendar_token', newCalendarLink, async (request, reply) => {
    const { token, createdAt } = await issueCalendarToken(db, userOf(request).id);
    return reply
      .code(201)
      .send(ok({ url: `${config.publicUrl}${calendarFeedPath(token)}`, createdAt: createdAt.toISOString() }));
  });

  app.get(
    '/calendar/:token.ics',
    { ...calendarFeed, config: { access: 'public' }, preValidation: limitedBy(limits.calendarFeedByAddress) },
    async (request, reply) => {
      const owner = await calendarOwner(db, request.params.token);
      // Unknown, replaced or malformed: the same 404, with no hint which.
      if (!owner) throw notFound();
      const events = await calendarEvents(db, owner, config.publicUrl);
      const name = `${translate(owner.locale, 'common.appName')} — ${translate(owner.locale, 'tasks.page.title')}`;
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="atrium-tasks.ics"')
        .send(writeCalendar({ name, events }));
    },
  );

  // The digest's tick (ADR 0027): one process a minute queues and sends the digests due (docs/decisions/0044).
  const ticker = { current: undefined as Ticker | undefined };
  app.addHook('onReady', async () => {
    if (config.digestCheckSeconds === 0) return;
    ticker.current = startTicker(db, app.log, DIGEST_TICK, config.digestCheckSeconds * 1000, async () => {
      const run = await runDigests(db, { mail, publicUrl: config.publicUrl, log: app.log });
      if (run.sent + run.retry + run.failed > 0) app.log.info(run, 'daily digests');
    });
  });
  app.addHook('onClose', async () => {
    await ticker.current?.stop();
  });
};

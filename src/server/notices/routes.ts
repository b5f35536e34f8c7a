/**
 * Company contacts and notices to borrowers (docs/decisions/0073): contract → action → answer. Any signed-in
 * user manages contacts, sees the sends and holds a company; administrators set a fund's notices and the texts.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { NOTICE_STATES, recipientOf, type ContactRole, type NoticeState } from '../../shared/notices/rules';
import { MERGE_FIELDS } from '../../shared/notices/template';
import {
  contactAnswerSchema,
  contactSchema,
  contactUpdateSchema,
  noticeAnswerSchema,
  noticeHoldAnswerSchema,
  noticeHoldSchema,
  noticeKindParams,
  noticePreviewAnswerSchema,
  noticePreviewSchema,
  noticeSettingsAnswerSchema,
  noticeSettingsSchema,
  noticeTemplateAnswerSchema,
  noticeTemplateSchema,
  upcomingNoticeSchema,
  type NoticeAnswer,
} from '../../shared/schemas/notices';
import { listMetaSchema } from '../../shared/schemas/answer-parts';
import { todayIso } from '../../shared/portfolio/schedule';
import { addDays, isCalendarDate } from '../../shared/servicing/calendar';
import { userOf } from '../platform/auth/plugin';
import { badParameter, fieldError, notFound } from '../platform/errors/app-error';
import { contract, envelopeContract, envelopeOf, localeQuery, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams, type ListOptions } from '../platform/http/list-params';
import { iso } from '../db/rows';
import { ok } from '../platform/http/wire';
import { startTicker, type Ticker } from '../platform/periodic/ticker';
import type { FeatureRoutes } from '../platform/route-deps';
import { addContact, changeContact, removeContact } from './contacts-actions';
import { companyExists } from '../servicing/store';
import { contactAnswer, listContacts } from './contacts-store';
import { checkTemplates, saveNoticeSettings, saveNoticeTemplates, setNoticeHold } from './actions';
import { factValues, noticeReason, planNotices } from './planner';
import { previewFacts } from './preview';
import { renderNotice, subjectValues } from './render';
import { NOTICES_TICK, runNotices } from './sender';
import { fundExists, listNotices, readHold, readHolds, readSettings, readTemplates, type NoticeRow } from './store';

const tags = ['notices'];
const companyParams = z.object({ companyId: uuid() });
const contactParams = z.object({ companyId: uuid(), id: uuid() });
const idParams = z.object({ id: uuid() });
const holdMeta = z.object({ noticeHold: noticeHoldAnswerSchema });

const LIST: ListOptions<never> = { sortable: [], defaultSort: [], filters: ['state', 'companyId'] };

const holdAnswer = (companyId: string, hold: Awaited<ReturnType<typeof readHold>>) => ({
  companyId,
  held: hold !== null,
  reason: hold?.reason ?? null,
  heldAt: hold?.heldAt ?? null,
});

/** Why a notice was not sent, in the reader's language. */
function problemOf(row: NoticeRow, locale: Locale): string | null {
  if (row.status === 'held') {
    return row.lastError === 'archived'
      ? translate(locale, 'notices.problem.archived')
      : translate(locale, 'notices.problem.held', { reason: row.lastError ?? '' });
  }
  if (row.status !== 'failed') return null;
  return translate(locale, row.lastError === 'no_contact' ? 'notices.problem.no_contact' : 'notices.problem.relay');
}

const noticeAnswer = (row: NoticeRow, locale: Locale): NoticeAnswer => ({
  id: row.id,
  kind: row.kind,
  companyId: row.companyId,
  companyName: row.companyName,
  loanId: row.loanId,
  loanNumber: row.loanNumber,
  day: row.day,
  state: row.status,
  attempts: row.attempts,
  problem: problemOf(row, locale),
  recipient: row.recipient,
  locale: row.locale,
  subject: row.subject,
  body: row.body,
  attachmentName: row.attachmentName,
  sentAt: row.sentAt ? iso(row.sentAt) : null,
});

export const noticeRoutes: FeatureRoutes = async (app, { database, mail, config }) => {
  const { db } = database;

  /* ---------------------------------------------------------------- contacts */

  app.get(
    '/companies/:companyId/contacts',
    envelopeContract({
      summary:
        'A company’s contacts (the people notices are written to); meta.notice_hold says whether notices are held',
      tags,
      params: companyParams,
      answer: z.array(contactAnswerSchema),
      meta: holdMeta,
    }),
    async (request) => {
      const { companyId } = request.params;
      const [rows, hold] = [await listContacts(db, companyId), await readHold(db, companyId)];
      if (rows.length === 0 && !(await companyExists(db, companyId))) throw notFound();
      return ok(rows.map(contactAnswer), { noticeHold: holdAnswer(companyId, hold) });
    },
  );

  app.post(
    '/companies/:companyId/contacts',
    envelopeContract({
      summary:
        'Adds a contact (name, email, language fr|en, roles, preferred for which roles); with owner_id, makes that owner a contact',
      tags,
      params: companyParams,
      body: contactSchema,
      answer: contactAnswerSchema,
      status: 201,
    }),
    async (request, reply) => {
      const row = await addContact(db, request.params.companyId, request.body, userOf(request).id);
      return reply.code(201).send(ok(contactAnswer(row)));
    },
  );

  app.patch(
    '/companies/:companyId/contacts/:id',
    envelopeContract({
      summary: 'Changes a contact; the fields given change (a role’s preferred contact is then this one alone)',
      tags,
      params: contactParams,
      body: contactUpdateSchema,
      answer: contactAnswerSchema,
    }),
    async (request) => ok(contactAnswer(await changeContact(db, request.params, request.body, userOf(request).id))),
  );

  app.delete(
    '/companies/:companyId/contacts/:id',
    envelopeContract({
      summary: 'Removes a contact; answers it as it was',
      tags,
      params: contactParams,
      answer: contactAnswerSchema,
    }),
    async (request) => ok(contactAnswer(await removeContact(db, request.params, userOf(request).id))),
  );

  app.put(
    '/companies/:id/notice_hold',
    envelopeContract({
      summary:
        'Holds every notice to a company (held: true, with a reason: legal proceedings, deferral negotiated) or resumes them',
      tags,
      params: idParams,
      body: noticeHoldSchema,
      answer: noticeHoldAnswerSchema,
    }),
    async (request) => {
      const hold = await setNoticeHold(db, request.params.id, request.body, userOf(request).id);
      return ok(holdAnswer(request.params.id, hold));
    },
  );

  /* ---------------------------------------------------------------- settings and texts */

  app.get(
    '/funds/:id/notice_settings',
    envelopeContract({
      summary: 'A fund’s notices to borrowers: each switched on or off (all off until set)',
      tags,
      params: idParams,
      answer: noticeSettingsAnswerSchema,
    }),
    async (request) => {
      if (!(await fundExists(db, request.params.id))) throw notFound();
      return ok(await readSettings(db, request.params.id));
    },
  );

  app.put(
    '/funds/:id/notice_settings',
    {
      ...envelopeContract({
        summary: 'Sets a fund’s notices to borrowers (administrators)',
        tags,
        params: idParams,
        body: noticeSettingsSchema,
        answer: noticeSettingsAnswerSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => ok(await saveNoticeSettings(db, request.params.id, request.body, userOf(request).id)),
  );

  const templateAnswer = async (kind: (typeof noticeKindParams)['shape']['kind']['options'][number]) => {
    const { texts, customized, updatedAt } = await readTemplates(db, kind);
    return { kind, fr: texts.fr, en: texts.en, fields: [...MERGE_FIELDS[kind]], customized, updatedAt };
  };

  app.get(
    '/notice_templates/:kind',
    envelopeContract({
      summary: 'A notice’s subject and text in both languages, and the merge fields it may use',
      tags,
      params: noticeKindParams,
      answer: noticeTemplateAnswerSchema,
    }),
    async (request) => ok(await templateAnswer(request.params.kind)),
  );

  app.put(
    '/notice_templates/:kind',
    {
      ...envelopeContract({
        summary:
          'Saves a notice’s texts in both languages (administrators; 422 naming an unknown or malformed merge field)',
        tags,
        params: noticeKindParams,
        body: noticeTemplateSchema,
        answer: noticeTemplateAnswerSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      await saveNoticeTemplates(db, request.params.kind, request.body, userOf(request).id);
      return ok(await templateAnswer(request.params.kind));
    },
  );

  app.post(
    '/notice_templates/:kind/preview',
    {
      ...envelopeContract({
        summary: 'The texts being edited, filled with a real loan, in both languages (administrators)',
        tags,
        params: noticeKindParams,
        body: noticePreviewSchema,
        answer: noticePreviewAnswerSchema,
      }),
      config: { access: 'admin' },
    },
    async (request) => {
      const { kind } = request.params;
      const { loanId, fr, en } = request.body;
      checkTemplates(kind, { fr, en });
      const facts = await previewFacts(db, kind, loanId.toLowerCase(), todayIso());
      if (!facts) throw fieldError('loan_id', 'notices.errors.loanUnknown');
      const subject = await subjectValues(db, facts.companyId, facts.loanId);
      const texts = { fr, en };
      const answer = Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          renderNotice(kind, texts[locale], locale, subject, factValues(facts.facts, locale), todayIso()),
        ]),
      ) as Record<Locale, { subject: string; body: string }>;
      return ok(answer);
    },
  );

  /* ---------------------------------------------------------------- sends */

  app.get(
    '/notices/upcoming',
    contract({
      summary: 'The notices that will go out on a day (default tomorrow, Québec), to whom and why, and which are held',
      tags,
      querystring: localeQuery
        .extend({ date: z.string().optional().describe('YYYY-MM-DD (default tomorrow)') })
        .strict(),
      response: { 200: envelopeOf(z.array(upcomingNoticeSchema)) },
    }),
    async (request) => {
      const day = request.query.date ?? addDays(todayIso(), 1);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isCalendarDate(day)) throw badParameter('date');
      const planned = await planNotices(db, day);
      const holds = await readHolds(
        db,
        planned.map((p) => p.companyId),
      );
      const answer = [];
      for (const notice of planned) {
        const rows = await listContacts(db, notice.companyId);
        const recipient = recipientOf(
          notice.kind,
          rows.map((row) => ({
            ...row,
            roles: row.roles as ContactRole[],
            preferredFor: row.preferredFor as ContactRole[],
          })),
        );
        const hold = holds.get(notice.companyId);
        answer.push({
          key: notice.key,
          kind: notice.kind,
          companyId: notice.companyId,
          companyName: notice.companyName,
          loanId: notice.loanId,
          loanNumber: notice.loanNumber,
          reason: noticeReason(notice.kind, notice.facts, day, request.locale),
          recipient: recipient && { name: recipient.name, email: recipient.email, locale: recipient.locale },
          held: hold !== undefined,
          holdReason: hold?.reason ?? null,
        });
      }
      return ok(answer);
    },
  );

  app.get(
    '/notices',
    listContract({
      summary: 'Notices queued, sent, failed (the "cannot notify" list) or held, newest day first',
      tags,
      options: LIST,
      item: noticeAnswerSchema,
      meta: listMetaSchema,
    }),
    async (request) => {
      const params = parseListParams(request.query, LIST);
      const state = params.filters['state'];
      if (state !== undefined && !(NOTICE_STATES as readonly string[]).includes(state))
        throw badParameter('filter[state]');
      const companyId = params.filters['companyId'];
      if (companyId !== undefined && !/^[0-9a-f-]{36}$/i.test(companyId)) throw badParameter('filter[company_id]');
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await listNotices(
        db,
        { state: state as NoticeState | undefined, companyId: companyId?.toLowerCase() },
        { limit, offset },
      );
      return ok(
        rows.map((row) => noticeAnswer(row, request.locale)),
        { ...listMeta(total, params.pageNumber, params.pageSize) },
      );
    },
  );

  // The sender's tick (ADR 0027), on the digest's interval: one process a tick queues and sends the day's notices.
  const ticker = { current: undefined as Ticker | undefined };
  app.addHook('onReady', async () => {
    if (config.digestCheckSeconds === 0) return;
    ticker.current = startTicker(db, app.log, NOTICES_TICK, config.digestCheckSeconds * 1000, async () => {
      const run = await runNotices(db, { mail, log: app.log });
      if (run.sent + run.retry + run.failed > 0) app.log.info(run, 'borrower notices');
    });
  });
  app.addHook('onClose', async () => {
    await ticker.current?.stop();
  });
};

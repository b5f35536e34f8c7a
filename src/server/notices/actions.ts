/**
 * The writes of notices (docs/decisions/0073): a fund's settings, a kind's texts (refused with a 422 naming the
 * merge field the shared parser cannot read), a company's hold with its history, and the erasure of a company's
 * contacts that the destruction of a file calls.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../shared/constants';
import type { NoticeKind, NoticeSettings } from '../../shared/notices/rules';
import { MERGE_FIELDS, parseTemplate } from '../../shared/notices/template';
import type { noticeHoldSchema } from '../../shared/schemas/notices';
import type { Db, Executor } from '../db/client';
import { invalid, notFound, type ErrorDetail } from '../platform/errors/app-error';
import { recordSystemEvent } from '../platform/history/record';
import { lockCompany } from './contacts-store';
import {
  fundExists,
  putHold,
  readHold,
  readSettings,
  removeHold,
  writeSettings,
  writeTemplates,
  type TemplateText,
} from './store';

export async function saveNoticeSettings(db: Db, fundId: string, values: NoticeSettings, userId: string) {
  return db.transaction(async (tx) => {
    if (!(await fundExists(tx, fundId))) throw notFound();
    await writeSettings(tx, fundId, values, userId);
    return readSettings(tx, fundId);
  });
}

/** Every problem of a kind's texts, keyed by the field as the form names it (`fr.subject`, `en.body`). */
export function templateProblems(kind: NoticeKind, texts: Record<Locale, TemplateText>): ErrorDetail {
  const detail: ErrorDetail = {};
  for (const locale of LOCALES) {
    for (const part of ['subject', 'body'] as const) {
      const parsed = parseTemplate(kind, texts[locale][part]);
      if (parsed.ok) continue;
      const { problem } = parsed;
      detail[`${locale}.${part}`] = [
        problem.kind === 'unknown'
          ? {
              key: 'notices.errors.unknownField',
              params: { field: problem.field, fields: MERGE_FIELDS[kind].map((f) => `{{${f}}}`).join(', ') },
            }
          : { key: 'notices.errors.malformedField', params: { field: problem.field, example: '{{company}}' } },
      ];
    }
  }
  return detail;
}

export function checkTemplates(kind: NoticeKind, texts: Record<Locale, TemplateText>): void {
  const detail = templateProblems(kind, texts);
  if (Object.keys(detail).length > 0) throw invalid(detail, 'notices.errors.templateInvalid');
}

export async function saveNoticeTemplates(
  db: Db,
  kind: NoticeKind,
  texts: Record<Locale, TemplateText>,
  userId: string,
): Promise<void> {
  checkTemplates(kind, texts);
  await db.transaction((tx) => writeTemplates(tx, kind, texts, userId));
}

/** Puts a company's notices on hold (with the reason) or lifts the hold; the change is in its history. */
export function setNoticeHold(db: Db, companyId: string, input: z.output<typeof noticeHoldSchema>, userId: string) {
  return db.transaction(async (tx) => {
    if (!(await lockCompany(tx, companyId))) throw notFound();
    const before = await readHold(tx, companyId);
    if (input.held) {
      const reason = input.reason ?? '';
      await putHold(tx, companyId, reason, userId);
      if (before?.reason !== reason) {
        await recordSystemEvent(tx, { companyId, code: 'noticesHeld', params: { reason }, authorId: userId });
      }
    } else if (await removeHold(tx, companyId)) {
      await recordSystemEvent(tx, { companyId, code: 'noticesResumed', params: {}, authorId: userId });
    }
    return readHold(tx, companyId);
  });
}

/**
 * Erases what Atrium keeps about a company's contacts (Law 25: the destruction of a file): the contacts
 * themselves, and the recipient and text of every notice sent to them. Runs in the caller's transaction.
 */
export async function eraseCompanyContacts(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM company_contacts WHERE company_id = ${companyId}`);
  await tx.execute(sql`
    UPDATE notices SET recipient = NULL, contact_id = NULL, subject = NULL, body = NULL, updated_at = now()
     WHERE company_id = ${companyId}`);
}

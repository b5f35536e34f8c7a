/** Notices' SQL (docs/decisions/0073): fund settings, texts, holds, and the notices themselves. */
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { LOCALES } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import {
  DEFAULT_NOTICE_SETTINGS,
  type NoticeKind,
  type NoticeSettings,
  type NoticeState,
} from '../../shared/notices/rules';
import type { Executor } from '../db/client';
import { iso, selectRows } from '../db/rows';
import { contributionFunds, fundNoticeSettings, noticeHolds, noticeTemplates } from '../db/schema';

export async function fundExists(db: Executor, fundId: string): Promise<boolean> {
  const rows = await db
    .select({ id: contributionFunds.id })
    .from(contributionFunds)
    .where(eq(contributionFunds.id, fundId));
  return rows.length > 0;
}

export async function readSettings(
  db: Executor,
  fundId: string,
): Promise<NoticeSettings & { fundId: string; updatedAt: string | null }> {
  const [row] = await db.select().from(fundNoticeSettings).where(eq(fundNoticeSettings.fundId, fundId));
  if (!row) return { ...DEFAULT_NOTICE_SETTINGS, fundId, updatedAt: null };
  return {
    fundId,
    paymentDueEnabled: row.paymentDueEnabled,
    paymentDueDays: row.paymentDueDays,
    paymentLateEnabled: row.paymentLateEnabled,
    statementsDueEnabled: row.statementsDueEnabled,
    statementOfAccountEnabled: row.statementOfAccountEnabled,
    statementOfAccountFrequency: row.statementOfAccountFrequency,
    updatedAt: iso(row.updatedAt),
  };
}

export async function writeSettings(db: Executor, fundId: string, values: NoticeSettings, userId: string) {
  await db
    .insert(fundNoticeSettings)
    .values({ fundId, ...values, updatedById: userId })
    .onConflictDoUpdate({
      target: fundNoticeSettings.fundId,
      set: { ...values, updatedById: userId, updatedAt: sql`now()` },
    });
}

export interface TemplateText {
  subject: string;
  body: string;
}

/** A kind's texts in both languages: the administrators' where saved, else the catalog's defaults. */
export async function readTemplates(
  db: Executor,
  kind: NoticeKind,
): Promise<{ texts: Record<Locale, TemplateText>; customized: boolean; updatedAt: string | null }> {
  const rows = await db.select().from(noticeTemplates).where(eq(noticeTemplates.kind, kind));
  const texts = {} as Record<Locale, TemplateText>;
  let updatedAt: string | null = null;
  for (const locale of LOCALES) {
    const row = rows.find((r) => r.locale === locale);
    texts[locale] = row
      ? { subject: row.subject, body: row.body }
      : {
          subject: translate(locale, `notices.defaults.${kind}.subject`),
          body: translate(locale, `notices.defaults.${kind}.body`),
        };
    if (row && (!updatedAt || iso(row.updatedAt) > updatedAt)) updatedAt = iso(row.updatedAt);
  }
  return { texts, customized: rows.length > 0, updatedAt };
}

export async function writeTemplates(
  db: Executor,
  kind: NoticeKind,
  texts: Record<Locale, TemplateText>,
  userId: string,
): Promise<void> {
  for (const locale of LOCALES) {
    const { subject, body } = texts[locale];
    await db
      .insert(noticeTemplates)
      .values({ kind, locale, subject, body, updatedById: userId })
      .onConflictDoUpdate({
        target: [noticeTemplates.kind, noticeTemplates.locale],
        set: { subject, body, updatedById: userId, updatedAt: sql`now()` },
      });
  }
}

export interface HoldRow {
  companyId: string;
  reason: string;
  heldAt: string;
}

export async function readHold(db: Executor, companyId: string): Promise<HoldRow | null> {
  const [row] = await db.select().from(noticeHolds).where(eq(noticeHolds.companyId, companyId));
  return row ? { companyId, reason: row.reason, heldAt: iso(row.insertedAt) } : null;
}

export async function readHolds(db: Executor, companyIds: string[]): Promise<Map<string, HoldRow>> {
  if (companyIds.length === 0) return new Map();
  const rows = await selectRows<{ companyId: string; reason: string; heldAt: Date | string }>(
    db,
    sql`SELECT company_id AS "companyId", reason, inserted_at AS "heldAt" FROM notice_holds
         WHERE company_id = ANY(${`{${[...new Set(companyIds)].join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.companyId, { ...row, heldAt: iso(row.heldAt) }]));
}

export async function putHold(db: Executor, companyId: string, reason: string, userId: string): Promise<void> {
  await db
    .insert(noticeHolds)
    .values({ companyId, reason, heldById: userId })
    .onConflictDoUpdate({ target: noticeHolds.companyId, set: { reason, heldById: userId, updatedAt: sql`now()` } });
}

export async function removeHold(db: Executor, companyId: string): Promise<boolean> {
  const rows = await db
    .delete(noticeHolds)
    .where(and(eq(noticeHolds.companyId, companyId)))
    .returning({ id: noticeHolds.companyId });
  return rows.length > 0;
}

export interface NoticeRow {
  id: string;
  kind: NoticeKind;
  companyId: string;
  companyName: string;
  loanId: string | null;
  loanNumber: string | null;
  day: string;
  status: NoticeState;
  attempts: number;
  lastError: string | null;
  recipient: string | null;
  locale: Locale | null;
  subject: string | null;
  body: string | null;
  attachmentName: string | null;
  sentAt: Date | string | null;
}

export async function listNotices(
  db: Executor,
  filter: { state?: NoticeState; companyId?: string; id?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = sql.join(
    [
      sql`TRUE`,
      ...(filter.state ? [sql`n.status = ${filter.state}`] : []),
      ...(filter.companyId ? [sql`n.company_id = ${filter.companyId}`] : []),
      ...(filter.id ? [sql`n.id = ${filter.id}`] : []),
    ],
    sql` AND `,
  );
  const rows = await selectRows<NoticeRow & { total: number }>(
    db,
    sql`SELECT n.id, n.kind, n.company_id AS "companyId", c.name AS "companyName", n.contribution_id AS "loanId",
               f.loan_number AS "loanNumber", n.day::text AS day, n.status, n.attempts, n.last_error AS "lastError",
               n.recipient, n.locale, n.subject, n.body, n.attachment_name AS "attachmentName", n.sent_at AS "sentAt",
               count(*) OVER ()::int AS total
          FROM notices n
          JOIN companies c ON c.id = n.company_id
          LEFT JOIN financial_contributions f ON f.id = n.contribution_id
         WHERE ${where}
         ORDER BY n.day DESC, c.name, n.kind, n.id
         LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * The notices' sender (docs/decisions/0073), run as the digest is (ADR 0044): one process per tick (the periodic
 * runs' table) queues the day's notices under their unique key (one per notice, loan or company and day, so
 * two processes or two ticks queue one), then every process claims due rows (`FOR UPDATE SKIP LOCKED`), leases
 * them while it sends, and retries a refused delivery later with a growing delay, a bounded number of times —
 * after which the notice is `failed` and shown in the "cannot notify" list, with those whose company has nobody
 * to write to. Never to an archived company or one on hold (checked when queued and again when sent).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/constants';
import { translate } from '../../shared/i18n';
import { recipientOf, type ContactChoice, type ContactRole, type NoticeKind } from '../../shared/notices/rules';
import { todayIso } from '../../shared/portfolio/schedule';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';
import { recordSystemEvent } from '../platform/history/record';
import type { MailDelivery } from '../platform/mail/delivery';
import { loanStatement } from '../servicing/statement';
import { DIGEST_LEASE_MINUTES, DIGEST_MAX_ATTEMPTS, retryDelayMinutes } from '../tasks/digest';
import { listContacts } from './contacts-store';
import { factValues, planNotices, type NoticeFacts } from './planner';
import { noticeMail, renderNotice, subjectValues } from './render';
import { statementPdf } from './statement-pdf';
import { readTemplates } from './store';

/** The periodic row of the notices' tick (ADR 0027). */
export const NOTICES_TICK = 'borrower-notices';
/** Attempts before a notice is given up: the digest's, with its delays and lease. */
export const NOTICE_MAX_ATTEMPTS = DIGEST_MAX_ATTEMPTS;
const BATCH = 5;

/** Queues the day's notices; one already there (another process, an earlier tick) stays as it is. */
export async function queueNotices(db: Db, day: string): Promise<number> {
  const planned = await planNotices(db, day);
  if (planned.length === 0) return 0;
  const rows = planned.map((p) => ({
    key: p.key,
    kind: p.kind,
    companyId: p.companyId,
    loanId: p.loanId,
    occasion: JSON.stringify(p.facts),
  }));
  const inserted = await selectRows<{ id: string }>(
    db,
    sql`INSERT INTO notices (key, kind, company_id, contribution_id, day, occasion, status, last_error)
        SELECT g.key, g.kind, g."companyId", g."loanId", ${day}::date, g.occasion,
               CASE WHEN h.company_id IS NULL THEN 'pending' ELSE 'held' END, h.reason
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS g(key text, kind text, "companyId" uuid, "loanId" uuid, occasion text)
          LEFT JOIN notice_holds h ON h.company_id = g."companyId"
        ON CONFLICT (key) DO NOTHING
        RETURNING id`,
  );
  return inserted.length;
}

interface Claimed {
  id: string;
  kind: NoticeKind;
  companyId: string;
  loanId: string | null;
  day: string;
  occasion: string;
  attempts: number;
  archived: boolean;
  holdReason: string | null;
}

async function claim(db: Db): Promise<Claimed[]> {
  return selectRows<Claimed>(
    db,
    sql`
    WITH due AS (
      SELECT id FROM notices
       WHERE status = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at
       LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED
    ), taken AS (
      UPDATE notices n
         SET attempts = n.attempts + 1,
             next_attempt_at = now() + make_interval(mins => ${DIGEST_LEASE_MINUTES}),
             updated_at = now()
        FROM due
       WHERE n.id = due.id
      RETURNING n.id, n.kind, n.company_id, n.contribution_id, n.day, n.occasion, n.attempts
    )
    SELECT taken.id, taken.kind, taken.company_id AS "companyId", taken.contribution_id AS "loanId",
           taken.day::text AS day, taken.occasion, taken.attempts,
           (c.archived_at IS NOT NULL) AS archived, h.reason AS "holdReason"
      FROM taken
      JOIN companies c ON c.id = taken.company_id
      LEFT JOIN notice_holds h ON h.company_id = taken.company_id`,
  );
}

async function settle(db: Db, id: string, status: 'held' | 'failed', error: string): Promise<void> {
  await db.execute(
    sql`UPDATE notices SET status = ${status}, last_error = ${error}, updated_at = now() WHERE id = ${id}`,
  );
}

/** The company's contacts as the recipient rule reads them. */
async function contactsOf(db: Db, companyId: string): Promise<ContactChoice[]> {
  return (await listContacts(db, companyId)).map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    locale: row.locale,
    roles: row.roles as ContactRole[],
    preferredFor: row.preferredFor as ContactRole[],
  }));
}

/** The notice's mail, in the contact's language, with the statement of account's PDF when it is one. */
export async function composeNotice(
  db: Db,
  notice: Pick<Claimed, 'kind' | 'companyId' | 'loanId' | 'day'> & { facts: NoticeFacts },
  contact: { email: string; locale: Locale },
) {
  const { locale } = contact;
  const templates = await readTemplates(db, notice.kind);
  const rendered = renderNotice(
    notice.kind,
    templates.texts[locale],
    locale,
    await subjectValues(db, notice.companyId, notice.loanId),
    factValues(notice.facts, locale),
    notice.day,
  );
  let attachment: { filename: string; content: Buffer } | undefined;
  if (notice.kind === 'statement_of_account' && notice.loanId && notice.facts.periodEnd) {
    const statement = await loanStatement(
      db,
      { companyId: notice.companyId, id: notice.loanId },
      notice.facts.periodEnd,
      locale,
    );
    attachment = {
      filename: translate(locale, 'notices.mail.attachment', {
        loan: statement.loanNumber,
        date: notice.facts.periodEnd,
      }),
      content: Buffer.from(await statementPdf(statement, locale)),
    };
  }
  return { rendered, attachment, message: noticeMail({ to: contact.email, locale, notice: rendered, attachment }) };
}

async function deliver(
  db: Db,
  deps: { mail: MailDelivery; log: FastifyBaseLogger },
  row: Claimed,
): Promise<'sent' | 'held' | 'failed' | 'retry'> {
  if (row.archived) {
    await settle(db, row.id, 'held', 'archived');
    return 'held';
  }
  if (row.holdReason !== null) {
    await settle(db, row.id, 'held', row.holdReason);
    return 'held';
  }
  const contact = recipientOf(row.kind, await contactsOf(db, row.companyId));
  if (!contact) {
    await settle(db, row.id, 'failed', 'no_contact');
    return 'failed';
  }
  try {
    const facts = JSON.parse(row.occasion) as NoticeFacts;
    const { rendered, attachment, message } = await composeNotice(db, { ...row, facts }, contact);
    await deps.mail.send(message, deps.log);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE notices
           SET status = 'sent', sent_at = now(), last_error = NULL, contact_id = ${contact.id},
               recipient = ${contact.email}, locale = ${contact.locale}, subject = ${rendered.subject},
               body = ${rendered.body}, attachment_name = ${attachment?.filename ?? null}, updated_at = now()
         WHERE id = ${row.id}`);
      const [loan] = await selectRows<{ loanNumber: string }>(
        tx,
        sql`SELECT loan_number AS "loanNumber" FROM financial_contributions WHERE id = ${row.loanId}::uuid`,
      );
      await recordSystemEvent(tx, {
        companyId: row.companyId,
        code: 'noticeSent',
        params: {
          noticeId: row.id,
          kind: row.kind,
          recipient: `${contact.name} <${contact.email}>`,
          loanNumber: loan?.loanNumber ?? null,
        },
        authorId: null,
        // What was sent, as sent: the history shows it under the event.
        notes: [rendered.subject, '', rendered.body, ...(attachment ? ['', `📎 ${attachment.filename}`] : [])].join(
          '\n',
        ),
      });
    });
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const context = { err: error, noticeId: row.id, attempt: row.attempts };
    if (row.attempts >= NOTICE_MAX_ATTEMPTS) {
      deps.log.error(context, 'borrower notice given up after its last attempt');
      await db.execute(
        sql`UPDATE notices SET status = 'failed', last_error = ${reason}, updated_at = now() WHERE id = ${row.id}`,
      );
      return 'failed';
    }
    deps.log.warn(
      { ...context, retryInMinutes: retryDelayMinutes(row.attempts) },
      'borrower notice failed; retried later',
    );
    await db.execute(sql`
      UPDATE notices
         SET next_attempt_at = now() + make_interval(mins => ${retryDelayMinutes(row.attempts)}),
             last_error = ${reason}, updated_at = now()
       WHERE id = ${row.id}`);
    return 'retry';
  }
}

export interface NoticeRun {
  queued: number;
  sent: number;
  held: number;
  failed: number;
  retry: number;
}

/** One tick: queues the day's notices (Québec), then sends every due one this process can claim. */
export async function runNotices(
  db: Db,
  deps: { mail: MailDelivery; log: FastifyBaseLogger },
  options: { day?: string } = {},
): Promise<NoticeRun> {
  const run: NoticeRun = {
    queued: await queueNotices(db, options.day ?? todayIso()),
    sent: 0,
    held: 0,
    failed: 0,
    retry: 0,
  };
  for (;;) {
    const claimed = await claim(db);
    if (claimed.length === 0) return run;
    for (const row of claimed) run[await deliver(db, deps, row)] += 1;
  }
}

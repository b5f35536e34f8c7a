/**
 * The letters' SQL (ADR 0074): models, letters and their versions, the settings, and the facts a letter is
 * filled with — a request's decision, a loan, the company and its owners.
 */
import { and, asc, desc, eq, getTableColumns, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  committeeDecisions,
  companies,
  companyAddresses,
  contributionFunds,
  decisionAmounts,
  decisionConditions,
  documents,
  financialContributions,
  fundLetterSettings,
  fundingRequests,
  letterBody,
  letterTemplates,
  letters,
  municipalities,
  owners,
  warranties,
} from '../db/schema';
import type { Locale } from '../../shared/constants';
import { DEFAULT_OFFER_SIGN_DAYS, type LetterState } from '../../shared/letters/fields';
import type { LetterSettingsInput } from '../../shared/schemas/letters';
import { toCents } from '../../shared/money';
import { APPROVAL_OUTCOMES } from '../../shared/pipeline';

/* ------------------------------------------------------------------------------------------------
 * Models
 * ---------------------------------------------------------------------------------------------- */

const { file: _file, createdById: _by, updatedAt: _updated, ...templateColumns } = getTableColumns(letterTemplates);
export type TemplateRow = Omit<typeof letterTemplates.$inferSelect, 'file' | 'createdById' | 'updatedAt'>;

export async function listTemplates(db: Executor): Promise<TemplateRow[]> {
  return db.select(templateColumns).from(letterTemplates).orderBy(asc(letterTemplates.kind), asc(letterTemplates.name));
}

export async function findTemplate(db: Executor, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select(templateColumns).from(letterTemplates).where(eq(letterTemplates.id, id));
  return row;
}

export async function templateFile(
  db: Executor,
  id: string,
): Promise<{ name: string; fileName: string; file: Buffer } | undefined> {
  const [row] = await db
    .select({ name: letterTemplates.name, fileName: letterTemplates.fileName, file: letterTemplates.file })
    .from(letterTemplates)
    .where(eq(letterTemplates.id, id));
  return row;
}

export async function insertTemplate(
  db: Executor,
  values: Omit<typeof letterTemplates.$inferInsert, 'id'>,
): Promise<TemplateRow> {
  const [row] = await db.insert(letterTemplates).values(values).returning(templateColumns);
  return row!;
}

export async function deleteTemplate(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(letterTemplates).where(eq(letterTemplates.id, id)).returning({ id: letterTemplates.id });
  return rows.length > 0;
}

/* ------------------------------------------------------------------------------------------------
 * What a letter is filled with
 * ---------------------------------------------------------------------------------------------- */

const nameIn = (language: Locale, fr: { nameFr: unknown; nameEn: unknown }) =>
  language === 'fr' ? fr.nameFr : fr.nameEn;

export interface CompanyFacts {
  name: string;
  referenceNumber: string;
  address: string;
  city: string;
  zipCode: string;
  phone: string;
  email: string;
}

export async function companyFacts(
  db: Executor,
  companyId: string,
  language: Locale,
): Promise<CompanyFacts | undefined> {
  const [row] = await db
    .select({
      name: companies.name,
      referenceNumber: companies.referenceNumber,
      phone: companies.phoneNumber,
      email: companies.emailAddress,
      address: companyAddresses.address,
      zipCode: companyAddresses.zipCode,
      cityFr: municipalities.nameFr,
      cityEn: municipalities.nameEn,
    })
    .from(companies)
    .leftJoin(companyAddresses, eq(companyAddresses.companyId, companies.id))
    .leftJoin(municipalities, eq(municipalities.id, companyAddresses.municipalityId))
    .where(eq(companies.id, companyId));
  if (!row) return undefined;
  return {
    name: row.name,
    referenceNumber: row.referenceNumber,
    address: row.address ?? '',
    city: (language === 'fr' ? row.cityFr : row.cityEn) ?? '',
    zipCode: row.zipCode ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
  };
}

export async function ownersOf(db: Executor, companyId: string) {
  return db
    .select({
      name: owners.name,
      sharesPercentage: owners.sharesPercentage,
      address: owners.address,
      city: owners.city,
      zipCode: owners.zipCode,
      phone: owners.phoneNumber,
    })
    .from(owners)
    .where(eq(owners.companyId, companyId))
    .orderBy(asc(owners.position));
}

export interface DecisionFacts {
  id: string;
  outcome: (typeof committeeDecisions.$inferSelect)['outcome'];
  resolutionNumber: string;
  decidedOn: string;
  rate: number | null;
  amortization: number | null;
  moratorium: number | null;
  warranty: string;
  amounts: Array<{ fundId: string; fundName: string; amountCents: number; contributionId: string | null }>;
  conditions: Array<{ text: string; dueDate: string | null }>;
}

/** A decision with its amounts per fund (named in `language`) and its conditions. */
async function decisionFacts(
  db: Executor,
  decision: typeof committeeDecisions.$inferSelect,
  language: Locale,
): Promise<DecisionFacts> {
  const [amounts, conditions, warranty] = await Promise.all([
    db
      .select({
        fundId: decisionAmounts.fundId,
        amountCents: decisionAmounts.amountCents,
        contributionId: decisionAmounts.contributionId,
        nameFr: contributionFunds.nameFr,
        nameEn: contributionFunds.nameEn,
      })
      .from(decisionAmounts)
      .innerJoin(contributionFunds, eq(contributionFunds.id, decisionAmounts.fundId))
      .where(eq(decisionAmounts.decisionId, decision.id))
      .orderBy(asc(contributionFunds.nameFr)),
    db
      .select({ text: decisionConditions.text, dueDate: decisionConditions.dueDate })
      .from(decisionConditions)
      .where(eq(decisionConditions.decisionId, decision.id))
      .orderBy(asc(decisionConditions.position)),
    decision.warrantyId
      ? db
          .select({ nameFr: warranties.nameFr, nameEn: warranties.nameEn })
          .from(warranties)
          .where(eq(warranties.id, decision.warrantyId))
      : Promise.resolve([]),
  ]);
  return {
    id: decision.id,
    outcome: decision.outcome,
    resolutionNumber: decision.resolutionNumber,
    decidedOn: decision.decidedOn,
    rate: decision.rate,
    amortization: decision.amortization,
    moratorium: decision.moratorium,
    warranty: warranty[0] ? String(nameIn(language, warranty[0])) : '',
    amounts: amounts.map((a) => ({
      fundId: a.fundId,
      fundName: String(nameIn(language, a)),
      amountCents: a.amountCents,
      contributionId: a.contributionId,
    })),
    conditions,
  };
}

export interface RequestFacts {
  id: string;
  projectName: string;
  projectCostCents: number;
  /** Its latest decision approving it (the one its money follows), or null. */
  decision: DecisionFacts | null;
  /** Whether the committee decided on it at all (a decline, a deferral). */
  decided: boolean;
}

export async function requestFacts(
  db: Executor,
  companyId: string,
  requestId: string,
  language: Locale,
): Promise<RequestFacts | undefined> {
  const [request] = await db
    .select({
      id: fundingRequests.id,
      projectName: fundingRequests.projectName,
      projectCostCents: fundingRequests.projectCostCents,
    })
    .from(fundingRequests)
    .where(and(eq(fundingRequests.id, requestId), eq(fundingRequests.companyId, companyId)));
  if (!request) return undefined;
  const decisions = await db
    .select()
    .from(committeeDecisions)
    .where(eq(committeeDecisions.requestId, requestId))
    .orderBy(desc(committeeDecisions.insertedAt));
  const approval = decisions.find((d) => (APPROVAL_OUTCOMES as readonly string[]).includes(d.outcome));
  return {
    ...request,
    decision: approval ? await decisionFacts(db, approval, language) : null,
    decided: decisions.length > 0,
  };
}

export interface LoanFacts {
  id: string;
  loanNumber: string;
  fundId: string;
  fundName: string;
  amountCents: number | null;
  rate: number | null;
  amortization: number | null;
  moratorium: number | null;
  authorizationDate: string | null;
  expectedEndDate: string | null;
  projectName: string | null;
  projectCostCents: number | null;
  /** The decision the loan came from, when it came from one. */
  decision: DecisionFacts | null;
  requestId: string | null;
}

export async function loanFacts(
  db: Executor,
  companyId: string,
  loanId: string,
  language: Locale,
): Promise<LoanFacts | undefined> {
  const [loan] = await db
    .select({
      id: financialContributions.id,
      loanNumber: financialContributions.loanNumber,
      fundId: financialContributions.contributionFundId,
      nameFr: contributionFunds.nameFr,
      nameEn: contributionFunds.nameEn,
      amount: financialContributions.amount,
      rate: financialContributions.rate,
      amortization: financialContributions.amortization,
      moratorium: financialContributions.moratorium,
      authorizationDate: financialContributions.authorizationDate,
      expectedEndDate: financialContributions.expectedEndDate,
      projectName: financialContributions.projectName,
      projectCost: financialContributions.projectCost,
    })
    .from(financialContributions)
    .innerJoin(contributionFunds, eq(contributionFunds.id, financialContributions.contributionFundId))
    .where(and(eq(financialContributions.id, loanId), eq(financialContributions.companyId, companyId)));
  if (!loan) return undefined;
  const [decision] = await db
    .select({ decision: committeeDecisions })
    .from(decisionAmounts)
    .innerJoin(committeeDecisions, eq(committeeDecisions.id, decisionAmounts.decisionId))
    .where(eq(decisionAmounts.contributionId, loanId))
    .limit(1);
  return {
    id: loan.id,
    loanNumber: loan.loanNumber ?? '',
    fundId: loan.fundId,
    fundName: String(nameIn(language, loan)),
    amountCents: loan.amount === null ? null : toCents(loan.amount),
    rate: loan.rate,
    amortization: loan.amortization,
    moratorium: loan.moratorium,
    authorizationDate: loan.authorizationDate,
    expectedEndDate: loan.expectedEndDate,
    projectName: loan.projectName,
    projectCostCents: loan.projectCost === null ? null : toCents(loan.projectCost),
    decision: decision ? await decisionFacts(db, decision.decision, language) : null,
    requestId: decision?.decision.requestId ?? null,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Letters
 * ---------------------------------------------------------------------------------------------- */

/** The next version of a model's letter for one subject; the lock makes two generations take turns. */
export async function nextVersion(tx: Executor, subjectKey: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`letters:${subjectKey}`}))`);
  const [row] = await tx
    .select({ last: max(letters.version) })
    .from(letters)
    .where(eq(letters.subjectKey, subjectKey));
  return (row?.last ?? 0) + 1;
}

export async function insertLetter(tx: Executor, values: typeof letters.$inferInsert): Promise<string> {
  const [row] = await tx.insert(letters).values(values).returning({ id: letters.id });
  return row!.id;
}

export interface LetterRow {
  id: string;
  companyId: string;
  templateId: string | null;
  kind: (typeof letters.$inferSelect)['kind'];
  templateName: string;
  language: Locale;
  fundingRequestId: string | null;
  contributionId: string | null;
  subjectName: string | null;
  version: number;
  state: LetterState;
  documentId: string | null;
  documentFile: string | null;
  documentName: string | null;
  signedDocumentId: string | null;
  signedDocumentName: string | null;
  insertedAt: Date;
  sentAt: Date | null;
  signedAt: Date | null;
}

const signedDocuments = sql`signed_documents`;

/** A company's letters, newest first, or one of them. */
export async function readLetters(db: Executor, companyId: string, id?: string): Promise<LetterRow[]> {
  const rows = await db.execute(sql`
    SELECT l.id, l.company_id AS "companyId", l.template_id AS "templateId", l.kind, l.template_name AS "templateName",
           l.language, l.funding_request_id AS "fundingRequestId", l.contribution_id AS "contributionId",
           COALESCE(r.project_name, f.loan_number) AS "subjectName", l.version, l.state,
           l.document_id AS "documentId", d.file_name AS "documentFile", d.name AS "documentName",
           l.signed_document_id AS "signedDocumentId", ${signedDocuments}.name AS "signedDocumentName",
           l.inserted_at AS "insertedAt", l.sent_at AS "sentAt", l.signed_at AS "signedAt"
      FROM letters l
      LEFT JOIN funding_requests r ON r.id = l.funding_request_id
      LEFT JOIN financial_contributions f ON f.id = l.contribution_id
      LEFT JOIN documents d ON d.id = l.document_id
      LEFT JOIN documents ${signedDocuments} ON ${signedDocuments}.id = l.signed_document_id
     WHERE l.company_id = ${companyId} ${id ? sql`AND l.id = ${id}` : sql``}
     ORDER BY l.inserted_at DESC, l.version DESC`);
  return (rows as unknown as { rows: LetterRow[] }).rows.map((row) => ({
    ...row,
    insertedAt: new Date(row.insertedAt),
    sentAt: row.sentAt ? new Date(row.sentAt) : null,
    signedAt: row.signedAt ? new Date(row.signedAt) : null,
  }));
}

/** The letter's state, locked until the move's transaction ends. */
export async function lockLetter(tx: Executor, companyId: string, id: string) {
  const [row] = await tx
    .select({
      id: letters.id,
      state: letters.state,
      kind: letters.kind,
      templateName: letters.templateName,
      version: letters.version,
    })
    .from(letters)
    .where(and(eq(letters.id, id), eq(letters.companyId, companyId)))
    .for('update');
  return row;
}

export async function markLetter(
  tx: Executor,
  id: string,
  move: { to: 'sent'; userId: string } | { to: 'signed'; userId: string; signedDocumentId: string },
): Promise<void> {
  await tx
    .update(letters)
    .set(
      move.to === 'sent'
        ? { state: 'sent', sentAt: sql`now()`, sentById: move.userId, updatedAt: sql`now()` }
        : {
            state: 'signed',
            signedAt: sql`now()`,
            signedById: move.userId,
            signedDocumentId: move.signedDocumentId,
            updatedAt: sql`now()`,
          },
    )
    .where(eq(letters.id, id));
}

/** Whether a document is this company's. */
export async function companyDocumentExists(db: Executor, companyId: string, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.companyId, companyId)));
  return Boolean(row);
}

/** The task an unsigned offer raised, closed by its cause: the letter signed. */
export async function resolveOfferTask(tx: Executor, letterId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
         WHERE source_key = ${`offer_unsigned:${letterId}`} AND status <> 'resolved'`,
  );
}

/* ------------------------------------------------------------------------------------------------
 * Settings
 * ---------------------------------------------------------------------------------------------- */

export async function readSettings(db: Executor, language: Locale) {
  const [body] = await db.select().from(letterBody);
  const funds = await db
    .select({
      fundId: contributionFunds.id,
      nameFr: contributionFunds.nameFr,
      nameEn: contributionFunds.nameEn,
      days: fundLetterSettings.offerSignDays,
    })
    .from(contributionFunds)
    .leftJoin(fundLetterSettings, eq(fundLetterSettings.fundId, contributionFunds.id))
    .orderBy(asc(language === 'fr' ? contributionFunds.nameFr : contributionFunds.nameEn));
  return {
    body: { name: body?.name ?? '', address: body?.address ?? '', phone: body?.phone ?? '', email: body?.email ?? '' },
    funds: funds.map((f) => ({
      fundId: f.fundId,
      fundName: String(nameIn(language, f)),
      offerSignDays: f.days ?? DEFAULT_OFFER_SIGN_DAYS,
    })),
  };
}

export async function fundsExist(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contributionFunds.id })
    .from(contributionFunds)
    .where(inArray(contributionFunds.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function writeSettings(tx: Executor, input: LetterSettingsInput, userId: string): Promise<void> {
  await tx
    .insert(letterBody)
    .values({ one: true, ...input.body, updatedById: userId })
    .onConflictDoUpdate({ target: letterBody.one, set: { ...input.body, updatedById: userId, updatedAt: sql`now()` } });
  for (const fund of input.funds) {
    await tx
      .insert(fundLetterSettings)
      .values({ fundId: fund.fundId, offerSignDays: fund.offerSignDays, updatedById: userId })
      .onConflictDoUpdate({
        target: fundLetterSettings.fundId,
        set: { offerSignDays: fund.offerSignDays, updatedById: userId, updatedAt: sql`now()` },
      });
  }
}

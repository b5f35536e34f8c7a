/**
 * The letters' writes (ADR 0074), one function each: a model uploaded (its file and fields checked), a letter
 * generated (filled, stored as a company document, versioned), a letter marked sent or signed.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documentCategories, letterBody } from '../db/schema';
import { DOCX_CONTENT_TYPE, MAX_UPLOAD_BYTES, type Locale } from '../../shared/constants';
import { formatFileSize } from '../../shared/documents';
import {
  allowedFieldList,
  canMoveLetter,
  checkTemplateTags,
  letterFileName,
  type FieldProblem,
  type LetterState,
} from '../../shared/letters/fields';
import type { GenerateLetterInput, LetterSettingsInput, LetterTemplateFields } from '../../shared/schemas/letters';
import { todayIso } from '../../shared/portfolio/schedule';
import { AppError, fieldError, invalid, notFound } from '../platform/errors/app-error';
import { newStorageKey, type Storage } from '../platform/storage/storage';
import type { UserRow } from '../users/store';
import { insertDocument } from '../documents/store';
import { DocxRefused, TemplateSyntax, checkDocx, fillDocx, tagsOfDocx } from './docx';
import { letterData, type LetterGuarantee } from './merge';
import { guaranteesOfLoan } from '../guarantees/store';
import { translate } from '../../shared/i18n';
import {
  companyDocumentExists,
  companyFacts,
  findTemplate,
  fundsExist,
  insertLetter,
  insertTemplate,
  loanFacts,
  lockLetter,
  markLetter,
  nextVersion,
  ownersOf,
  requestFacts,
  resolveOfferTask,
  templateFile,
  writeSettings,
  type TemplateRow,
} from './store';

/** The document category letters are filed under: "Conventions et contrats" (reference data, key below). */
export const LETTERS_CATEGORY_KEY = 'legal-agreements';

/* ------------------------------------------------------------------------------------------------
 * Models
 * ---------------------------------------------------------------------------------------------- */

const PROBLEM_KEYS = {
  malformed: 'letters.errors.malformedField',
  unknown: 'letters.errors.unknownField',
  not_a_loop: 'letters.errors.notALoop',
} as const;

function refuseFields(problems: FieldProblem[]): AppError {
  return new AppError(
    422,
    'unknown_merge_fields',
    'letters.errors.fields',
    { file: problems.map((p) => ({ key: PROBLEM_KEYS[p.problem], params: { tag: p.tag } })) },
    undefined,
    { fields: allowedFieldList().join(', ') },
  );
}

export function refuseDocx(problem: DocxRefused['problem']): AppError {
  const key = problem === 'zip_bomb' ? 'letters.errors.zipBomb' : 'letters.errors.notDocx';
  return new AppError(422, problem === 'zip_bomb' ? 'zip_bomb' : 'not_docx', key, { file: [{ key, params: {} }] });
}

export const tooLarge = (locale: Locale) =>
  new AppError(413, 'payload_too_large', 'letters.errors.tooLarge', undefined, undefined, {
    max: formatFileSize(MAX_UPLOAD_BYTES, locale),
  });

/** Checks the file and its fields, then keeps the model. */
export async function uploadTemplate(
  db: Db,
  input: LetterTemplateFields & { fileName: string; bytes: Buffer },
  user: UserRow,
): Promise<TemplateRow> {
  let fields: string[];
  try {
    checkDocx(input.bytes);
    const checked = checkTemplateTags(tagsOfDocx(input.bytes));
    if (checked.problems.length > 0) throw refuseFields(checked.problems);
    fields = checked.fields;
  } catch (error) {
    if (error instanceof DocxRefused) throw refuseDocx(error.problem);
    if (error instanceof TemplateSyntax) throw refuseFields(error.tags.map((tag) => ({ problem: 'malformed', tag })));
    throw error;
  }
  return insertTemplate(db, {
    kind: input.kind,
    name: input.name,
    language: input.language,
    fileName: input.fileName.slice(0, 200) || `${input.name}.docx`,
    file: input.bytes,
    fileSize: input.bytes.length,
    fields,
    createdById: user.id,
  });
}

/* ------------------------------------------------------------------------------------------------
 * Generation
 * ---------------------------------------------------------------------------------------------- */

/**
 * A loan's guarantees as letters list them: those in force or to come (a released or lapsed one secures nothing),
 * each kind named in the letter's language, the guarantor as the register names them.
 */
async function guaranteesForLetter(db: Db, loanIds: string[], language: Locale): Promise<LetterGuarantee[]> {
  const found: LetterGuarantee[] = [];
  for (const loanId of loanIds) {
    for (const guarantee of await guaranteesOfLoan(db, loanId)) {
      if (guarantee.state === 'released' || guarantee.state === 'lapsed') continue;
      found.push({
        kind: translate(language, `guarantees.kind.${guarantee.kind}`),
        description: guarantee.property ?? '',
        amountCents: guarantee.amountCents,
        guarantor: guarantee.guarantorName ?? '',
      });
    }
  }
  return found;
}

export interface GenerateDeps {
  db: Db;
  storage: Storage;
}

export async function generateLetter(
  { db, storage }: GenerateDeps,
  companyId: string,
  input: GenerateLetterInput,
  user: UserRow,
): Promise<string> {
  const template = await findTemplate(db, input.templateId);
  if (!template) throw fieldError('template_id', 'letters.errors.templateUnknown');
  const language = template.language;
  const company = await companyFacts(db, companyId, language);
  if (!company) throw notFound();

  const request = input.fundingRequestId ? await requestFacts(db, companyId, input.fundingRequestId, language) : null;
  const loan = input.financialContributionId
    ? await loanFacts(db, companyId, input.financialContributionId, language)
    : null;
  if (input.fundingRequestId && !request) throw fieldError('funding_request_id', 'letters.errors.requestUnknown');
  if (input.financialContributionId && !loan) {
    throw fieldError('financial_contribution_id', 'letters.errors.loanUnknown');
  }
  if (request && !request.decision) {
    throw request.decided
      ? new AppError(409, 'decision_not_approved', 'letters.errors.declined')
      : new AppError(409, 'no_decision', 'letters.errors.noDecision');
  }
  const fundId = loan?.fundId ?? request!.decision!.amounts[0]!.fundId;
  const loanIds = loan
    ? [loan.id]
    : request!.decision!.amounts.flatMap((a) => (a.contributionId ? [a.contributionId] : []));

  const [owners, guarantees, bodyRows, source] = await Promise.all([
    ownersOf(db, companyId),
    guaranteesForLetter(db, loanIds, language),
    db.select().from(letterBody),
    templateFile(db, template.id),
  ]);
  if (!source) throw fieldError('template_id', 'letters.errors.templateUnknown');
  const body = bodyRows[0] ?? { name: '', address: '', phone: '', email: '' };
  const data = letterData(
    { today: todayIso(), body, company, owners, guarantees, request: request ?? null, loan: loan ?? null },
    language,
  );
  const filled = fillDocx(source.file, data);
  if (filled.file.length > MAX_UPLOAD_BYTES) throw tooLarge(language);

  const subjectKey = `${template.id}:${request ? `request:${request.id}` : `loan:${loan!.id}`}`;
  const key = newStorageKey('docx');
  await storage.write(key, filled.file, DOCX_CONTENT_TYPE);
  try {
    return await db.transaction(async (tx) => {
      const version = await nextVersion(tx, subjectKey);
      const [category] = await tx
        .select({ id: documentCategories.id })
        .from(documentCategories)
        .where(eq(documentCategories.key, LETTERS_CATEGORY_KEY));
      if (!category) throw new Error(`document category ${LETTERS_CATEGORY_KEY} missing`);
      const document = await insertDocument(
        tx,
        {
          companyId,
          categoryId: category.id,
          name: letterFileName(template.name, company.name, version).replace(/\.docx$/, ''),
          date: todayIso(),
          fileName: key,
          fileType: DOCX_CONTENT_TYPE,
          fileSize: filled.file.length,
          contentStatus: 'indexed',
          contentText: filled.text,
        },
        user.id,
      );
      return insertLetter(tx, {
        companyId,
        templateId: template.id,
        kind: template.kind,
        templateName: template.name,
        language,
        fundingRequestId: request?.id ?? null,
        contributionId: loan?.id ?? null,
        fundId,
        subjectKey,
        version,
        documentId: document.id,
        generatedById: user.id,
      });
    });
  } catch (error) {
    // Nothing half-written: the file goes with the failed save (the orphan sweep would take it anyway).
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/* ------------------------------------------------------------------------------------------------
 * States
 * ---------------------------------------------------------------------------------------------- */

function refuseMove(state: LetterState): AppError {
  return new AppError(409, 'letter_state', 'letters.errors.transition', undefined, undefined, { state });
}

export async function markLetterSent(db: Db, companyId: string, id: string, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    const letter = await lockLetter(tx, companyId, id);
    if (!letter) throw notFound();
    if (!canMoveLetter(letter.state, 'sent')) throw refuseMove(letter.state);
    await markLetter(tx, id, { to: 'sent', userId: user.id });
  });
}

export async function markLetterSigned(
  db: Db,
  companyId: string,
  id: string,
  documentId: string,
  user: UserRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    const letter = await lockLetter(tx, companyId, id);
    if (!letter) throw notFound();
    if (!canMoveLetter(letter.state, 'signed')) throw refuseMove(letter.state);
    if (!(await companyDocumentExists(tx, companyId, documentId))) {
      throw fieldError('document_id', 'letters.errors.signedCopyUnknown');
    }
    await markLetter(tx, id, { to: 'signed', userId: user.id, signedDocumentId: documentId });
    await resolveOfferTask(tx, id);
  });
}

/* ------------------------------------------------------------------------------------------------
 * Settings
 * ---------------------------------------------------------------------------------------------- */

export async function saveLetterSettings(db: Db, input: LetterSettingsInput, user: UserRow): Promise<void> {
  const known = await fundsExist(
    db,
    input.funds.map((f) => f.fundId),
  );
  const unknown = input.funds.findIndex((f) => !known.has(f.fundId));
  if (unknown >= 0) {
    throw invalid({ [`funds.${unknown}.fund_id`]: [{ key: 'letters.errors.fundUnknown', params: {} }] });
  }
  await db.transaction((tx) => writeSettings(tx, input, user.id));
}

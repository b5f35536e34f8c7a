import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import type { ListSnapshots } from '../platform/lists/list-snapshots';
import { keptKey } from '../platform/lists/kept-reads';
import { companies, documentCategories, documents } from '../db/schema';
import { headline, markedHeadline, textQuery } from '../db/full-text';
import { highlightRanges } from '../../shared/documents';
import { markedText, searchWordsOf } from '../../shared/search';
import type { DocumentSortField, StoredDocumentFileType } from '../../shared/documents';
import type { DocumentFields } from '../../shared/schemas/document';
import type { FieldChange, HistoryValue } from '../../shared/history';
import { recordSystemEvent } from '../platform/history/record';

/**
 * What reads and writes answer: every column but the extracted text and its vector, which may weigh a
 * megabyte and are only ever matched in SQL.
 */
const { contentText: _contentText, searchVector: _searchVector, ...documentColumns } = getTableColumns(documents);
export { documentColumns };

export type DocumentRow = Omit<typeof documents.$inferSelect, 'contentText' | 'searchVector'> & {
  /** Only in an answer to a search: the name, or an excerpt of the content, marked. */
  highlight?: string;
};

/* ------------------------------------------------------------------------------------------------
 * The uploads lock: saving a document and sweeping orphan uploads take turns (ADR 0006).
 * ---------------------------------------------------------------------------------------------- */

/** Arbitrary, distinct from the migration lock (727274). */
const UPLOADS_LOCK = 727275;

/**
 * Runs `work` in a transaction holding the uploads advisory lock: shared for a save (saves run side by
 * side), exclusive for a sweep. A sweep therefore never deletes an object between a save's check that
 * it exists and the commit of the row that references it.
 */
export async function withUploadsLock<T>(
  db: Db,
  mode: 'shared' | 'exclusive',
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      mode === 'shared'
        ? sql`SELECT pg_advisory_xact_lock_shared(${UPLOADS_LOCK})`
        : sql`SELECT pg_advisory_xact_lock(${UPLOADS_LOCK})`,
    );
    return work(tx);
  });
}

/**
 * Which of these storage keys a record points at: a document's file or a company's avatar. Every table
 * that keeps a storage key must be listed here, or the orphan sweep would delete its files.
 */
export async function referencedKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [asDocuments, asAvatars] = await Promise.all([
    db.select({ key: documents.fileName }).from(documents).where(inArray(documents.fileName, keys)),
    db.select({ key: companies.avatarFileName }).from(companies).where(inArray(companies.avatarFileName, keys)),
  ]);
  return new Set([...asDocuments, ...asAvatars].flatMap((row) => (row.key ? [row.key] : [])));
}

/** Every storage key a record points at (same tables as `referencedKeys`): the files a backup holds. */
export async function allReferencedKeys(db: Executor): Promise<string[]> {
  const [asDocuments, asAvatars] = await Promise.all([
    db.select({ key: documents.fileName }).from(documents),
    db.select({ key: companies.avatarFileName }).from(companies).where(isNotNull(companies.avatarFileName)),
  ]);
  return [...new Set([...asDocuments, ...asAvatars].flatMap((row) => (row.key ? [row.key] : [])))].sort();
}

/* ------------------------------------------------------------------------------------------------
 * Reads
 * ---------------------------------------------------------------------------------------------- */

/** Archived companies count: their documents stay readable. */
export async function categoryExists(db: Executor, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(eq(documentCategories.id, categoryId));
  return Boolean(row);
}

export interface DocumentSort {
  field: DocumentSortField;
  direction: 'asc' | 'desc';
}

export interface DocumentListQuery {
  companyId: string;
  /** Words, each of which must appear in the name (accent- and case-insensitively). */
  search: string[];
  /** A category, or a parent and all its children. */
  categoryId: string | undefined;
  sort: DocumentSort[];
  limit: number;
  offset: number;
}

/** LIKE treats these as wildcards: searching "50%" means the characters. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The folded name: the expression of documents_company_name_idx and documents_search_trgm_idx. */
const foldedName = sql`public.f_search_text(${documents.name})`;

const nameHas = (word: string) => sql`${foldedName} LIKE '%' || public.f_search_text(${escapeLike(word)}) || '%'`;

function orderOf(sort: DocumentSort[]): SQL[] {
  const order: SQL[] = [];
  for (const term of sort) {
    const dir = term.direction === 'desc' ? desc : asc;
    switch (term.field) {
      case 'name':
        // "Ecole" and "École" fold alike; the raw name then keeps their order stable.
        order.push(dir(foldedName), dir(documents.name));
        break;
      case 'date':
        // Same day: the latest upload first (in a descending sort).
        order.push(dir(documents.date), dir(documents.insertedAt));
        break;
      case 'insertedAt':
        order.push(dir(documents.insertedAt));
        break;
    }
  }
  // A total order, so that pages neither repeat nor skip rows.
  order.push(sort[0]?.direction === 'desc' ? desc(documents.id) : asc(documents.id));
  return order;
}

export async function listDocuments(
  db: Db,
  snapshots: ListSnapshots,
  query: DocumentListQuery,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const conditions: SQL[] = [eq(documents.companyId, query.companyId)];
  // Each word in the name (as typed: a part of a word is enough), or all of them in the name or the
  // content by full-text search (whole words, stemmed: "financement" finds "financements").
  const nameMatch = query.search.length > 0 ? and(...query.search.map(nameHas)) : undefined;
  const textWords = searchWordsOf(query.search.join(' '));
  if (nameMatch) {
    conditions.push(
      textWords.length > 0 ? or(nameMatch, sql`${documents.searchVector} @@ ${textQuery(textWords)}`)! : nameMatch,
    );
  }
  if (query.categoryId) {
    conditions.push(
      or(
        eq(documents.categoryId, query.categoryId),
        inArray(
          documents.categoryId,
          db
            .select({ id: documentCategories.id })
            .from(documentCategories)
            .where(eq(documentCategories.parentId, query.categoryId)),
        ),
      )!,
    );
  }
  const where = and(...conditions);
  // The total is counted once between two writes (ADR 0012).
  const key = keptKey('documents', query.companyId, query.categoryId ?? null, query.search);
  const { total } = await snapshots.get(key, async () => {
    const [counted] = await db.select({ n: count() }).from(documents).where(where);
    return { total: counted?.n ?? 0, anchors: [], step: 0 };
  });
  if (query.offset >= total) return { rows: [], total };
  if (!nameMatch) {
    const rows = await db
      .select(documentColumns)
      .from(documents)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.limit)
      .offset(query.offset);
    return { rows, total };
  }
  // An excerpt of the content only for a row whose name does not hold the words, and only for this page.
  const found = await db
    .select({
      ...documentColumns,
      nameMatched: sql<boolean>`coalesce(${nameMatch}, false)`,
      excerpt:
        textWords.length > 0
          ? sql<
              string | null
            >`CASE WHEN ${documents.contentText} IS NOT NULL AND NOT coalesce(${nameMatch}, false) THEN ${headline(documents.contentText, textWords)} END`
          : sql<null>`NULL`,
    })
    .from(documents)
    .where(where)
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset(query.offset);
  const rows = found.map(({ nameMatched, excerpt, ...row }) => ({
    ...row,
    highlight:
      !nameMatched && excerpt
        ? markedHeadline(excerpt)
        : markedText(row.name, highlightRanges(row.name, query.search.join(' '))),
  }));
  return { rows, total };
}

/** A document through its company's path: another company's document is not found. */
export async function findDocument(db: Executor, companyId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.companyId, companyId)));
  return row;
}

/* ------------------------------------------------------------------------------------------------
 * Writes
 * ---------------------------------------------------------------------------------------------- */

export interface NewDocument extends DocumentFields {
  companyId: string;
  /**
   * `pending` for a PDF (its text is extracted in the background), `no_text` for a JPEG, `indexed` for a letter
   * Atrium wrote (its text is known: `contentText`).
   */
  contentStatus: 'pending' | 'no_text' | 'indexed';
  contentText?: string;
  fileName: string;
  fileType: StoredDocumentFileType;
  fileSize: number;
}

/**
 * Saves a new document and records "document added" in its company's history, by `authorId`: call it in the
 * save's transaction, so the history says "added" exactly when the document exists.
 */
export async function insertDocument(tx: Executor, values: NewDocument, authorId: string): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning(documentColumns);
  await recordSystemEvent(tx, {
    companyId: row!.companyId,
    code: 'documentAdded',
    params: { name: row!.name },
    authorId,
  });
  return row!;
}

/**
 * Only the fields of docs/SPEC.md §4 "an edit does not re-upload": the file columns are never written again. A
 * rename or a change of category is recorded in the company's history (ADR 0025) by `authorId`, in the
 * same transaction, with the names before and after (a category in both languages).
 */
export async function updateDocument(
  db: Db,
  companyId: string,
  id: string,
  fields: DocumentFields,
  authorId: string,
): Promise<DocumentRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: documents.name, categoryId: documents.categoryId })
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.companyId, companyId)))
      .for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(documents)
      .set({ name: fields.name, date: fields.date, categoryId: fields.categoryId, updatedAt: sql`now()` })
      .where(and(eq(documents.id, id), eq(documents.companyId, companyId)))
      .returning(documentColumns);
    const changes: FieldChange[] = [];
    if (before.name !== fields.name) {
      changes.push({
        field: 'history.document.name',
        before: { kind: 'text', value: before.name },
        after: { kind: 'text', value: fields.name },
      });
    }
    if (before.categoryId !== fields.categoryId) {
      const categories = await tx
        .select({ id: documentCategories.id, fr: documentCategories.nameFr, en: documentCategories.nameEn })
        .from(documentCategories)
        .where(inArray(documentCategories.id, [before.categoryId, fields.categoryId]));
      const nameOf = (categoryId: string): HistoryValue | null => {
        const found = categories.find((c) => c.id === categoryId);
        return found ? { kind: 'name', value: { fr: found.fr, en: found.en } } : null;
      };
      changes.push({
        field: 'history.document.category',
        before: nameOf(before.categoryId),
        after: nameOf(fields.categoryId),
      });
    }
    if (changes.length > 0) {
      await recordSystemEvent(tx, {
        companyId,
        code: 'documentChanged',
        params: { name: fields.name, changes },
        authorId,
      });
    }
    return row;
  });
}

/** Deletes a document's row and records "document deleted" by `authorId`, in one transaction. */
export async function deleteDocument(
  db: Db,
  companyId: string,
  id: string,
  authorId: string,
): Promise<DocumentRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.companyId, companyId)))
      .returning(documentColumns);
    if (row) await recordSystemEvent(tx, { companyId, code: 'documentDeleted', params: { name: row.name }, authorId });
    return row;
  });
}

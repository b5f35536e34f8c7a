import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  activityAreas,
  contributionFunds,
  documentCategories,
  legalForms,
  municipalities,
  statuses,
  warranties,
} from '../db/schema';
import type { Locale } from '../../shared/constants';
import type { CompanyStatus, DocumentCategory, Lookup, Municipality } from '../../shared/companies';

type NamedTable = typeof legalForms | typeof contributionFunds | typeof activityAreas | typeof warranties;

/** Accent- and case-insensitive order ("Île" between "Ibis" and "Jardin"), the same in every collation. */
const byName = (name: unknown) => sql`f_search_text(${name})`;

/** The four lookups that are only an id and a name. */
export async function listNamed(db: Db, table: NamedTable, locale: Locale): Promise<Lookup[]> {
  // The four tables have the same columns; drizzle needs one of their types to build the query.
  const t = table as typeof legalForms;
  const name = locale === 'en' ? t.nameEn : t.nameFr;
  return db.select({ id: t.id, name }).from(t).orderBy(byName(name), asc(t.id));
}

export const listLegalForms = (db: Db, locale: Locale) => listNamed(db, legalForms, locale);
export const listContributionFunds = (db: Db, locale: Locale) => listNamed(db, contributionFunds, locale);
export const listActivityAreas = (db: Db, locale: Locale) => listNamed(db, activityAreas, locale);
export const listWarranties = (db: Db, locale: Locale) => listNamed(db, warranties, locale);

export async function listMunicipalities(db: Db, locale: Locale): Promise<Municipality[]> {
  const name = locale === 'en' ? municipalities.nameEn : municipalities.nameFr;
  return db
    .select({ id: municipalities.id, name, defaultZipCode: municipalities.defaultZipCode })
    .from(municipalities)
    .orderBy(byName(name), asc(municipalities.id));
}

export async function listStatuses(db: Db, locale: Locale): Promise<CompanyStatus[]> {
  const name = locale === 'en' ? statuses.nameEn : statuses.nameFr;
  return db
    .select({ id: statuses.id, name, color: statuses.color })
    .from(statuses)
    .orderBy(byName(name), asc(statuses.id));
}

/** Top-level categories, each with its children, both levels by name. */
export async function listDocumentCategories(db: Db, locale: Locale): Promise<DocumentCategory[]> {
  const t = documentCategories;
  const name = locale === 'en' ? t.nameEn : t.nameFr;
  const rows = await db.select({ id: t.id, name, parentId: t.parentId }).from(t).orderBy(byName(name), asc(t.id));
  const tops: DocumentCategory[] = rows.filter((r) => !r.parentId).map((r) => ({ ...r, parentId: null, children: [] }));
  const byId = new Map(tops.map((top) => [top.id, top]));
  for (const row of rows) {
    if (row.parentId) byId.get(row.parentId)?.children.push({ ...row, children: [] });
  }
  return tops;
}

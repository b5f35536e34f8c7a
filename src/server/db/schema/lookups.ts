import { type AnyPgColumn, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { uuidKey } from './columns';

/*
 * Reference data (docs/SPEC.md §3 lookups). Seeded from code on every start (lookups/seed.ts): rows are matched on
 * `key`, a stable slug, so their uuids survive restarts and renamed labels. Names exist in both
 * interface languages; the API answers the one the request asks for.
 */
const lookupColumns = () => ({
  ...uuidKey,
  key: text('key').notNull().unique(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
});

export const municipalities = pgTable('municipalities', {
  ...lookupColumns(),
  /** Filled into an empty zip code when the form's municipality changes (docs/SPEC.md §2). */
  defaultZipCode: text('default_zip_code').notNull(),
});

export const legalForms = pgTable('legal_forms', lookupColumns());
export const contributionFunds = pgTable('contribution_funds', lookupColumns());
export const activityAreas = pgTable('activity_areas', lookupColumns());
export const warranties = pgTable('warranties', lookupColumns());

export const statuses = pgTable('statuses', {
  ...lookupColumns(),
  /** A Mantine colour name or a #rrggbb hex, used as is by the status label. */
  color: text('color').notNull(),
});

/** Two levels only (docs/SPEC.md §3 documentCategory): a child's parent is always top-level. */
export const documentCategories = pgTable(
  'document_categories',
  {
    ...lookupColumns(),
    parentId: uuid('parent_id').references((): AnyPgColumn => documentCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [index('document_categories_parent_idx').on(t.parentId)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GUARANTEE_KINDS, GUARANTEE_REGISTRIES, GUARANTEE_STATES } from '../../../shared/guarantees/types';
import { cents, oneOf, timestamps, uuidKey } from './columns';
import { companies, financialContributions, owners } from './companies';
import { documents } from './documents';
import { userRef } from './users';

/*
 * The guarantees register (sûretés, docs/decisions/0072): what secures each loan — a personal guarantee, a
 * hypothec published at the RDPRM or the land registry, an assignment of receivables… — with its guarantor, what
 * it secures, its registration and the dates that keep it valid. Migration `guarantees` turned each loan's single
 * "warranty" value into one draft guarantee marked to complete.
 */
export const guarantees = pgTable(
  'guarantees',
  {
    ...uuidKey,
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contributionId: uuid('contribution_id')
      .notNull()
      .references(() => financialContributions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GUARANTEE_KINDS }).notNull(),
    /** One of the company's owners; the name and address below are kept too, so an owner removed leaves them. */
    guarantorOwnerId: uuid('guarantor_owner_id').references(() => owners.id, { onDelete: 'set null' }),
    guarantorName: text('guarantor_name'),
    guarantorAddress: text('guarantor_address'),
    /** What it secures: an amount, or a share of the loan (percent), or neither yet (a draft). */
    amountCents: cents('amount_cents'),
    sharePercent: numeric('share_percent', { precision: 5, scale: 2, mode: 'number' }),
    rank: smallint('rank'),
    property: text('property'),
    registry: text('registry', { enum: GUARANTEE_REGISTRIES }).notNull().default('none'),
    registrationNumber: text('registration_number'),
    signedOn: date('signed_on', { mode: 'string' }),
    registeredOn: date('registered_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    deedDocumentId: uuid('deed_document_id').references(() => documents.id, { onDelete: 'set null' }),
    state: text('state', { enum: GUARANTEE_STATES }).notNull().default('draft'),
    /** "À compléter": entered from a loan's former warranty value, or marked so by a user. */
    toComplete: boolean('to_complete').notNull().default(false),
    releasedOn: date('released_on', { mode: 'string' }),
    releaseReason: text('release_reason'),
    assetSoldOn: date('asset_sold_on', { mode: 'string' }),
    assetSoldNote: text('asset_sold_note'),
    lockVersion: integer('lock_version').notNull().default(0),
    createdById: userRef('created_by_id'),
    ...timestamps,
  },
  (t) => [
    index('guarantees_contribution_idx').on(t.contributionId),
    index('guarantees_company_idx').on(t.companyId),
    index('guarantees_state_idx').on(t.state),
    // A registration number names one publication in its registry.
    uniqueIndex('guarantees_registration_idx')
      .on(t.registry, t.registrationNumber)
      .where(sql`${t.registrationNumber} is not null and ${t.registry} <> 'none'`),
    oneOf('guarantees_kind_check', t.kind, GUARANTEE_KINDS),
    oneOf('guarantees_registry_check', t.registry, GUARANTEE_REGISTRIES),
    oneOf('guarantees_state_check', t.state, GUARANTEE_STATES),
    check('guarantees_amount_check', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check(
      'guarantees_share_check',
      sql`${t.sharePercent} is null or (${t.sharePercent} >= 0 and ${t.sharePercent} <= 100)`,
    ),
    check(
      'guarantees_release_check',
      sql`${t.state} <> 'released' or (${t.releasedOn} is not null and ${t.releaseReason} is not null)`,
    ),
  ],
);

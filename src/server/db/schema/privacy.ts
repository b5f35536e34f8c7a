import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DESTRUCTION_KINDS, PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATES } from '../../../shared/privacy/rules';
import { at, insertedStamp, oneOf, timestamps, uuidKey } from './columns';
import { companies } from './companies';
import { documentCategories } from './lookups';
import { userRef } from './users';

/*
 * The protection of personal information (Law 25, docs/decisions/0075): the person in charge, the register of
 * confidentiality incidents and its corrections, the retention schedule, the destruction log and the access and
 * rectification requests.
 */

/** The person in charge of the protection of personal information: one row (id 1), public. */
export const privacyOfficer = pgTable(
  'privacy_officer',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    title: text('title').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Their account, when they have one: the requests' tasks go to it. */
    userId: userRef('user_id'),
    updatedById: userRef('updated_by_id'),
    ...timestamps,
  },
  (t) => [check('privacy_officer_one_row_check', sql`${t.id} = 1`)],
);

/** Feeds the incidents' readable numbers; never reused. */
export const privacyIncidentNumberSeq = pgSequence('privacy_incident_number_seq', { startWith: 1 });

/**
 * The register of confidentiality incidents, with the fields the regulation names. Corrected, never deleted
 * (no route deletes, and the foreign key of its corrections restricts a hard delete).
 */
export const privacyIncidents = pgTable(
  'privacy_incidents',
  {
    ...uuidKey,
    number: text('number')
      .notNull()
      .unique()
      .default(
        sql`('I-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('privacy_incident_number_seq')::text, 4, '0'))`,
      ),
    personalInformation: text('personal_information').notNull(),
    circumstances: text('circumstances').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    occurredUntil: date('occurred_until', { mode: 'string' }),
    discoveredOn: date('discovered_on', { mode: 'string' }).notNull(),
    peopleCount: integer('people_count'),
    seriousHarmRisk: boolean('serious_harm_risk').notNull(),
    riskAssessment: text('risk_assessment').notNull(),
    commissionNotifiedOn: date('commission_notified_on', { mode: 'string' }),
    peopleNotifiedOn: date('people_notified_on', { mode: 'string' }),
    measures: text('measures'),
    recordedById: userRef('recorded_by_id'),
    ...timestamps,
  },
  (t) => [
    index('privacy_incidents_discovered_idx').on(t.discoveredOn),
    check(
      'privacy_incidents_notified_check',
      sql`(${t.commissionNotifiedOn} is null or ${t.commissionNotifiedOn} >= ${t.discoveredOn}) and (${t.peopleNotifiedOn} is null or ${t.peopleNotifiedOn} >= ${t.discoveredOn})`,
    ),
  ],
);

/** Every correction of an incident: each field's value before and after. Append-only. */
export const privacyIncidentChanges = pgTable(
  'privacy_incident_changes',
  {
    ...uuidKey,
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => privacyIncidents.id, { onDelete: 'restrict' }),
    authorId: userRef('author_id'),
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>().notNull(),
    ...insertedStamp,
  },
  (t) => [index('privacy_incident_changes_incident_idx').on(t.incidentId, t.insertedAt)],
);

/** The retention schedule: a period per document category, and one (no category) for closed files. */
export const privacyRetentionRules = pgTable(
  'privacy_retention_rules',
  {
    ...uuidKey,
    categoryId: uuid('category_id').references(() => documentCategories.id, { onDelete: 'cascade' }),
    years: integer('years').notNull(),
    months: integer('months').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('privacy_retention_rules_category_idx').on(
      sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    check(
      'privacy_retention_rules_period_check',
      sql`${t.years} >= 0 and ${t.months} >= 0 and ${t.months} < 12 and ${t.years} * 12 + ${t.months} > 0`,
    ),
  ],
);

/** The destruction log: what kind of thing, whose file (by reference number), counts and categories — never contents. */
export const privacyDestructions = pgTable(
  'privacy_destructions',
  {
    ...uuidKey,
    kind: text('kind', { enum: DESTRUCTION_KINDS }).notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    referenceNumber: text('reference_number').notNull(),
    destroyedById: userRef('destroyed_by_id'),
    destroyedAt: at('destroyed_at').notNull().defaultNow(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    categories: jsonb('categories').$type<string[]>().notNull(),
  },
  (t) => [
    index('privacy_destructions_at_idx').on(t.destroyedAt.desc()),
    index('privacy_destructions_company_idx').on(t.companyId),
    oneOf('privacy_destructions_kind_check', t.kind, DESTRUCTION_KINDS),
  ],
);

/** Access and rectification requests: answered within 30 days of receipt. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    ...uuidKey,
    requesterName: text('requester_name').notNull(),
    kind: text('kind', { enum: PRIVACY_REQUEST_KINDS }).notNull(),
    details: text('details').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    state: text('state', { enum: PRIVACY_REQUEST_STATES }).notNull().default('open'),
    answer: text('answer'),
    answeredOn: date('answered_on', { mode: 'string' }),
    createdById: userRef('created_by_id'),
    ...timestamps,
  },
  (t) => [
    index('privacy_requests_received_idx').on(t.receivedOn.desc()),
    oneOf('privacy_requests_kind_check', t.kind, PRIVACY_REQUEST_KINDS),
    oneOf('privacy_requests_state_check', t.state, PRIVACY_REQUEST_STATES),
  ],
);

/*
 * The database schema, one file per part (db/schema/*.ts), gathered here for drizzle (its queries and
 * drizzle-kit's migrations read this module).
 */
/* Staff accounts and their one-time tokens: db/schema/users.ts. */
export * from './schema/users';

/* Reference data (docs/SPEC.md §3 lookups): db/schema/lookups.ts. */
export * from './schema/lookups';

/* Client companies and the parts of their file: db/schema/companies.ts. */
export * from './schema/companies';

/* Documents of a company: in their own file (db/schema/documents.ts), one per feature. */
export * from './schema/documents';

/* The event history of a company: db/schema/events.ts. */
export * from './schema/events';

/* Sessions and abuse-limit counters: db/schema/identity.ts. */
export * from './schema/identity';
/* Backups of the database and files: db/schema/backups.ts. */
export * from './schema/backups';

/* Periodic background tasks claimed once across processes: db/schema/periodic-runs.ts. */
export * from './schema/periodic-runs';

/* Second factors, pending sign-ins, the security setting and the account history: db/schema/two-factor.ts. */
export * from './schema/two-factor';

/* Upload URLs handed out and not yet attached to a record: db/schema/uploads.ts. */
export * from './schema/uploads';

/* Loan servicing: money out and in, amendments, write-offs and each loan's figures: db/schema/servicing.ts. */
export * from './schema/servicing';

/* The portfolio's settings: aging buckets and funds' capital: db/schema/portfolio.ts. */
export * from './schema/portfolio';

/* Funding requests, checklists, the investment committee and its decisions: db/schema/pipeline.ts. */
export * from './schema/pipeline';
/* Tasks, reminders and the employee count's history: db/schema/tasks.ts. */
export * from './schema/tasks';

/* Month-end: charts of accounts, journal exports, accruals and closed periods: db/schema/accounting.ts. */
export * from './schema/accounting';
/* Company contacts and the notices to borrowers by mail: db/schema/notices.ts. */
export * from './schema/notices';
/* The guarantees register (sûretés) of each loan: db/schema/guarantees.ts. */
export * from './schema/guarantees';
/* Two-person approval: funds' policies and controlled moves: db/schema/controls.ts. */
export * from './schema/controls';
/* Letters from the body's own Word models, their settings: db/schema/letters.ts. */
export * from './schema/letters';
/* The protection of personal information (Law 25): db/schema/privacy.ts. */
export * from './schema/privacy';

import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, timestamp, type UpdateDeleteAction, uuid } from 'drizzle-orm/pg-core';

/*
 * Column kinds the tables share, written once so that every table declares them alike (and the generated SQL,
 * which drizzle-kit compares with the committed snapshots, stays what it was).
 */

/** An instant: always with its time zone, so that every process reads the same moment. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** The generated uuid key most tables are found by. */
export const uuidKey = { id: uuid('id').primaryKey().defaultRandom() };

/** When a row was written: all an append-only record (a move, a vote, a code) carries. */
export const insertedStamp = { insertedAt: at('inserted_at').notNull().defaultNow() };

/** When a row last changed. */
export const updatedStamp = { updatedAt: at('updated_at').notNull().defaultNow() };

/** The creation and last-change instants every record of the office carries. */
export const timestamps = { ...insertedStamp, ...updatedStamp };

/** Money: integer cents, as the computations (src/shared/servicing) count it. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/** A row this one cannot exist without, and what deleting that row does to this one. */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/** A reference that becomes null when its row is deleted: the user who wrote or changed something. */
export const optionalRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).references(target, { onDelete: 'set null' });

/**
 * A text column held to a closed list that src/shared declares: the database refuses any other value, so
 * that no writer can store a state the rules do not know.
 */
export const oneOf = (name: string, column: AnyPgColumn | SQL, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';

type Executor = Pick<Db, 'execute'>;

/**
 * A logical copy of the application's tables, the same on PGlite and PostgreSQL (docs/decisions/0024):
 * each table's rows as JSON lines exactly as PostgreSQL writes them (`row_to_json`, never parsed here, so
 * no number loses a digit), and the sequences' positions. Read inside one REPEATABLE READ transaction it
 * is one moment of the database; loaded with `json_populate_recordset`, PostgreSQL itself turns each
 * value back into its column's type.
 */
export interface TableDump {
  name: string;
  /** One JSON object per row. */
  lines: string[];
}

export interface SequenceDump {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/**
 * The backups' own list says where this installation keeps its archives: it is not part of one, nor are the
 * processes running and the folder each keeps them in (ADR 0064). Pending uploads name files no row refers to,
 * which an archive does not hold (ADR 0034 §7).
 */
export const TABLES_NOT_BACKED_UP = ['backups', 'backup_folders', 'pending_uploads'];

const quoted = (name: string) => sql.raw(`public."${name.replace(/"/g, '""')}"`);

export async function listTables(db: Executor): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name).filter((name) => !TABLES_NOT_BACKED_UP.includes(name));
}

async function listSequences(db: Executor): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Call inside a REPEATABLE READ transaction: every table is then read at the same moment. */
export async function dumpTables(db: Executor): Promise<{ tables: TableDump[]; sequences: SequenceDump[] }> {
  const tables: TableDump[] = [];
  for (const name of await listTables(db)) {
    const rows = await selectRows<{ line: string }>(
      db,
      sql`SELECT row_to_json(t)::text AS line FROM ${quoted(name)} t`,
    );
    tables.push({ name, lines: rows.map((r) => r.line) });
  }
  const sequences: SequenceDump[] = [];
  for (const name of await listSequences(db)) {
    const [row] = await selectRows<{ lastValue: string; isCalled: boolean }>(
      db,
      sql`SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoted(name)}`,
    );
    if (row) sequences.push({ name, lastValue: row.lastValue, isCalled: row.isCalled });
  }
  return { tables, sequences };
}

/** The newest migration applied to this database (drizzle keeps its journal time as `created_at`). */
export async function schemaVersion(db: Executor): Promise<number> {
  const [row] = await selectRows<{ version: string | null }>(
    db,
    sql`SELECT max(created_at)::text AS version FROM drizzle.__drizzle_migrations`,
  );
  return Number(row?.version ?? 0);
}

interface ForeignKey {
  child: string;
  parent: string;
  /** The child's column, when the key has exactly one (enough for the self-references we order by). */
  column: string | null;
  parentColumn: string | null;
}

async function foreignKeys(db: Executor): Promise<ForeignKey[]> {
  return selectRows<ForeignKey>(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent,
          CASE WHEN array_length(con.conkey, 1) = 1 THEN (SELECT attname FROM pg_attribute
            WHERE attrelid = con.conrelid AND attnum = con.conkey[1]) END AS "column",
          CASE WHEN array_length(con.confkey, 1) = 1 THEN (SELECT attname FROM pg_attribute
            WHERE attrelid = con.confrelid AND attnum = con.confkey[1]) END AS "parentColumn"
        FROM pg_constraint con
        JOIN pg_class child ON child.oid = con.conrelid
        JOIN pg_class parent ON parent.oid = con.confrelid
        JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE con.contype = 'f' AND n.nspname = 'public'`,
  );
}

/** Tables in an order where each comes after the tables it refers to. */
function insertOrder(names: string[], keys: ForeignKey[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const key of keys) if (key.child === name && key.parent !== name) visit(key.parent, path);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

/** Rows of a self-referencing table, each after the row it points at. */
function parentsFirst(lines: string[], column: string, parentColumn: string): string[] {
  const rows = lines.map((line) => ({ line, value: JSON.parse(line) as Record<string, unknown> }));
  const present = new Set<unknown>();
  const ordered: string[] = [];
  let remaining = rows;
  while (remaining.length > 0) {
    const ready = remaining.filter((r) => r.value[column] === null || present.has(r.value[column]));
    // A cycle cannot be ordered: insert the rest as they are and let the constraint say so.
    const batch = ready.length > 0 ? ready : remaining;
    for (const r of batch) {
      present.add(r.value[parentColumn]);
      ordered.push(r.line);
    }
    remaining = remaining.filter((r) => !batch.includes(r));
  }
  return ordered;
}

const INSERT_BATCH = 500;

/**
 * Loads a dump into a database with the same schema whose tables are empty. Call it in one
 * transaction: a load that fails half-way then leaves nothing.
 */
export async function loadTables(
  db: Executor,
  dump: { tables: TableDump[]; sequences: SequenceDump[] },
): Promise<void> {
  const byName = new Map(dump.tables.map((t) => [t.name, t]));
  const existing = await listTables(db);
  const unknown = dump.tables.map((t) => t.name).filter((name) => !existing.includes(name));
  if (unknown.length > 0) throw new Error(`tables missing from the target database: ${unknown.join(', ')}`);
  const keys = await foreignKeys(db);
  for (const name of insertOrder(existing, keys)) {
    const table = byName.get(name);
    if (!table || table.lines.length === 0) continue;
    const columns = await selectRows<{ name: string }>(
      db,
      sql`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${`public."${name}"`}::regclass
          AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    );
    const list = sql.raw(columns.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', '));
    const self = keys.find((k) => k.child === name && k.parent === name && k.column && k.parentColumn);
    const lines = self ? parentsFirst(table.lines, self.column!, self.parentColumn!) : table.lines;
    // The target was empty: rows found here now were made by triggers of the tables loaded before (a loan's
    // stale row of figures, docs/decisions/0036). The archive's rows are those of the moment it was taken.
    await db.execute(sql`DELETE FROM ${quoted(name)}`);
    for (let start = 0; start < lines.length; start += INSERT_BATCH) {
      const batch = `[${lines.slice(start, start + INSERT_BATCH).join(',')}]`;
      await db.execute(
        sql`INSERT INTO ${quoted(name)} (${list}) OVERRIDING SYSTEM VALUE
            SELECT ${list} FROM json_populate_recordset(NULL::${quoted(name)}, ${batch}::json)`,
      );
    }
  }
  for (const sequence of dump.sequences) {
    await db.execute(
      sql`SELECT setval(${`public."${sequence.name}"`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
    );
  }
}

/** Names of the application tables that hold at least one row: a restore only goes into an empty database. */
export async function nonEmptyTables(db: Executor): Promise<string[]> {
  const found: string[] = [];
  for (const name of await listTables(db)) {
    const [row] = await selectRows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${quoted(name)}) AS any`);
    if (row?.any) found.push(name);
  }
  return found;
}

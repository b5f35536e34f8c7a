import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrate.js';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const entries = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }
).entries;

/*
 * Branches add migrations in parallel, and drizzle applies only those dated after the last one a database
 * recorded (backups name the schema by that date too): a migration merged with an older date is skipped silently
 * on every installation already past it.
 */
describe('the migrations journal', () => {
  it('numbers its migrations in order (0008 and 0009 were folded into 0007 before they landed)', () => {
    const numbers = entries.map((entry) => Number(entry.tag.slice(0, 4)));
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, position) => position));
    expect(numbers.filter((number, position) => position > 0 && number <= numbers[position - 1]!)).toEqual([]);
  });

  it('dates each migration after the one before it', () => {
    const late = entries.filter((entry, position) => position > 0 && entry.when <= entries[position - 1]!.when);
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it('lists every SQL file of the folder, and only those', () => {
    const files = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'));
    expect(files.sort()).toEqual(entries.map((entry) => `${entry.tag}.sql`).sort());
  });
});

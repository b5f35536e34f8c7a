import { describe, expect, it } from 'vitest';
import { orderJournal } from './journal-order';

const entry = (idx: number, when: number) => ({ idx, when, tag: `${String(idx).padStart(4, '0')}_m${idx}` });

describe('npm run db:generate orders the journal', () => {
  it('moves a new migration stamped before the last one just after it', () => {
    const { journal, moved } = orderJournal({
      version: '7',
      entries: [entry(0, 5_000), entry(1, 9_000), entry(2, 7_000)],
    });
    expect(journal.entries.map((e) => e.when)).toEqual([5_000, 9_000, 10_000]);
    expect(moved).toEqual(['0002_m2']);
    expect(journal.version).toBe('7');
  });

  it('keeps the dates of entries already in order, so installed databases still match them', () => {
    const entries = [entry(0, 5_000), entry(1, 9_000), entry(2, 12_000)];
    const { journal, moved } = orderJournal({ entries });
    expect(journal.entries).toEqual(entries);
    expect(moved).toEqual([]);
  });

  it('moves every entry of a run that sorts early, each after the one before', () => {
    const { journal } = orderJournal({ entries: [entry(0, 9_000), entry(1, 1_000), entry(2, 9_000)] });
    expect(journal.entries.map((e) => e.when)).toEqual([9_000, 10_000, 11_000]);
  });
});

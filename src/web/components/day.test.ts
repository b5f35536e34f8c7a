import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './day';

const TODAY = new Date(2026, 10, 23);

describe('parseDay', () => {
  it('reads the ISO form and eight digits in both languages', () => {
    for (const locale of ['fr', 'en'] as const) {
      expect(parseDay('2026-11-23', locale, TODAY)).toBe('2026-11-23');
      expect(parseDay(' 2026/1/5 ', locale, TODAY)).toBe('2026-01-05');
      expect(parseDay('20261123', locale, TODAY)).toBe('2026-11-23');
    }
  });

  it('reads numbers day first in French, month first in English unless the first cannot be a month', () => {
    expect(parseDay('23/11/2026', 'fr', TODAY)).toBe('2026-11-23');
    expect(parseDay('5/11/2026', 'fr', TODAY)).toBe('2026-11-05');
    expect(parseDay('11/5/2026', 'en', TODAY)).toBe('2026-11-05');
    expect(parseDay('23/11/2026', 'en', TODAY)).toBe('2026-11-23');
    expect(parseDay('23.11.26', 'fr', TODAY)).toBe('2026-11-23');
  });

  it('fills this year when only the day and month are typed', () => {
    expect(parseDay('23/11', 'fr', TODAY)).toBe('2026-11-23');
    expect(parseDay('14 mars', 'fr', TODAY)).toBe('2026-03-14');
    expect(parseDay('Mar 14', 'en', TODAY)).toBe('2026-03-14');
  });

  it('reads back the long form it shows, in either language, accents optional', () => {
    expect(parseDay(formatDay('2025-03-14', 'fr'), 'fr', TODAY)).toBe('2025-03-14');
    expect(parseDay(formatDay('2025-03-14', 'en'), 'en', TODAY)).toBe('2025-03-14');
    expect(parseDay('1er fevrier 2025', 'fr', TODAY)).toBe('2025-02-01');
    expect(parseDay('23 déc. 2026', 'fr', TODAY)).toBe('2026-12-23');
    expect(parseDay('December 23, 2026', 'fr', TODAY)).toBe('2026-12-23');
  });

  it('refuses what is no day', () => {
    for (const text of ['', 'demain', '31/02/2026', '2026-13-01', '32/01/2026', 'ju 3 2026', '1/2/3/4']) {
      expect(parseDay(text, 'fr', TODAY)).toBeNull();
    }
  });
});

describe('formatDay', () => {
  it('shows the day in the app language', () => {
    expect(formatDay('2026-11-23', 'fr')).toBe('23 novembre 2026');
    expect(formatDay('2026-11-23', 'en')).toBe('November 23, 2026');
  });
});

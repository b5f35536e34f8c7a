import { describe, expect, it } from 'vitest';
import { dateFormat, formatDay, formatInstant, formatPercentValue } from './intl';
import { formatDay as formatShortDay } from './portfolio/ratios';

/* The app's one way of writing dates and percentages in each language. */

describe('dates', () => {
  it('writes the first of a month as "1er" in French, and only the first', () => {
    expect(formatDay('2026-03-01', 'fr')).toBe('1er mars 2026');
    expect(formatDay('2026-03-11', 'fr')).toBe('11 mars 2026');
    expect(formatDay('2026-03-21', 'fr')).toBe('21 mars 2026');
    expect(formatShortDay('2026-07-01', 'fr')).toBe('1er juill. 2026');
    expect(formatInstant('2026-07-01T16:00:00', 'fr')).toMatch(/^1er juillet 2026 à 16 h 00$/);
  });

  it('leaves English and dates in figures as Intl writes them', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('March 1, 2026');
    expect(dateFormat('fr', { dateStyle: 'short', timeZone: 'UTC' }).format(new Date('2026-03-01T00:00:00Z'))).toBe(
      '2026-03-01',
    );
  });
});

describe('percentages', () => {
  it('puts a no-break space before % in French and none in English', () => {
    expect(formatPercentValue(50, 'fr')).toBe('50\u00a0%');
    expect(formatPercentValue(50, 'en')).toBe('50%');
    expect(formatPercentValue(6.125, 'fr')).toBe('6,125\u00a0%');
    expect(formatPercentValue(6.125, 'en', 2)).toBe('6.13%');
  });
});

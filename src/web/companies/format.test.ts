import { describe, expect, it } from 'vitest';
import { companySchema, emptyCompany } from '../../shared/schemas/company';
import {
  currencySign,
  foldText,
  formatDayMonth,
  formatMoney,
  formatNumberInput,
  formatPhone,
  formatZipCode,
  normalizeNumberText,
  reformatNumberText,
} from './format';

/** Intl writes no-break spaces; the assertions read better with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['418', '418'],
    ['4185', '418-5'],
    ['418555', '418-555'],
    ['4185550199', '418-555-0199'],
    ['418-555-0199', '418-555-0199'],
    ['(418) 555.0199', '418-555-0199'],
    ['418-', '418'],
    // Too long stays visible so the schema's "10 digits" message makes sense.
    ['41855501999', '418-555-01999'],
    // Letters are not swallowed: the schema says "Must be a number".
    ['418-abc', '418-abc'],
  ])('%j → %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
});

describe('money and numbers in the user locale', () => {
  it('reads amounts as the issue shows them', () => {
    expect(plain(formatMoney(1234.56, 'fr'))).toBe('1 234,56 $');
    expect(formatMoney(1234.56, 'en')).toBe('$1,234.56');
  });

  it.each([
    ['1234,5', 'fr', '1 234,50'],
    ['1234.5', 'fr', '1 234,50'],
    ['1 234,56', 'fr', '1 234,56'],
    ['1234,5', 'en', '1,234.50'],
    ['1234.56', 'en', '1,234.56'],
    ['-1500', 'en', '-1,500.00'],
    ['', 'en', ''],
    // Not valid money: left as typed so the message shows instead of a silent rounding.
    ['12.345', 'fr', '12.345'],
    ['abc', 'fr', 'abc'],
  ] as const)('money %j in %s → %j', (typed, locale, shown) => {
    expect(plain(reformatNumberText(typed, 'money', locale))).toBe(shown);
  });

  it('writes decimals with the locale separator and whole numbers as digits', () => {
    expect(reformatNumberText('12.5', 'decimal', 'fr')).toBe('12,5');
    expect(reformatNumberText('12,5', 'decimal', 'en')).toBe('12.5');
    expect(reformatNumberText('1200', 'integer', 'en')).toBe('1200');
    expect(reformatNumberText('12,5', 'integer', 'en')).toBe('12,5');
    expect(formatNumberInput(0.25, 'decimal', 'fr')).toBe('0,25');
  });

  it('only takes out grouping commas that cannot be a decimal separator', () => {
    expect(normalizeNumberText('1,234.56')).toBe('1234.56');
    expect(normalizeNumberText('1,234,567.5')).toBe('1234567.5');
    expect(normalizeNumberText('1,234')).toBe('1,234');
    expect(normalizeNumberText('12,5')).toBe('12,5');
  });

  it('every formatted value is one the shared schema accepts, with the same number', () => {
    for (const locale of ['fr', 'en'] as const) {
      const values = emptyCompany();
      const amount = normalizeNumberText(reformatNumberText('1234567.89', 'money', locale));
      const rate = normalizeNumberText(reformatNumberText('4.25', 'decimal', locale));
      const parsed = companySchema.shape.financialContributions.parse([
        { contributionFundId: '00000000-0000-4000-8000-000000000001', amount, rate },
      ]);
      expect(parsed[0]?.amount).toBe(1234567.89);
      expect(parsed[0]?.rate).toBe(4.25);
      expect(values.blocks).toHaveLength(1);
    }
  });
});

describe('zip code, day/month and search folding', () => {
  it('tidies what is valid and leaves the rest', () => {
    expect(formatZipCode('g5l3a1')).toBe('G5L 3A1');
    expect(formatZipCode('G5L 3A1')).toBe('G5L 3A1');
    expect(formatZipCode('G5L')).toBe('G5L');
    expect(formatDayMonth('3112')).toBe('31/12');
    expect(formatDayMonth('31/12')).toBe('31/12');
    expect(formatDayMonth('3213')).toBe('3213');
  });

  it('folds accents and case', () => {
    expect(foldText('Montréal')).toBe('montreal');
    expect(foldText(' Île-d’Orléans ')).toBe('ile-d’orleans');
  });
});

describe('currencySign', () => {
  it('puts the dollar where each language writes it', () => {
    expect(currencySign('fr')).toEqual({ symbol: '$', before: false });
    expect(currencySign('en')).toEqual({ symbol: '$', before: true });
  });
});

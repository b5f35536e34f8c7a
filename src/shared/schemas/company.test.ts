import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { parseMessage } from './common';
import { companySchema, companyUpdateSchema, CV, emptyCompany } from './company';
import { validCompanyValues } from '../test/company-fixture';

const valid = validCompanyValues;

/** Sets `a.b.0.c` in a copy of the valid company. */
function withValue(path: string, value: unknown): unknown {
  const root = structuredClone(valid()) as Record<string, unknown>;
  const keys = path.split('.');
  let node = root as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return root;
}

/** field path → English messages, as the form shows them. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = companySchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const { key, params } = parseMessage(issue.message);
    (out[issue.path.join('.')] ??= []).push(translate('en', key, params));
  }
  return out;
}

function outputOf(path: string, value: unknown): unknown {
  const result = companySchema.safeParse(withValue(path, value));
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  let node: unknown = result.data;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return node;
}

const REQUIRED = 'Field is required';
const ZIP = 'Must be a valid zip code (i.e. A1A 1A1)';
const DAY_MONTH = 'Must be a valid DD/MM format';
const PHONE = 'Must be a phone number with 10 digits';
const NUMBER = 'Must be a number';
const MONEY = 'Must be a valid money number (with or without cents separated by a dot)';
const YEAR = 'Must be a year';

describe('company schema: docs/SPEC.md §5 messages are exact', () => {
  it.each([
    [CV.zipCode, ZIP],
    [CV.dayMonth, DAY_MONTH],
    [CV.phoneNumber, PHONE],
    [CV.number, NUMBER],
    [CV.money, MONEY],
    [CV.year, YEAR],
    ['errors.validations.required', REQUIRED],
  ])('%s reads "%s" in English and has a French translation', (key, english) => {
    expect(translate('en', key)).toBe(english);
    expect(translate('fr', key)).not.toBe(english);
    expect(translate('fr', key)).not.toBe(key);
  });

  it('accepts the valid company', () => {
    expect(errorsOf(valid())).toEqual({});
  });
});

describe('company schema: required fields', () => {
  it.each([
    'name',
    'legalFormId',
    'statusId',
    'activityAreaId',
    'address.address',
    'address.zipCode',
    'address.municipalityId',
    'owners.0.name',
    'financialContributions.0.contributionFundId',
  ])('%s is required (missing, empty, blank or null)', (path) => {
    for (const value of [undefined, '', '   ', null]) {
      expect(errorsOf(withValue(path, value))).toEqual({ [path]: [REQUIRED] });
    }
  });

  it('requires the address itself', () => {
    expect(errorsOf(withValue('address', undefined))).toEqual({ address: [REQUIRED] });
  });

  it('requires a block type among notes and defaultOfPayment', () => {
    expect(errorsOf(withValue('blocks.0.blockType', undefined))).toEqual({ 'blocks.0.blockType': [REQUIRED] });
    expect(errorsOf(withValue('blocks.0.blockType', 'other'))).toEqual({
      'blocks.0.blockType': ['Not a valid choice'],
    });
    expect(outputOf('blocks.0.blockType', 'defaultOfPayment')).toBe('defaultOfPayment');
  });
});

describe('company schema: zip codes (address and owner)', () => {
  it.each([
    ['address.zipCode', 'H2X 1Y4', 'H2X 1Y4'],
    ['address.zipCode', 'h2x1y4', 'H2X 1Y4'],
    ['address.zipCode', ' j7z 5t3 ', 'J7Z 5T3'],
    ['owners.0.zipCode', 'G1R4S9', 'G1R 4S9'],
    ['owners.0.zipCode', '', null],
  ])('%s accepts %j as %j', (path, value, expected) => {
    expect(outputOf(path, value)).toBe(expected);
  });

  it.each([
    ['address.zipCode', '12345'],
    ['address.zipCode', 'H2X  1Y4'],
    ['address.zipCode', 'H2X-1Y4'],
    ['address.zipCode', 'HHX 1Y4'],
    ['address.zipCode', 'H2X 1Y'],
    ['owners.0.zipCode', '90210'],
    ['owners.0.zipCode', 'H2X 1Y4 5'],
  ])('%s refuses %j', (path, value) => {
    expect(errorsOf(withValue(path, value))).toEqual({ [path]: [ZIP] });
  });
});

describe('company schema: end of financial year', () => {
  it.each([
    ['31/12', '31/12'],
    ['3112', '31/12'],
    ['01/01', '01/01'],
    ['29/02', '29/02'],
    ['', null],
  ])('accepts %j as %j', (value, expected) => {
    expect(outputOf('endOfFinancialYear', value)).toBe(expected);
  });

  it.each(['32/01', '00/05', '15/13', '15/00', '1/12', '31-12', '31/4', 'dec', '31/04', '30/02'])(
    'refuses %j',
    (value) => {
      expect(errorsOf(withValue('endOfFinancialYear', value))).toEqual({ endOfFinancialYear: [DAY_MONTH] });
    },
  );
});

describe('company schema: owner phone number', () => {
  it.each([
    ['5145551234', '5145551234'],
    ['514-555-1234', '5145551234'],
    ['(514) 555 1234', '5145551234'],
    ['', null],
  ])('accepts %j as %j', (value, expected) => {
    expect(outputOf('owners.0.phoneNumber', value)).toBe(expected);
  });

  it.each([
    ['514555123', [PHONE]],
    ['51455512345', [PHONE]],
    ['514555123a', [NUMBER]],
    ['abc', [NUMBER, PHONE]],
  ])('refuses %j with %j', (value, messages) => {
    expect(errorsOf(withValue('owners.0.phoneNumber', value))).toEqual({ 'owners.0.phoneNumber': messages });
  });

  it('applies the same rule to the company phone number', () => {
    expect(errorsOf(withValue('phoneNumber', '555-1234'))).toEqual({ phoneNumber: [PHONE] });
    expect(outputOf('phoneNumber', '819-555-0000')).toBe('8195550000');
  });
});

describe('company schema: phone numbers take the usual punctuation, and are their ten digits (third audit, finding 11)', () => {
  /** Ten digits written as people write them: parentheses around the area code, spaces, dots, dashes. */
  const written = fc
    .tuple(
      fc.stringMatching(/^\d{10}$/),
      fc.constantFrom('(ddd) ddd.dddd', 'ddd.ddd.dddd', 'ddd ddd dddd', 'ddd-ddd-dddd', '(ddd)ddd-dddd', 'dddddddddd'),
    )
    .map(([digits, pattern]) => {
      let at = 0;
      return { digits, text: pattern.replace(/d/g, () => digits[at++]!) };
    });

  it.each(['owners.0.phoneNumber', 'phoneNumber'])(
    '%s: any usual writing of ten digits is those ten digits',
    (path) => {
      expect(outputOf(path, '(418) 555.0199')).toBe('4185550199');
      fc.assert(fc.property(written, ({ digits, text }) => outputOf(path, text) === digits));
    },
  );

  it.each(['owners.0.phoneNumber', 'phoneNumber'])(
    '%s: anything else reads only docs/SPEC.md §5 messages ("Must be a phone number with 10 digits", "Must be a number")',
    (path) => {
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[\d ().-]{0,16}$/)), (text) => {
          const messages = errorsOf(withValue(path, text))[path] ?? [];
          return messages.every((message) => message === PHONE || message === NUMBER);
        }),
      );
      expect(errorsOf(withValue(path, '(418) 555.019'))).toEqual({ [path]: [PHONE] });
      expect(errorsOf(withValue(path, '(418) 555-O199'))).toEqual({ [path]: [NUMBER] });
    },
  );
});

describe('company schema: docs/SPEC.md §5 numbers read docs/SPEC.md §5 messages (third audit, finding 11)', () => {
  const SPEC_NUMBERS = [
    'owners.0.sharesPercentage',
    'financialContributions.0.amortization',
    'financialContributions.0.moratorium',
    'financialContributions.0.projectCost',
    'employeeCount',
    'financialStatements.0.sales',
    'financialStatements.0.holdings',
  ];
  /**
   * Bounds are not docs/SPEC.md §5's rules: they keep their own words, and so does a number with more decimals than its
   * column keeps (shares keep 2: "0.000" is refused as such, not rounded).
   */
  const BOUND = /^Must be at (least|most) |^Must have at most \d+ decimals /;

  it.each(SPEC_NUMBERS)('%s: a value that is not an acceptable number reads "Must be a number"', (path) => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double().map(String), fc.stringMatching(/^-?\d{1,4}[.,]\d{1,3}$/)),
        (text) => {
          const messages = errorsOf(withValue(path, text))[path] ?? [];
          return messages.every((message) => message === NUMBER || message === MONEY || BOUND.test(message));
        },
      ),
    );
  });
});

describe('company schema: statement year', () => {
  it.each([
    ['2024', 2024],
    [2023, 2023],
    ['', null],
  ])('accepts %j as %j', (value, expected) => {
    expect(outputOf('financialStatements.0.year', value)).toBe(expected);
  });

  it.each(['24', '20245', 'year', '20.4', 24])('refuses %j', (value) => {
    expect(errorsOf(withValue('financialStatements.0.year', value))).toEqual({ 'financialStatements.0.year': [YEAR] });
  });
});

/** The figures that are both optional numbers and money: the project's cost and a statement's amounts. */
const NUMBER_AND_MONEY_FIELDS = [
  'financialContributions.0.projectCost',
  'financialStatements.0.sales',
  'financialStatements.0.grossProfit',
  'financialStatements.0.netProfit',
  'financialStatements.0.currentAssets',
  'financialStatements.0.totalAssets',
  'financialStatements.0.currentLiabilities',
  'financialStatements.0.holdings',
];

describe('company schema: optional numbers ("Must be a number"; empty is absent)', () => {
  const NUMBER_FIELDS = [
    'owners.0.sharesPercentage',
    'financialContributions.0.amortization',
    ...NUMBER_AND_MONEY_FIELDS,
  ];

  it.each(NUMBER_FIELDS)('%s: empty, blank and null are absent', (path) => {
    for (const value of ['', '  ', null, undefined]) expect(outputOf(path, value)).toBeNull();
  });

  it.each(NUMBER_FIELDS)('%s: a non-number reads "Must be a number"', (path) => {
    for (const value of ['abc', '12abc', '1.2.3', '-', true]) {
      expect(errorsOf(withValue(path, value))).toEqual({ [path]: [NUMBER] });
    }
  });

  it.each(NUMBER_FIELDS)('%s: accepts both decimal separators and the number the API answered', (path) => {
    expect(outputOf(path, '12,0')).toBe(12);
    expect(outputOf(path, '12.0')).toBe(12);
    expect(outputOf(path, 12)).toBe(12);
    // Months are whole; the other fields take decimals.
    if (!path.endsWith('amortization')) expect(outputOf(path, '12,5')).toBe(12.5);
  });
});

describe('company schema: money fields (docs/decisions/0004-company-money-fields.md)', () => {
  const MONEY_FIELDS = [
    'financialContributions.0.amount',
    'financialContributions.0.refund',
    ...NUMBER_AND_MONEY_FIELDS,
    'financialStatements.0.fundsGenerated',
    'financialStatements.0.debtService',
  ];

  it.each(MONEY_FIELDS)('%s: dollars, with or without cents, either separator, French spacing', (path) => {
    expect(outputOf(path, '1234')).toBe(1234);
    expect(outputOf(path, '1234.5')).toBe(1234.5);
    expect(outputOf(path, '1234,56')).toBe(1234.56);
    expect(outputOf(path, '1 234,56')).toBe(1234.56);
    expect(outputOf(path, '1\u202f234,56')).toBe(1234.56);
    expect(outputOf(path, 1234.56)).toBe(1234.56);
    expect(outputOf(path, '')).toBeNull();
  });

  it.each(MONEY_FIELDS)('%s: more than two decimals reads the money message', (path) => {
    expect(errorsOf(withValue(path, '12.345'))).toEqual({ [path]: [MONEY] });
    expect(errorsOf(withValue(path, 12.345))).toEqual({ [path]: [MONEY] });
  });

  it.each([
    'financialContributions.0.amount',
    'financialContributions.0.refund',
    'financialStatements.0.fundsGenerated',
    'financialStatements.0.debtService',
  ])('%s (not listed as a plain number by docs/SPEC.md §5): anything invalid reads the money message', (path) => {
    expect(errorsOf(withValue(path, 'abc'))).toEqual({ [path]: [MONEY] });
  });

  it('refuses a grouping comma, which would be ambiguous', () => {
    expect(errorsOf(withValue('financialContributions.0.amount', '1,234.56'))).toEqual({
      'financialContributions.0.amount': [MONEY],
    });
  });

  it('allows losses in statements but not negative contribution amounts', () => {
    expect(outputOf('financialStatements.0.netProfit', '-1500,25')).toBe(-1500.25);
    expect(errorsOf(withValue('financialContributions.0.amount', '-5'))).toEqual({
      'financialContributions.0.amount': ['Must be at least 0'],
    });
  });
});

describe('company schema: other numbers', () => {
  it.each([
    ['owners.0.sharesPercentage', '101', 'Must be at most 100'],
    ['owners.0.sharesPercentage', '-1', 'Must be at least 0'],
    ['financialContributions.0.rate', '4,5%', NUMBER],
    ['financialContributions.0.amortization', '12.5', NUMBER],
    ['financialContributions.0.moratorium', '1,5', NUMBER],
    ['financialContributions.0.moratorium', 'six', NUMBER],
    ['employeeCount', '3.5', NUMBER],
    ['employeeCount', 'many', NUMBER],
  ])('%s refuses %j', (path, value, message) => {
    expect(errorsOf(withValue(path, value))).toEqual({ [path]: [message] });
  });

  it('reads rates with a comma', () => {
    expect(outputOf('financialContributions.0.rate', '4,25')).toBe(4.25);
  });
});

describe('company schema: contribution dates are nullable dates', () => {
  it.each([
    ['2026-03-31', '2026-03-31'],
    ['2026-03-31T00:00:00.000Z', '2026-03-31'],
    ['', null],
    [null, null],
  ])('accepts %j as %j', (value, expected) => {
    for (const field of ['authorizationDate', 'followupDate', 'expectedEndDate']) {
      expect(outputOf(`financialContributions.0.${field}`, value)).toBe(expected);
    }
  });

  it('accepts a Date from a date picker as its calendar day', () => {
    expect(outputOf('financialContributions.0.followupDate', new Date(2026, 0, 15))).toBe('2026-01-15');
  });

  it.each(['2026-02-30', '31/03/2026', 'tomorrow', 42])('refuses %j', (value) => {
    expect(errorsOf(withValue('financialContributions.0.authorizationDate', value))).toEqual({
      'financialContributions.0.authorizationDate': ['Must be a valid date'],
    });
  });
});

describe('company schema: shape', () => {
  it('trims and normalises what it keeps, and turns empty optional text into null', () => {
    const result = companySchema.parse({
      ...valid(),
      name: '  Acme  ',
      emailAddress: ' Info@Acme.CA ',
      website: '',
      overseeingUserId: '',
    });
    expect(result).toMatchObject({ name: 'Acme', emailAddress: 'info@acme.ca', website: null, overseeingUserId: null });
  });

  it('refuses a malformed email address and malformed ids', () => {
    expect(errorsOf({ ...valid(), emailAddress: 'not-an-email' })).toEqual({ emailAddress: ['Must be a valid email'] });
    expect(errorsOf({ ...valid(), statusId: 'abc' })).toEqual({ statusId: ['Invalid value'] });
    expect(errorsOf(withValue('owners.0.id', 'abc'))).toEqual({ 'owners.0.id': ['Invalid value'] });
  });

  it('treats absent collections as empty, and a new company has one notes block', () => {
    const { owners: _o, blocks: _b, financialStatements: _s, financialContributions: _c, ...bare } = valid();
    const result = companySchema.parse(bare);
    expect(result).toMatchObject({ owners: [], blocks: [], financialStatements: [], financialContributions: [] });
    expect(emptyCompany().blocks).toEqual([{ blockType: 'notes', content: '' }]);
  });

  it('caps text lengths and collection sizes', () => {
    expect(errorsOf({ ...valid(), name: 'x'.repeat(201) })).toEqual({ name: ['Must be at most 200 characters'] });
    expect(errorsOf({ ...valid(), owners: Array.from({ length: 51 }, () => ({ name: 'x' })) })).toEqual({
      owners: ['Must have at most 50 entries'],
    });
  });

  it('wants the lock version on update', () => {
    expect(companyUpdateSchema.safeParse(valid()).success).toBe(false);
    expect(companyUpdateSchema.parse({ ...valid(), lockVersion: 3 }).lockVersion).toBe(3);
  });
});

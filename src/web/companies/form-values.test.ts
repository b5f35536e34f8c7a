import { describe, expect, it } from 'vitest';
import type { Company } from '../../shared/companies';
import {
  companyResolver,
  newCompanyValues,
  termsOfFormValues,
  toFormValues,
  type CompanyFormState,
} from './form-values';
import { emptyFinancialContribution } from '../../shared/schemas/company';
import { reformatNumberText } from './format';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const company: Company = {
  id: id(1),
  name: 'Fromagerie Côte-Nord',
  referenceNumber: 'C-2026-000001',
  avatarFileName: null,
  avatarUrl: null,
  website: null,
  emailAddress: 'info@example.test',
  employeeCount: 1200,
  phoneNumber: '4185550199',
  riskRating: null,
  endOfFinancialYear: '31/03',
  legalFormId: id(2),
  statusId: id(3),
  activityAreaId: id(4),
  overseeingUserId: null,
  overseeingUser: null,
  address: { id: id(5), address: '12, rue du Port', zipCode: 'G5R 3Y7', municipalityId: id(6) },
  owners: [
    {
      id: id(7),
      name: 'Marie',
      phoneNumber: '4185550123',
      sharesPercentage: 60.5,
      address: null,
      city: null,
      zipCode: null,
    },
  ],
  presentation: null,
  financialStatements: [
    {
      id: id(8),
      year: 2024,
      sales: 1234567.8,
      grossProfit: -1500,
      netProfit: null,
      currentAssets: null,
      totalAssets: null,
      currentLiabilities: null,
      holdings: null,
      fundsGenerated: 0.5,
      debtService: null,
      insertedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  financialContributions: [
    {
      id: id(9),
      contributionFundId: id(10),
      amount: 25000,
      rate: 4.25,
      amortization: 60,
      moratorium: null,
      refund: null,
      warrantyId: null,
      authorizationDate: '2025-03-01',
      followupDate: null,
      expectedEndDate: null,
      projectCost: 99999.99,
      projectName: 'Agrandissement',
      resolutionNumber: null,
      resolutionDate: null,
      loanNumber: 'C-2026-000001-01',
      outsidePipeline: true,
      insertedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  blocks: [{ id: id(11), blockType: 'defaultOfPayment', content: 'Deux versements en retard.' }],
  archivedAt: null,
  lockVersion: 3,
  insertedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function resolve(values: CompanyFormState, edit: boolean) {
  return companyResolver(edit)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('company form values', () => {
  it.each(['fr', 'en'] as const)(
    'shows a company in %s and saves back the same numbers, ids and version',
    async (locale) => {
      const values = toFormValues(company, locale);
      expect(values.phoneNumber).toBe('418-555-0199');
      expect(values.financialStatements?.[0]?.sales).toBe(reformatNumberText('1234567.8', 'money', locale));
      const { values: out, errors } = await resolve(values, true);
      expect(errors).toEqual({});
      expect(out).toMatchObject({
        lockVersion: 3,
        employeeCount: 1200,
        phoneNumber: '4185550199',
        address: { id: id(5), zipCode: 'G5R 3Y7' },
        owners: [{ id: id(7), sharesPercentage: 60.5, phoneNumber: '4185550123' }],
        financialStatements: [
          { id: id(8), year: 2024, sales: 1234567.8, grossProfit: -1500, netProfit: null, fundsGenerated: 0.5 },
        ],
        financialContributions: [
          {
            id: id(9),
            amount: 25000,
            rate: 4.25,
            amortization: 60,
            projectCost: 99999.99,
            authorizationDate: '2025-03-01',
          },
        ],
        blocks: [{ id: id(11), blockType: 'defaultOfPayment', content: 'Deux versements en retard.' }],
      });
    },
  );

  it('reports errors under the form’s own paths, and a new company needs its required fields', async () => {
    const values = {
      ...toFormValues(company, 'fr'),
      owners: [{ name: 'X', phoneNumber: '418-555', sharesPercentage: 'abc' }],
    };
    const { errors } = await resolve(values, true);
    expect(Object.keys(errors)).toEqual(['owners']);
    const { errors: fresh } = await resolve(newCompanyValues(), false);
    expect(Object.keys(fresh).sort()).toEqual(['activityAreaId', 'address', 'legalFormId', 'name', 'statusId']);
  });

  it('a new company leaves its version out', async () => {
    const values = { ...toFormValues(company, 'en'), lockVersion: undefined };
    const { values: out, errors } = await resolve(values, false);
    expect(errors).toEqual({});
    expect(out).not.toHaveProperty('lockVersion');
  });
});

describe('a contribution’s terms as the form holds them', () => {
  const typed = (values: Record<string, string | null>) => ({ ...emptyFinancialContribution(), ...values });

  it.each([
    ['French', { amount: '19\u202f009,00', rate: '2,34', amortization: '24', moratorium: '12' }],
    ['English', { amount: '19,009.00', rate: '2.34', amortization: '24', moratorium: '12' }],
  ])('reads %s numbers as the schema does', (_language, values) => {
    expect(termsOfFormValues(typed({ ...values, authorizationDate: '2025-10-21' }))).toEqual({
      amount: 19009,
      rate: 2.34,
      amortization: 24,
      moratorium: 12,
      authorizationDate: '2025-10-21',
    });
  });

  it('leaves a term not readable yet (half typed, blank) as null', () => {
    expect(termsOfFormValues(typed({ amount: '12,5x', rate: '', amortization: 'douze' }))).toEqual({
      amount: null,
      rate: null,
      amortization: null,
      moratorium: null,
      authorizationDate: null,
    });
    expect(termsOfFormValues(undefined).amount).toBeNull();
  });
});

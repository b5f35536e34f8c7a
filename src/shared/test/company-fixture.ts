import {
  emptyCompany,
  emptyFinancialContribution,
  emptyFinancialStatement,
  emptyOwner,
  type CompanyFormValues,
} from '../schemas/company';

/** For the schema tests: a well-formed id (the schemas check shapes, not existence). */
export const FIXTURE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** For the schema tests: a valid company with one of every part; each case changes one field. */
export function validCompanyValues(): CompanyFormValues {
  return {
    ...emptyCompany(),
    name: 'Boulangerie Saint-Jérôme',
    legalFormId: FIXTURE_ID,
    statusId: FIXTURE_ID,
    activityAreaId: FIXTURE_ID,
    address: { address: '10, rue Principale', zipCode: 'J7Z 5T3', municipalityId: FIXTURE_ID },
    owners: [{ ...emptyOwner(), name: 'Marie Tremblay' }],
    financialStatements: [emptyFinancialStatement()],
    financialContributions: [{ ...emptyFinancialContribution(), contributionFundId: FIXTURE_ID }],
  };
}

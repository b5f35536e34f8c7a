import { snakeKeys } from '../case';
import { COMPANY_LIMITS } from '../companies';
import { EMAIL_MAX_LENGTH } from '../constants';

/*
 * How large a valid company can be on the wire (issue 12.11): the route's body limit follows from the
 * schema's maxima instead of a fixed 1 MiB that refused companies the rules allow (up to ~2 M characters
 * of notes). docs/decisions/0016-company-body-limit.md.
 */

/** Every text field of `companySchema` at its maximum, filled with `fill` (one character), ids as given. */
export function largestCompany(fill: string, ids: { lookup: string; fund: string; municipality: string }) {
  const text = (max: number) => fill.repeat(max);
  const { textLength, longTextLength, nameLength } = COMPANY_LIMITS;
  const amount = '-999999999999.99';
  return {
    name: text(nameLength),
    avatarFileName: null as string | null,
    website: `https://${text(textLength - 'https://.ca'.length)}.ca`,
    emailAddress: null as string | null,
    employeeCount: 10_000_000,
    phoneNumber: '5145550199',
    riskRating: 'D',
    endOfFinancialYear: '31/12',
    legalFormId: ids.lookup,
    statusId: ids.lookup,
    activityAreaId: ids.lookup,
    overseeingUserId: null as string | null,
    address: { address: text(textLength), zipCode: 'H2Y 1H2', municipalityId: ids.municipality },
    owners: Array.from({ length: COMPANY_LIMITS.owners }, () => ({
      name: text(textLength),
      phoneNumber: '5145550101',
      sharesPercentage: 99.99,
      address: text(textLength),
      city: text(textLength),
      zipCode: 'H2X 1Y4',
    })),
    presentation: {
      highlights: text(longTextLength),
      products: text(longTextLength),
      market: text(longTextLength),
      management: text(longTextLength),
    },
    financialStatements: Array.from({ length: COMPANY_LIMITS.financialStatements }, (_, i) => ({
      year: 1900 + i,
      sales: amount,
      grossProfit: amount,
      netProfit: amount,
      currentAssets: amount,
      totalAssets: amount,
      currentLiabilities: amount,
      holdings: amount,
      fundsGenerated: amount,
      debtService: amount,
    })),
    financialContributions: Array.from({ length: COMPANY_LIMITS.financialContributions }, () => ({
      contributionFundId: ids.fund,
      amount: amount.slice(1),
      rate: 99.99,
      amortization: 1200,
      moratorium: 1200,
      refund: amount.slice(1),
      warrantyId: ids.lookup,
      authorizationDate: '2026-11-23',
      followupDate: '2026-11-23',
      expectedEndDate: '2026-11-23',
      projectName: text(textLength),
      projectCost: amount.slice(1),
    })),
    blocks: Array.from({ length: COMPANY_LIMITS.blocks }, () => ({
      blockType: 'defaultOfPayment',
      content: text(longTextLength),
    })),
  };
}

/** JSON's most expensive spelling of one UTF-16 unit: `\uXXXX`. */
const MAX_BYTES_PER_CHARACTER = 6;

/**
 * The most bytes a valid company's JSON body can take, however its text is spelled: the largest company
 * in ASCII, every text character then counted at its costliest escape, plus room for what the form
 * adds on an edit (part ids, `lock_version`, an email and an avatar key at their maxima).
 */
export function companyBodyLimitBytes(): number {
  const id = '00000000-0000-4000-8000-000000000000';
  const ascii = JSON.stringify(snakeKeys(largestCompany('x', { lookup: id, fund: id, municipality: id })));
  const textCharacters = (ascii.match(/x/g) ?? []).length;
  const parts = 1 + COMPANY_LIMITS.owners + COMPANY_LIMITS.financialStatements;
  const partIds = (parts + COMPANY_LIMITS.financialContributions + COMPANY_LIMITS.blocks + 2) * `,"id":"${id}"`.length;
  const extras = EMAIL_MAX_LENGTH + 100 + ',"lock_version":2147483647'.length + partIds;
  return ascii.length + (textCharacters + extras) * (MAX_BYTES_PER_CHARACTER - 1) + extras;
}

export const COMPANY_BODY_LIMIT_BYTES = companyBodyLimitBytes();

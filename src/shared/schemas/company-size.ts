import { snakeKeys } from '../case';
import { COMPANY_LIMITS } from '../companies';
import { EMAIL_MAX_LENGTH } from '../constants';
import { COMPANY_MAPS as MAPS } from './company';
import { largestOf, type FieldMap, type Largest } from './record-fields';

/*
 * How large a valid company can be on the wire (ADR 0016): the route's body limit follows from the
 * schema's maxima instead of a fixed 1 MiB that refused companies the rules allow (up to ~2 M characters
 * of notes). docs/decisions/0016-company-body-limit.md.
 */

/**
 * Every field of `companySchema` at its largest (each field map's `largest`, ADR 0031), the texts filled with `fill`
 * (one character), lookups with the ids given, every part at its count limit.
 */
export function largestCompany(fill: string, ids: Largest['ids']) {
  const at = (index: number): Largest => ({ text: (max) => fill.repeat(max), ids, index });
  const many = (map: FieldMap, count: number) => Array.from({ length: count }, (_, i) => largestOf(map, at(i)));
  return {
    ...largestOf(MAPS.company, at(0)),
    address: largestOf(MAPS.address, at(0)),
    owners: many(MAPS.owner, COMPANY_LIMITS.owners),
    presentation: largestOf(MAPS.presentation, at(0)),
    financialStatements: many(MAPS.statement, COMPANY_LIMITS.financialStatements),
    financialContributions: many(MAPS.contribution, COMPANY_LIMITS.financialContributions),
    blocks: many(MAPS.block, COMPANY_LIMITS.blocks),
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

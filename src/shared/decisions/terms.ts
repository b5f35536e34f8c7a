/**
 * The committee's decision binds the money (docs/decisions/0066): a loan created from a decision keeps the
 * decided terms — amount, rate, amortization, moratorium — and the resolution that decided them. The company form
 * shows these fields disabled with `decisions.locked.decided`; a company save changing one (up or down) is refused,
 * field by field, with `decisions.errors.decidedTerm`, which says how to raise the amount. The one place the rule
 * lives: the form and the company-save guard both read it.
 */
import type { WebCatalogKey } from '../i18n/keys';

/** A contribution's fields a committee decision sets, as the company form and the API name them. */
export const DECIDED_TERMS = [
  'amount',
  'rate',
  'amortization',
  'moratorium',
  'resolutionNumber',
  'resolutionDate',
] as const;
export type DecidedTerm = (typeof DECIDED_TERMS)[number];

export type DecidedValues = Record<DecidedTerm, number | string | null | undefined>;

/** Whether the form shows `field` of a decided contribution disabled. */
export const isDecidedTerm = (field: string): field is DecidedTerm =>
  (DECIDED_TERMS as readonly string[]).includes(field);

/** Two values of a decided term are the same terms: amounts to the cent, no moratorium the same as 0 months. */
function same(field: DecidedTerm, stored: DecidedValues[DecidedTerm], sent: DecidedValues[DecidedTerm]): boolean {
  const blank = (value: unknown) => value === null || value === undefined || value === '';
  if (field === 'moratorium') return Number(stored ?? 0) === Number(sent ?? 0);
  if (blank(stored) || blank(sent)) return blank(stored) && blank(sent);
  if (field === 'amount') return Math.round(Number(stored) * 100) === Math.round(Number(sent) * 100);
  if (field === 'rate' || field === 'amortization') return Number(stored) === Number(sent);
  return String(stored) === String(sent);
}

export interface DecidedTermProblem {
  field: DecidedTerm;
  key: WebCatalogKey;
  params: { resolution: string };
}

/**
 * What a company save may not do to a loan a decision created: change any decided term, raising or lowering it.
 * Empty when `sent` keeps them all.
 */
export function decidedTermsProblems(stored: DecidedValues, sent: DecidedValues): DecidedTermProblem[] {
  const resolution = String(stored.resolutionNumber ?? '');
  return DECIDED_TERMS.filter((field) => !same(field, stored[field], sent[field])).map((field) => ({
    field,
    key: 'decisions.errors.decidedTerm',
    params: { resolution },
  }));
}

/**
 * The closed lists of the guarantees register (sûretés, docs/decisions/0072): what a guarantee is, where it is
 * published and the states it goes through. The database holds each column to its list; the rules, the wire
 * schemas and the screens read the same lists.
 */
export const GUARANTEE_KINDS = [
  'personal_guarantee',
  'movable_hypothec',
  'immovable_hypothec',
  'assignment_of_receivables',
  'life_insurance',
  'other',
] as const;
export type GuaranteeKind = (typeof GUARANTEE_KINDS)[number];

/** RDPRM (movables, assignments of receivables), the land registry (immovables), or no publication. */
export const GUARANTEE_REGISTRIES = ['rdprm', 'land_registry', 'none'] as const;
export type GuaranteeRegistry = (typeof GUARANTEE_REGISTRIES)[number];

export const GUARANTEE_STATES = ['draft', 'signed', 'registered', 'released', 'lapsed'] as const;
export type GuaranteeState = (typeof GUARANTEE_STATES)[number];

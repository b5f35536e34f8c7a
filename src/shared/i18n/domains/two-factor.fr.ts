import type { SameKeys } from '../translate';
import type { twoFactor as english } from './two-factor.en';

export const twoFactor = {} satisfies SameKeys<typeof english>;

import type { SameKeys } from '../translate';
import type { servicing as english } from './servicing.en';

export const servicing = {} satisfies SameKeys<typeof english>;

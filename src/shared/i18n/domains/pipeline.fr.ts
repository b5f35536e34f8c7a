import type { SameKeys } from '../translate';
import type { pipeline as english } from './pipeline.en';

export const pipeline = {} satisfies SameKeys<typeof english>;

import type { SameKeys } from '../translate';
import type { tasks as english } from './tasks.en';

export const tasks = {} satisfies SameKeys<typeof english>;

import { GUID } from '../../../shared/schemas/common';

/** True for a string PostgreSQL's uuid type accepts in its canonical form. */
export const isUuid = (value: string): boolean => GUID.test(value);

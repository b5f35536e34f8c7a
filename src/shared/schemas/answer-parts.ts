import { z } from 'zod';

/*
 * Building blocks of the API's answers (docs/ARCHITECTURE.md §4), so that every answer schema, and the document
 * generated from them, describes money, days, instants and a list's pages alike.
 */

/** An amount in dollars with at most two decimals (the computations work in cents). */
export const money = () => z.number();
/** A calendar day. */
export const day = () => z.string().describe('YYYY-MM-DD');
/** A moment. */
export const instant = () => z.string().describe('ISO 8601 instant');

/** `meta` of a page of a list; a list that says more extends it. */
export const listMetaSchema = z.object({
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});

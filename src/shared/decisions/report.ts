/**
 * The fund activity report's loans outside the pipeline (docs/decisions/0066), counted apart from the rest: among
 * the fund's loans authorized in the period, those no committee decision created — how many and the amount
 * authorized — and the money disbursed in the period on such loans. The screen, the print view and the CSV follow
 * this order.
 */
import { z } from 'zod';

export const OUTSIDE_PIPELINE_FIGURES = [
  ['count', 'count'],
  ['authorizedAmount', 'money'],
  ['disbursedAmount', 'money'],
] as const;

export const outsidePipelineFiguresSchema = z.object({
  count: z.number().int(),
  authorizedAmount: z.number(),
  disbursedAmount: z.number(),
});
export type OutsidePipelineFigures = z.infer<typeof outsidePipelineFiguresSchema>;

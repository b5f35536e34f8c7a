import { z } from 'zod';

/** Answers of the lookup calls (docs/SPEC.md §7), named in the request's `locale`. */
export const lookupSchema = z.object({ id: z.string(), name: z.string() });
export const municipalitySchema = lookupSchema.extend({ defaultZipCode: z.string() });
/** `color`: a Mantine colour name or a #rrggbb hex. */
export const companyStatusSchema = lookupSchema.extend({ color: z.string() });
const categoryChildSchema = lookupSchema.extend({ parentId: z.string().nullable(), children: z.array(z.never()) });
/** One level only: children have no children. */
export const documentCategorySchema = lookupSchema.extend({
  parentId: z.string().nullable(),
  children: z.array(categoryChildSchema),
});

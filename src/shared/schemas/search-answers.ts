import { z } from 'zod';

/** Answers of `GET /search` (ADR 0022) and `GET /companies/similar`, camelCase as the SPA reads them. */
export const searchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  highlight: z.string().describe('the title with the matched words in <mark>, everything else escaped'),
  detail: z
    .string()
    .optional()
    .describe('a second line, marked the same way: what tells a company apart, where the words were found'),
});

export const companySearchResultSchema = searchResultSchema.extend({
  referenceNumber: z.string(),
  municipality: z.string().nullable().describe('in the locale asked'),
  archived: z.boolean(),
});

export const documentSearchResultSchema = searchResultSchema.extend({
  companyId: z.string(),
  companyName: z.string(),
  companyArchived: z.boolean(),
});

export const userSearchResultSchema = searchResultSchema.extend({ email: z.string() });

/** `users` only for administrators, and each kind only when asked for. */
export const searchResultsSchema = z.object({
  companies: z.array(companySearchResultSchema).optional(),
  documents: z.array(documentSearchResultSchema).optional(),
  events: z.array(documentSearchResultSchema).optional(),
  users: z.array(userSearchResultSchema).optional(),
});

export const similarCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  municipalityName: z.string().nullable(),
  similarity: z.number().describe('0–1, trigram similarity of the folded names'),
});

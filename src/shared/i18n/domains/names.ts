/**
 * The catalog's domain parts (docs/decisions/0030): each is a file pair `domains/<domain>.{en,fr}.ts` holding
 * every message under its own top-level key (`servicing.*`). The server reads them all; the browser loads one
 * with the pages (router.tsx) that name it. This file holds only the names, so the browser can know them
 * without downloading a catalog.
 */
export const WEB_DOMAINS = [
  'servicing',
  'pipeline',
  'committee',
  'tasks',
  'twoFactor',
  'decisions',
  'accounting',
  'notices',
  'guarantees',
  'controls',
  'analyst',
  'letters',
  'privacy',
] as const;
/** Parts only the server reads: the browser never loads them. */
export const SERVER_DOMAINS = ['mail'] as const;

export type WebDomain = (typeof WEB_DOMAINS)[number];
export type Domain = WebDomain | (typeof SERVER_DOMAINS)[number];
export const DOMAINS: readonly Domain[] = [...WEB_DOMAINS, ...SERVER_DOMAINS];

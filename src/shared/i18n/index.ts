import { en } from './en';
import { fr } from './fr';
import { signedIn as signedInEn } from './signed-in.en';
import { signedIn as signedInFr } from './signed-in.fr';
import { domainMessages } from './domains';
import { DOMAINS } from './domains/names';
import type { Locale } from '../constants';
import { interpolate, lookup, type Messages } from './translate';

/**
 * The catalog's parts (docs/decisions/0030): what the first load shows, what the signed-in frame brings, and
 * one part per domain, each under top-level keys of its own. The browser loads them part by part; the
 * server reads them whole.
 */
export const catalogParts: Record<string, Record<Locale, Messages>> = {
  firstLoad: { en, fr },
  signedIn: { en: signedInEn, fr: signedInFr },
  ...Object.fromEntries(
    DOMAINS.map((domain) => [
      domain,
      { en: { [domain]: domainMessages.en[domain] }, fr: { [domain]: domainMessages.fr[domain] } },
    ]),
  ),
};

const whole = (locale: Locale): Messages =>
  Object.assign({}, ...Object.values(catalogParts).map((part) => part[locale]));
export const catalogs: Record<Locale, Messages> = { en: whole('en'), fr: whole('fr') };
export { interpolate, lookup };

export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const template = lookup(catalogs[locale], key) ?? lookup(catalogs.en, key) ?? key;
  return interpolate(template, params);
}

/** Every leaf key of a catalog, dotted: used by the completeness test. */
export function leafKeys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

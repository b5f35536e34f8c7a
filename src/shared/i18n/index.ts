import { en, type Catalog } from './en';
import { fr } from './fr';
import type { Locale } from '../constants';
import { interpolate, lookup } from './translate';

export const catalogs: Record<Locale, Catalog> = { en, fr };
export type { Catalog };
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

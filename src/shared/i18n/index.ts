import { en, type Catalog } from './en';
import { fr } from './fr';
import type { Locale } from '../constants';

export const catalogs: Record<Locale, Catalog> = { en, fr };
export type { Catalog };

/** Reads `a.b.c` in a catalog; undefined when the key does not lead to a string. */
export function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` interpolation, the same syntax i18next uses in the SPA. */
export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

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

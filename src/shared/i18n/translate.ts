import type { Catalog } from './en';

/*
 * Reading a catalog, without the catalogs themselves: the SPA imports this and loads only the
 * language it shows (docs/decisions/0010); the server reads both through `./index`.
 */

/** Reads `a.b.c` in a catalog; undefined when the key does not lead to a string. */
export function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * `{{name}}` interpolation. A placeholder with no such value stays as it is; a value given as null or
 * undefined reads as nothing (never the word "undefined").
 */
export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name] ?? '') : whole,
  );
}

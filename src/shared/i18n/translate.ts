/*
 * Reading a catalog, without the catalogs themselves: the SPA imports this and loads only the parts and the
 * language it shows (docs/decisions/0010, 0030); the server reads every part through `./index`.
 */

/** A catalog or one of its parts: nested objects whose leaves are messages. */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/**
 * The French of an English part: exactly its keys, any text. With `satisfies`, a missing or an extra key
 * fails the typecheck, at any depth, even while the English part is still empty.
 */
export type SameKeys<English> = [keyof English] extends [never]
  ? Record<string, never>
  : { [K in keyof English]: English[K] extends string ? string : SameKeys<English[K]> };

/** Reads `a.b.c` in a catalog; undefined when the key does not lead to a string. */
export function lookup(catalog: Messages, key: string): string | undefined {
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

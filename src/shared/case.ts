/**
 * snake_case on the wire, camelCase in code (docs/ARCHITECTURE.md §4). Both sides convert with these,
 * so a key is spelled the same way everywhere it is converted.
 *
 * Every answer renames the same few hundred keys: each is spelled once and looked up after that (ADR 0029:
 * renaming cost ~3 % of a list request's CPU). Bounded, since a few keys come from stored data.
 */
const SPELLINGS_KEPT = 5_000;
const snakeOf = new Map<string, string>();

export function toSnake(key: string): string {
  let snake = snakeOf.get(key);
  if (snake === undefined) {
    snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (snakeOf.size < SPELLINGS_KEPT) snakeOf.set(key, snake);
  }
  return snake;
}

/** `loan_number` → `loanNumber`, in the type too when the key is a literal (a catalog key built from it is checked). */
export type CamelCase<Key extends string> = Key extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Key;

export function toCamel<Key extends string>(key: Key): CamelCase<Key> {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<Key>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Deeply renames object keys; arrays are walked, other values (Dates, strings…) are kept as they are. */
export function convertKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[rename(key)] = convertKeys(item, rename);
  return out;
}

export const snakeKeys = (value: unknown): unknown => convertKeys(value, toSnake);
export const camelKeys = (value: unknown): unknown => convertKeys(value, toCamel);

/** `owners.0.phoneNumber` → `owners.0.phone_number`: the field path form of 422 `detail` keys. */
export function snakePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => (typeof segment === 'string' ? toSnake(segment) : String(segment))).join('.');
}

/**
 * "Records only what changed": the fields of a patch whose values differ from the current ones,
 * as `{ changes, previous }` with the same keys. Values are plain JSON-like data.
 */
export interface FieldChanges<T> {
  changes: Partial<T>;
  previous: Partial<T>;
}

export function diffFields<T extends object>(current: T, patch: Partial<T>): FieldChanges<T> | null {
  const changes: Partial<T> = {};
  const previous: Partial<T> = {};
  let changed = false;
  for (const key of Object.keys(patch) as (keyof T)[]) {
    const next = patch[key];
    if (next === undefined || !Object.hasOwn(current, key)) continue;
    if (sameValue(current[key], next)) continue;
    changes[key] = next;
    previous[key] = current[key];
    changed = true;
  }
  return changed ? { changes, previous } : null;
}

/** Deep equality of plain data (primitives, arrays, plain objects); key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

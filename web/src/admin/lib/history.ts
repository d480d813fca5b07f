/** Stream history: a readable key/value view of each state and what changed from the one before. */

export type StateRow = { key: string; value: string };

const MAX_DEPTH = 4;

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * Flattens a state into dotted keys: {a: {b: 1}, list: [{x: 1}]} -> a.b = 1, list.0.x = 1.
 * Empty objects and lists show as {} and []; deeper than 4 levels is shown as JSON.
 */
export function flattenState(state: unknown): StateRow[] {
  const rows: StateRow[] = [];
  const walk = (value: unknown, key: string, depth: number) => {
    if (value && typeof value === 'object' && depth < MAX_DEPTH) {
      const entries = Array.isArray(value)
        ? value.map((v, i) => [String(i), v] as const)
        : Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) {
        rows.push({ key: key || '(state)', value: Array.isArray(value) ? '[]' : '{}' });
        return;
      }
      for (const [k, v] of entries) walk(v, key ? `${key}.${k}` : k, depth + 1);
      return;
    }
    rows.push({ key: key || '(state)', value: scalar(value) });
  };
  walk(state, '', 0);
  return rows;
}

/** Keys whose value differs from the previous state (all keys of the first entry are new). */
export function changedKeys(previous: readonly StateRow[] | null, current: readonly StateRow[]): Set<string> {
  const changed = new Set<string>();
  if (!previous) return changed;
  const before = new Map(previous.map((row) => [row.key, row.value]));
  for (const row of current) {
    if (before.get(row.key) !== row.value) changed.add(row.key);
  }
  return changed;
}

/** Keys that were in the previous state and are gone now. */
export function removedKeys(previous: readonly StateRow[] | null, current: readonly StateRow[]): string[] {
  if (!previous) return [];
  const now = new Set(current.map((row) => row.key));
  return previous.filter((row) => !now.has(row.key)).map((row) => row.key);
}

/** The history link of an entity: order-{id}, stock-{id}, user-{id}. */
export function historyPath(kind: 'order' | 'stock' | 'user' | 'batch', id: string): string {
  return `/admin-history/${encodeURIComponent(`${kind}-${id}`)}`;
}

import { describe, expect, it } from 'vitest';
import { changedKeys, flattenState, historyPath, removedKeys } from './history';

describe('stream history', () => {
  it('flattens a state into dotted keys', () => {
    expect(flattenState({ a: { b: 1 }, list: [{ x: 'y' }], empty: [], none: null, s: '' })).toEqual([
      { key: 'a.b', value: '1' },
      { key: 'list.0.x', value: 'y' },
      { key: 'empty', value: '[]' },
      { key: 'none', value: '—' },
      { key: 's', value: '""' },
    ]);
    expect(flattenState(7)).toEqual([{ key: '(state)', value: '7' }]);
  });
  it('finds changed and removed keys', () => {
    const before = flattenState({ a: 1, b: 2, c: 3 });
    const after = flattenState({ a: 1, b: 5, d: 4 });
    expect([...changedKeys(before, after)].sort()).toEqual(['b', 'd']);
    expect(removedKeys(before, after)).toEqual(['c']);
    expect(changedKeys(null, after).size).toBe(0);
  });
  it('links to a stream', () => {
    expect(historyPath('order', 'o1')).toBe('/admin-history/order-o1');
    expect(historyPath('stock', 's 1')).toBe('/admin-history/stock-s%201');
  });
});

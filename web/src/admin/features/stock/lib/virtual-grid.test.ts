import { describe, expect, it } from 'vitest';
import { gridColumns, gridRows } from './virtual-grid';

describe('the virtual card grid', () => {
  it('fits cards of at least 360 px with 14 px gaps, one at least', () => {
    expect(gridColumns(0)).toBe(1);
    expect(gridColumns(358)).toBe(1);
    expect(gridColumns(733)).toBe(1);
    expect(gridColumns(734)).toBe(2);
    expect(gridColumns(1122)).toBe(3);
  });
  it('cuts the items into rows, the last one short', () => {
    expect(gridRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(gridRows([], 3)).toEqual([]);
    expect(gridRows([1, 2], 0)).toEqual([[1], [2]]);
  });
});

import { describe, expect, it } from 'vitest';
import { changedTotals, nextFocGuess } from './worksheet';

describe('the FOC worksheet', () => {
  const lines = [
    { stockId: 'a', total: 6, suggested: 6, adjusted: false },
    { stockId: 'b', total: 9, suggested: 4, adjusted: true },
    { stockId: 'c', total: 2, suggested: 2, adjusted: false },
  ];
  it('sends only totals that changed; a blank takes an adjustment back to the suggested total', () => {
    expect(changedTotals(lines, { a: '7', b: '', c: '2' })).toEqual([
      { stockId: 'a', total: 7 },
      { stockId: 'b', total: null },
    ]);
    expect(changedTotals(lines, { a: 'x', c: '-1' })).toEqual([]);
  });
  it('guesses the next Monday as the FOC date', () => {
    expect(nextFocGuess(new Date(2026, 10, 26))).toBe('2026-11-30');
    expect(nextFocGuess(new Date(2026, 10, 30))).toBe('2026-11-30');
  });
});

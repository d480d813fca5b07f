import { describe, expect, it } from 'vitest';
import { numberFlag } from './numberFlag.ts';

describe('numberFlag', () => {
  it('reads a number of at least the least allowed, and names the flag otherwise', () => {
    expect(numberFlag({ runs: '3' }, 'runs', 1)).toBe(3);
    expect(numberFlag({ rate: '0.5' }, 'rate', 0.1)).toBe(0.5);
    expect(() => numberFlag({ runs: 'three' }, 'runs', 1)).toThrow('--runs must be a number of at least 1, got three');
    expect(() => numberFlag({ runs: '0' }, 'runs', 1)).toThrow('--runs must be a number of at least 1, got 0');
  });
});

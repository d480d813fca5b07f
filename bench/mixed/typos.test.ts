import { describe, expect, it } from 'vitest';
import { typo, typoOfTerm } from './typos.ts';
import { createPrng } from './zipf.ts';

const differingPositions = (a: string, b: string) => [...a].filter((c, i) => b[i] !== c).length;

describe('typo', () => {
  const random = createPrng('typo test');

  it('drops one letter, never the first', () => {
    for (let i = 0; i < 200; i++) {
      const t = typo('spider', random, 'drop')!;
      expect(t).toHaveLength(5);
      expect(t[0]).toBe('s');
      expect([...'spider'].some((_, j) => 'spider'.slice(0, j) + 'spider'.slice(j + 1) === t)).toBe(true);
    }
  });

  it('swaps two neighbouring letters', () => {
    for (let i = 0; i < 200; i++) {
      const t = typo('batman', random, 'swap')!;
      expect(t).not.toBe('batman');
      expect([...t].sort().join('')).toBe([...'batman'].sort().join(''));
      expect(differingPositions(t, 'batman')).toBe(2);
      expect(t[0]).toBe('b');
    }
  });

  it('replaces one letter with a key next to it', () => {
    for (let i = 0; i < 200; i++) {
      const t = typo('marvel', random, 'replace')!;
      expect(t).toHaveLength(6);
      expect(differingPositions(t, 'marvel')).toBe(1);
      expect(t[0]).toBe('m');
    }
    expect(typo('saga', createPrng(3), 'replace')).toMatch(/^s/);
  });

  it('makes the typos shoppers make, the same for a seed', () => {
    const typos = new Set(Array.from({ length: 300 }, () => typo('spider', random, 'drop')));
    expect(typos).toContain('spidr');
    expect(new Set(Array.from({ length: 300 }, () => typo('batman', random, 'drop')))).toContain('batmn');
    const a = createPrng('same');
    const b = createPrng('same');
    expect(Array.from({ length: 20 }, () => typo('wolverine', a))).toEqual(Array.from({ length: 20 }, () => typo('wolverine', b)));
  });

  it('never answers the word itself or fewer than 3 letters', () => {
    for (let i = 0; i < 500; i++) {
      const t = typo('thor', random);
      expect(t).not.toBe('thor');
      expect(t!.length).toBeGreaterThanOrEqual(3);
    }
    expect(typo('xy', random)).toBeNull();
    expect(typo('zoo', random, 'drop')).toHaveLength(3);
  });
});

describe('typoOfTerm', () => {
  it('misspells one word of a term', () => {
    const random = createPrng('term');
    for (let i = 0; i < 100; i++) {
      const t = typoOfTerm('absolute batman', random)!;
      const [a, b] = t.split(' ');
      expect((a === 'absolute') !== (b === 'batman')).toBe(true);
    }
    expect(typoOfTerm('x y', random)).toBeNull();
  });
});

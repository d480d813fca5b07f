import { describe, expect, it } from 'vitest';
import { createPrng, Zipf, ZipfChoice } from './zipf.ts';

describe('Zipf', () => {
  it('gives rank k the weight 1/(k+1)^s, normalised', () => {
    const zipf = new Zipf(10, 1);
    const total = Array.from({ length: 10 }, (_, k) => zipf.probability(k)).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(zipf.probability(0) / zipf.probability(1)).toBeCloseTo(2, 12);
    expect(zipf.probability(0) / zipf.probability(9)).toBeCloseTo(10, 12);
    expect(new Zipf(5, 2).probability(0) / new Zipf(5, 2).probability(2)).toBeCloseTo(9, 12);
  });

  it('draws ranks in range with the frequencies of their probabilities', () => {
    const zipf = new Zipf(50);
    const random = createPrng('zipf test');
    const counts = new Array<number>(50).fill(0);
    const draws = 200_000;
    for (let i = 0; i < draws; i++) counts[zipf.rank(random)]!++;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(draws); // every rank drawn was in [0, 50)
    for (const k of [0, 1, 2, 9, 49]) expect(counts[k]! / draws).toBeCloseTo(zipf.probability(k), 2);
    expect(counts[0]).toBeGreaterThan(counts[1]!);
    expect(counts[1]).toBeGreaterThan(counts[3]!);
  });

  it('is deterministic for a seed', () => {
    const draw = (seed: string) => {
      const random = createPrng(seed);
      const zipf = new Zipf(1000);
      return Array.from({ length: 20 }, () => zipf.rank(random));
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('has one rank at least', () => {
    expect(new Zipf(1).rank(createPrng(1))).toBe(0);
    expect(() => new Zipf(0)).toThrow(RangeError);
  });

  it('picks ranked items, the first most often', () => {
    const choice = new ZipfChoice(['batman', 'spider man', 'saga']);
    const random = createPrng('choice');
    const seen = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const item = choice.pick(random);
      seen.set(item, (seen.get(item) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['batman', 'saga', 'spider man']);
    expect(seen.get('batman')!).toBeGreaterThan(seen.get('spider man')!);
    expect(seen.get('spider man')!).toBeGreaterThan(seen.get('saga')!);
  });
});

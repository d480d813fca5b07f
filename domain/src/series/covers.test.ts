import { describe, expect, it } from 'vitest';
import { coverRatio, coversWanted, isMainCover, isRatioCover, mainCoverOf, normaliseCover } from './covers.ts';
import { seriesIdFor, seriesKey } from './seriesKey.ts';

describe('covers', () => {
  it('normalises the ways files write a cover', () => {
    expect(normaliseCover(' cvr b ')).toBe('B');
    expect(normaliseCover('Cover C')).toBe('C');
    expect(normaliseCover('1 in 25')).toBe('1:25');
    expect(normaliseCover('INCV 1:50')).toBe('1:50');
    expect(normaliseCover('variant')).toBe('VAR');
    expect(normaliseCover('')).toBe('');
  });

  it('tells ratio incentive covers from regular covers', () => {
    expect(isRatioCover('1:25')).toBe(true);
    expect(coverRatio('1:100')).toBe(100);
    expect(isRatioCover('B')).toBe(false);
    expect(isRatioCover('VAR')).toBe(false);
    expect(isRatioCover('1:1')).toBe(false);
  });

  it('finds the main cover of an issue', () => {
    expect(isMainCover('A')).toBe(true);
    expect(isMainCover('')).toBe(true);
    expect(isMainCover('B')).toBe(false);
    expect(mainCoverOf(['B', 'A', '1:25'])).toBe('A');
    expect(mainCoverOf(['VAR', ''])).toBe('');
    expect(mainCoverOf(['1:25', 'C', 'B'])).toBe('B');
    expect(mainCoverOf(['1:25'])).toBeNull();
  });

  it("'all' covers means every regular cover, 'main' the main one", () => {
    expect(coversWanted(['A', 'B', 'VAR', '1:25'], 'all')).toEqual(['A', 'B', 'VAR']);
    expect(coversWanted(['A', 'B', 'VAR', '1:25'], 'main')).toEqual(['A']);
  });
});

describe('series keys and ids', () => {
  it('compares titles without case, punctuation or a leading "The"', () => {
    expect(seriesKey('The Amazing Spider-Man')).toBe(seriesKey('AMAZING SPIDER-MAN'));
    expect(seriesKey('Hellboy & BPRD')).toBe(seriesKey('Hellboy and B.P.R.D.'));
  });

  it('gives a started series a readable, deterministic id', () => {
    expect(seriesIdFor('Amazing Spider-Man')).toBe('amazing-spider-man');
    expect(seriesIdFor('Amazing Spider-Man', 2)).toBe('amazing-spider-man-2');
    expect(seriesIdFor('!!!')).toBe('series');
    expect(seriesIdFor('x'.repeat(100)).length).toBeLessThanOrEqual(56);
  });
});

import { describe, expect, it } from 'vitest';
import { browseOffset, homepageOffset } from './paging.ts';

describe('browse paging: 60 first, then 30 (the storefront asks page 1 x 60, then page 3 x 30, ...)', () => {
  it.each([
    [1, 60, 0],
    [3, 30, 60],
    [4, 30, 90],
    [20, 30, 570],
    [1, 2000, 0],
    [2, 2000, 2000],
  ])('page %i of %i starts at %i', (page, limit, offset) => {
    expect(browseOffset(page, limit)).toBe(offset);
  });

  it('homepage rows load 10 at a time after the first 10', () => {
    expect([1, 2, 3].map(homepageOffset)).toEqual([0, 10, 20]);
  });
});

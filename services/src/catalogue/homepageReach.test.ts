import { describe, expect, it } from 'vitest';
import type { StockPlace } from './catalogueCache.ts';
import { homepageReach } from './homepageReach.ts';

const item = (batchId: string | null): StockPlace => ({
  itemType: 'comic',
  periodType: 'new',
  key: false,
  batchId,
  batchTime: null,
  price: 500,
  words: [],
  titlesRunTogether: [],
  titleWords: [],
  publisher: '',
  inStock: true,
  sortKey: null,
  grading: null,
});

describe('homepageReach', () => {
  const reach = homepageReach(['b1', 'b2'], ['b1', 'b2', 'b3', 'b4']);

  it("reaches the items of the page's rows", () => {
    expect(reach(item('b1'))).toBe(true);
    expect(reach(item('b2'))).toBe(true);
  });

  it('does not reach the items of a batch whose row is on another page', () => {
    expect(reach(item('b3'))).toBe(false);
  });

  it('reaches the items of a batch with no row on any page (it may gain one), and not an item of no batch', () => {
    expect(reach(item('b9'))).toBe(true);
    expect(reach(item(null))).toBe(false);
  });
});

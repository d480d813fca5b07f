import { describe, expect, it } from 'vitest';
import type { StockPlace } from './catalogueCache.ts';
import { homepageReach, rowPageReach } from './homepageReach.ts';

const item = (batchId: string | null, sortTitle?: string): StockPlace => ({
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
  sortKey: sortTitle === undefined ? null : { sortTitle, addedPosition: '50' },
  grading: null,
});

describe('homepageReach', () => {
  const reach = homepageReach(['b1', 'b2'], ['b1', 'b2', 'b3', 'b4'], ['b1', 'b2', 'b3', 'b4', 'b9'], new Map());

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

  it('does not reach the items of a batch hidden from the homepage: it never has a row', () => {
    expect(reach(item('hidden'))).toBe(false);
  });
});

describe('a full row', () => {
  const end = { sortTitle: 'saga #00000010', addedPosition: '40' };

  it("is not reached by an item of its batch that sorts after its last item: it would be past the row's first items", () => {
    const reach = homepageReach(['b1', 'b2'], ['b1', 'b2', 'b3'], ['b1', 'b2', 'b3'], new Map([['b1', end]]));
    expect(reach(item('b1', 'saga #00000011'))).toBe(false);
    expect(reach(item('b1', 'saga #00000010'))).toBe(false);
    expect(reach(item('b1', 'saga #00000009'))).toBe(true);
    expect(reach(item('b1'))).toBe(true);
    // A row that is not full shows every item of its batch.
    expect(reach(item('b2', 'zzz'))).toBe(true);
  });

  it("reaches a row's later page the same way", () => {
    expect(rowPageReach('b1', end)(item('b1', 'saga #00000011'))).toBe(false);
    expect(rowPageReach('b1', end)(item('b1', 'saga #00000002'))).toBe(true);
    expect(rowPageReach('b1', null)(item('b1', 'saga #00000011'))).toBe(true);
    expect(rowPageReach('b1', end)(item('b2', 'saga #00000002'))).toBe(false);
  });
});

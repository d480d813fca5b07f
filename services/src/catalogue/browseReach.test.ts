import { browseQuerySchema } from '@shop/domain/catalogue/index';
import { describe, expect, it } from 'vitest';
import { browseReach } from './browseReach.ts';
import type { BrowseSortKey, StockPlace } from './catalogueCache.ts';
import type { ListedItem } from './itemJson.ts';

const item: StockPlace = {
  itemType: 'comic',
  periodType: 'new',
  key: false,
  batchId: 'b1',
  batchTime: Date.parse('2026-10-01T00:00:00Z'),
  price: 800,
  words: [],
  titlesRunTogether: [],
  titleWords: [],
  publisher: '',
  inStock: true,
  sortKey: { sortTitle: 'saga 0005', addedPosition: '500' },
  grading: null,
};
/** A page of `n` items, the last of them of this batch date and price. */
const pageOf = (n: number, last: { batchDate: string | null; price: number }) =>
  Array.from({ length: n }, (_, i) =>
    i === n - 1
      ? { batchTime: last.batchDate === null ? null : Date.parse(last.batchDate), price: last.price }
      : { batchTime: Date.parse('2026-11-20T00:00:00.000Z'), price: 100 },
  ) as ListedItem[];
const reach = (query: Record<string, unknown>, items: ListedItem[] = [], lastKey: BrowseSortKey | null = null) =>
  browseReach(browseQuerySchema.parse(query), { items, lastKey });

describe('browseReach', () => {
  it("reaches the items of the page's mode, and only those", () => {
    expect(reach({ itemType: 'comic', periodType: 'new' })(item)).toBe(true);
    expect(reach({ itemType: 'comic', periodType: 'back' })(item)).toBe(false);
    expect(reach({ itemType: 'game' })({ ...item, itemType: 'game', periodType: 'new' })).toBe(true);
    expect(reach({ itemType: 'game' })(item)).toBe(false);
  });

  it("reaches key comics of every period from the key comics' mode", () => {
    const keyComics = reach({ itemType: 'comic', key: true });
    expect(keyComics({ ...item, key: true, periodType: 'back' })).toBe(true);
    expect(keyComics(item)).toBe(false);
  });

  it("reaches only the batch's items when the page is of one batch", () => {
    const ofBatch = reach({ itemType: 'comic', periodType: 'new', batchId: 'b2' });
    expect(ofBatch(item)).toBe(false);
    expect(ofBatch({ ...item, batchId: 'b2' })).toBe(true);
  });

  it('does not reach a full page whose last item sorts before the item (newest batch first)', () => {
    const query = { itemType: 'comic', periodType: 'new', limit: 30 };
    const newer = pageOf(30, { batchDate: '2026-11-01T00:00:00.000Z', price: 500 });
    expect(reach(query, newer)(item)).toBe(false);
    // The same batch date as the last item: a tie, reached.
    expect(reach(query, pageOf(30, { batchDate: '2026-10-01T00:00:00.000Z', price: 500 }))(item)).toBe(true);
    // An older last item, a page not full (the last page: the item may join its end), no dates.
    expect(reach(query, pageOf(30, { batchDate: '2026-09-01T00:00:00.000Z', price: 500 }))(item)).toBe(true);
    expect(reach(query, newer.slice(1))(item)).toBe(true);
    expect(reach(query, newer)({ ...item, batchTime: null })).toBe(true);
    expect(reach(query, pageOf(30, { batchDate: null, price: 500 }))(item)).toBe(true);
  });

  it('compares the title as sorted, then the order added, when the first key ties', () => {
    const query = { itemType: 'comic', periodType: 'new', limit: 30 };
    const sameDate = pageOf(30, { batchDate: '2026-10-01T00:00:00.000Z', price: 500 });
    const after = (sortTitle: string, addedPosition: string) => reach(query, sameDate, { sortTitle, addedPosition })(item);
    expect(after('saga 0004', '900')).toBe(false);
    expect(after('saga 0006', '100')).toBe(true);
    expect(after('saga 0005', '499')).toBe(false);
    expect(after('saga 0005', '500')).toBe(true);
    expect(after('saga 0005', '501')).toBe(true);
    // Byte by byte, as PostgreSQL's "C" collation: an emoji (4 bytes from 0xF0) after a full-width
    // sign (from 0xEF), where JavaScript's code units put it first.
    expect(
      reach(query, sameDate, { sortTitle: '\uFF01', addedPosition: '1' })({ ...item, sortKey: { sortTitle: '😀', addedPosition: '2' } }),
    ).toBe(false);
    // Not known: an item's place from before migration 0226, or a page without its last key.
    expect(reach(query, sameDate, { sortTitle: 'saga 0004', addedPosition: '1' })({ ...item, sortKey: null })).toBe(true);
    expect(reach(query, sameDate)(item)).toBe(true);
    // Prices tied too.
    const samePrice = pageOf(30, { batchDate: null, price: 800 });
    expect(reach({ ...query, sort: 'price-asc' }, samePrice, { sortTitle: 'saga 0004', addedPosition: '1' })(item)).toBe(false);
    expect(reach({ ...query, sort: 'price-desc' }, samePrice, { sortTitle: 'saga 0006', addedPosition: '1' })(item)).toBe(true);
  });

  it('compares prices in the order asked, and never grades', () => {
    const last = { batchDate: '2026-11-01T00:00:00.000Z', price: 500 };
    const page = pageOf(30, last);
    const sorted = (sort: string) => reach({ itemType: 'comic', periodType: 'new', limit: 30, sort }, page);
    expect(sorted('price-asc')(item)).toBe(false);
    expect(sorted('price-asc')({ ...item, price: 500 })).toBe(true);
    expect(sorted('price-desc')(item)).toBe(true);
    expect(sorted('price-desc')({ ...item, price: 400 })).toBe(false);
    expect(sorted('grade-desc')({ ...item, price: 400 })).toBe(true);
  });
});

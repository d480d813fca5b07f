import { browseQuerySchema } from '@shop/domain/catalogue/index';
import { describe, expect, it } from 'vitest';
import { browseReach } from './browseReach.ts';
import type { StockPlace } from './catalogueCache.ts';
import type { ComicView } from './comicView.ts';

const item: StockPlace = {
  itemType: 'comic',
  periodType: 'new',
  key: false,
  batchId: 'b1',
  batchTime: Date.parse('2026-10-01T00:00:00Z'),
  price: 800,
  words: [],
  titlesRunTogether: [],
  publisher: '',
  inStock: true,
};
/** A page of `n` items, the last of them of this batch date and price. */
const pageOf = (n: number, last: { batchDate: string | null; price: number }) =>
  Array.from({ length: n }, (_, i) => (i === n - 1 ? last : { batchDate: '2026-11-20T00:00:00.000Z', price: 100 })) as ComicView[];
const reach = (query: Record<string, unknown>, page: readonly ComicView[] = []) => browseReach(browseQuerySchema.parse(query), page);

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

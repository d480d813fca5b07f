import { aBatch, aComic } from '../../../../testing/contract-fixtures';
import { describe, expect, it } from 'vitest';
import { readServerTotals, stockTotals } from './totals';

describe('stock totals', () => {
  const batches = [
    aBatch({ _id: 'b1', name: 'A', value: 10000 }),
    aBatch({ _id: 'b2', name: 'B', value: 5000 }),
    aBatch({ _id: 'b3', name: 'C', value: 1 }),
  ];
  const items = [
    aComic({
      _id: '1',
      comicId: 'a',
      itemType: 'comic' as const,
      mainDescription: 'A',
      price: 500,
      number: 2,
      initialQuantity: 3,
      salesQuantity: 1,
      salesValue: 500,
      ebayListingId: '99',
      batch: 'b1',
    }),
    aComic({
      _id: '2',
      comicId: 'b',
      itemType: 'comic' as const,
      mainDescription: 'B',
      price: 1000,
      number: 1,
      initialQuantity: 1,
      salesQuantity: 0,
      salesValue: 0,
      batch: 'b2',
    }),
    aComic({
      _id: '3',
      comicId: 'c',
      itemType: 'comic' as const,
      mainDescription: 'C',
      price: 700,
      number: 0,
      initialQuantity: 1,
      salesQuantity: 1,
      salesValue: 700,
      batch: 'b2',
    }),
  ];
  it('counts uploaded, to go, sold, left and values', () => {
    expect(stockTotals(items, batches, null)).toEqual({
      items: 3,
      uploaded: 1,
      toGo: 1,
      initial: 5,
      sold: 2,
      left: 3,
      salesValue: 1200,
      valueLeft: 2000,
      purchaseValue: 15000,
    });
    expect(stockTotals(items, batches, 'b3').purchaseValue).toBe(1);
  });
  it('reads server totals', () => {
    expect(readServerTotals({ comics: [], totals: { uploaded: 4, toGo: 'x' } })).toEqual({ uploaded: 4 });
    expect(readServerTotals({ comics: [] })).toBeNull();
  });
});

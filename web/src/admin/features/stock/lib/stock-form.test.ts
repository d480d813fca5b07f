import { describe, expect, it } from 'vitest';
import {
  addImageId,
  clipboardText,
  emptyStockForm,
  formFromCopy,
  formFromItem,
  nextDescription,
  resetAfterAdd,
  stockPayload,
} from './stock-form';
import type { AdminComic } from '../../../types';
import { batchesForVariant, variantForItem } from '../../../lib/variants';
import { aBatch, aComic } from '../../../../testing/contract-fixtures';

describe('nextDescription', () => {
  it('increments a trailing #number', () => {
    expect(nextDescription('Amazing Spider-Man #12')).toBe('Amazing Spider-Man #13');
    expect(nextDescription('Batman #9')).toBe('Batman #10');
  });
  it('keeps leading zeros and drops trailing spaces', () => {
    expect(nextDescription('Saga #009 ')).toBe('Saga #010');
  });
  it('leaves descriptions without a trailing #number alone', () => {
    expect(nextDescription('Batman Annual')).toBe('Batman Annual');
    expect(nextDescription('X-Men #1 Facsimile')).toBe('X-Men #1 Facsimile');
    expect(nextDescription('')).toBe('');
  });
});

describe('resetAfterAdd', () => {
  it('keeps the form, increments the description and clears comicId and images', () => {
    const values = {
      ...emptyStockForm('back-issue', 'b1'),
      mainDescription: 'Hulk #181',
      comicId: 'HULK181',
      images: ['HULK181-back'],
      publisher: 'Marvel',
      priceOverride: '500.00',
    };
    const next = resetAfterAdd(values);
    expect(next.mainDescription).toBe('Hulk #182');
    expect(next.comicId).toBe('');
    expect(next.images).toEqual([]);
    expect(next.publisher).toBe('Marvel');
    expect(next.batchId).toBe('b1');
    expect(next.priceOverride).toBe('500.00');
  });
});

describe('stockPayload', () => {
  it('builds the body in cents with the variant types', () => {
    const values = {
      ...emptyStockForm('new', 'b2'),
      mainDescription: ' Saga #1 ',
      comicId: 'JAN240001',
      srp: '4.99',
      pnp: '1',
      releaseMonth: '3',
      releaseYear: '2024',
      images: ['JAN240001-b', 'JAN240001'],
    };
    const result = stockPayload(values, 'new');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({
      mainDescription: 'Saga #1',
      comicId: 'JAN240001',
      itemType: 'comic',
      periodType: 'new',
      supplierType: 'diamond',
      srp: 499,
      pnp: 100,
      priceOverride: 0,
      number: 1,
      initialQuantity: 1,
      releaseMonth: 3,
      releaseYear: 2024,
      batchId: 'b2',
      images: [{ imageId: 'JAN240001-b' }],
    });
  });
  it('names the fields that are wrong', () => {
    const result = stockPayload(
      { ...emptyStockForm('game'), comicId: 'bad id', priceOverride: 'abc', number: '-1', releaseYear: '1800' },
      'game',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['comicId', 'mainDescription', 'number', 'priceOverride', 'releaseYear']);
  });
  it('uses the chosen supplier only where it can be chosen', () => {
    const values = { ...emptyStockForm('back-issue'), mainDescription: 'X', comicId: 'X1', supplierType: 'auction' as const };
    const back = stockPayload(values, 'back-issue');
    const pre = stockPayload(values, 'pre-order');
    expect(back.ok && back.payload.supplierType).toBe('auction');
    expect(pre.ok && pre.payload.supplierType).toBe('diamond');
    expect(pre.ok && pre.payload.periodType).toBe('pre-order');
    const lunar = stockPayload({ ...values, supplierType: 'lunar' }, 'pre-order');
    expect(lunar.ok && lunar.payload.supplierType).toBe('lunar');
  });
  it('sends the series by id while its title is unchanged, else the typed title, and the issue fields', () => {
    const values = { ...emptyStockForm('new'), mainDescription: 'X #1', comicId: 'X1', seriesId: 'x-men', seriesTitle: 'X-Men' };
    const kept = stockPayload({ ...values, issueNumber: ' 1.MU ', cover: '1:25', printing: '2', focDate: '2026-12-01' }, 'new');
    expect(kept.ok && kept.payload).toMatchObject({
      seriesId: 'x-men',
      seriesTitle: '',
      issueNumber: '1.MU',
      cover: '1:25',
      printing: 2,
      focDate: '2026-12-01',
      releaseDate: null,
    });
    const typed = stockPayload({ ...values, seriesId: '', seriesTitle: ' Uncanny X-Men ' }, 'new');
    expect(typed.ok && typed.payload).toMatchObject({ seriesId: null, seriesTitle: 'Uncanny X-Men' });
    const bad = stockPayload({ ...values, printing: '0', upc: '12-34' }, 'new');
    expect(!bad.ok && bad.errors).toEqual({
      printing: 'Printing must be a whole number from 1 to 99',
      upc: 'UPC/ISBN may contain only digits',
    });
  });
  it('sends no batch when none is chosen', () => {
    const result = stockPayload({ ...emptyStockForm('accessory'), mainDescription: 'Bags', comicId: 'BCW-1' }, 'accessory');
    expect(result.ok && result.payload.batchId).toBeNull();
    expect(result.ok && result.payload.itemType).toBe('accessory');
  });
});

const item: AdminComic = aComic({
  _id: 's1',
  comicId: 'ASM300',
  itemType: 'comic',
  periodType: 'back-issue',
  supplierType: 'auction',
  mainDescription: 'Amazing Spider-Man #300',
  variantDescription: 'Newsstand Edition',
  publisher: 'Marvel',
  price: 50000,
  priceOverride: 50000,
  srp: 150,
  number: 2,
  initialQuantity: 3,
  salesQuantity: 1,
  images: [{ imageId: 'ASM300-back' }],
  batch: 'b9',
});

describe('forms from items', () => {
  it('reads an item into the form (money as dollars)', () => {
    const values = formFromItem(item);
    expect(values).toMatchObject({
      comicId: 'ASM300',
      priceOverride: '500.00',
      srp: '1.50',
      number: '2',
      initialQuantity: '3',
      salesQuantity: '1',
      batchId: 'b9',
      supplierType: 'auction',
      images: ['ASM300-back'],
    });
  });
  it('a copy keeps the details and starts a new item', () => {
    const values = formFromCopy(item);
    expect(values).toMatchObject({
      mainDescription: 'Amazing Spider-Man #300',
      publisher: 'Marvel',
      batchId: 'b9',
      comicId: '',
      images: [],
      number: '1',
      salesQuantity: '0',
    });
  });
});

describe('variants', () => {
  it('picks the form by item and period type', () => {
    expect(variantForItem({ itemType: 'game' })).toBe('game');
    expect(variantForItem({ itemType: 'accessory', periodType: 'new' })).toBe('accessory');
    expect(variantForItem({ itemType: 'comic', periodType: 'new' })).toBe('new');
    expect(variantForItem({ itemType: 'comic', periodType: 'pre-order' })).toBe('pre-order');
    expect(variantForItem({ itemType: 'comic', periodType: 'vintage' })).toBe('back-issue');
  });
  it('offers the batches of the variant', () => {
    const batches = [
      aBatch({ _id: '1', name: 'A', itemType: 'comic' as const, periodType: 'new' as const }),
      aBatch({ _id: '2', name: 'B', itemType: 'comic' as const, periodType: 'pre-order' as const }),
      aBatch({ _id: '3', name: 'C', itemType: 'game' as const, periodType: 'new' as const }),
      aBatch({ _id: '4', name: 'D', itemType: 'comic' as const, periodType: 'vintage' as const }),
    ];
    expect(batchesForVariant(batches, 'new').map((b) => b._id)).toEqual(['1']);
    expect(batchesForVariant(batches, 'back-issue').map((b) => b._id)).toEqual(['4']);
    expect(batchesForVariant(batches, 'game').map((b) => b._id)).toEqual(['3']);
  });
});

describe('small helpers', () => {
  it('copies description and variant', () => {
    expect(clipboardText({ mainDescription: 'Saga #1 ', variantDescription: ' Cover B' })).toBe('Saga #1 Cover B');
    expect(clipboardText({ mainDescription: 'Saga #1', variantDescription: '' })).toBe('Saga #1');
  });
  it('adds an extra image id once', () => {
    expect(addImageId({ comicId: 'A', images: ['B'] }, ' C ')).toEqual(['B', 'C']);
    expect(addImageId({ comicId: 'A', images: ['B'] }, 'B')).toEqual(['B']);
    expect(addImageId({ comicId: 'A', images: ['B'] }, 'A')).toEqual(['B']);
    expect(addImageId({ comicId: 'A', images: [] }, '  ')).toEqual([]);
  });
});

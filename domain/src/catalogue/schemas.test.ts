import { describe, expect, it } from 'vitest';
import {
  batchEditSchema,
  batchInputSchema,
  browseQuerySchema,
  searchTermSchema,
  stockItemEditSchema,
  stockItemInputSchema,
} from './schemas.ts';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('stockItemInputSchema', () => {
  it('fills defaults for an item with only the required fields', () => {
    expect(stockItemInputSchema.parse({ comicId: 'NOV240123', itemType: 'comic', mainDescription: ' Saga #1 ' })).toEqual({
      comicId: 'NOV240123',
      itemType: 'comic',
      periodType: 'new',
      supplierType: 'diamond',
      mainDescription: 'Saga #1',
      variantDescription: '',
      publisher: '',
      srp: 0,
      priceOverride: 0,
      number: 1,
      initialQuantity: 1,
      salesQuantity: 0,
      salesValue: 0,
      releaseMonth: 0,
      releaseYear: 0,
      writer: '',
      artist: '',
      coverArtist: '',
      selected: false,
      images: [],
      hasImage: false,
      pnp: 0,
      batchId: null,
      key: false,
      ebaySku: null,
      ebayListingId: null,
      seriesId: null,
      seriesTitle: '',
      issueNumber: '',
      cover: '',
      printing: 1,
      focDate: null,
      releaseDate: null,
      upc: '',
    });
  });

  it('reads the series and issue fields: covers normalised, calendar dates checked', () => {
    const item = stockItemInputSchema.parse({
      comicId: 'X1',
      itemType: 'comic',
      mainDescription: 'X #1',
      seriesTitle: ' X-Men ',
      issueNumber: '1.MU',
      cover: '1 in 25',
      printing: '2',
      focDate: '2026-02-28',
      releaseDate: '',
    });
    expect(item).toMatchObject({
      seriesTitle: 'X-Men',
      issueNumber: '1.MU',
      cover: '1:25',
      printing: 2,
      focDate: '2026-02-28',
      releaseDate: null,
    });
    expect(() => stockItemInputSchema.parse({ comicId: 'X1', itemType: 'comic', mainDescription: 'X', focDate: '2026-02-30' })).toThrow(
      /FOC date must be a date like 2026-11-21/,
    );
    expect(() => stockItemInputSchema.parse({ comicId: 'X1', itemType: 'comic', mainDescription: 'X', printing: 100 })).toThrow(
      /Printing must be at most 99/,
    );
  });

  it('accepts the alternative spellings and digit strings, and ignores unknown fields', () => {
    const item = stockItemInputSchema.parse({
      _id: 'x',
      comicId: 'ASM-300',
      itemType: 'Comic',
      periodType: 'back issue',
      supplierType: 'local person',
      mainDescription: 'Amazing Spider-Man #300',
      srp: '150',
      number: '2',
      images: [{ imageId: 'ASM-300-back', _id: 'ignored' }],
      batchId: '',
      ebaySku: '',
    });
    expect(item).toMatchObject({
      itemType: 'comic',
      periodType: 'back-issue',
      supplierType: 'local_person',
      srp: 150,
      number: 2,
      images: [{ imageId: 'ASM-300-back' }],
      batchId: null,
      ebaySku: null,
    });
    expect(item).not.toHaveProperty('_id');
  });

  it.each([
    [{ comicId: '' }, 'Image id is required'],
    [{ comicId: '../etc' }, "Image id may contain only letters, digits, '.', '-' and '_', and must start with a letter or digit"],
    [{ mainDescription: '   ' }, 'Description is required'],
    [{ mainDescription: 'x'.repeat(201) }, 'Description can be at most 200 characters'],
    [{ itemType: 'book' }, 'Item type must be one of comic, game, accessory'],
    [{ periodType: 'old' }, 'Period type must be one of new, back-issue, pre-order, vintage'],
    [{ supplierType: 'ebay' }, 'Supplier type must be one of diamond, lpg, auction, local_shop, local_person, lunar, prh'],
    [{ srp: 4.99 }, 'SRP must be a whole number of cents'],
    [{ srp: -1 }, 'SRP must not be negative'],
    [{ srp: '4.99' }, 'SRP must be a number of cents'],
    [{ priceOverride: 10_000_001 }, 'Price override must be at most 10000000 cents'],
    [{ number: -1 }, 'Quantity must be at least 0'],
    [{ releaseMonth: 13 }, 'Release month must be at most 12'],
    [{ releaseYear: 1850 }, 'Release year must be 0 (unknown) or from 1900'],
    [{ selected: 'yes' }, 'Selected must be true or false'],
    [{ images: Array.from({ length: 21 }, (_, i) => ({ imageId: `a${i}` })) }, 'At most 20 extra images'],
    [{ batchId: 'a b' }, "An id may contain only letters, digits, '-' and '_'"],
  ])('rejects %j with a clear message', (patch, message) => {
    const result = stockItemInputSchema.safeParse({
      comicId: 'NOV240123',
      itemType: 'comic',
      mainDescription: 'Saga #1',
      ...patch,
    });
    expect(messages(result)).toEqual([message]);
  });

  it('requires the image id, item type and description', () => {
    expect(messages(stockItemInputSchema.safeParse({}))).toEqual([
      'Image id is required',
      'Item type must be one of comic, game, accessory',
      'Description is required',
    ]);
  });
});

describe('stockItemEditSchema', () => {
  it('keeps only the fields sent, with no defaults', () => {
    expect(stockItemEditSchema.parse({ priceOverride: 495, _id: 'x' })).toEqual({ priceOverride: 495 });
  });

  it('validates the fields it gets', () => {
    expect(messages(stockItemEditSchema.safeParse({ number: 1.5 }))).toEqual(['Quantity must be a whole number']);
  });
});

describe('batchInputSchema', () => {
  const now = new Date('2026-11-01T00:00:00Z');

  it('defaults publish date to 21 days ahead and the item type, period and supplier from the type', () => {
    expect(batchInputSchema(now).parse({ name: 'NOV26', type: 'Diamond' })).toEqual({
      name: 'NOV26',
      type: 'diamond',
      itemType: 'comic',
      periodType: 'new',
      supplierType: 'diamond',
      publishDate: '2026-11-22T00:00:00.000Z',
      cutOffDate: null,
      discountPercent: 0,
      value: 0,
      hideHomePage: false,
      default: false,
    });
  });

  it('reads back issue batches and keeps what the admin sent', () => {
    expect(
      batchInputSchema(now).parse({
        name: 'Collection from Ipswich',
        type: 'back issue',
        supplierType: 'auction',
        publishDate: '2026-12-01',
        cutOffDate: '',
        discountPercent: '10',
        value: 25000,
        hideHomePage: true,
      }),
    ).toMatchObject({
      type: 'back',
      itemType: 'comic',
      periodType: 'back-issue',
      supplierType: 'auction',
      publishDate: '2026-12-01T00:00:00.000Z',
      cutOffDate: null,
      discountPercent: 10,
      value: 25000,
      hideHomePage: true,
    });
  });

  it.each([
    [{ name: '' }, 'Batch name is required'],
    [{ type: 'comic' }, 'Batch type must be one of diamond, back, pre, game'],
    [{ discountPercent: 101 }, 'Discount percent must be at most 100'],
    [{ discountPercent: -5 }, 'Discount percent must be at least 0'],
    [{ discountPercent: 12.5 }, 'Discount percent must be a whole number'],
    [{ publishDate: 'next week' }, 'Publish date must be a date like 2026-11-21'],
    [{ publishDate: '2026-13-45' }, 'Publish date must be a date like 2026-11-21'],
    [{ cutOffDate: '1900-01-01' }, 'Cut-off date must be a date like 2026-11-21'],
    [{ value: -1 }, 'Purchase value must not be negative'],
  ])('rejects %j with a clear message', (patch, message) => {
    expect(messages(batchInputSchema(now).safeParse({ name: 'NOV26', type: 'diamond', ...patch }))).toEqual([message]);
  });

  it('edits take any subset without defaults', () => {
    expect(batchEditSchema.parse({ discountPercent: 20 })).toEqual({ discountPercent: 20 });
  });
});

describe('browseQuerySchema (PUT /stock/)', () => {
  it('defaults to new comics, first page of 60, all batches', () => {
    expect(browseQuerySchema.parse({ periodType: 'new' })).toEqual({
      itemType: 'comic',
      periodType: 'new',
      batchId: null,
      limit: 60,
      page: 1,
      key: false,
      mode: 'new-comics',
    });
  });

  it.each([
    [{ itemType: 'comic', periodType: 'new' }, 'new-comics'],
    [{ itemType: 'comic', periodType: 'back issue' }, 'back-issues'],
    [{ itemType: 'comic', periodType: 'pre-order' }, 'pre-orders'],
    [{ itemType: 'comic', key: true }, 'key-comics'],
    [{ itemType: 'comic', periodType: '', key: true }, 'key-comics'],
    [{ itemType: 'game' }, 'games'],
    [{ itemType: 'accessory', periodType: null }, 'accessories'],
  ])('%j is mode %s', (body, mode) => {
    expect(browseQuerySchema.parse(body).mode).toBe(mode);
  });

  it('rejects unknown modes with a clear message', () => {
    const [message] = messages(browseQuerySchema.safeParse({ itemType: 'comic', periodType: 'vintage' }));
    expect(message).toMatch(/^Unknown browse mode: itemType comic, periodType vintage, key false\. Known modes: New Comics/);
    expect(messages(browseQuerySchema.safeParse({ itemType: 'game', key: true }))[0]).toMatch(/Unknown browse mode/);
  });

  it.each([
    [{ limit: 0 }, 'Limit must be at least 1'],
    [{ limit: 2001 }, 'Limit must be at most 2000'],
    [{ page: 0 }, 'Page must be at least 1'],
    [{ page: 10_001 }, 'Page must be at most 10000'],
    [{ page: 1.5 }, 'Page must be a whole number'],
  ])('rejects %j', (patch, message) => {
    expect(messages(browseQuerySchema.safeParse({ periodType: 'new', ...patch }))).toEqual([message]);
  });

  it("reads 'all' and '' as every batch and keeps a batch id", () => {
    expect(browseQuerySchema.parse({ periodType: 'new', batchId: 'all' }).batchId).toBeNull();
    expect(browseQuerySchema.parse({ periodType: 'new', batchId: 'b-1', limit: '30', page: '2' })).toMatchObject({
      batchId: 'b-1',
      limit: 30,
      page: 2,
    });
  });
});

describe('searchTermSchema', () => {
  it('trims', () => {
    expect(searchTermSchema.parse('  Batman  ')).toBe('Batman');
  });

  it.each([
    ['', 'Enter a search term'],
    ['    ', 'Enter a search term'],
    ['x'.repeat(201), 'A search term can be at most 200 characters'],
  ])('rejects %j', (term, message) => {
    expect(messages(searchTermSchema.safeParse(term))).toEqual([message]);
  });

  it('accepts exactly 200 characters after trimming', () => {
    expect(searchTermSchema.parse(` ${'x'.repeat(200)} `)).toHaveLength(200);
  });
});

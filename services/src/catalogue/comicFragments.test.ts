import { describe, expect, it } from 'vitest';
import { asciiJson, liveFields, staticPrefix } from './comicFragments.ts';
import { comicView } from './comicView.ts';

/** A stock item's row with a distinct value in every column, so a field written from the wrong one shows. */
const row = {
  stock_item_id: 'item-1',
  comic_id: 'comic-1',
  item_type: 'comic',
  period_type: 'back-issue',
  supplier_type: 'diamond',
  publisher: 'Marvel',
  main_description: 'Amazing Spider-Man #300',
  variant_description: 'Newsstand "quoted"',
  writer: 'David Michelinie',
  artist: 'Todd McFarlane',
  cover_artist: 'Todd McFarlane (c)',
  selected: true,
  srp: 499,
  price_override: 45_000,
  number: 3,
  available: 2,
  initial_quantity: 4,
  sales_quantity: 1,
  sales_value: 45_000,
  release_month: 5,
  release_year: 1988,
  images: [{ imageId: 'img-1' }],
  has_image: true,
  pnp: 120,
  key: true,
  condition: { kind: 'raw' as const, grade: 9.4 },
  key_notes: '1st full Venom',
  ebay_sku: 'SKU-1',
  ebay_listing_id: '110000000001',
  batch_id: 'batch-1',
  batch_name: 'Key issues',
  batch_date: new Date('2026-11-01T00:00:00.000Z'),
  series_id: 'series-1',
  series_title: 'Amazing Spider-Man',
  issue_number: '300',
  cover: 'A',
  printing: 1,
  foc_date: '2026-10-20',
  release_date: '2026-11-04',
  order_by: null,
  upc: '75960608936930011',
  price: 42_500,
  sort_title: 'amazing spider-man #0000300',
  added_position: '17',
};

describe('a comic in a kept answer', () => {
  it('is its whole view: the static prefix, then its live counts', () => {
    const view = comicView(row);
    const live = { available: view.available, salesQuantity: view.salesQuantity, salesValue: view.salesValue };
    const json = staticPrefix(view) + liveFields(live);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(view)));
    const { number, available, salesQuantity, salesValue, ...rest } = view;
    expect(Object.keys(JSON.parse(json))).toEqual([...Object.keys(rest), 'number', 'available', 'salesQuantity', 'salesValue']);
    expect({ number, available, salesQuantity, salesValue }).toEqual({ number: 2, available: 2, salesQuantity: 1, salesValue: 45_000 });
  });
});

describe('asciiJson', () => {
  it('writes every character past ASCII as its escape, the same JSON to a parser', () => {
    const value = { creator: 'Gabriel Hernández Walta', title: 'Batman’s Grave — “Part 1”', hero: '🦸 ½ ñ', plain: 'Saga #1' };
    const json = asciiJson(JSON.stringify(value));
    expect(json).toMatch(/^[\x00-\x7f]*$/);
    expect(json).toContain('Hern\\u00e1ndez');
    expect(JSON.parse(json)).toEqual(value);
    expect(asciiJson('{"plain":"Saga #1"}')).toBe('{"plain":"Saga #1"}');
  });

  it('is how a kept item is written, so an answer of them is ASCII', () => {
    const view = comicView({ ...row, writer: 'Gabriel Hernández Walta', main_description: 'Batman’s Grave #1' });
    const json = staticPrefix(view) + liveFields({ available: 1, salesQuantity: 0, salesValue: 0 });
    expect(json).toMatch(/^[\x00-\x7f]*$/);
    expect(JSON.parse(json)).toMatchObject({ writer: 'Gabriel Hernández Walta', mainDescription: 'Batman’s Grave #1' });
  });
});

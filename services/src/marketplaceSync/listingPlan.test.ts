import { stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { describe, expect, it } from 'vitest';
import { listingImageUrls, listingPostageCents, listingTitleOf, planListing, planRefresh, type PlanInput } from './listingPlan.ts';

const item = (overrides: Record<string, unknown> = {}) =>
  toStockItemFields(
    stockItemInputSchema.parse({ comicId: 'NOV251234', itemType: 'comic', mainDescription: 'Saga #1', hasImage: true, ...overrides }),
    null,
  );

const input = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  stockItemId: 's-1',
  item: item(),
  shopPriceCents: 595,
  available: 20,
  quantity: 10,
  publicUrl: 'https://shop.example.com.au/',
  ...overrides,
});

describe('listing rules', () => {
  it('titles: the name cut to 80 characters minus the suffix, then the suffix', () => {
    expect(listingTitleOf(item())).toBe('Saga #1 Comic');
    expect(listingTitleOf(item({ variantDescription: 'Cover B' }))).toBe('Saga #1 (Cover B) Comic');
    const long = listingTitleOf(item({ mainDescription: 'A'.repeat(120) }));
    expect(long).toBe(`${'A'.repeat(74)} Comic`);
    expect(long).toHaveLength(80);
    expect(listingTitleOf(item({ itemType: 'game', mainDescription: 'Catan' }))).toBe('Catan Game');
    expect(listingTitleOf(item({ itemType: 'accessory', mainDescription: 'B'.repeat(90) }))).toBe('B'.repeat(80));
  });

  it('price by the marketplace rule, postage from the table for 1 item unless the item has its own', () => {
    const plan = planListing(input());
    expect(plan).toMatchObject({ sku: 's-1', priceCents: 700, quantity: 10, postageCents: 520, condition: 'NEW' });
    expect(listingPostageCents(item({ pnp: 1500 }))).toBe(1500);
    expect(planListing(input({ item: item({ periodType: 'back-issue' }) })).condition).toBe('USED_VERY_GOOD');
  });

  it('pictures from the public URL: the main image, then the extra images', () => {
    expect(listingImageUrls('https://shop.example.com.au/', item({ images: [{ imageId: 'NOV251234b' }] }))).toEqual([
      'https://shop.example.com.au/images/diamond/NOV251234.webp',
      'https://shop.example.com.au/images/diamond/NOV251234b.webp',
    ]);
    expect(listingImageUrls('https://x.au', item({ periodType: 'back-issue' }))[0]).toBe('https://x.au/images/backissues/NOV251234.webp');
    expect(listingImageUrls('https://x.au', item({ itemType: 'game' }))[0]).toBe('https://x.au/images/games/NOV251234.webp');
  });

  it('quantity: the asked quantity capped by the copies free; refuses no stock and no picture', () => {
    expect(planListing(input({ available: 3 })).quantity).toBe(3);
    expect(() => planListing(input({ available: 0 }))).toThrow(/none in stock/);
    expect(() => planListing(input({ item: item({ hasImage: false }) }))).toThrow(/no image/);
    expect(planRefresh(input({ available: 0 }))).toEqual({ priceCents: 700, quantity: 0, title: 'Saga #1 Comic' });
  });
});

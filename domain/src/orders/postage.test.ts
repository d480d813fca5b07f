import { describe, expect, it } from 'vitest';
import { marketplacePostageCents, orderPostageCents, postageBand, POSTAGE_BANDS, type PostageLine } from './postage.ts';

describe('postageBand', () => {
  it.each([
    // count, total, band, site, marketplace
    [0, 0, 'None', 0, 0],
    [0, 5000, 'None', 0, 0],
    [1, 1499, 'Letter', 450, 520],
    [2, 1499, 'Letter', 450, 520],
    [1, 1500, 'Tracked Letter', 850, 950],
    [2, 1500, 'Tracked Letter', 850, 950],
    [3, 1499, 'Large Letter', 850, 950],
    [4, 1499, 'Large Letter', 850, 950],
    [3, 1500, 'Small Parcel', 850, 950],
    [4, 1500, 'Small Parcel', 850, 950],
    [5, 0, 'Small Parcel', 1100, 1300],
    [5, 9999, 'Small Parcel', 1100, 1300],
    [6, 0, 'Parcel', 1500, 1750],
    [10, 0, 'Parcel', 1500, 1750],
    [11, 0, 'Parcel', 1900, 2200],
    [30, 0, 'Parcel', 1900, 2200],
    [31, 0, 'Parcel', 2300, 2650],
    [50, 0, 'Parcel', 2300, 2650],
    [51, 0, 'Parcel', 2400, 2850],
    [60, 0, 'Parcel', 2400, 2850],
    [61, 0, 'Parcel', 2550, 3050],
    [70, 0, 'Parcel', 2550, 3050],
    [71, 0, 'Parcel', 2700, 3250],
    [80, 0, 'Parcel', 2700, 3250],
    [81, 0, 'Parcel', 2850, 3450],
    [90, 0, 'Parcel', 2850, 3450],
    [91, 0, 'Parcel', 3050, 3650],
    [1000, 0, 'Parcel', 3050, 3650],
  ])('%i items, total %i cents: %s %i (%i)', (count, total, name, site, marketplace) => {
    const band = postageBand(count, total);
    expect(band.name).toBe(name);
    expect(band.siteCents).toBe(site);
    expect(band.marketplaceCents).toBe(marketplace);
    expect(marketplacePostageCents(count, total)).toBe(marketplace);
  });

  it('covers every count from 1 to 200 with exactly one band, tracked or not', () => {
    for (const tracked of [false, true]) {
      for (let count = 1; count <= 200; count++) {
        const matching = POSTAGE_BANDS.filter(
          (b) => count >= b.minItems && (b.maxItems === null || count <= b.maxItems) && (b.tracked === null || b.tracked === tracked),
        );
        expect(matching).toHaveLength(1);
      }
    }
  });

  it('is untracked on the marketplace unless a total is given', () => {
    expect(marketplacePostageCents(1)).toBe(520);
    expect(marketplacePostageCents(0)).toBe(0);
  });

  it('refuses a negative or fractional count', () => {
    expect(() => postageBand(-1, 0)).toThrow(RangeError);
    expect(() => postageBand(1.5, 0)).toThrow(RangeError);
  });
});

const comic = (quantity: number, price = 500, pnp = 0): PostageLine => ({ itemType: 'comic', pnp, price, quantity });

describe('orderPostageCents', () => {
  const postage = (lines: PostageLine[], pickup = false, adhocName: string | null = null) =>
    orderPostageCents({ lines, pickup, adhocName });

  it('charges nothing for an empty order', () => expect(postage([])).toBe(0));
  it('charges a letter for 2 comics under $15', () => expect(postage([comic(2, 700)])).toBe(450));
  it('charges a tracked letter for 2 comics at $15 or more', () => expect(postage([comic(2, 750)])).toBe(850));
  it('counts quantities across lines', () => expect(postage([comic(3), comic(3)])).toBe(1500));
  it('uses the whole order total, own-pnp items included, for the tracked rule', () => {
    expect(postage([comic(1, 500), { itemType: 'game', pnp: 0, price: 1000, quantity: 1 }])).toBe(850);
  });
  it('charges nothing for pickup', () => expect(postage([comic(5)], true)).toBe(0));
  it('charges nothing for an ad-hoc order with a name', () => expect(postage([comic(5)], false, 'Bob')).toBe(0));
  it('charges as usual for a blank ad-hoc name', () => expect(postage([comic(5)], false, '  ')).toBe(1100));
  it('adds pnp x quantity for games instead of counting them', () => {
    expect(postage([{ itemType: 'game', pnp: 1200, price: 5000, quantity: 2 }])).toBe(2400);
  });
  it('adds pnp x quantity for accessories', () => {
    expect(postage([{ itemType: 'accessory', pnp: 300, price: 1000, quantity: 3 }])).toBe(900);
  });
  it('charges nothing for a game without its own pnp', () => {
    expect(postage([{ itemType: 'game', pnp: 0, price: 1000, quantity: 1 }])).toBe(0);
  });
  it('adds pnp x quantity for a comic with its own pnp, and counts the rest in the table', () => {
    expect(postage([comic(1, 500, 700), comic(1, 400)])).toBe(700 + 450);
  });
});

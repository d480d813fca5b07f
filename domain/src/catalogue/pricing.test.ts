import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from './money.ts';
import { applyBatchDiscount, itemPriceCents, marketplacePriceCents, supplierPriceCents, wholeDollarReduction } from './pricing.ts';

describe('supplierPriceCents: srp × 1.5 × 1.05, up to the next 0.25, whole dollar less 5 cents', () => {
  it.each([
    // srp, exact dollars, price cents
    [0, '0', 0],
    [1, '0.01575', 25],
    [15, '0.23625', 25],
    [16, '0.252', 50],
    [47, '0.74025', 75],
    [48, '0.756 -> 1.00', 95],
    [381, '6.00075', 625],
    [399, '6.28425', 650],
    [444, '6.993 -> 7.00', 695],
    [445, '7.00875', 725],
    [499, '7.85925 -> 8.00', 795],
    [599, '9.43425', 950],
    [799, '12.58425', 1275],
    [1000, '15.75 exactly on a step', 1575],
    [4000, '63.00 exactly, whole dollar', 6295],
  ])('srp %i (%s) -> %i', (srp, _dollars, expected) => {
    expect(supplierPriceCents(srp)).toBe(expected);
  });

  it('agrees with the decimal formula for every srp up to $200', () => {
    for (let srp = 1; srp <= 20000; srp++) {
      // exact rational: srp × 63 / 40 cents; next multiple of 25 cents.
      const quarters = Math.ceil((srp * 63) / 1000 - 1e-12);
      const cents = quarters * 25;
      expect(supplierPriceCents(srp)).toBe(cents % 100 === 0 ? cents - 5 : cents);
    }
  });

  it('rejects negative or fractional srp as a programmer error', () => {
    expect(() => supplierPriceCents(-1)).toThrow(RangeError);
    expect(() => supplierPriceCents(1.5)).toThrow(RangeError);
  });

  it('wholeDollarReduction leaves 0 and non-whole amounts alone', () => {
    expect(wholeDollarReduction(0)).toBe(0);
    expect(wholeDollarReduction(100)).toBe(95);
    expect(wholeDollarReduction(125)).toBe(125);
  });
});

describe('itemPriceCents: override replaces, then the batch discount is subtracted', () => {
  it.each([
    // srp, override, discount, expected
    [399, 0, 0, 650],
    [399, 0, 10, 585],
    [399, 495, 0, 495],
    [399, 495, 10, 446], // 445.5 rounds half up
    [399, 595, 10, 536], // 535.5 rounds half up
    [399, 595, 50, 298], // 297.5 rounds half up
    [399, 1, 50, 1], // 0.5 rounds half up
    [399, 1, 51, 0], // 0.49 rounds down
    [399, 595, 100, 0],
    [0, 0, 0, 0],
    [0, 0, 20, 0],
  ])('srp %i, override %i, discount %i%% -> %i', (srp, priceOverride, discountPercent, expected) => {
    expect(itemPriceCents({ srp, priceOverride, discountPercent })).toBe(expected);
  });

  it('rejects a discount outside 0..100 or not whole', () => {
    expect(() => applyBatchDiscount(100, -1)).toThrow(RangeError);
    expect(() => applyBatchDiscount(100, 101)).toThrow(RangeError);
    expect(() => applyBatchDiscount(100, 2.5)).toThrow(RangeError);
  });

  const cents = fc.integer({ min: 0, max: 10_000_000 });
  const percent = fc.integer({ min: 0, max: 100 });

  it('is never negative and never above the undiscounted price', () => {
    fc.assert(
      fc.property(cents, cents, percent, (srp, priceOverride, discountPercent) => {
        const price = itemPriceCents({ srp, priceOverride, discountPercent });
        const undiscounted = itemPriceCents({ srp, priceOverride, discountPercent: 0 });
        expect(price).toBeGreaterThanOrEqual(0);
        expect(price).toBeLessThanOrEqual(undiscounted);
        expect(Number.isInteger(price)).toBe(true);
      }),
    );
  });

  it('equals the override exactly when there is no discount (never below the override floor)', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 10_000_000 }), (srp, priceOverride) => {
        expect(itemPriceCents({ srp, priceOverride, discountPercent: 0 })).toBe(priceOverride);
      }),
    );
  });

  it('a bigger discount never gives a higher price', () => {
    fc.assert(
      fc.property(cents, percent, percent, (price, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(applyBatchDiscount(price, high)).toBeLessThanOrEqual(applyBatchDiscount(price, low));
      }),
    );
  });

  it('the supplier price is at least the marked-up srp less 5 cents and under it plus 25 cents', () => {
    fc.assert(
      fc.property(cents, (srp) => {
        const exact = (srp * 63) / 40;
        const price = supplierPriceCents(srp);
        expect(price).toBeGreaterThanOrEqual(Math.floor(exact) - 5);
        expect(price).toBeLessThan(exact + 25);
      }),
    );
  });
});

describe('marketplacePriceCents: value + 10% of (value+400), stepped up, minimum 100', () => {
  it.each([
    // value, raw amount, expected
    [0, '40', 100],
    [54, '99.4 -> 100', 100],
    [55, '100.5 -> 125', 125],
    [100, '150 exactly on a step', 150],
    [418, '499.8, under 500: step 25', 500],
    [419, '500.9, step 50', 550],
    [595, '694.5', 700],
    [1000, '1140', 1150],
    [1781, '1999.1, under 2000: step 50', 2000],
    [1782, '2000.2, step 100', 2100],
    [9054, '9999.4, under 10000: step 100', 10000],
    [9055, '10000.5, step 200', 10200],
    [20000, '22040', 22200],
  ])('value %i (%s) -> %i', (value, _raw, expected) => {
    expect(marketplacePriceCents(value)).toBe(expected);
  });

  const value = fc.integer({ min: 0, max: 10_000_000 });

  it('a higher value never gives a lower marketplace price', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(marketplacePriceCents(high)).toBeGreaterThanOrEqual(marketplacePriceCents(low));
      }),
    );
  });

  it('is at least 100, at least the raw amount, on its step, and less than one step above', () => {
    fc.assert(
      fc.property(value, (v) => {
        const raw = v + (v + 400) / 10;
        const price = marketplacePriceCents(v);
        const step = raw < 500 ? 25 : raw < 2000 ? 50 : raw < 10000 ? 100 : 200;
        expect(price).toBeGreaterThanOrEqual(100);
        expect(price).toBeGreaterThanOrEqual(raw);
        if (price > 100) {
          expect(price % step).toBe(0);
          expect(price - raw).toBeLessThan(step);
        }
      }),
    );
  });
});

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [595, '$5.95'],
    [123456, '$1,234.56'],
    [-120, '-$1.20'],
  ])('%i -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, ebayAuViewUrl, listingTitle, MarketplaceError } from './marketplace.ts';

const x = (n: number) => 'x'.repeat(n);

describe('listingTitle: cut to 80 characters minus the suffix, then the suffix', () => {
  it.each([
    { description: 'Batman #1', suffix: '', expected: 'Batman #1' },
    { description: 'Batman #1', suffix: ' NM', expected: 'Batman #1 NM' },
    { description: x(80), suffix: '', expected: x(80) },
    { description: x(81), suffix: '', expected: x(80) },
    { description: x(100), suffix: ' (VF)', expected: `${x(75)} (VF)` },
    { description: x(75), suffix: ' (VF)', expected: `${x(75)} (VF)` },
    { description: x(76), suffix: ' (VF)', expected: `${x(75)} (VF)` },
    // The cut leaves no dangling space before the suffix.
    { description: `${x(76)} Spider-Man`, suffix: ' #1', expected: `${x(76)} #1` },
    // Code points, not UTF-16 units: an emoji is never split.
    { description: `${x(76)}🦇🦇🦇`, suffix: '', expected: `${x(76)}🦇🦇🦇` },
    { description: `${x(78)}🦇🦇🦇`, suffix: '', expected: `${x(78)}🦇🦇` },
    { description: 'Anything', suffix: x(85), expected: x(80) },
    { description: '', suffix: ' #2', expected: ' #2' },
  ])('$description.length chars + "$suffix"', ({ description, suffix, expected }) => {
    const title = listingTitle(description, suffix);
    expect(title).toBe(expected);
    expect(Array.from(title).length).toBeLessThanOrEqual(80);
  });
});

describe('money at the eBay boundary', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [95, '0.95'],
    [1295, '12.95'],
    [1300, '13.00'],
    [999_999_99, '999999.99'],
    [-250, '-2.50'],
  ])('%i cents <-> "%s"', (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
    expect(amountToCents(amount)).toBe(cents);
  });

  it.each([
    ['12', 1200],
    ['12.9', 1290],
    ['0.1', 10],
    ['12.950', 1295],
    ['1.000000', 100],
    ['4.35', 435], // 4.35 * 100 is 434.99999999999994 in floating point
    ['1.15', 115],
    [' 7.00 ', 700],
  ])('reads "%s" as %i cents, exactly', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it.each(['', 'abc', '1,50', '1.005', '12.3.4', '$5'])('refuses "%s"', (amount) => {
    expect(() => amountToCents(amount)).toThrow(MarketplaceError);
  });

  it('refuses fractions of a cent going out', () => {
    expect(() => centsToAmount(12.5)).toThrow(MarketplaceError);
  });

  it('links to the listing on eBay Australia', () => {
    expect(ebayAuViewUrl('110550000001')).toBe('https://www.ebay.com.au/itm/110550000001');
  });
});

import { describe, expect, it } from 'vitest';
import { centsToDecimalString, centsToWholeString, formatMoney } from './money';
import { formatDate, formatDateTime, formatRelease } from './dates';
import { imageFolder, imageUrl } from './images';

describe('money', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatMoney(695)).toBe('$6.95');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(undefined)).toBe('$0.00');
  });
  it('gives the verification amount and the payment value', () => {
    expect(centsToDecimalString(1450)).toBe('14.50');
    expect(centsToWholeString(1450.4)).toBe('1450');
    expect(centsToWholeString(-3)).toBe('0');
  });
});

describe('dates', () => {
  it('shows Sydney time in en-AU', () => {
    // 2025-01-01T13:30Z is 2 January 00:30 in Sydney (daylight time).
    expect(formatDate('2025-01-01T13:30:00Z')).toBe('2 Jan 2025');
    expect(formatDateTime('2025-01-01T13:30:00Z')).toMatch(/^2 Jan 2025,? 12:30\s?am$/i);
    expect(formatDate(null)).toBe('');
  });
  it('formats release month and year', () => {
    expect(formatRelease(3, 2024)).toBe('Mar 2024');
    expect(formatRelease(0, 2024)).toBe('2024');
    expect(formatRelease(null, null)).toBe('');
  });
});

describe('images', () => {
  it('picks the folder by item and period type', () => {
    expect(imageFolder({ itemType: 'comic', periodType: 'new' })).toBe('diamond');
    expect(imageFolder({ itemType: 'comic', periodType: 'pre-order' })).toBe('diamond');
    expect(imageFolder({ itemType: 'comic', periodType: 'back-issue' })).toBe('backissues');
    expect(imageFolder({ itemType: 'game' })).toBe('games');
    expect(imageFolder({ itemType: 'accessory' })).toBe('games');
    expect(imageUrl({ itemType: 'comic', periodType: 'new' }, 'JAN250001')).toBe('/images/diamond/JAN250001.webp');
  });
});

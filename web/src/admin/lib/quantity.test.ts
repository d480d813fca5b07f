import { describe, expect, it } from 'vitest';
import { centsToInput, DEFAULT_UPLOAD_QUANTITY, parseDollars, parseQuantity, parseWholeNumber } from './quantity';

describe('quantity parsing', () => {
  it('parses the batch upload quantity as an integer', () => {
    expect(DEFAULT_UPLOAD_QUANTITY).toBe(10);
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity('12.9')).toBe(12);
    expect(parseQuantity('15 items')).toBe(15);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('-3')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
    expect(parseQuantity(4.5)).toBe(4);
  });
  it('parses whole numbers and dollars', () => {
    expect(parseWholeNumber('')).toBe(0);
    expect(parseWholeNumber('', 1)).toBe(1);
    expect(parseWholeNumber('5')).toBe(5);
    expect(parseWholeNumber('5.5')).toBeNull();
    expect(parseDollars('6.95')).toBe(695);
    expect(parseDollars('$12')).toBe(1200);
    expect(parseDollars('0.5')).toBe(50);
    expect(parseDollars('.05')).toBe(5);
    expect(parseDollars('1,000.10')).toBe(100010);
    expect(parseDollars('')).toBe(0);
    expect(parseDollars('1.999')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
  });
  it('shows cents as dollars for inputs', () => {
    expect(centsToInput(695)).toBe('6.95');
    expect(centsToInput(5)).toBe('0.05');
    expect(centsToInput(0)).toBe('');
    expect(centsToInput(0, false)).toBe('0.00');
    expect(centsToInput(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider.ts';
import { formatCents, parseCreditAmount } from './money.ts';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1050, '$10.50'],
    [123456, '$1,234.56'],
    [-120, '-$1.20'],
  ])('%i -> %s', (cents, text) => expect(formatCents(cents)).toBe(text));
});

describe('parseCreditAmount', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['$12.50', 1250],
    ['  7.05 ', 705],
    ['0.01', 1],
    ['10000', 1_000_000],
  ])('%s -> %i cents', (text, cents) => expect(parseCreditAmount(text)).toBe(cents));

  const refused = (text: string): DomainError => {
    try {
      parseCreditAmount(text);
    } catch (e) {
      if (e instanceof DomainError) return e;
    }
    throw new Error(`expected ${text} to be refused`);
  };

  it.each([
    ['', /enter a credit amount/],
    ['abc', /in dollars, for example 12.50/],
    ['12,50', /in dollars/],
    ['1e3', /in dollars/],
    ['12.', /in dollars/],
    ['.5', /in dollars/],
    ['12.505', /at most 2 decimal places/],
    ['0', /more than \$0.00/],
    ['0.00', /more than \$0.00/],
    ['-5', /more than \$0.00/],
    ['$-5', /more than \$0.00/],
    ['10000.01', /cannot be more than \$10,000.00/],
    ['99999999999999', /cannot be more than/],
  ])('refuses %j with a 400', (text, message) => {
    const error = refused(text);
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(message);
  });
});

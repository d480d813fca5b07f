import { describe, expect, it } from 'vitest';
import { importPercent } from './supplier-import';

describe('importPercent', () => {
  it('counts the lines imported, 100 only when done', () => {
    expect(importPercent(undefined)).toBeNull();
    expect(importPercent({ processed: 0, total: 0, done: false })).toBeNull();
    expect(importPercent({ processed: 50, total: 200, done: false })).toBe(25);
    expect(importPercent({ processed: 200, total: 200, done: false })).toBe(99);
    expect(importPercent({ processed: 200, total: 200, done: true })).toBe(100);
  });
});

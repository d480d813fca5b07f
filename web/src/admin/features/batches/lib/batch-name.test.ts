import { describe, expect, it } from 'vitest';
import { dateInputValue, defaultBatchName } from './batch-name';

describe('batch names and dates', () => {
  it('defaults to the month abbreviation and two-digit year (Sydney)', () => {
    expect(defaultBatchName(new Date('2026-03-10T00:00:00Z'))).toBe('MAR26');
    // 31 Dec 2025 15:00 UTC is 1 Jan 2026 in Sydney.
    expect(defaultBatchName(new Date('2025-12-31T15:00:00Z'))).toBe('JAN26');
  });
  it('gives date input values in Sydney days', () => {
    expect(dateInputValue('2026-11-20T14:00:00Z')).toBe('2026-11-21');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('nonsense')).toBe('');
  });
});

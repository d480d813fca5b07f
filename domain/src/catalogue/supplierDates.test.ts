import { describe, expect, it } from 'vitest';
import { defaultUploadBatchName, expandSupplierYear, monthFromAbbreviation, releaseFromSupplierCode } from './supplierDates.ts';

describe('releaseFromSupplierCode: 3-letter month then 2-digit year', () => {
  it.each([
    ['JAN240001', 1, 2024],
    ['feb230123', 2, 2023],
    ['Mar000001', 3, 2000],
    ['APR24', 4, 2024],
    ['MAY25 is not below 25', 5, 1925],
    ['JUN990001', 6, 1999],
    ['JUL010001', 7, 2001],
    ['AUG180001', 8, 2018],
    ['SEP200001', 9, 2020],
    ['OCT210001', 10, 2021],
    ['NOV260123', 11, 1926],
    ['DEC240001', 12, 2024],
    ['  dec240001  ', 12, 2024],
  ])('%s -> month %i, year %i, no warning', (code, month, year) => {
    expect(releaseFromSupplierCode(code)).toEqual({ month, year, warnings: [] });
  });

  it('an unknown month is treated as 0 and returned as a warning for the caller to log', () => {
    expect(releaseFromSupplierCode('XYZ240001')).toEqual({
      month: 0,
      year: 2024,
      warnings: ["Unrecognised supplier month code 'XYZ' in 'XYZ240001'"],
    });
  });

  it('a missing or non-numeric year is 0 with a warning', () => {
    expect(releaseFromSupplierCode('JANAB01')).toEqual({
      month: 1,
      year: 0,
      warnings: ["Unrecognised supplier year 'AB' in 'JANAB01'"],
    });
    expect(releaseFromSupplierCode('').warnings).toHaveLength(2);
  });

  it('takes a different two-digit-year pivot when the shop moves it', () => {
    expect(releaseFromSupplierCode('NOV260123', 50)).toEqual({ month: 11, year: 2026, warnings: [] });
  });
});

describe('expandSupplierYear', () => {
  it.each([
    [0, 2000],
    [24, 2024],
    [25, 1925],
    [99, 1999],
    [999, 1999 + 900],
    [1000, 1000],
    [2024, 2024],
  ])('%i -> %i', (year, expected) => {
    expect(expandSupplierYear(year)).toBe(expected);
  });
});

describe('monthFromAbbreviation', () => {
  it.each([
    ['jan', 1],
    ['Dec', 12],
    ['SEPT', 0],
    ['', 0],
  ])('%s -> %i', (text, month) => {
    expect(monthFromAbbreviation(text)).toBe(month);
  });
});

describe('defaultUploadBatchName: month abbreviation in capitals plus two-digit year, Sydney time', () => {
  it.each([
    ['2026-11-15T00:00:00Z', 'NOV26'],
    ['2025-01-01T00:00:00+11:00', 'JAN25'],
    ['2009-06-30T12:00:00Z', 'JUN09'],
    // 31 Oct 14:00 UTC is already 1 Nov in Sydney (UTC+11 in summer).
    ['2026-10-31T14:00:00Z', 'NOV26'],
    ['2026-10-31T12:59:59Z', 'OCT26'],
    ['2026-12-31T13:00:00Z', 'JAN27'],
  ])('%s -> %s', (iso, name) => {
    expect(defaultUploadBatchName(new Date(iso))).toBe(name);
  });
});

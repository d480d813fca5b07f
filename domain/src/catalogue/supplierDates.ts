/**
 * Supplier-code dates (storefront §5, admin §5): "the first 3 letters are a month abbreviation and
 * the next 2 digits a year. An unknown month is logged and treated as 0. Two-digit years below 25
 * read as 20xx; numbers below 1000 read as 19xx." The domain cannot log, so warnings are returned.
 */

export const MONTH_ABBREVIATIONS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
export type MonthAbbreviation = (typeof MONTH_ABBREVIATIONS)[number];

/** Two-digit years below this read as 20xx. */
export const TWO_DIGIT_YEAR_PIVOT = 25;
/** Year numbers below this (and at or above the pivot) read as 19xx. */
export const CENTURY_YEAR_LIMIT = 1000;

/** The shop's zone: "Times are shown in en-AU, Sydney zone." Month boundaries follow it. */
export const SHOP_TIME_ZONE = 'Australia/Sydney';

export interface SupplierRelease {
  /** 1..12, or 0 when the month is unknown. */
  month: number;
  /** Four-digit year, or 0 when the code has no two-digit year. */
  year: number;
  /** Plain-words problems for the caller to log ("Unrecognised supplier month code"). */
  warnings: string[];
}

/** Month number 1..12 of an abbreviation (case-insensitive), or 0 when it is not one. */
export function monthFromAbbreviation(text: string): number {
  const index = MONTH_ABBREVIATIONS.indexOf(text.toUpperCase() as MonthAbbreviation);
  return index + 1;
}

/**
 * "Two-digit years below 25 read as 20xx; numbers below 1000 read as 19xx." Read literally, codes
 * from 2025 on ('NOV26') read as 19xx; the pivot is a parameter so a shop can move it.
 */
export function expandSupplierYear(year: number, twoDigitYearPivot = TWO_DIGIT_YEAR_PIVOT): number {
  if (year < twoDigitYearPivot) return 2000 + year;
  if (year < CENTURY_YEAR_LIMIT) return 1900 + year;
  return year;
}

/**
 * Release month and year from a Diamond-style comic id: 'NOV260123' -> { month: 11, year: 1926 }
 * (26 is not below 25, so the spec's rule reads it as 19xx), 'jan240001' -> { 1, 2024 }.
 */
export function releaseFromSupplierCode(comicId: string, twoDigitYearPivot = TWO_DIGIT_YEAR_PIVOT): SupplierRelease {
  const code = comicId.trim();
  const warnings: string[] = [];
  const monthText = code.slice(0, 3);
  const month = monthFromAbbreviation(monthText);
  if (month === 0) warnings.push(`Unrecognised supplier month code '${monthText}' in '${code}'`);
  const yearText = code.slice(3, 5);
  let year = 0;
  if (/^\d{2}$/.test(yearText)) {
    year = expandSupplierYear(Number(yearText), twoDigitYearPivot);
  } else {
    warnings.push(`Unrecognised supplier year '${yearText}' in '${code}'`);
  }
  return { month, year, warnings };
}

/**
 * "Default batch name: current month abbreviation in capitals plus two-digit year", in the shop's
 * zone: 2026-11-05 -> 'NOV26'.
 */
export function defaultUploadBatchName(date: Date): string {
  const { month, year } = shopMonth(date);
  const abbreviation = MONTH_ABBREVIATIONS[month - 1] ?? 'JAN';
  return `${abbreviation}${String(year % 100).padStart(2, '0')}`;
}

/** The calendar month and year of an instant in Sydney. */
export function shopMonth(date: Date): { month: number; year: number } {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { month: part('month'), year: part('year') };
}

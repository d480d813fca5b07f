/**
 * Money display. All money is integer cents; "Prices are shown in dollars with two decimals."
 */

/** Formats integer cents as dollars with two decimals: 595 -> "$5.95", -120 -> "-$1.20". */
export function formatCents(cents: number): string {
  assertWholeCents(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}$${dollars.toLocaleString('en-AU')}.${String(rest).padStart(2, '0')}`;
}

/** Throws a RangeError (a programmer error, never user input: schemas reject bad input first). */
export function assertWholeCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a whole number of cents, got ${value}`);
  }
}

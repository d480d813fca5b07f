/**
 * Money as the shop shows it. All money is integer cents; "Prices are shown in dollars with two
 * decimals".
 */

/** Integer cents as dollars with two decimals: 1050 -> "$10.50", 123456 -> "$1,234.56", -120 -> "-$1.20". */
export function formatCents(cents: number): string {
  assertWholeCents(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Throws a RangeError (a programmer error, never user input: schemas reject bad input first). */
export function assertWholeCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a whole number of cents, got ${value}`);
  }
}

const formatter = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats integer cents as dollars with two decimals, e.g. 695 -> "$6.95". */
export function formatMoney(cents: number | null | undefined): string {
  const value = Number.isFinite(cents) ? (cents as number) : 0;
  return formatter.format(Math.round(value) / 100);
}

/** Dollars to two decimals without a symbol, as the payment verification wants it. */
export function centsToDecimalString(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

/** The payment value sent to the server: whole cents as a string, never negative. */
export function centsToWholeString(cents: number): string {
  return String(Math.max(0, Math.round(cents)));
}

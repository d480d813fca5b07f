/** A numeric command-line flag of a bench, at least `min`; anything else stops the bench with a message naming the flag. */
export function numberFlag(values: Record<string, unknown>, flag: string, min: number): number {
  const n = Number(values[flag]);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${flag} must be a number of at least ${min}, got ${String(values[flag])}`);
  return n;
}

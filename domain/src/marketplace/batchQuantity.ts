/**
 * "Batch upload quantity is parsed as an integer" (admin spec section 5); "Default upload batch
 * quantity 10" (section 9). The quantity is the most copies of each item put on the marketplace:
 * an item is listed with min(quantity, copies free in the shop).
 */
export const DEFAULT_LISTING_QUANTITY = 10;
export const MAX_LISTING_QUANTITY = 10_000;

export type ParsedQuantity = { ok: true; quantity: number } | { ok: false; message: string };

/** Digits only ("10", " 10 "): a sign, a fraction, an exponent or words are refused. */
export function parseListingQuantity(text: string | undefined | null): ParsedQuantity {
  const trimmed = (text ?? '').trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: `Quantity must be a whole number of at least 1, not "${text ?? ''}"` };
  const quantity = Number(trimmed);
  if (quantity < 1) return { ok: false, message: 'Quantity must be at least 1' };
  if (quantity > MAX_LISTING_QUANTITY) return { ok: false, message: `Quantity must be at most ${MAX_LISTING_QUANTITY}` };
  return { ok: true, quantity };
}

/** The copies listed for an item: the batch quantity, capped by the copies free in the shop (never below 0). */
export function listedQuantity(quantity: number, available: number): number {
  return Math.max(0, Math.min(quantity, available));
}

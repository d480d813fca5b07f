/**
 * The price rules of spec storefront §9 "Price of a supplier item" and
 * "Alternative marketplace price" (admin §5). All arithmetic is in integers.
 */
import { assertWholeCents } from './money.ts';

/** "Take srp × 1.5 × 1.05 / 100": 1.5 × 1.05 = 1.575 = 63/40. */
export const SUPPLIER_MARKUP_NUMERATOR = 63;
export const SUPPLIER_MARKUP_DENOMINATOR = 40;
/** "Round up to the next 0.25" dollars. */
export const SUPPLIER_PRICE_STEP_CENTS = 25;
/** "A result that is a whole dollar is reduced by 5 cents." */
export const WHOLE_DOLLAR_REDUCTION_CENTS = 5;

/**
 * Price of a supplier item from its srp (cents): srp × 1.5 × 1.05, rounded UP to the next
 * 25 cents, and a whole-dollar result reduced by 5 cents (7.00 -> 6.95).
 *   srp 399 -> 6.284 -> 6.50 -> 650;  srp 444 -> 6.993 -> 7.00 -> 695;  srp 0 -> 0.
 */
export function supplierPriceCents(srpCents: number): number {
  assertNonNegativeCents(srpCents, 'srp');
  // cents = srp × 63/40; quarters = ceil(cents / 25) = ceil(srp × 63 / 1000).
  const scaled = srpCents * SUPPLIER_MARKUP_NUMERATOR;
  const quarterDivisor = SUPPLIER_MARKUP_DENOMINATOR * SUPPLIER_PRICE_STEP_CENTS;
  const quarters = Math.ceil(scaled / quarterDivisor);
  const cents = quarters * SUPPLIER_PRICE_STEP_CENTS;
  return wholeDollarReduction(cents);
}

/** "A result that is a whole dollar is reduced by 5 cents" (a zero price stays 0). */
export function wholeDollarReduction(cents: number): number {
  return cents > 0 && cents % 100 === 0 ? cents - WHOLE_DOLLAR_REDUCTION_CENTS : cents;
}

export interface ItemPriceInput {
  /** Supplier's recommended retail price, cents. */
  srp: number;
  /** "A priceOverride replaces this price" when above 0; 0 means no override. */
  priceOverride: number;
  /** The batch's whole-number discount percent, 0..100. */
  discountPercent: number;
}

/**
 * The shop's price of a stock item: the supplier price, replaced by priceOverride when that is
 * above 0, then "the batch discountPercent is subtracted". The discounted price is rounded half up
 * to whole cents (a 10% discount of 595 is 535.5 -> 536) and is never below 0.
 */
export function itemPriceCents({ srp, priceOverride, discountPercent }: ItemPriceInput): number {
  assertNonNegativeCents(priceOverride, 'priceOverride');
  const base = priceOverride > 0 ? priceOverride : supplierPriceCents(srp);
  return applyBatchDiscount(base, discountPercent);
}

/** "The batch discountPercent is subtracted": round half up to whole cents, floor 0. */
export function applyBatchDiscount(priceCents: number, discountPercent: number): number {
  assertNonNegativeCents(priceCents, 'price');
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`discountPercent must be a whole number 0..100, got ${discountPercent}`);
  }
  // price × (100 − d) / 100, rounded half up: floor((2 × price × (100 − d) + 100) / 200).
  const discounted = Math.floor((2 * priceCents * (100 - discountPercent) + 100) / 200);
  return Math.max(0, discounted);
}

/** "Minimum 100" cents for the alternative marketplace price. */
export const MARKETPLACE_MINIMUM_CENTS = 100;
/** "value plus 10% of (value+400)". */
export const MARKETPLACE_FEE_BASE_CENTS = 400;
/**
 * "Rounded up to a step of 25 (under 500), 50 (under 2000), 100 (under 10000), else 200."
 * The thresholds apply to the amount being rounded (value + 10% of (value+400)).
 */
export const MARKETPLACE_STEPS: readonly { under: number; step: number }[] = [
  { under: 500, step: 25 },
  { under: 2000, step: 50 },
  { under: 10000, step: 100 },
  { under: Number.POSITIVE_INFINITY, step: 200 },
];

/**
 * Alternative marketplace price (cents) of an item worth valueCents in the shop:
 * value + 10% of (value + 400), rounded up to the step of its band, minimum 100.
 *   0 -> 40 -> 50 -> 100 (minimum);  1000 -> 1140 -> 1150;  595 -> 694.5 -> 700.
 */
export function marketplacePriceCents(valueCents: number): number {
  assertNonNegativeCents(valueCents, 'value');
  // Work in tenths of a cent: raw × 10 = 10 × value + (value + 400) = 11 × value + 400.
  const rawTenths = 11 * valueCents + MARKETPLACE_FEE_BASE_CENTS;
  const band = MARKETPLACE_STEPS.find(({ under }) => rawTenths < under * 10);
  const step = band?.step ?? 200;
  const rounded = Math.ceil(rawTenths / (step * 10)) * step;
  return Math.max(MARKETPLACE_MINIMUM_CENTS, rounded);
}

function assertNonNegativeCents(value: number, name: string): void {
  assertWholeCents(value, name);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}

import { z } from 'zod';

/**
 * The auction marketplace as the shop sees it: list stock items, keep their price and quantity in
 * step, end and delete listings, and read the marketplace's orders back. The real adapter is
 * `EbayMarketplace` (eBay Sell Inventory / Fulfillment REST APIs); tests and development run it
 * against the HTTP simulator in `simulators/ebay`.
 *
 * All money is integer cents (AUD). Conversion to and from the marketplace's decimal strings
 * happens at the adapter boundary with `centsToAmount` / `amountToCents`, never through floats.
 */

/** eBay's item condition values that make sense for comics, games and accessories. */
export const listingConditions = ['NEW', 'LIKE_NEW', 'USED_EXCELLENT', 'USED_VERY_GOOD', 'USED_GOOD', 'USED_ACCEPTABLE'] as const;
export type ListingCondition = (typeof listingConditions)[number];

/** eBay limits: titles 80 characters, SKUs 50, up to 24 pictures, descriptions 500 000. */
export const MARKETPLACE_TITLE_LIMIT = 80;

const cents = z.number().int().nonnegative();

export const listingInputSchema = z.object({
  /** The stock item id; eBay's SKU (at most 50 characters). */
  sku: z.string().min(1).max(50),
  title: z
    .string()
    .trim()
    .min(1)
    .max(MARKETPLACE_TITLE_LIMIT, { message: `Listing title is longer than ${MARKETPLACE_TITLE_LIMIT} characters` }),
  description: z.string().min(1).max(500_000),
  imageUrls: z.array(z.string().url()).min(1, { message: 'A listing needs at least one image' }).max(24),
  priceCents: cents.min(1, { message: 'A listing needs a price' }),
  quantity: z.number().int().min(1, { message: 'A listing needs at least one in stock' }),
  postageCents: cents,
  categoryId: z.string().regex(/^\d+$/).optional(),
  condition: z.enum(listingConditions),
});
export type ListingInput = z.infer<typeof listingInputSchema>;

export const listingRefreshSchema = z.object({
  priceCents: cents.min(1, { message: 'A listing needs a price' }),
  quantity: z.number().int().nonnegative(),
  title: z
    .string()
    .trim()
    .min(1)
    .max(MARKETPLACE_TITLE_LIMIT, { message: `Listing title is longer than ${MARKETPLACE_TITLE_LIMIT} characters` }),
});
export type ListingRefresh = z.infer<typeof listingRefreshSchema>;

/**
 * - active: published and buyable;
 * - out_of_stock: published but sold out (quantity 0);
 * - ended: was published, then withdrawn (cleared) or ended by the marketplace;
 * - unpublished: an offer exists that was never published.
 */
export type ListingStatus = 'active' | 'out_of_stock' | 'ended' | 'unpublished';

export interface ListingState {
  /** The live (or last) listing id; null when the offer was never published. */
  listingId: string | null;
  quantity: number;
  priceCents: number;
  status: ListingStatus;
}

export interface MarketplaceAddress {
  fullName: string;
  addressLine1: string;
  addressLine2: string | null;
  suburb: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface MarketplaceOrderLine {
  /** Null for a line sold from a listing the shop did not create (no SKU on the marketplace). */
  sku: string | null;
  title: string;
  quantity: number;
  lineItemId: string;
  /** The item cost of the line (unit price x quantity), without postage. */
  totalCents: number;
  /** The postage the buyer paid for this line. */
  postageCents: number;
}

export interface MarketplaceOrder {
  orderId: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  buyerUsername: string;
  buyerName: string;
  lines: MarketplaceOrderLine[];
  /** What the buyer paid in total (items, postage, less discounts). */
  totalCents: number;
  postageCents: number;
  /** The marketplace's fees on the order, when it reports them. */
  feesCents: number | null;
  shippingAddress: MarketplaceAddress | null;
}

export interface QuantityUpdate {
  sku: string;
  quantity: number;
}

/**
 * updated: the live listing shows the quantity now (0 shows it out of stock); not listed: the SKU has
 * no published offer (never listed, ended or deleted), so there is nothing to update; failed: eBay
 * refused this SKU (the message says why).
 */
export interface QuantityUpdateResult {
  sku: string;
  outcome: 'updated' | 'not listed' | 'failed';
  message: string | null;
}

export interface Marketplace {
  readonly name: string;
  /** Creates or replaces the item by SKU, creates or updates its offer, and publishes it. */
  upsertListing(item: ListingInput): Promise<{ listingId: string; sku: string }>;
  /**
   * Sets price, quantity and title of a listed SKU; republishes an ended listing when the quantity
   * is above zero. Throws `ListingNotFoundError` when the SKU was never listed.
   */
  refreshListing(sku: string, changes: ListingRefresh): Promise<ListingState>;
  /**
   * Sets the quantity of live listings, as many at once as the marketplace takes (eBay's
   * bulkUpdatePriceQuantity: 25 SKUs a call), the item's total and its offer's quantity alike. A
   * listing at 0 stays published (out of stock) and sells again when a later update raises it.
   */
  updateQuantities(updates: readonly QuantityUpdate[]): Promise<QuantityUpdateResult[]>;
  /** Ends the listing (withdraws the offer); the item stays on the marketplace. Idempotent. */
  endListing(sku: string): Promise<void>;
  /** Deletes the item, its offers and listings. Throws `ListingNotFoundError` for an unknown SKU. */
  deleteListing(sku: string): Promise<void>;
  /** The SKU's listing, or null when the SKU has no offer on the marketplace. */
  getListing(sku: string): Promise<ListingState | null>;
  /** The marketplace's quantity for each SKU it knows; unknown SKUs are left out. */
  getQuantities(skus: readonly string[]): Promise<Map<string, number>>;
  /** Orders created in the last `sinceDays` days, newest first. */
  listOrders(options: { sinceDays: number }): Promise<MarketplaceOrder[]>;
  viewUrl(listingId: string): string;
}

export class MarketplaceError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly errorId: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MarketplaceError';
  }
}

/** The SKU (or its offer) does not exist on the marketplace: eBay's 404 / errorId 25710. */
export class ListingNotFoundError extends MarketplaceError {
  constructor(
    readonly sku: string,
    message = `Item ${sku} was not found on eBay`,
  ) {
    super(message, 404, 25710);
    this.name = 'ListingNotFoundError';
  }
}

/** The marketplace kept answering 429, or asked for a longer wait than we are willing to block. */
export class MarketplaceRateLimitError extends MarketplaceError {
  constructor(readonly retryAfterMs: number | null) {
    super('eBay rate limit reached; try again later', 429, 2001);
    this.name = 'MarketplaceRateLimitError';
  }
}

/** The credentials were refused (bad client, revoked refresh token, or a token rejected twice). */
export class MarketplaceAuthError extends MarketplaceError {
  constructor(message: string, status: number | null) {
    super(message, status, null);
    this.name = 'MarketplaceAuthError';
  }
}

export const EBAY_AU_VIEW_BASE = 'https://www.ebay.com.au/itm/';

export function ebayAuViewUrl(listingId: string): string {
  return `${EBAY_AU_VIEW_BASE}${encodeURIComponent(listingId)}`;
}

/**
 * The auction listing title: the description cut to 80 characters minus the suffix length, then
 * the suffix. Characters are code points (an emoji is never split); trailing spaces left by the
 * cut are dropped. A suffix of 80 characters or more is itself cut to 80.
 */
export function listingTitle(description: string, suffix: string, limit = MARKETPLACE_TITLE_LIMIT): string {
  const tail = Array.from(suffix).slice(0, limit);
  const head = Array.from(description);
  const room = limit - tail.length;
  const kept = head.length <= room ? head.join('') : head.slice(0, room).join('').trimEnd();
  return kept + tail.join('');
}

/** 1295 -> "12.95"; exact for any safe integer. */
export function centsToAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents)) throw new MarketplaceError(`Not a whole number of cents: ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.95" -> 1295, "12.9" -> 1290, "12" -> 1200, "12.950" -> 1295; refuses fractions of a cent. */
export function amountToCents(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new MarketplaceError(`Not an amount: "${value}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const extra = fraction.slice(2);
  if (/[^0]/.test(extra)) throw new MarketplaceError(`Amount has fractions of a cent: "${value}"`);
  const centsPart = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const result = Number(whole) * 100 + centsPart;
  if (!Number.isSafeInteger(result)) throw new MarketplaceError(`Amount out of range: "${value}"`);
  return sign === '-' && result !== 0 ? -result : result;
}

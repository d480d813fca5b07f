/**
 * Oversold marketplace sales: both channels sold the last copy within the same window (the site
 * sold it before the eBay listing caught up, or eBay sold it before the shop pulled the sale).
 * The marketplace sale that found no free copy is flagged on its order's stream; the admin then
 * cancels the eBay order or refunds, and records which.
 *
 * Rules decided here:
 * - FLAGGED_ONCE: an order's oversold lines are flagged once (MarketplaceOversoldFlagged), when it
 *   is recorded with oversold copies; flagging again changes nothing.
 * - LATER_SALE: of the two sales of the copy, the later one (by when the buyer bought) is the one
 *   to undo: a later eBay sale is cancelled on eBay; a later site sale is refunded. Either action
 *   settles it: the admin records which was taken (MarketplaceOversoldResolved), once.
 */
import type { DomainEvent } from '../shared/events.ts';

/** The other sale of the copy: a site order (StockSold) or another marketplace order. */
export interface OversoldOtherSale {
  channel: 'site' | 'ebay';
  /** Our order id (site order, or the other marketplace order's order stream). */
  orderId: string;
  publicId: number | null;
  /** The marketplace's order number when the other sale is also a marketplace sale. */
  externalId: string | null;
  /** When the other buyer bought (ISO). */
  soldAt: string;
}

export interface OversoldLine {
  key: string;
  stockItemId: string;
  name: string;
  sku: string | null;
  /** Copies this marketplace sale took that the shop no longer had free. */
  oversold: number;
  /** The sale that had the copy, when the stock stream shows one. */
  otherSale: OversoldOtherSale | null;
  /** LATER_SALE: which of the two sales came later. */
  laterSale: 'ebay' | 'site';
}

export const OVERSOLD_RESOLUTIONS = ['ebay-order-cancelled', 'refunded'] as const;
export type OversoldResolution = (typeof OVERSOLD_RESOLUTIONS)[number];

export type MarketplaceOversoldFlagged = DomainEvent<
  'MarketplaceOversoldFlagged',
  {
    orderId: string;
    publicId: number;
    externalId: string;
    buyerUsername: string;
    /** When the eBay buyer bought (ISO). */
    soldAt: string;
    lines: OversoldLine[];
  }
>;

export type MarketplaceOversoldResolved = DomainEvent<
  'MarketplaceOversoldResolved',
  { orderId: string; externalId: string; resolution: OversoldResolution; note: string }
>;

export interface FlagOversold {
  type: 'FlagOversold';
  lines: OversoldLine[];
}

export interface ResolveOversold {
  type: 'ResolveOversold';
  resolution: OversoldResolution;
  note?: string;
}

/** LATER_SALE: the eBay sale is later unless the other sale's buyer bought after it. */
export function laterSaleOf(ebaySoldAt: string, other: OversoldOtherSale | null): 'ebay' | 'site' {
  if (!other || other.channel === 'ebay') return 'ebay';
  return Date.parse(other.soldAt) > Date.parse(ebaySoldAt) ? 'site' : 'ebay';
}

/** What the admin should do about one oversold line, in plain words. */
export function oversoldAdvice(line: Pick<OversoldLine, 'laterSale' | 'otherSale'>): string {
  if (line.laterSale === 'site' && line.otherSale) {
    const order = line.otherSale.publicId !== null ? `site order #${line.otherSale.publicId}` : 'the site order';
    return `The eBay buyer bought first: refund ${order} and post the copy to the eBay buyer, or cancel the eBay order (out of stock) and refund on eBay.`;
  }
  return 'The copy was already sold: cancel the eBay order on eBay (reason: out of stock), which refunds the eBay buyer.';
}

export function describeOversoldEvent(event: MarketplaceOversoldFlagged | MarketplaceOversoldResolved): string {
  if (event.type === 'MarketplaceOversoldFlagged') {
    const d = event.data;
    const names = d.lines.map((l) => `${l.oversold} x ${l.name} (the ${l.laterSale === 'site' ? 'site' : 'eBay'} sale was later)`);
    return `eBay order ${d.externalId} oversold: ${names.join(', ')}`;
  }
  const d = event.data;
  const words = d.resolution === 'refunded' ? 'refunded' : 'eBay order cancelled';
  return `Oversold eBay order ${d.externalId} settled: ${words}${d.note ? ` (${d.note})` : ''}`;
}

import type { Generated } from 'kysely';

/** Marketplace read models: the marketplace orders the shop recorded (admin "eBay Orders Processed"). */
export interface MarketplaceTables {
  marketplace_orders: {
    /** Our order id (the 'order' stream of type ebay). */
    order_id: string;
    public_id: number;
    /** The marketplace's order number. */
    external_id: string;
    /** Where it was first recorded from: api or sales-file. */
    source: string;
    buyer_username: string;
    buyer_name: string;
    sold_at: Date;
    recorded_at: Date;
    updated_at: Date;
    item_count: number;
    items_cents: number;
    postage_cents: number;
    total_cents: number;
    fees_cents: number | null;
    /** MarketplaceShipTo or null. */
    ship_to: unknown;
    /** MarketplaceSaleLine[]. */
    lines: unknown;
    /** Lines whose SKU matched no stock item, and copies sold that were not free. */
    unmatched_lines: number;
    oversold: number;
  };
  /** Oversold marketplace sales, one row per oversold line (MarketplaceOversoldFlagged / Resolved). */
  marketplace_oversold: {
    order_id: string;
    line_key: string;
    public_id: number;
    external_id: string;
    buyer_username: string;
    sold_at: Date;
    stock_item_id: string;
    name: string;
    sku: string | null;
    oversold: number;
    /** The other sale of the copy: 'site' or 'ebay', or null when none was found. */
    other_channel: string | null;
    other_order_id: string | null;
    other_public_id: number | null;
    other_external_id: string | null;
    other_sold_at: Date | null;
    /** 'ebay' or 'site': which sale came later. */
    later_sale: string;
    flagged_at: Date;
    /** null while open; 'ebay-order-cancelled' or 'refunded'. */
    resolution: string | null;
    note: string;
    resolved_at: Date | null;
  };
  /**
   * The eBay quantity sync (reactor-owned, not rebuilt): each item listed on eBay, with a counter
   * of changes to its available count and the counter its last pushed quantity covered.
   */
  ebay_quantity_sync: {
    stock_item_id: string;
    sku: string;
    listed: boolean;
    changes: Generated<string>;
    pushed: Generated<string>;
    changed_at: Date | null;
    pushed_at: Date | null;
    pushed_quantity: number | null;
    last_error: string | null;
  };
}

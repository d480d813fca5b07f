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
}

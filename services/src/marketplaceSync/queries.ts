import { stockItemName } from '@shop/domain/catalogue/index';
import type { MarketplaceSaleLine, MarketplaceShipTo } from '@shop/domain/marketplace/marketplaceOrder';
import type { Selectable } from 'kysely';
import type { MarketplaceTables } from '@shop/projections/marketplace/tables';
import type { Deps } from '../deps/deps.ts';
import { COMIC_COLUMNS, comicView, type ComicView } from '../catalogue/comicView.ts';
import type { Marketplace } from '../marketplace/marketplace.ts';

type Ctx = Pick<Deps, 'db'>;

export const STOCK_CHECK_STATUSES = ['ok', 'ebay has more', 'ebay has fewer', 'not on ebay'] as const;
export type StockCheckStatus = (typeof STOCK_CHECK_STATUSES)[number];

export interface StockCheckRow {
  name: string;
  /** The item type (comic, game, accessory). */
  type: string;
  /** Copies free in the shop. */
  ioaQuantity: number;
  /** The marketplace's quantity (0 when it does not know the SKU). */
  ebayQuantity: number;
  status: StockCheckStatus;
  sku: string;
  comic: ComicView;
}

/**
 * Our quantity against the marketplace's for every listed item (an item with a listing id or SKU).
 * 'ebay has more' is the one to act on: eBay may sell copies the shop no longer has. Rows needing
 * attention come first, then by title.
 */
export async function stockCheck(ctx: Ctx, marketplace: Marketplace): Promise<{ stockCheck: StockCheckRow[]; message: string }> {
  const rows = await ctx.db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where((eb) => eb.or([eb('ebay_listing_id', 'is not', null), eb('ebay_sku', 'is not', null)]))
    .orderBy('sort_title')
    .orderBy('stock_item_id')
    .execute();
  const skuOf = (r: (typeof rows)[number]) => r.ebay_sku ?? r.stock_item_id;
  const quantities = await marketplace.getQuantities(rows.map(skuOf));
  const order: Record<StockCheckStatus, number> = { 'ebay has more': 0, 'not on ebay': 1, 'ebay has fewer': 2, ok: 3 };
  const checked = rows.map((r): StockCheckRow => {
    const comic = comicView(r, 'admin');
    const sku = skuOf(r);
    const ours = Math.max(0, r.available);
    const theirs = quantities.get(sku);
    const status: StockCheckStatus =
      theirs === undefined ? 'not on ebay' : theirs > ours ? 'ebay has more' : theirs < ours ? 'ebay has fewer' : 'ok';
    return {
      name: stockItemName({ mainDescription: r.main_description, variantDescription: r.variant_description }),
      type: r.item_type,
      ioaQuantity: ours,
      ebayQuantity: theirs ?? 0,
      status,
      sku,
      comic,
    };
  });
  checked.sort((a, b) => order[a.status] - order[b.status]);
  const count = (s: StockCheckStatus) => checked.filter((c) => c.status === s).length;
  const message =
    checked.length === 0
      ? 'No stock items are listed on eBay.'
      : `Checked ${checked.length} listed item${checked.length === 1 ? '' : 's'}: ${count('ebay has more')} where eBay offers more than we have, ${count('ebay has fewer')} where eBay offers fewer, ${count('not on ebay')} not on eBay.`;
  return { stockCheck: checked, message };
}

/** How many marketplace orders GET /admin-orders-processed answers (newest sale first). */
export const ORDERS_PROCESSED_LIMIT = 1000;

/** A marketplace order's ship-to as the admin's order address (the name split into given and family names). */
export function marketplaceShippingAddress(shipTo: MarketplaceShipTo | null) {
  if (!shipTo) return null;
  const [givenName = '', ...rest] = shipTo.name.split(' ');
  return {
    givenName,
    familyName: rest.join(' '),
    addressLine1: [shipTo.addressLine1, shipTo.addressLine2].filter(Boolean).join(', '),
    suburb: shipTo.suburb,
    state: shipTo.state,
    postalCode: shipTo.postalCode,
    countryCode: shipTo.countryCode,
  };
}

/** A recorded marketplace order in the shape of the admin's Order (admin spec section 3). */
export function processedOrderView(row: Selectable<MarketplaceTables['marketplace_orders']>) {
  const lines = row.lines as MarketplaceSaleLine[];
  const shipTo = row.ship_to as MarketplaceShipTo | null;
  const soldAt = row.sold_at.toISOString();
  return {
    _id: row.order_id,
    publicId: row.public_id,
    type: 'ebay',
    externalId: row.external_id,
    externalBuyerId: row.buyer_username,
    externalBuyerName: row.buyer_name,
    name: row.buyer_name,
    email: '',
    source: row.source,
    date: soldAt,
    createdAt: row.recorded_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    complete: true,
    completedDate: soldAt,
    posted: false,
    postedDate: null,
    trackingNumber: null,
    itemCount: row.item_count,
    total: row.items_cents,
    pnp: row.postage_cents,
    paid: row.total_cents,
    toPay: 0,
    carriedForward: 0,
    fees: row.fees_cents,
    unmatchedLines: row.unmatched_lines,
    oversold: row.oversold,
    shippingIsPickup: false,
    shippingAddress: marketplaceShippingAddress(shipTo),
    billingAddress: null,
    orderItems: lines.map((l) => ({
      _id: l.stockItemId ?? l.sku ?? l.key,
      name: l.name,
      title: l.title,
      sku: l.sku,
      quantity: l.quantity,
      price: Math.round(l.valueCents / l.quantity),
      comicId: l.comicId,
      itemType: l.itemType,
      available: 0,
      matched: l.stockItemId !== null,
      taken: l.taken,
      oversold: l.oversold,
    })),
  };
}

export async function ordersProcessed(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('marketplace_orders')
    .selectAll()
    .orderBy('sold_at', 'desc')
    .orderBy('order_id')
    .limit(ORDERS_PROCESSED_LIMIT)
    .execute();
  return rows.map(processedOrderView);
}

/** Stock items a code names: the stock item id, the comic (image) id, or the marketplace SKU or listing id. */
export async function itemsByCode(ctx: Ctx, code: string, limit = 50) {
  const trimmed = code.trim();
  return ctx.db
    .selectFrom('stock_items')
    .select(COMIC_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('stock_item_id', '=', trimmed),
        eb(eb.fn('lower', ['comic_id']), '=', trimmed.toLowerCase()),
        eb('ebay_sku', '=', trimmed),
        eb('ebay_listing_id', '=', trimmed),
      ]),
    )
    .orderBy('sort_title')
    .orderBy('stock_item_id')
    .limit(limit)
    .execute();
}

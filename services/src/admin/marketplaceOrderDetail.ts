import type { MarketplaceSaleLine, MarketplaceShipTo } from '@shop/domain/marketplace/marketplaceOrder';
import { orderItemKind, type ItemType, type PeriodType, type SupplierType } from '@shop/domain/orders/catalogueView';
import type { ReadModels } from '@shop/projections/schema';
import type { Kysely } from 'kysely';
import { marketplaceShippingAddress } from '../marketplaceSync/queries.ts';
import type { AdminOrderView } from './adminOrders.ts';

/**
 * An eBay order's order stream holds only its start (OrderStarted, type ebay): its buyer, lines,
 * money and address are what the shop recorded of it (marketplace_orders). The admin's order lists
 * show those, so an eBay order reads like any other in All Orders.
 */
export async function withMarketplaceDetail(db: Kysely<ReadModels>, views: AdminOrderView[]): Promise<AdminOrderView[]> {
  const ebayIds = views.filter((v) => v.type === 'ebay').map((v) => v._id);
  if (ebayIds.length === 0) return views;
  const records = new Map(
    (await db.selectFrom('marketplace_orders').selectAll().where('order_id', 'in', ebayIds).execute()).map((r) => [r.order_id, r]),
  );
  const itemIds = [
    ...new Set(
      [...records.values()].flatMap((r) => (r.lines as MarketplaceSaleLine[]).flatMap((l) => (l.stockItemId ? [l.stockItemId] : []))),
    ),
  ];
  const items = new Map(
    itemIds.length === 0
      ? []
      : (
          await db
            .selectFrom('stock_items')
            .select(['stock_item_id', 'item_type', 'period_type', 'supplier_type', 'available', 'pnp'])
            .where('stock_item_id', 'in', itemIds)
            .execute()
        ).map((r) => [r.stock_item_id, r]),
  );
  return views.map((view) => {
    const record = records.get(view._id);
    if (!record) return view;
    const shipTo = record.ship_to as MarketplaceShipTo | null;
    const soldAt = record.sold_at.toISOString();
    return {
      ...view,
      name: record.buyer_name,
      externalBuyerId: record.buyer_username,
      externalBuyerName: record.buyer_name,
      date: soldAt,
      paid: record.total_cents,
      total: record.items_cents,
      toPay: 0,
      pnp: record.postage_cents,
      itemCount: record.item_count,
      complete: true,
      completedDate: soldAt,
      shippingIsPickup: false,
      shippingAddress: marketplaceShippingAddress(shipTo) ?? view.shippingAddress,
      orderItems: (record.lines as MarketplaceSaleLine[]).map((line) => {
        const item = line.stockItemId ? items.get(line.stockItemId) : undefined;
        const itemType = (item?.item_type ?? line.itemType ?? 'comic') as ItemType;
        const periodType = (item?.period_type ?? null) as PeriodType | null;
        return {
          _id: line.stockItemId ?? line.sku ?? line.key,
          name: line.name,
          type: orderItemKind(itemType, periodType),
          itemType,
          periodType,
          supplierType: (item?.supplier_type ?? null) as SupplierType | null,
          available: item ? Math.max(0, item.available) : 0,
          quantity: line.quantity,
          price: Math.round(line.valueCents / line.quantity),
          comicId: line.comicId ?? '',
          pnp: line.postageCents,
        };
      }),
    };
  });
}

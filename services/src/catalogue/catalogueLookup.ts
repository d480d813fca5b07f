import type { Kysely } from 'kysely';
import { stockItemName } from '@shop/domain/catalogue/index';
import type { CatalogueItem, ItemType, PeriodType, SupplierType } from '@shop/domain/orders/index';
import type { ReadModels } from '@shop/projections/schema';

/**
 * The catalogue's current view of the given stock items, for the order rules (which never trust
 * what the client sends). An id with no row is absent from the result: it does not exist or was deleted.
 */
export async function lookupCatalogueItems(db: Kysely<ReadModels>, stockItemIds: readonly string[]): Promise<CatalogueItem[]> {
  const ids = [...new Set(stockItemIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stock_items')
    .select(['stock_item_id', 'main_description', 'variant_description', 'price', 'available', 'item_type', 'period_type', 'supplier_type', 'comic_id', 'pnp'])
    .where('stock_item_id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    stockItemId: r.stock_item_id,
    name: stockItemName({ mainDescription: r.main_description, variantDescription: r.variant_description }),
    price: r.price,
    available: Math.max(0, r.available),
    itemType: r.item_type as ItemType,
    periodType: r.period_type as PeriodType,
    supplierType: r.supplier_type as SupplierType,
    comicId: r.comic_id,
    pnp: r.pnp,
    deleted: false,
  }));
}

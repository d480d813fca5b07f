import type { Selectable } from 'kysely';
import type pg from 'pg';
import { isPastFoc, stockItemName } from '@shop/domain/catalogue/index';
import type { CatalogueItem, ItemType, PeriodType, SupplierType } from '@shop/domain/orders/index';
import type { CatalogueTables } from '@shop/projections/catalogue/tables';

export type CatalogueRow = Pick<
  Selectable<CatalogueTables['stock_items']>,
  | 'stock_item_id'
  | 'main_description'
  | 'variant_description'
  | 'price'
  | 'available'
  | 'item_type'
  | 'period_type'
  | 'supplier_type'
  | 'comic_id'
  | 'pnp'
  | 'order_by'
>;

/** The lookup's select of the items whose ids are `$1` (a text array), for a statement that does more besides (lookupCatalogueItems). */
export const CATALOGUE_LOOKUP_SELECT = `select stock_item_id, main_description, variant_description, price, available, item_type, period_type, supplier_type, comic_id, pnp, order_by
           from stock_items where stock_item_id = any($1::text[])`;

/**
 * The catalogue's current view of the given stock items, for the order rules (which never trust
 * what the client sends). An id with no row is absent from the result: it does not exist or was deleted.
 * Every order call and checkout runs it, so it is a named statement, parsed once per connection
 * (PostgreSQL still plans each call: its plan for the given ids is cheaper than a generic one).
 * `now` is the command's time: a pre-order whose FOC day has ended in Sydney is `focPassed`.
 */
export async function lookupCatalogueItems(pool: pg.Pool, stockItemIds: readonly string[], now: Date): Promise<CatalogueItem[]> {
  const ids = [...new Set(stockItemIds)];
  if (ids.length === 0) return [];
  const { rows } = await pool.query<CatalogueRow>({ name: 'catalogue-lookup-foc', text: CATALOGUE_LOOKUP_SELECT, values: [ids] });
  return catalogueItemsOf(rows, now);
}

/** The rows of CATALOGUE_LOOKUP_SELECT as the order rules take them. */
export function catalogueItemsOf(rows: readonly CatalogueRow[], now: Date): CatalogueItem[] {
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
    focDate: r.order_by,
    focPassed: isPastFoc(r.order_by, now),
  }));
}

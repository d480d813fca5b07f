/**
 * The small view of the catalogue the order rules need. The catalogue module owns stock items;
 * the order handler looks the requested items up and passes this view in, so the order rules
 * never trust a name, price or available count sent by the client.
 */

export const ITEM_TYPES = ['comic', 'game', 'accessory'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const PERIOD_TYPES = ['new', 'back-issue', 'pre-order', 'vintage'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export const SUPPLIER_TYPES = ['diamond', 'lpg', 'auction', 'local_shop', 'local_person', 'lunar', 'prh'] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];

/** "Order item kind: new, back, pre, game, accessory." */
export const ORDER_ITEM_KINDS = ['new', 'back', 'pre', 'game', 'accessory'] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

/** One stock item as the catalogue has it now. */
export interface CatalogueItem {
  stockItemId: string;
  /** The display name, e.g. "Saga #1 (Cover B)". */
  name: string;
  /** Site price in cents, after price rules and batch discount. */
  price: number;
  /** Quantity left (the stock item's `number`). */
  available: number;
  itemType: ItemType;
  /** null for key comics, which have no period. */
  periodType: PeriodType | null;
  supplierType: SupplierType | null;
  comicId: string;
  /** Item-specific postage in cents; 0 when the item counts in the postage table. */
  pnp: number;
  deleted: boolean;
  /** A pre-order's FOC date ('YYYY-MM-DD', see catalogue/foc.ts); null or absent for other items. */
  focDate?: string | null;
  /** The FOC has passed (isPastFoc at the command's time): no new lines, no more copies. */
  focPassed?: boolean;
}

/** The lookup result for the stock item ids an order asks for; an id that is absent does not exist. */
export type CatalogueLookup = ReadonlyMap<string, CatalogueItem>;

export function catalogueLookup(items: readonly CatalogueItem[]): CatalogueLookup {
  return new Map(items.map((item) => [item.stockItemId, item]));
}

/** The order item kind of a stock item: games and accessories by type, comics by period. */
export function orderItemKind(itemType: ItemType, periodType: PeriodType | null): OrderItemKind {
  if (itemType === 'game') return 'game';
  if (itemType === 'accessory') return 'accessory';
  switch (periodType) {
    case 'new':
      return 'new';
    case 'pre-order':
      return 'pre';
    case 'back-issue':
    case 'vintage':
    case null:
      return 'back';
  }
}

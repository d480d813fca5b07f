import {
  orderItemKind,
  type CatalogueItem,
  type ItemType,
  type OrderItemKind,
  type PeriodType,
  type SupplierType,
} from './catalogueView.ts';

/** One line of an order: a stock item, as the catalogue described it when last synced, and a quantity. */
export interface OrderLine {
  stockItemId: string;
  name: string;
  kind: OrderItemKind;
  itemType: ItemType;
  periodType: PeriodType | null;
  supplierType: SupplierType | null;
  comicId: string;
  /** Cents each. */
  price: number;
  /** Item-specific postage in cents each. */
  pnp: number;
  quantity: number;
  /** Available when last synced (the catalogue's count, not reduced by this order). */
  available: number;
  /**
   * Copies of the customer's pull list, released into the order by the admin (their stock is held
   * for the order): update-order keeps the line whatever a client sends (docs/pull-lists.md).
   */
  pullList?: true;
}

/** What a line copies from the catalogue, besides quantity and availability. */
export type OrderLineDetails = Omit<OrderLine, 'quantity' | 'available'>;

export function lineDetailsFrom(item: CatalogueItem): OrderLineDetails {
  return {
    stockItemId: item.stockItemId,
    name: item.name,
    kind: orderItemKind(item.itemType, item.periodType),
    itemType: item.itemType,
    periodType: item.periodType,
    supplierType: item.supplierType,
    comicId: item.comicId,
    price: item.price,
    pnp: item.pnp,
  };
}

export function sameLineDetails(a: OrderLineDetails, b: OrderLineDetails): boolean {
  return (
    a.stockItemId === b.stockItemId &&
    a.name === b.name &&
    a.kind === b.kind &&
    a.itemType === b.itemType &&
    a.periodType === b.periodType &&
    a.supplierType === b.supplierType &&
    a.comicId === b.comicId &&
    a.price === b.price &&
    a.pnp === b.pnp
  );
}

/** A line as charged at checkout. */
export interface CheckoutLine {
  stockItemId: string;
  name: string;
  kind: OrderItemKind;
  comicId: string;
  price: number;
  pnp: number;
  quantity: number;
}

export const toCheckoutLine = (l: OrderLine): CheckoutLine => ({
  stockItemId: l.stockItemId,
  name: l.name,
  kind: l.kind,
  comicId: l.comicId,
  price: l.price,
  pnp: l.pnp,
  quantity: l.quantity,
});

/** A requested quantity of one stock item. */
export interface RequestedLine {
  stockItemId: string;
  quantity: number;
}

/** Lines for the same stock item sent twice are one line with the quantities added, at the first one's place. */
export function mergeRequestedLines(lines: readonly { _id?: string; stockItemId?: string; quantity: number }[]): RequestedLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) {
    const id = line.stockItemId ?? line._id;
    if (id === undefined) continue;
    merged.set(id, (merged.get(id) ?? 0) + line.quantity);
  }
  return [...merged].map(([stockItemId, quantity]) => ({ stockItemId, quantity }));
}

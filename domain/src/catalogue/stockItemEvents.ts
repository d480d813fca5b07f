/**
 * Events of the 'stock' stream. Each event's data describes itself fully (the item's name, the
 * quantities after the change) so projections and the audit history never read other streams.
 */
import type { DomainEvent } from '../shared/events.ts';
import type { StockItemInput } from './schemas.ts';

/**
 * The batch an item sits in, as it was when the item was added or moved: the spec's stock item
 * fields batch, batchName and batchDate (the batch's publish date), plus its discount then.
 * Later batch changes arrive as batch events; read models take current values from those.
 */
export interface BatchSnapshot {
  batchId: string;
  batchName: string;
  batchDate: string;
  discountPercent: number;
}

/** Everything recorded about a stock item (the validated input, with the batch resolved). */
export type StockItemFields = Omit<StockItemInput, 'batchId'> & { batch: BatchSnapshot | null };
export type ImageRef = StockItemFields['images'][number];

export type StockItemAdded = DomainEvent<'StockItemAdded', { stockItemId: string } & StockItemFields>;

/** Only the fields that changed; `previous` has the same keys with the values before. */
export type StockItemEdited = DomainEvent<
  'StockItemEdited',
  { stockItemId: string; name: string; changes: Partial<StockItemFields>; previous: Partial<StockItemFields> }
>;

export type StockQuantityAdjusted = DomainEvent<
  'StockQuantityAdjusted',
  { stockItemId: string; name: string; by: number; previousNumber: number; number: number; reason: string }
>;

export type StockImagesChanged = DomainEvent<
  'StockImagesChanged',
  {
    stockItemId: string;
    name: string;
    images: ImageRef[];
    hasImage: boolean;
    previousImages: ImageRef[];
    previousHasImage: boolean;
  }
>;

export type StockItemDeleted = DomainEvent<
  'StockItemDeleted',
  { stockItemId: string; name: string; comicId: string; batchId: string | null; reason: string | null }
>;

/** The order now holds `quantity` (its total, not an increment); `available` is after the hold. */
export type StockHeld = DomainEvent<
  'StockHeld',
  { stockItemId: string; name: string; orderId: string; quantity: number; previousQuantity: number; available: number }
>;

export type StockHoldReleased = DomainEvent<
  'StockHoldReleased',
  { stockItemId: string; name: string; orderId: string; quantity: number; available: number }
>;

/** An order's hold became a sale. number, salesQuantity and salesValue are the item's totals after it. */
export type StockSold = DomainEvent<
  'StockSold',
  {
    stockItemId: string;
    name: string;
    orderId: string;
    quantity: number;
    unitPriceCents: number;
    valueCents: number;
    number: number;
    salesQuantity: number;
    salesValue: number;
  }
>;

/**
 * A marketplace sale. `taken` copies came off the free stock; `oversold` copies were not free
 * (already held by checkouts or gone) and need the admin's attention. Totals are after the sale.
 */
export type StockSoldExternally = DomainEvent<
  'StockSoldExternally',
  {
    stockItemId: string;
    name: string;
    externalOrderId: string;
    quantity: number;
    valueCents: number;
    taken: number;
    oversold: number;
    number: number;
    salesQuantity: number;
    salesValue: number;
  }
>;

export type StockItemEvent =
  | StockItemAdded
  | StockItemEdited
  | StockQuantityAdjusted
  | StockImagesChanged
  | StockItemDeleted
  | StockHeld
  | StockHoldReleased
  | StockSold
  | StockSoldExternally;

export type StockItemEventType = StockItemEvent['type'];

const EVENT_TYPE_SET: Record<StockItemEventType, true> = {
  StockItemAdded: true,
  StockItemEdited: true,
  StockQuantityAdjusted: true,
  StockImagesChanged: true,
  StockItemDeleted: true,
  StockHeld: true,
  StockHoldReleased: true,
  StockSold: true,
  StockSoldExternally: true,
};
/** Every stock event type (checked complete by the compiler). */
export const STOCK_ITEM_EVENT_TYPES = Object.keys(EVENT_TYPE_SET) as StockItemEventType[];

/** "Saga #1" or "Saga #1 (Cover B Artist Variant)": how an item is named in messages and audit. */
export function stockItemName(item: Pick<StockItemFields, 'mainDescription' | 'variantDescription'>): string {
  const variant = item.variantDescription.trim();
  return variant ? `${item.mainDescription} (${variant})` : item.mainDescription;
}

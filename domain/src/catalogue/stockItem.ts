/**
 * The stock item decider (stream type 'stock'): admin changes to an item, and the checkout's
 * hold / release / sell of copies, and marketplace sales.
 *
 * Quantities: `number` is the copies the shop still has (spec: "number (quantity available)"),
 * including copies held by orders in checkout. available = number − held.
 * Rules the spec leaves open, decided here:
 * - HOLD_IS_PER_ORDER: HoldStock sets the order's hold to the quantity asked (not an increment),
 *   so a retried checkout holds the same copies once.
 * - HELD_STOCK_IS_KEPT: quantity edits cannot drop `number` below what checkouts hold, and an item
 *   with holds cannot be deleted (409), so a charged checkout can always complete its sale.
 * - MARKETPLACE_SALE_TAKES_FREE_STOCK: a marketplace sale takes only free copies; the rest is
 *   recorded as oversold for the admin. Each external order id is recorded once.
 */
import { DomainError, type Decider } from '../shared/decider.ts';
import { diffFields } from './changes.ts';
import { withIssueDefaults } from './stockItemFields.ts';
import {
  stockItemName,
  type ImageRef,
  type StockHeld,
  type StockHoldReleased,
  type StockImagesChanged,
  type StockItemAdded,
  type StockItemDeleted,
  type StockItemEdited,
  type StockItemEvent,
  type StockItemFields,
  type StockQuantityAdjusted,
  type StockSold,
  type StockSoldExternally,
} from './stockItemEvents.ts';

// ---- Commands ----

export type AddStockItem = { type: 'AddStockItem'; data: { stockItemId: string; item: StockItemFields } };
/** Any subset of fields (from stockItemEditSchema, with batchId resolved to a BatchSnapshot). */
export type EditStockItem = { type: 'EditStockItem'; data: { changes: Partial<StockItemFields> } };
/** Adds `by` copies (negative removes), e.g. a repeat Diamond upload or a stock-take correction. */
export type AdjustQuantity = { type: 'AdjustQuantity'; data: { by: number; reason: string } };
export type ChangeImages = { type: 'ChangeImages'; data: { images?: ImageRef[]; hasImage?: boolean } };
export type DeleteStockItem = { type: 'DeleteStockItem'; data: { reason?: string } };
export type HoldStock = { type: 'HoldStock'; data: { orderId: string; quantity: number } };
export type ReleaseHold = { type: 'ReleaseHold'; data: { orderId: string } };
export type SellHeld = { type: 'SellHeld'; data: { orderId: string; unitPriceCents: number } };
/** valueCents: what the marketplace buyer paid for these copies (item subtotal), 0 when unknown. */
export type RecordExternalSale = {
  type: 'RecordExternalSale';
  data: { externalOrderId: string; quantity: number; valueCents?: number };
};

export type StockItemCommand =
  AddStockItem | EditStockItem | AdjustQuantity | ChangeImages | DeleteStockItem | HoldStock | ReleaseHold | SellHeld | RecordExternalSale;

// ---- State ----

export type StockItemState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      stockItemId: string;
      item: StockItemFields;
      /** orderId -> copies held by that order's checkout. */
      holds: ReadonlyMap<string, number>;
      /** orderId -> copies sold to it (SellHeld is idempotent per order). */
      soldToOrders: ReadonlyMap<string, number>;
      /** externalOrderId -> copies (RecordExternalSale is idempotent per external order). */
      externalSales: ReadonlyMap<string, number>;
    };
type ExistingItem = Exclude<StockItemState, { status: 'absent' }>;

export const initialStockItemState = (): StockItemState => ({ status: 'absent' });

export function heldQuantity(state: StockItemState): number {
  if (state.status === 'absent') return 0;
  let held = 0;
  for (const quantity of state.holds.values()) held += quantity;
  return held;
}

/** "available" of the spec: copies not yet sold and not held by a checkout; 0 once deleted. */
export function availableQuantity(state: StockItemState): number {
  if (state.status !== 'active') return 0;
  return state.item.number - heldQuantity(state);
}

// ---- Decide ----

export const STOCK_ITEM_NOT_FOUND = 'Stock item not found';

function existing(state: StockItemState): ExistingItem {
  if (state.status === 'absent') throw new DomainError(STOCK_ITEM_NOT_FOUND, 'not-found');
  return state;
}

function active(state: StockItemState): ExistingItem {
  const item = existing(state);
  if (item.status === 'deleted') throw new DomainError(STOCK_ITEM_NOT_FOUND, 'not-found');
  return item;
}

function positiveWhole(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new DomainError(`${label} must be a whole number of at least 1`, 'invalid');
}

/** HELD_STOCK_IS_KEPT: the shop cannot have fewer copies than checkouts hold. */
function assertKeepsHeldStock(state: ExistingItem, nextNumber: number): void {
  const held = heldQuantity(state);
  if (nextNumber < held) {
    throw new DomainError(
      `Cannot set the quantity of ${stockItemName(state.item)} to ${nextNumber}: ${held} held by orders in checkout`,
      'conflict',
    );
  }
}

export function addStockItem(command: AddStockItem['data'], state: StockItemState): StockItemAdded[] {
  if (state.status !== 'absent') throw new DomainError('Stock item already exists', 'conflict');
  return [{ type: 'StockItemAdded', data: { stockItemId: command.stockItemId, ...command.item } }];
}

export function editStockItem(command: EditStockItem['data'], state: StockItemState): StockItemEdited[] {
  const item = active(state);
  const diff = diffFields(item.item, command.changes);
  if (!diff) return [];
  if (diff.changes.number !== undefined) assertKeepsHeldStock(item, diff.changes.number);
  return [
    {
      type: 'StockItemEdited',
      data: { stockItemId: item.stockItemId, name: stockItemName(item.item), ...diff },
    },
  ];
}

export function adjustQuantity(command: AdjustQuantity['data'], state: StockItemState): StockQuantityAdjusted[] {
  const item = active(state);
  if (!Number.isSafeInteger(command.by)) throw new DomainError('The adjustment must be a whole number', 'invalid');
  if (command.by === 0) return [];
  const number = item.item.number + command.by;
  if (number < 0) {
    throw new DomainError(`Cannot remove ${-command.by} of ${stockItemName(item.item)}: only ${item.item.number} in stock`, 'conflict');
  }
  assertKeepsHeldStock(item, number);
  return [
    {
      type: 'StockQuantityAdjusted',
      data: {
        stockItemId: item.stockItemId,
        name: stockItemName(item.item),
        by: command.by,
        previousNumber: item.item.number,
        number,
        reason: command.reason,
      },
    },
  ];
}

export function changeImages(command: ChangeImages['data'], state: StockItemState): StockImagesChanged[] {
  const item = active(state);
  const diff = diffFields(
    { images: item.item.images, hasImage: item.item.hasImage },
    { images: command.images, hasImage: command.hasImage },
  );
  if (!diff) return [];
  return [
    {
      type: 'StockImagesChanged',
      data: {
        stockItemId: item.stockItemId,
        name: stockItemName(item.item),
        images: command.images ?? item.item.images,
        hasImage: command.hasImage ?? item.item.hasImage,
        previousImages: item.item.images,
        previousHasImage: item.item.hasImage,
      },
    },
  ];
}

export function deleteStockItem(command: DeleteStockItem['data'], state: StockItemState): StockItemDeleted[] {
  const item = existing(state);
  if (item.status === 'deleted') return [];
  const held = heldQuantity(item);
  if (held > 0) {
    throw new DomainError(`${stockItemName(item.item)} cannot be deleted: ${held} held by orders in checkout`, 'conflict');
  }
  return [
    {
      type: 'StockItemDeleted',
      data: {
        stockItemId: item.stockItemId,
        name: stockItemName(item.item),
        comicId: item.item.comicId,
        batchId: item.item.batch?.batchId ?? null,
        reason: command.reason ?? null,
      },
    },
  ];
}

/** "Only N left of <name>": N counts the copies this order may have (free plus its own hold). */
export function onlyLeftMessage(left: number, name: string): string {
  return `Only ${left} left of ${name}`;
}

export function holdStock(command: HoldStock['data'], state: StockItemState): StockHeld[] {
  const item = existing(state);
  positiveWhole(command.quantity, 'Quantity');
  const name = stockItemName(item.item);
  const previousQuantity = item.holds.get(command.orderId) ?? 0;
  if (command.quantity === previousQuantity) return [];
  const left = item.status === 'active' ? availableQuantity(item) + previousQuantity : 0;
  if (command.quantity > left) throw new DomainError(onlyLeftMessage(left, name), 'conflict');
  return [
    {
      type: 'StockHeld',
      data: {
        stockItemId: item.stockItemId,
        name,
        orderId: command.orderId,
        quantity: command.quantity,
        previousQuantity,
        available: left - command.quantity,
      },
    },
  ];
}

export function releaseHold(command: ReleaseHold['data'], state: StockItemState): StockHoldReleased[] {
  const item = existing(state);
  const quantity = item.holds.get(command.orderId);
  if (quantity === undefined) return [];
  return [
    {
      type: 'StockHoldReleased',
      data: {
        stockItemId: item.stockItemId,
        name: stockItemName(item.item),
        orderId: command.orderId,
        quantity,
        available: availableQuantity(item) + quantity,
      },
    },
  ];
}

export function sellHeld(command: SellHeld['data'], state: StockItemState): StockSold[] {
  const item = existing(state);
  if (item.soldToOrders.has(command.orderId)) return [];
  if (!Number.isSafeInteger(command.unitPriceCents) || command.unitPriceCents < 0) {
    throw new DomainError('The unit price must be a whole number of cents, not negative', 'invalid');
  }
  const quantity = item.holds.get(command.orderId);
  const name = stockItemName(item.item);
  if (quantity === undefined) throw new DomainError(`No copies of ${name} are held for this order`, 'conflict');
  const valueCents = quantity * command.unitPriceCents;
  return [
    {
      type: 'StockSold',
      data: {
        stockItemId: item.stockItemId,
        name,
        orderId: command.orderId,
        quantity,
        unitPriceCents: command.unitPriceCents,
        valueCents,
        number: item.item.number - quantity,
        salesQuantity: item.item.salesQuantity + quantity,
        salesValue: item.item.salesValue + valueCents,
      },
    },
  ];
}

export function recordExternalSale(command: RecordExternalSale['data'], state: StockItemState): StockSoldExternally[] {
  const item = existing(state);
  if (item.externalSales.has(command.externalOrderId)) return [];
  positiveWhole(command.quantity, 'Quantity');
  const valueCents = command.valueCents ?? 0;
  if (!Number.isSafeInteger(valueCents) || valueCents < 0) {
    throw new DomainError('The sale value must be a whole number of cents, not negative', 'invalid');
  }
  const taken = Math.min(command.quantity, Math.max(0, availableQuantity(item)));
  return [
    {
      type: 'StockSoldExternally',
      data: {
        stockItemId: item.stockItemId,
        name: stockItemName(item.item),
        externalOrderId: command.externalOrderId,
        quantity: command.quantity,
        valueCents,
        taken,
        oversold: command.quantity - taken,
        number: item.item.number - taken,
        salesQuantity: item.item.salesQuantity + command.quantity,
        salesValue: item.item.salesValue + valueCents,
      },
    },
  ];
}

export function decideStockItem(command: StockItemCommand, state: StockItemState): StockItemEvent[] {
  switch (command.type) {
    case 'AddStockItem':
      return addStockItem(command.data, state);
    case 'EditStockItem':
      return editStockItem(command.data, state);
    case 'AdjustQuantity':
      return adjustQuantity(command.data, state);
    case 'ChangeImages':
      return changeImages(command.data, state);
    case 'DeleteStockItem':
      return deleteStockItem(command.data, state);
    case 'HoldStock':
      return holdStock(command.data, state);
    case 'ReleaseHold':
      return releaseHold(command.data, state);
    case 'SellHeld':
      return sellHeld(command.data, state);
    case 'RecordExternalSale':
      return recordExternalSale(command.data, state);
    default: {
      const unknown: never = command;
      throw new DomainError(`Unknown stock command ${(unknown as { type: string }).type}`, 'invalid');
    }
  }
}

// ---- Evolve ----

function withEntry(map: ReadonlyMap<string, number>, key: string, value: number): ReadonlyMap<string, number> {
  return new Map(map).set(key, value);
}

function withoutEntry(map: ReadonlyMap<string, number>, key: string): ReadonlyMap<string, number> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

export function evolveStockItem(state: StockItemState, event: StockItemEvent): StockItemState {
  if (event.type === 'StockItemAdded') {
    const { stockItemId, ...added } = event.data;
    // Items added before condition and key notes existed have neither: none recorded.
    const item = { ...added, condition: added.condition ?? null, keyNotes: added.keyNotes ?? '' };
    return {
      status: 'active',
      stockItemId,
      item: withIssueDefaults(item),
      holds: new Map(),
      soldToOrders: new Map(),
      externalSales: new Map(),
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'StockItemEdited':
      return { ...state, item: { ...state.item, ...event.data.changes } };
    case 'StockQuantityAdjusted':
      return { ...state, item: { ...state.item, number: event.data.number } };
    case 'StockImagesChanged':
      return { ...state, item: { ...state.item, images: event.data.images, hasImage: event.data.hasImage } };
    case 'StockItemDeleted':
      return { ...state, status: 'deleted' };
    case 'StockHeld':
      return { ...state, holds: withEntry(state.holds, event.data.orderId, event.data.quantity) };
    case 'StockHoldReleased':
      return { ...state, holds: withoutEntry(state.holds, event.data.orderId) };
    case 'StockSold':
      return {
        ...state,
        item: {
          ...state.item,
          number: event.data.number,
          salesQuantity: event.data.salesQuantity,
          salesValue: event.data.salesValue,
        },
        holds: withoutEntry(state.holds, event.data.orderId),
        soldToOrders: withEntry(state.soldToOrders, event.data.orderId, event.data.quantity),
      };
    case 'StockSoldExternally':
      return {
        ...state,
        item: {
          ...state.item,
          number: event.data.number,
          salesQuantity: event.data.salesQuantity,
          salesValue: event.data.salesValue,
        },
        externalSales: withEntry(state.externalSales, event.data.externalOrderId, event.data.quantity),
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const stockItemDecider: Decider<StockItemCommand, StockItemEvent, StockItemState> = {
  streamType: 'stock',
  initialState: initialStockItemState,
  decide: decideStockItem,
  evolve: evolveStockItem,
};

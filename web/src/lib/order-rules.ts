import { orderItemKind } from '@shop/domain/orders/catalogueView';
import type { Comic, Order, OrderItem } from '../types/api';

/** One cent: the spec's "0.01" threshold, in cents. */
export const ONE_CENT = 1;

/** Paid in full: toPay at most 0.01 with total at least 0.01. */
export function isPaidInFull(order: Pick<Order, 'toPay' | 'total'>): boolean {
  return order.toPay <= ONE_CENT && order.total >= ONE_CENT;
}

/** Credit amounts are shown only above 0.01. */
export function showCredit(cents: number | null | undefined): boolean {
  return (cents ?? 0) > ONE_CENT;
}

export interface CreditRows {
  /** Credit brought from before: the balance (or, without it, what the order used). */
  before: number | null;
  /** What this order uses of it. */
  used: number | null;
  /** What stays with the shopper after this order (the unused balance plus any overspend). */
  forward: number | null;
}

/**
 * The credit lines of an order's totals, each only above 0.01. With the shopper's balance (the
 * current-order answer's `credit`): $20.00 of credit and a $9.45 order give from before $20.00,
 * used $9.45, carried forward $10.55. Without it (a past order) the order's own figures.
 */
export function creditRows(order: Pick<Order, 'creditFrom' | 'creditForward' | 'carriedForward'>, balance?: number | null): CreditRows {
  const used = Math.max(0, order.creditFrom ?? 0);
  const overspend = Math.max(0, order.creditForward ?? order.carriedForward ?? 0);
  const show = (cents: number) => (showCredit(cents) ? cents : null);
  if (balance === undefined || balance === null) return { before: null, used: show(used), forward: show(overspend) };
  const before = Math.max(0, balance);
  return { before: show(before), used: show(used), forward: show(Math.max(0, before - used) + overspend) };
}

export type MainButtonLabel = 'Ad-hoc Sale' | 'Proceed to Shipping' | 'Proceed to Payment';

/** The order panel's main button. */
export function mainButtonLabel(order: Pick<Order, 'toPay' | 'total'>, isAdmin: boolean, name: string | null | undefined): MainButtonLabel {
  if (isAdmin && (name ?? '').trim()) return 'Ad-hoc Sale';
  if (isPaidInFull(order)) return 'Proceed to Shipping';
  return 'Proceed to Payment';
}

export function mainButtonDisabled(order: Pick<Order, 'orderItems'> | null | undefined): boolean {
  return !order || order.orderItems.length === 0;
}

export function findLine(order: Pick<Order, 'orderItems'> | null | undefined, stockId: string): OrderItem | undefined {
  return order?.orderItems.find((line) => line._id === stockId);
}

export type TileAvailability = { kind: 'can-add'; quantity: number } | { kind: 'last-one'; quantity: number } | { kind: 'sold-out' };

/**
 * Add to order is allowed when the customer holds none yet, or when the item's
 * available count exceeds what is already ordered; a tile already in the order
 * also needs more than one available. Otherwise: 'You have the last one'.
 */
export function tileAvailability(
  comic: Pick<Comic, '_id' | 'number'>,
  order: Pick<Order, 'orderItems'> | null | undefined,
): TileAvailability {
  const line = findLine(order, comic._id);
  if (!line) return comic.number > 0 ? { kind: 'can-add', quantity: 0 } : { kind: 'sold-out' };
  const available = Math.max(comic.number, 0);
  if (available > 1 && available > line.quantity) return { kind: 'can-add', quantity: line.quantity };
  return { kind: 'last-one', quantity: line.quantity };
}

/** Plus and minus are shown only when more than one is available. */
export function showQuantityButtons(line: Pick<OrderItem, 'available'>): boolean {
  return line.available > 1;
}

/** The plus button is disabled when available minus quantity is not above 0. */
export function plusDisabled(line: Pick<OrderItem, 'available' | 'quantity'>): boolean {
  return line.available - line.quantity <= 0;
}

export function lineName(comic: Pick<Comic, 'mainDescription' | 'variantDescription'>): string {
  const variant = comic.variantDescription?.trim();
  return variant ? `${comic.mainDescription} ${variant}` : comic.mainDescription;
}

/** Adding an item already in the order moves it to the top and increases its quantity. */
export function addItem(order: Order, comic: Comic): Order {
  const existing = findLine(order, comic._id);
  const rest = order.orderItems.filter((line) => line._id !== comic._id);
  const line: OrderItem = existing
    ? { ...existing, quantity: existing.quantity + 1, available: comic.number }
    : {
        _id: comic._id,
        name: lineName(comic),
        type: orderItemKind(comic.itemType, comic.periodType),
        quantity: 1,
        price: comic.price,
        comicId: comic.comicId,
        itemType: comic.itemType,
        periodType: comic.periodType ?? null,
        supplierType: comic.supplierType ?? null,
        available: comic.number,
        pnp: comic.pnp ?? 0,
      };
  return { ...order, orderItems: [line, ...rest] };
}

/** Changes a line's quantity; below 1 removes the line. */
export function changeQuantity(order: Order, stockId: string, delta: number): Order {
  const orderItems: OrderItem[] = [];
  for (const line of order.orderItems) {
    if (line._id !== stockId) {
      orderItems.push(line);
      continue;
    }
    const quantity = line.quantity + delta;
    if (quantity >= 1) orderItems.push({ ...line, quantity });
  }
  return { ...order, orderItems };
}

export function removeItem(order: Order, stockId: string): Order {
  return { ...order, orderItems: order.orderItems.filter((line) => line._id !== stockId) };
}

export function lineTotal(line: Pick<OrderItem, 'price' | 'quantity'>): number {
  return line.price * line.quantity;
}

/**
 * FOC, the final order cut-off: the last day the shop can order an item from its distributor. A
 * pre-order item's FOC date is its own `focDate` (from the supplier file or the admin), else its
 * batch's `cutOffDate`. It closes at the end of that day in the shop's zone (Australia/Sydney):
 * after it, no new order lines for the item (lines already ordered stay), and a pull-list
 * reservation can no longer be cancelled. Pure: the caller passes the time.
 */
import { SHOP_TIME_ZONE } from './supplierDates.ts';

const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const shownDay = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** The shop's calendar day of an instant: 'YYYY-MM-DD' in Sydney. */
export function shopDateOf(instant: Date | string): string {
  return shopDay.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/**
 * An item's FOC date ('YYYY-MM-DD'): its own focDate, else its batch's cut-off (an instant, read as
 * the Sydney day it falls on); null for an item that is not a pre-order, or has neither.
 */
export function itemFocDate(
  item: { periodType: string | null; focDate: string | null },
  batchCutOffDate: string | Date | null,
): string | null {
  if (item.periodType !== 'pre-order') return null;
  if (item.focDate) return item.focDate;
  return batchCutOffDate ? shopDateOf(batchCutOffDate) : null;
}

/** After the end of the FOC day in Sydney: the Sydney day of `now` is later than it. */
export function isPastFoc(focDate: string | null, now: Date): boolean {
  return focDate !== null && shopDateOf(now) > focDate;
}

/** '2026-12-01' → "1 Dec 2026" (en-AU). */
export function formatFocDate(focDate: string): string {
  const date = new Date(`${focDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? focDate : shownDay.format(date);
}

/** The storefront tile's notice before FOC: "Order by 1 Dec 2026". */
export function orderByLabel(focDate: string): string {
  return `Order by ${formatFocDate(focDate)}`;
}

/** The shopper's message when a new line is refused after FOC. */
export function focPassedMessage(name: string, focDate: string): string {
  return `${name} can no longer be ordered: its final order cut-off was ${formatFocDate(focDate)}.`;
}

/** The shopper's message when more copies of a line are asked for after FOC. */
export function focNoMoreMessage(name: string, focDate: string, quantity: number): string {
  return `No more copies of ${name} can be ordered after its final order cut-off (${formatFocDate(focDate)}), so your order keeps ${quantity}.`;
}

import { SEARCH_TERMS_SEPARATOR } from '@shop/domain/orders/orderState';
import type { AdminOrder } from '../../../types';

/** One cent: carried forward shows only above it ("above 0.01"). */
export const ONE_CENT = 1;

export function showCarriedForward(cents: number | null | undefined): boolean {
  return (cents ?? 0) > ONE_CENT;
}

/** The order's name, or the user's given and family name, or the marketplace buyer. */
export function orderCustomerName(order: Pick<AdminOrder, 'name' | 'user' | 'externalBuyerName'>): string {
  const name = order.name?.trim();
  if (name) return name;
  const userName = [order.user?.givenName, order.user?.familyName].filter((p) => p && p.trim()).join(' ');
  if (userName) return userName;
  return order.externalBuyerName?.trim() || 'Guest';
}

export function orderEmail(order: Pick<AdminOrder, 'email' | 'user'>): string {
  return order.email?.trim() || order.user?.email?.trim() || '';
}

/** The public number, else the last six characters of the id. */
export function orderNumber(order: Pick<AdminOrder, 'publicId' | '_id'>): string {
  const id = order.publicId;
  if (id !== null && id !== undefined && String(id).trim()) return String(id);
  return order._id.slice(-6);
}

export { trackingUrl } from '../../../../components/order-shipping';

/** A tracking number for the path: letters and digits only (Australia Post numbers). */
export function cleanTrackingNumber(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

export type OrderStatus = 'current' | 'awaiting-postage' | 'pickup' | 'posted' | 'in-person' | 'on-ebay';

type StatusFields = Pick<AdminOrder, 'complete' | 'posted' | 'shippingIsPickup' | 'adhoc'> & Partial<Pick<AdminOrder, 'type'>>;

export function orderStatus(order: StatusFields): OrderStatus {
  if (!order.complete) return 'current';
  // Sold on eBay: the buyer's emails and the posting are eBay's (docs/marketplace.md).
  if (order.type === 'ebay') return 'on-ebay';
  if (order.posted) return 'posted';
  // An ad-hoc sale was handed over at the counter: nothing to post.
  if (order.adhoc) return 'in-person';
  return order.shippingIsPickup ? 'pickup' : 'awaiting-postage';
}

/** Post and Mark as posted: a complete order not yet posted, unless it was sold in person. */
export function canPost(order: StatusFields): boolean {
  const status = orderStatus(order);
  return status === 'awaiting-postage' || status === 'pickup';
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  current: 'Current',
  'awaiting-postage': 'Awaiting postage',
  pickup: 'Local pickup',
  posted: 'Posted',
  'in-person': 'Sold in person',
  'on-ebay': 'Sold on eBay',
};

/** Replaces an order in a list by id (or drops it when `keep` says no). */
export function replaceOrder<T extends { _id: string }>(list: readonly T[], order: T, keep: (o: T) => boolean = () => true): T[] {
  const out: T[] = [];
  for (const item of list) {
    if (item._id !== order._id) out.push(item);
    else if (keep(order)) out.push(order);
  }
  return out;
}

/** The count on the nav link beside Orders Awaiting Postage: capped at 99 like the header badge. */
export function postingCountText(count: number | null | undefined): string | null {
  const n = Math.floor(count ?? 0);
  if (n <= 0) return null;
  return String(Math.min(n, 99));
}

/** How many of an order's latest search terms its card shows before "earlier" ones are opened. */
export const LATEST_SEARCHES_SHOWN = 5;

/** An order's searchTerms as its card shows them: the latest few in the order searched, and how many came before. */
export function latestSearches(searchTerms: string | null | undefined): { latest: string; earlier: number } {
  const terms = (searchTerms ?? '').split(SEARCH_TERMS_SEPARATOR).filter((t) => t !== '');
  const earlier = Math.max(0, terms.length - LATEST_SEARCHES_SHOWN);
  return { latest: terms.slice(earlier).join(SEARCH_TERMS_SEPARATOR), earlier };
}

import type { OrderAddress } from './clientOrderSchema.ts';
import type { OrderOwner } from './orderCommands.ts';
import type { OrderEvent, OrderType, PaymentProvider } from './orderEvents.ts';
import type { OrderLine } from './orderLine.ts';
import type { OrderTotals } from './totals.ts';

/** "Search history keeps the 5 most recent distinct terms, newest first." */
export const SEARCH_HISTORY_SIZE = 5;
export const SEARCH_TERMS_SEPARATOR = ' | ';
/**
 * searchTerms keeps the most recent terms within this many characters (some 150 terms): the oldest
 * whole terms fall off the front. Every term stays in the order's events; the order's row and every
 * answer carrying it stay small however long a shopper (or a bot) searches on one order.
 */
export const SEARCH_TERMS_MAX_LENGTH = 2000;

export interface OrderPayment {
  checkoutId: string;
  paymentId: string;
  amountCents: number;
  provider: PaymentProvider;
  recordedAt: string;
}

export interface CheckoutInProgress {
  checkoutId: string;
  startedAt: string;
  adhoc: boolean;
  creditToUse: number;
}

export interface OrderState {
  started: boolean;
  _id: string;
  publicId: number;
  type: OrderType;
  externalId: string | null;
  /** When the order was started (ISO). */
  date: string;
  owner: OrderOwner | null;
  complete: boolean;
  posted: boolean;
  deleted: boolean;
  /** Set when a guest order was merged into an account's order; it is closed. */
  mergedIntoOrderId: string | null;
  mergedFromOrderIds: string[];
  /** Newest-touched first. */
  orderItems: OrderLine[];
  /** A guest's email. */
  email: string;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  shippingIsPickup: boolean;
  shippingIsSameAsBilling: boolean;
  /** Every search term, ' | ' joined. */
  searchTerms: string;
  searchHistory: string[];
  /** The customer's name on an ad-hoc sale. */
  name: string;
  payments: OrderPayment[];
  latestTransaction: OrderPayment | null;
  checkout: CheckoutInProgress | null;
  failedCheckoutIds: string[];
  completedCheckoutId: string | null;
  completedDate: string | null;
  postedDate: string | null;
  trackingNumber: string | null;
  /** Totals frozen at completion. */
  finalTotals: OrderTotals | null;
}

export const initialOrderState = (): OrderState => ({
  started: false,
  _id: '',
  publicId: 0,
  type: 'ioa',
  externalId: null,
  date: '',
  owner: null,
  complete: false,
  posted: false,
  deleted: false,
  mergedIntoOrderId: null,
  mergedFromOrderIds: [],
  orderItems: [],
  email: '',
  shippingAddress: null,
  billingAddress: null,
  shippingIsPickup: false,
  shippingIsSameAsBilling: false,
  searchTerms: '',
  searchHistory: [],
  name: '',
  payments: [],
  latestTransaction: null,
  checkout: null,
  failedCheckoutIds: [],
  completedCheckoutId: null,
  completedDate: null,
  postedDate: null,
  trackingNumber: null,
  finalTotals: null,
});

/** An order with a customer name is an ad-hoc (in-person) sale. */
export const isAdhocOrder = (state: Pick<OrderState, 'name'>): boolean => state.name.trim() !== '';

const withoutLine = (lines: readonly OrderLine[], stockItemId: string) => lines.filter((l) => l.stockItemId !== stockItemId);

/** searchHistory: the 5 most recent distinct terms (case-insensitive), newest first. */
export function nextSearchHistory(history: readonly string[], term: string): string[] {
  const key = term.toLowerCase();
  return [term, ...history.filter((t) => t.toLowerCase() !== key)].slice(0, SEARCH_HISTORY_SIZE);
}

/** searchTerms with `term` appended after ' | ', its oldest terms dropped past SEARCH_TERMS_MAX_LENGTH. */
export function appendSearchTerm(terms: string, term: string): string {
  const joined = terms === '' ? term : `${terms}${SEARCH_TERMS_SEPARATOR}${term}`;
  if (joined.length <= SEARCH_TERMS_MAX_LENGTH) return joined;
  // The first separator from which what follows fits; the newest term alone always fits.
  const cut = joined.indexOf(SEARCH_TERMS_SEPARATOR, joined.length - SEARCH_TERMS_MAX_LENGTH - SEARCH_TERMS_SEPARATOR.length);
  return cut === -1 ? term : joined.slice(cut + SEARCH_TERMS_SEPARATOR.length);
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderStarted': {
      const d = event.data;
      const owner: OrderOwner | null =
        d.ownerUserId !== null
          ? { kind: 'user', userId: d.ownerUserId }
          : d.guestToken !== null
            ? { kind: 'guest', token: d.guestToken }
            : null;
      return {
        ...state,
        started: true,
        _id: d.orderId,
        publicId: d.publicId,
        type: d.type,
        externalId: d.externalId,
        date: d.date,
        owner,
      };
    }
    case 'OrderItemAdded':
      // "Adding an item already in the order moves it to the top."
      return { ...state, orderItems: [{ ...event.data }, ...withoutLine(state.orderItems, event.data.stockItemId)] };
    case 'OrderItemQuantityChanged': {
      const { stockItemId, quantity, available, previousQuantity } = event.data;
      const line = state.orderItems.find((l) => l.stockItemId === stockItemId);
      if (!line) return state;
      const changed = { ...line, quantity, available };
      // An increase is an "add again": it moves the line to the top. A decrease leaves it in place.
      const orderItems =
        quantity > previousQuantity
          ? [changed, ...withoutLine(state.orderItems, stockItemId)]
          : state.orderItems.map((l) => (l.stockItemId === stockItemId ? changed : l));
      return { ...state, orderItems };
    }
    case 'OrderItemRemoved':
      return { ...state, orderItems: withoutLine(state.orderItems, event.data.stockItemId) };
    case 'OrderItemDetailsChanged': {
      const { previousName: _n, previousPrice: _p, previousPnp: _pnp, ...details } = event.data;
      return {
        ...state,
        orderItems: state.orderItems.map((l) => (l.stockItemId === details.stockItemId ? { ...l, ...details } : l)),
      };
    }
    case 'ShippingAddressSet':
      return { ...state, shippingAddress: event.data.address };
    case 'BillingAddressSet':
      return { ...state, billingAddress: event.data.address };
    case 'PickupSet':
      return { ...state, shippingIsPickup: event.data.pickup };
    case 'SameAsBillingSet':
      return { ...state, shippingIsSameAsBilling: event.data.sameAsBilling };
    case 'OrderEmailSet':
      return { ...state, email: event.data.email };
    case 'OrderNameSet':
      return { ...state, name: event.data.name };
    case 'OrderSearchRecorded': {
      const { term } = event.data;
      return {
        ...state,
        searchTerms: appendSearchTerm(state.searchTerms, term),
        searchHistory: nextSearchHistory(state.searchHistory, term),
      };
    }
    case 'CheckoutStarted': {
      const { checkoutId, startedAt, adhoc, creditToUse } = event.data;
      return { ...state, checkout: { checkoutId, startedAt, adhoc, creditToUse } };
    }
    case 'PaymentRecorded': {
      const payment: OrderPayment = { ...event.data };
      return { ...state, payments: [...state.payments, payment], latestTransaction: payment };
    }
    case 'OrderCompleted':
      return {
        ...state,
        complete: true,
        completedDate: event.data.completedDate,
        completedCheckoutId: event.data.checkoutId,
        finalTotals: event.data.totals,
        checkout: null,
      };
    case 'CheckoutFailed':
      return { ...state, checkout: null, failedCheckoutIds: [...state.failedCheckoutIds, event.data.checkoutId] };
    case 'OrderPosted':
      return { ...state, posted: true, postedDate: event.data.postedDate, trackingNumber: event.data.trackingNumber };
    case 'OrderDeleted':
      return { ...state, deleted: true };
    case 'GuestOrderClaimed':
      return {
        ...state,
        owner: { kind: 'user', userId: event.data.userId },
        mergedIntoOrderId: event.data.mergedIntoOrderId,
      };
    case 'GuestOrderMerged':
      return { ...state, mergedFromOrderIds: [...state.mergedFromOrderIds, event.data.fromOrderId] };
  }
}

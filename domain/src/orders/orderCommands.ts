import type { CatalogueLookup } from './catalogueView.ts';
import type { ClientOrder } from './clientOrderSchema.ts';
import type { OrderType, PaymentProvider } from './orderEvents.ts';
import type { OrderLineDetails, RequestedLine } from './orderLine.ts';

/** Who sends a command, as the API authenticated them. */
export type OrderActor = { kind: 'user'; userId: string; admin: boolean; localPickup: boolean } | { kind: 'guest'; token: string };

export type OrderOwner = { kind: 'user'; userId: string } | { kind: 'guest'; token: string };

export interface StartOrder {
  type: 'StartOrder';
  orderId: string;
  publicId: number;
  owner: OrderOwner;
  orderType: OrderType;
  externalId?: string | null;
  date: string;
}

/** The whole order the client sent, and the catalogue's view of every stock item it names or holds. */
export interface SyncOrder {
  type: 'SyncOrder';
  by: OrderActor;
  order: ClientOrder;
  catalogue: CatalogueLookup;
}

export interface RecordSearch {
  type: 'RecordSearch';
  by: OrderActor;
  term: string;
}

export interface BeginCheckout {
  type: 'BeginCheckout';
  by: OrderActor;
  checkoutId: string;
  /** The catalogue's view of every item in the order, just before stock is held. */
  catalogue: CatalogueLookup;
  /** The customer's credit balance (0 for a guest). */
  creditAvailableCents: number;
  /** The admin pressed 'Ad-hoc Sale'. An order with a customer name is ad-hoc either way. */
  adhoc?: boolean;
  at: string;
}

export interface RecordPayment {
  type: 'RecordPayment';
  checkoutId: string;
  paymentId: string;
  amountCents: number;
  provider: PaymentProvider;
  at: string;
}

export interface CompleteOrder {
  type: 'CompleteOrder';
  checkoutId: string;
  completedDate: string;
}

export interface FailCheckout {
  type: 'FailCheckout';
  checkoutId: string;
  reason: string;
}

export interface PostOrder {
  type: 'PostOrder';
  by: OrderActor;
  postedDate: string;
  trackingNumber?: string | null;
}

export interface MarkOrderPosted {
  type: 'MarkOrderPosted';
  by: OrderActor;
  postedDate: string;
}

export interface DeleteOrder {
  type: 'DeleteOrder';
  by: OrderActor;
  at: string;
}

/** Sent to the guest's order when they sign in: it becomes the account's, or is merged into the account's current order. */
export interface ClaimGuestOrder {
  type: 'ClaimGuestOrder';
  by: OrderActor;
  guestToken: string;
  mergedIntoOrderId: string | null;
}

/** Sent to the account's current order: the guest order's lines join it. */
export interface MergeGuestOrder {
  type: 'MergeGuestOrder';
  by: OrderActor;
  fromOrderId: string;
  lines: readonly RequestedLine[];
  catalogue: CatalogueLookup;
}

/**
 * Pull-list copies released into the order (their stock already held for it): a line marked
 * `pullList`, with `quantity` more copies than the order had of the item.
 */
export interface AddPullListCopies {
  type: 'AddPullListCopies';
  line: OrderLineDetails;
  quantity: number;
  available: number;
}

export type OrderCommand =
  | AddPullListCopies
  | StartOrder
  | SyncOrder
  | RecordSearch
  | BeginCheckout
  | RecordPayment
  | CompleteOrder
  | FailCheckout
  | PostOrder
  | MarkOrderPosted
  | DeleteOrder
  | ClaimGuestOrder
  | MergeGuestOrder;

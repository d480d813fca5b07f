import type { DomainEvent } from '../shared/events.ts';
import type { OrderAddress } from './clientOrderSchema.ts';
import type { CheckoutLine, OrderLine, OrderLineDetails } from './orderLine.ts';

export type { CheckoutLine };
import type { OrderTotals } from './totals.ts';

export const ORDER_TYPES = ['ioa', 'ebay'] as const;
/** "Order source type: ioa, ebay." */
export type OrderType = (typeof ORDER_TYPES)[number];

export const PAYMENT_PROVIDERS = ['card', 'in_person', 'marketplace'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ITEM_REMOVAL_REASONS = ['removed', 'unavailable', 'sold_out'] as const;
/** removed: the shopper took it out; unavailable: deleted or missing from stock; sold_out: none left. */
export type ItemRemovalReason = (typeof ITEM_REMOVAL_REASONS)[number];

export type OrderStarted = DomainEvent<
  'OrderStarted',
  {
    orderId: string;
    publicId: number;
    type: OrderType;
    /** The marketplace's order number for an ebay order. */
    externalId: string | null;
    ownerUserId: string | null;
    /** The guest's temp token (or a hash of it) when a guest owns the order. */
    guestToken: string | null;
    date: string;
  }
>;
export type OrderItemAdded = DomainEvent<'OrderItemAdded', OrderLine>;
export type OrderItemQuantityChanged = DomainEvent<
  'OrderItemQuantityChanged',
  { stockItemId: string; name: string; price: number; previousQuantity: number; quantity: number; available: number }
>;
export type OrderItemRemoved = DomainEvent<
  'OrderItemRemoved',
  { stockItemId: string; name: string; quantity: number; reason: ItemRemovalReason }
>;
/** The catalogue's name, price, postage or kind of an item in the order changed since it was added. */
export type OrderItemDetailsChanged = DomainEvent<
  'OrderItemDetailsChanged',
  OrderLineDetails & { previousName: string; previousPrice: number; previousPnp: number }
>;
export type ShippingAddressSet = DomainEvent<'ShippingAddressSet', { address: OrderAddress | null }>;
export type BillingAddressSet = DomainEvent<'BillingAddressSet', { address: OrderAddress | null }>;
export type PickupSet = DomainEvent<'PickupSet', { pickup: boolean }>;
/** shippingIsSameAsBilling: when true no separate billing address is needed. */
export type SameAsBillingSet = DomainEvent<'SameAsBillingSet', { sameAsBilling: boolean }>;
export type OrderEmailSet = DomainEvent<'OrderEmailSet', { email: string }>;
/** The customer's name on an ad-hoc sale. */
export type OrderNameSet = DomainEvent<'OrderNameSet', { name: string }>;
export type OrderSearchRecorded = DomainEvent<'OrderSearchRecorded', { term: string }>;
export type CheckoutStarted = DomainEvent<
  'CheckoutStarted',
  {
    checkoutId: string;
    startedAt: string;
    adhoc: boolean;
    pickup: boolean;
    lines: CheckoutLine[];
    totals: OrderTotals;
    /** Credit to take from the customer's credit stream when the order completes. */
    creditToUse: number;
  }
>;
export type PaymentRecorded = DomainEvent<
  'PaymentRecorded',
  { checkoutId: string; paymentId: string; amountCents: number; provider: PaymentProvider; recordedAt: string }
>;
export type OrderCompleted = DomainEvent<
  'OrderCompleted',
  {
    checkoutId: string;
    completedDate: string;
    publicId: number;
    ownerUserId: string | null;
    /** The guest's email; '' for a signed-in customer (their email is on the account). */
    email: string;
    adhoc: boolean;
    /** The customer's name on an ad-hoc sale, else ''. */
    name: string;
    pickup: boolean;
    lines: CheckoutLine[];
    totals: OrderTotals;
    creditUsed: number;
    creditForward: number;
  }
>;
/** The order stays current; payments already recorded stay on it. */
export type CheckoutFailed = DomainEvent<'CheckoutFailed', { checkoutId: string; reason: string }>;
export type OrderPosted = DomainEvent<'OrderPosted', { postedDate: string; trackingNumber: string | null }>;
export type OrderDeleted = DomainEvent<'OrderDeleted', { deletedAt: string }>;
/** A guest's order now belongs to the account; if merged, its lines went into that order and it is closed. */
export type GuestOrderClaimed = DomainEvent<'GuestOrderClaimed', { userId: string; mergedIntoOrderId: string | null }>;
/** A guest order's lines were merged into this order (line events follow). */
export type GuestOrderMerged = DomainEvent<'GuestOrderMerged', { fromOrderId: string; lines: { stockItemId: string; quantity: number }[] }>;

export type OrderEvent =
  | OrderStarted
  | OrderItemAdded
  | OrderItemQuantityChanged
  | OrderItemRemoved
  | OrderItemDetailsChanged
  | ShippingAddressSet
  | BillingAddressSet
  | PickupSet
  | SameAsBillingSet
  | OrderEmailSet
  | OrderNameSet
  | OrderSearchRecorded
  | CheckoutStarted
  | PaymentRecorded
  | OrderCompleted
  | CheckoutFailed
  | OrderPosted
  | OrderDeleted
  | GuestOrderClaimed
  | GuestOrderMerged;

export type OrderEventType = OrderEvent['type'];

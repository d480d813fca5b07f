import type { OrderEventType } from './orderEvents.ts';

const ORDER_EVENT_TYPE_SET: Record<OrderEventType, true> = {
  OrderStarted: true,
  OrderItemAdded: true,
  OrderItemQuantityChanged: true,
  OrderItemRemoved: true,
  OrderItemDetailsChanged: true,
  ShippingAddressSet: true,
  BillingAddressSet: true,
  PickupSet: true,
  SameAsBillingSet: true,
  OrderEmailSet: true,
  OrderNameSet: true,
  OrderSearchRecorded: true,
  CheckoutStarted: true,
  PaymentRecorded: true,
  OrderCompleted: true,
  CheckoutFailed: true,
  OrderPosted: true,
  OrderDeleted: true,
  GuestOrderClaimed: true,
  GuestOrderMerged: true,
};

/** Every event type of the 'order' stream (checked complete by the compiler). */
export const ORDER_EVENT_TYPES = Object.keys(ORDER_EVENT_TYPE_SET) as OrderEventType[];

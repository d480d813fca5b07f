/** Shared test data for the order specs (not exported from the module). */
import { catalogueLookup, type CatalogueItem } from './catalogueView.ts';
import type { OrderAddress } from './clientOrderSchema.ts';
import type { OrderActor } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { lineDetailsFrom, type OrderLine } from './orderLine.ts';

export const T0 = '2025-03-01T00:00:00.000Z';
export const T1 = '2025-03-01T01:00:00.000Z';

export const saga: CatalogueItem = {
  stockItemId: 's1',
  name: 'Saga #1',
  price: 595,
  available: 3,
  itemType: 'comic',
  periodType: 'new',
  supplierType: 'diamond',
  comicId: 'JAN250001',
  pnp: 0,
  deleted: false,
};
export const batman: CatalogueItem = {
  stockItemId: 's2',
  name: 'Batman #50',
  price: 1200,
  available: 1,
  itemType: 'comic',
  periodType: 'back-issue',
  supplierType: 'local_person',
  comicId: 'BI0050',
  pnp: 0,
  deleted: false,
};
export const catan: CatalogueItem = {
  stockItemId: 's3',
  name: 'Catan',
  price: 6500,
  available: 2,
  itemType: 'game',
  periodType: null,
  supplierType: 'lpg',
  comicId: 'G0001',
  pnp: 1500,
  deleted: false,
};
export const catalogue = (...items: CatalogueItem[]) => catalogueLookup(items.length ? items : [saga, batman, catan]);

export const jane: OrderActor = { kind: 'user', userId: 'u1', admin: false, localPickup: false };
export const janeWithPickup: OrderActor = { ...jane, localPickup: true };
export const admin: OrderActor = { kind: 'user', userId: 'admin-1', admin: true, localPickup: false };
export const guest: OrderActor = { kind: 'guest', token: 'guest-token' };
export const stranger: OrderActor = { kind: 'user', userId: 'u9', admin: false, localPickup: true };

export const home: OrderAddress = {
  givenName: 'Jane',
  familyName: 'Citizen',
  addressLine1: '1 Main St',
  suburb: 'Kenmore',
  state: 'QLD',
  postalCode: '4069',
  countryCode: 'AUD',
};

export const started = (over: Partial<Extract<OrderEvent, { type: 'OrderStarted' }>['data']> = {}): OrderEvent => ({
  type: 'OrderStarted',
  data: { orderId: 'o1', publicId: 1042, type: 'ioa', externalId: null, ownerUserId: 'u1', guestToken: null, date: T0, ...over },
});
export const guestStarted = (): OrderEvent => started({ ownerUserId: null, guestToken: 'guest-token' });

export const line = (item: CatalogueItem, quantity: number): OrderLine => ({
  ...lineDetailsFrom(item),
  quantity,
  available: item.available,
});
export const added = (item: CatalogueItem, quantity: number): OrderEvent => ({ type: 'OrderItemAdded', data: line(item, quantity) });

export const shippingSet = (address: OrderAddress | null = home): OrderEvent => ({ type: 'ShippingAddressSet', data: { address } });
export const sameAsBilling: OrderEvent = { type: 'SameAsBillingSet', data: { sameAsBilling: true } };
export const pickupSet: OrderEvent = { type: 'PickupSet', data: { pickup: true } };

type Data<T extends OrderEvent['type']> = Extract<OrderEvent, { type: T }>['data'];

export const someTotals = {
  itemCount: 1,
  total: 595,
  pnp: 450,
  paid: 1045,
  creditFrom: 0,
  creditLeft: 0,
  creditForward: 0,
  toPay: 0,
  paidInFull: true,
};
/** The totals of a checkout begun and not paid yet: $5.95 + $4.50 postage to pay. */
export const unpaidTotals = { ...someTotals, paid: 0, toPay: 1045, paidInFull: false };

export const checkoutStartedEvent = (over: Partial<Data<'CheckoutStarted'>> = {}): OrderEvent => ({
  type: 'CheckoutStarted',
  data: { checkoutId: 'c1', startedAt: T0, adhoc: false, pickup: false, lines: [], creditToUse: 0, totals: someTotals, ...over },
});
export const orderCompletedEvent = (over: Partial<Data<'OrderCompleted'>> = {}): OrderEvent => ({
  type: 'OrderCompleted',
  data: {
    checkoutId: 'c1',
    completedDate: T0,
    publicId: 1042,
    ownerUserId: 'u1',
    email: '',
    adhoc: false,
    name: '',
    pickup: false,
    lines: [],
    creditUsed: 0,
    creditForward: 0,
    totals: someTotals,
    ...over,
  },
});

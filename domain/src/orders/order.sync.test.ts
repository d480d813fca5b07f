import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { clientOrderSchema, type ClientOrder } from './clientOrderSchema.ts';
import { orderDecider } from './order.ts';
import type { OrderActor, SyncOrder } from './orderCommands.ts';
import { planSyncOrder, syncOrderMessages } from './syncOrder.ts';
import {
  added,
  admin,
  batman,
  catalogue,
  catan,
  checkoutStartedEvent,
  guest,
  guestStarted,
  home,
  jane,
  janeWithPickup,
  line,
  orderCompletedEvent,
  saga,
  started,
  stranger,
  T0,
  unpaidTotals,
} from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const sync = (order: Partial<ClientOrder>, by: OrderActor = jane, cat = catalogue()): SyncOrder => ({
  type: 'SyncOrder',
  by,
  order: { orderItems: [], ...order },
  catalogue: cat,
});
const items = (...lines: [string, number][]) => lines.map(([_id, quantity]) => ({ _id, quantity }));

describe('SyncOrder: items', () => {
  it('adds an item with the catalogue name and price, never the client’s', () => {
    const order = clientOrderSchema.parse({ orderItems: [{ _id: 's1', quantity: 1, price: 1, name: 'Cheap', available: 99 }] });
    spec
      .given([started()])
      .when(sync(order))
      .then([added(saga, 1)]);
  });
  it('emits nothing when nothing changed', () => {
    spec
      .given([started(), added(saga, 2)])
      .when(sync({ orderItems: items(['s1', 2]) }))
      .then([]);
  });
  it('changes a quantity', () => {
    spec
      .given([started(), added(saga, 1)])
      .when(sync({ orderItems: items(['s1', 2]) }))
      .then([
        {
          type: 'OrderItemQuantityChanged',
          data: { stockItemId: 's1', name: 'Saga #1', price: 595, previousQuantity: 1, quantity: 2, available: 3 },
        },
      ]);
  });
  it('removes an item whose quantity drops below 1', () => {
    spec
      .given([started(), added(saga, 1)])
      .when(sync({ orderItems: items(['s1', 0]) }))
      .then([{ type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'removed' } }]);
  });
  it('removes an item the client left out', () => {
    spec
      .given([started(), added(saga, 1), added(batman, 1)])
      .when(sync({ orderItems: items(['s2', 1]) }))
      .then([{ type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'removed' } }]);
  });
  it('cuts a line to what is available, with a message', () => {
    const command = sync({ orderItems: items(['s1', 5]) });
    spec
      .given([started()])
      .when(command)
      .then([added(saga, 3)]);
    expect(syncOrderMessages(command, fold(orderDecider, [started()]))).toEqual(['Only 3 of Saga #1 are available, so your order has 3.']);
  });
  it('cuts an existing line when stock ran low since', () => {
    const command = sync({ orderItems: items(['s1', 3]) }, jane, catalogue({ ...saga, available: 1 }));
    const state = fold(orderDecider, [started(), added(saga, 3)]);
    expect(planSyncOrder(command, state)).toEqual({
      events: [
        {
          type: 'OrderItemQuantityChanged',
          data: { stockItemId: 's1', name: 'Saga #1', price: 595, previousQuantity: 3, quantity: 1, available: 1 },
        },
      ],
      messages: ['Only 1 of Saga #1 is available, so your order has 1.'],
    });
  });
  it('drops a new line for an item that does not exist, with a message', () => {
    const command = sync({ orderItems: items(['nope', 1]) });
    spec.given([started()]).when(command).then([]);
    expect(syncOrderMessages(command, fold(orderDecider, [started()]))).toEqual(['An item you added is no longer available.']);
  });
  it('drops a line for a deleted item, with a message', () => {
    const command = sync({ orderItems: items(['s1', 1]) }, jane, catalogue({ ...saga, deleted: true }));
    const given = [started(), added(saga, 1)];
    spec
      .given(given)
      .when(command)
      .then([{ type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'unavailable' } }]);
    expect(syncOrderMessages(command, fold(orderDecider, given))).toEqual([
      'Saga #1 is no longer available and was removed from your order.',
    ]);
  });
  it('drops a line for a sold-out item, with a message', () => {
    const command = sync({ orderItems: items(['s1', 1]) }, jane, catalogue({ ...saga, available: 0 }));
    const given = [started(), added(saga, 1)];
    spec
      .given(given)
      .when(command)
      .then([{ type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'sold_out' } }]);
    expect(syncOrderMessages(command, fold(orderDecider, given))).toEqual(['Saga #1 is sold out and was removed from your order.']);
  });
  it('takes a changed price from the catalogue, with a message', () => {
    const repriced = { ...saga, price: 650 };
    const command = sync({ orderItems: items(['s1', 1]) }, jane, catalogue(repriced));
    const given = [started(), added(saga, 1)];
    const { previousName, previousPrice, previousPnp } = { previousName: 'Saga #1', previousPrice: 595, previousPnp: 0 };
    const { quantity: _q, available: _a, ...details } = line(repriced, 1);
    spec
      .given(given)
      .when(command)
      .then([{ type: 'OrderItemDetailsChanged', data: { ...details, previousName, previousPrice, previousPnp } }]);
    expect(syncOrderMessages(command, fold(orderDecider, given))).toEqual(['The price of Saga #1 changed from $5.95 to $6.50.']);
  });
  it('adds up a line sent twice', () => {
    spec
      .given([started(), added(saga, 1)])
      .when(sync({ orderItems: items(['s1', 1], ['s1', 1]) }))
      .then([
        {
          type: 'OrderItemQuantityChanged',
          data: { stockItemId: 's1', name: 'Saga #1', price: 595, previousQuantity: 1, quantity: 2, available: 3 },
        },
      ]);
  });
  it('keeps the client’s order for new lines, and moves an added-again item to the top', () => {
    const given = [started(), added(saga, 1), added(batman, 1)]; // batman on top
    const events = orderDecider.decide(sync({ orderItems: items(['s3', 1], ['s1', 2], ['s2', 1]) }), fold(orderDecider, given));
    const state = fold(orderDecider, [...given, ...events]);
    expect(state.orderItems.map((l) => [l.stockItemId, l.quantity])).toEqual([
      ['s3', 1],
      ['s1', 2],
      ['s2', 1],
    ]);
  });
  it('adds games with their own postage', () => {
    spec
      .given([started()])
      .when(sync({ orderItems: items(['s3', 1]) }))
      .then([added(catan, 1)]);
  });
});

describe('SyncOrder: checkout fields', () => {
  it('sets the shipping and billing addresses, trimmed', () => {
    spec
      .given([started()])
      .when(sync({ shippingAddress: { ...home, suburb: ' Kenmore ' }, billingAddress: home }))
      .then([
        { type: 'ShippingAddressSet', data: { address: home } },
        { type: 'BillingAddressSet', data: { address: home } },
      ]);
  });
  it('leaves an unchanged or unsent address alone', () => {
    spec
      .given([started(), { type: 'ShippingAddressSet', data: { address: home } }])
      .when(sync({ shippingAddress: home }))
      .then([]);
    spec
      .given([started(), { type: 'ShippingAddressSet', data: { address: home } }])
      .when(sync({}))
      .then([]);
  });
  it('clears an address sent as null or blank', () => {
    const blank = { ...home, givenName: '', familyName: '', addressLine1: '', suburb: '', state: '', postalCode: '' };
    spec
      .given([started(), { type: 'ShippingAddressSet', data: { address: home } }])
      .when(sync({ shippingAddress: null }))
      .then([{ type: 'ShippingAddressSet', data: { address: null } }]);
    spec
      .given([started(), { type: 'BillingAddressSet', data: { address: home } }])
      .when(sync({ billingAddress: blank }))
      .then([{ type: 'BillingAddressSet', data: { address: null } }]);
  });
  it('sets local pickup for a guest or a user allowed it', () => {
    spec
      .given([guestStarted()])
      .when(sync({ shippingIsPickup: true }, guest))
      .then([{ type: 'PickupSet', data: { pickup: true } }]);
    spec
      .given([started()])
      .when(sync({ shippingIsPickup: true }, janeWithPickup))
      .then([{ type: 'PickupSet', data: { pickup: true } }]);
  });
  it('refuses local pickup for a user without it', () => {
    spec
      .given([started()])
      .when(sync({ shippingIsPickup: true }))
      .thenThrows(/Local pickup is not available/, 'forbidden');
  });
  it('lets anyone turn pickup off', () => {
    spec
      .given([started(), { type: 'PickupSet', data: { pickup: true } }])
      .when(sync({ shippingIsPickup: false }))
      .then([{ type: 'PickupSet', data: { pickup: false } }]);
  });
  it('sets billing same as shipping', () => {
    spec
      .given([started()])
      .when(sync({ shippingIsSameAsBilling: true }))
      .then([{ type: 'SameAsBillingSet', data: { sameAsBilling: true } }]);
  });
  it('sets a guest’s email, lower-cased', () => {
    spec
      .given([guestStarted()])
      .when(sync({ email: ' Jane@Example.COM ' }, guest))
      .then([{ type: 'OrderEmailSet', data: { email: 'jane@example.com' } }]);
  });
  it('ignores an email on a signed-in customer’s order', () => {
    spec
      .given([started()])
      .when(sync({ email: 'other@example.com' }))
      .then([]);
  });
  it('sets the ad-hoc customer name for an admin only', () => {
    spec
      .given([started({ ownerUserId: 'admin-1' })])
      .when(sync({ name: ' Bob ' }, admin))
      .then([{ type: 'OrderNameSet', data: { name: 'Bob' } }]);
    spec
      .given([started()])
      .when(sync({ name: 'Bob' }))
      .then([]);
  });
});

describe('SyncOrder: refusals', () => {
  const checkoutStarted = checkoutStartedEvent({ totals: unpaidTotals });
  it('refuses an order that does not exist', () => {
    spec
      .given([])
      .when(sync({}))
      .thenThrows(/Order not found/, 'not-found');
  });
  it('refuses a deleted order', () => {
    spec
      .given([started(), { type: 'OrderDeleted', data: { deletedAt: T0 } }])
      .when(sync({}))
      .thenThrows(/Order not found/, 'not-found');
  });
  it('refuses someone else’s order', () => {
    spec
      .given([started()])
      .when(sync({}, stranger))
      .thenThrows(/not yours/, 'forbidden');
    spec
      .given([guestStarted()])
      .when(sync({}, { kind: 'guest', token: 'other' }))
      .thenThrows(/not yours/, 'forbidden');
  });
  it('lets an admin change any order', () => {
    spec
      .given([started(), added(saga, 1)])
      .when(sync({ orderItems: items(['s1', 1]) }, admin))
      .then([]);
  });
  it('refuses a complete order', () => {
    spec
      .given([started(), added(saga, 1), checkoutStarted, orderCompletedEvent()])
      .when(sync({}))
      .thenThrows(/complete and can no longer be changed/, 'conflict');
  });
  it('refuses while a payment is in progress', () => {
    spec
      .given([started(), added(saga, 1), checkoutStarted])
      .when(sync({}))
      .thenThrows(/in progress/, 'conflict');
  });
  it('refuses a guest order merged into an account', () => {
    spec
      .given([guestStarted(), { type: 'GuestOrderClaimed', data: { userId: 'u1', mergedIntoOrderId: 'o2' } }])
      .when(sync({}))
      .thenThrows(/merged into your account/, 'conflict');
  });
  it('refuses a body for another order', () => {
    spec
      .given([started()])
      .when(sync({ _id: 'o2' }))
      .thenThrows(/not the order being updated/, 'invalid');
  });
});

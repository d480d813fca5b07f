import { DomainError } from '../shared/decider.ts';
import type { OrderAddress } from './clientOrderSchema.ts';
import type { SyncOrder } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertMayChange, isAdmin, mayPickUp } from './orderGuards.ts';
import { mergeRequestedLines } from './orderLine.ts';
import type { OrderState } from './orderState.ts';
import { planLineChanges, type LinePlan } from './planLineChanges.ts';

const ADDRESS_FIELDS = ['givenName', 'familyName', 'addressLine1', 'suburb', 'state', 'postalCode'] as const;

/** Trims every field; an address with every field blank is no address. */
export function normaliseOrderAddress(address: OrderAddress | null): OrderAddress | null {
  if (!address) return null;
  const trimmed: OrderAddress = {
    ...(address._id !== undefined && address._id.trim() !== '' ? { _id: address._id.trim() } : {}),
    givenName: address.givenName.trim(),
    familyName: address.familyName.trim(),
    addressLine1: address.addressLine1.trim(),
    suburb: address.suburb.trim(),
    state: address.state.trim(),
    postalCode: address.postalCode.trim(),
    countryCode: address.countryCode.trim(),
  };
  return ADDRESS_FIELDS.every((f) => trimmed[f] === '') ? null : trimmed;
}

function sameAddress(a: OrderAddress | null, b: OrderAddress | null): boolean {
  if (a === null || b === null) return a === b;
  return a._id === b._id && a.countryCode === b.countryCode && ADDRESS_FIELDS.every((f) => a[f] === b[f]);
}

/**
 * planSyncOrder: "Adding, increasing, decreasing or deleting an item pushes the whole order to the
 * server." Compares what the client sent with the order and gives only what changed, plus the
 * messages for the shopper (see planLineChanges). Price, name and available come from the catalogue.
 * Fields the client leaves out stay as they are; email is read only for a guest's order and the
 * ad-hoc name only from an admin.
 */
export function planSyncOrder(command: SyncOrder, state: OrderState): LinePlan {
  const { by, order, catalogue } = command;
  assertMayChange(by, state);
  if (order._id !== undefined && order._id !== '' && order._id !== state._id) {
    throw new DomainError('This is not the order being updated', 'invalid');
  }

  const lines = planLineChanges(state.orderItems, mergeRequestedLines(order.orderItems), catalogue, {
    removeUnrequested: true,
  });
  const events: OrderEvent[] = [...lines.events];

  if (order.shippingAddress !== undefined) {
    const address = normaliseOrderAddress(order.shippingAddress);
    if (!sameAddress(address, state.shippingAddress)) events.push({ type: 'ShippingAddressSet', data: { address } });
  }
  if (order.billingAddress !== undefined) {
    const address = normaliseOrderAddress(order.billingAddress);
    if (!sameAddress(address, state.billingAddress)) events.push({ type: 'BillingAddressSet', data: { address } });
  }
  if (order.shippingIsPickup !== undefined && order.shippingIsPickup !== state.shippingIsPickup) {
    if (order.shippingIsPickup && !mayPickUp(by)) {
      throw new DomainError('Local pickup is not available for your account', 'forbidden');
    }
    events.push({ type: 'PickupSet', data: { pickup: order.shippingIsPickup } });
  }
  if (order.shippingIsSameAsBilling !== undefined && order.shippingIsSameAsBilling !== state.shippingIsSameAsBilling) {
    events.push({ type: 'SameAsBillingSet', data: { sameAsBilling: order.shippingIsSameAsBilling } });
  }
  if (order.email !== undefined && state.owner?.kind === 'guest') {
    const email = order.email.trim().toLowerCase();
    if (email !== state.email) events.push({ type: 'OrderEmailSet', data: { email } });
  }
  if (order.name !== undefined && isAdmin(by)) {
    const name = order.name.trim();
    if (name !== state.name) events.push({ type: 'OrderNameSet', data: { name } });
  }
  return { events, messages: lines.messages };
}

export const syncOrder = (command: SyncOrder, state: OrderState): OrderEvent[] => planSyncOrder(command, state).events;

/** The notices a sync gives the shopper, e.g. "Only 2 of Saga #1 are available, so your order has 2." */
export const syncOrderMessages = (command: SyncOrder, state: OrderState): string[] => planSyncOrder(command, state).messages;

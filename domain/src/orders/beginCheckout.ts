import { z } from 'zod';
import { DomainError } from '../shared/decider.ts';
import { checkedAddressFieldsSchema } from '../users/address.ts';
import type { CatalogueLookup } from './catalogueView.ts';
import type { OrderAddress } from './clientOrderSchema.ts';
import type { BeginCheckout } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertMayChange, isAdmin, mayPickUp } from './orderGuards.ts';
import { lineDetailsFrom, sameLineDetails, toCheckoutLine, type OrderLine } from './orderLine.ts';
import { isAdhocOrder, type OrderState } from './orderState.ts';
import { orderTotalsOf } from './orderTotalsOf.ts';

const guestEmail = z.string().email();

/** A checkout of an order with no lines. */
export const EMPTY_ORDER_MESSAGE = 'Your order has no items';

/** "Address fields ... must each be non-empty" (plus an Australian state and a 4-digit postal code of that state). */
export function assertCheckoutAddress(address: OrderAddress | null, which: 'shipping' | 'billing'): void {
  if (address === null) throw new DomainError(`Please enter a ${which} address`, 'invalid');
  const parsed = checkedAddressFieldsSchema.safeParse(address);
  if (!parsed.success) {
    const label = which === 'shipping' ? 'Shipping address' : 'Billing address';
    throw new DomainError(`${label}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'invalid');
  }
}

/** The stock holds come next; this refuses early when the order no longer matches the catalogue. */
export function assertLinesMatchCatalogue(lines: readonly OrderLine[], catalogue: CatalogueLookup): void {
  for (const line of lines) {
    const item = catalogue.get(line.stockItemId);
    if (!item || item.deleted) {
      throw new DomainError(`${line.name} is no longer available. Please review your order.`, 'conflict');
    }
    // A pull-list line's copies are held for this order already: they are not in `available`.
    if (!line.pullList && item.available < line.quantity) {
      throw new DomainError(
        item.available < 1
          ? `${line.name} is sold out. Please review your order.`
          : `Only ${item.available} of ${line.name} left. Please review your order.`,
        'conflict',
      );
    }
    if (!sameLineDetails(line, lineDetailsFrom(item))) {
      throw new DomainError(
        item.price !== line.price
          ? `The price of ${line.name} has changed. Please review your order.`
          : `${line.name} has changed. Please review your order.`,
        'conflict',
      );
    }
  }
}

/**
 * BeginCheckout: "An order is current (not complete) and can proceed to payment only if it has
 * items." Pickup needs no address; otherwise a shipping address, and a billing address unless
 * billing is the same as shipping. A guest needs an email. "An ad-hoc sale needs an admin and a
 * non-empty order name"; it is paid in person, so it needs no address, email or credit.
 */
export function beginCheckout(command: BeginCheckout, state: OrderState): OrderEvent[] {
  const { by } = command;
  assertMayChange(by, state);
  if (state.orderItems.length === 0) throw new DomainError(EMPTY_ORDER_MESSAGE, 'invalid');

  const adhoc = command.adhoc === true || isAdhocOrder(state);
  if (adhoc) {
    if (!isAdmin(by)) throw new DomainError('An ad-hoc sale needs an admin', 'forbidden');
    if (!isAdhocOrder(state)) throw new DomainError("An ad-hoc sale needs the customer's name", 'invalid');
  } else {
    if (state.shippingIsPickup) {
      if (!mayPickUp(by)) throw new DomainError('Local pickup is not available for your account', 'forbidden');
    } else {
      assertCheckoutAddress(state.shippingAddress, 'shipping');
      if (!state.shippingIsSameAsBilling) assertCheckoutAddress(state.billingAddress, 'billing');
    }
    if (state.owner?.kind === 'guest') {
      if (state.email === '') throw new DomainError('Please enter your email address', 'invalid');
      if (!guestEmail.safeParse(state.email).success) throw new DomainError('Invalid email address', 'invalid');
    }
  }
  assertLinesMatchCatalogue(state.orderItems, command.catalogue);

  const totals = orderTotalsOf(state, adhoc ? 0 : command.creditAvailableCents);
  return [
    {
      type: 'CheckoutStarted',
      data: {
        checkoutId: command.checkoutId,
        startedAt: command.at,
        adhoc,
        pickup: state.shippingIsPickup,
        lines: state.orderItems.map(toCheckoutLine),
        totals,
        creditToUse: totals.creditFrom,
      },
    },
  ];
}

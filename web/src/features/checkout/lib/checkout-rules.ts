import type { Address } from '../../../types/api';
import { isValidEmail } from '../../../lib/email';
import { addressErrors, hasAddressErrors, type AddressErrors } from '../../../lib/address';

export type CheckoutStep = 'shipping' | 'billing' | 'payment';

export interface ShippingDraft {
  isGuest: boolean;
  email: string;
  shippingIsPickup: boolean;
  pickupConfirmed: boolean;
  shippingIsSameAsBilling: boolean;
  shippingAddress: Partial<Address> | null;
}

export interface ShippingErrors {
  email?: string;
  pickup?: string;
  address?: AddressErrors;
  noAddress?: string;
}

/** Pickup is offered to guests and to users with localPickup set. */
export function canChoosePickup(isGuest: boolean, localPickup: boolean | undefined): boolean {
  return isGuest || Boolean(localPickup);
}

/** Validates the shipping step: guest email, pickup confirmation or a complete address. */
export function validateShipping(draft: ShippingDraft): ShippingErrors {
  const errors: ShippingErrors = {};
  if (draft.isGuest) {
    if (!draft.email.trim()) errors.email = 'Email is required';
    else if (!isValidEmail(draft.email)) errors.email = 'Invalid email address';
  }
  if (draft.shippingIsPickup) {
    if (!draft.pickupConfirmed) errors.pickup = 'Please confirm you are okay with local pickup';
    return errors;
  }
  if (!draft.shippingAddress) {
    errors.noAddress = 'Please choose or add a shipping address';
    return errors;
  }
  const invalid = addressErrors(draft.shippingAddress);
  if (hasAddressErrors(invalid)) errors.address = invalid;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some((v) => (Array.isArray(v) ? v.length > 0 : v && typeof v === 'object' ? hasErrors(v) : Boolean(v)));
}

/** The first problem of a saved address, as one line (a saved address from before the postcode rule may fail it). */
export function savedAddressProblem(address: Parameters<typeof addressErrors>[0]): string | null {
  const errors = addressErrors(address);
  return Object.values(errors).find(Boolean) ?? null;
}

/**
 * Can the checkout open straight at payment (after a declined card or a refusal, the reload
 * reopens it there)? Only when the order already holds what the earlier steps check.
 */
export function readyForPayment(order: {
  isGuest: boolean;
  email: string;
  shippingIsPickup: boolean;
  shippingIsSameAsBilling: boolean;
  shippingAddress: Parameters<typeof addressErrors>[0];
  billingAddress: Parameters<typeof addressErrors>[0];
}): boolean {
  const shipping = validateShipping({
    isGuest: order.isGuest,
    email: order.email,
    shippingIsPickup: order.shippingIsPickup,
    pickupConfirmed: true,
    shippingIsSameAsBilling: order.shippingIsSameAsBilling,
    shippingAddress: order.shippingAddress ?? null,
  });
  if (hasErrors(shipping)) return false;
  if (!needsBilling(order.shippingIsPickup, order.shippingIsSameAsBilling)) return true;
  return Boolean(order.billingAddress) && !hasAddressErrors(addressErrors(order.billingAddress));
}

/** Billing is needed unless the order is picked up or billing is the shipping address. */
export function needsBilling(shippingIsPickup: boolean, shippingIsSameAsBilling: boolean): boolean {
  return !shippingIsPickup && !shippingIsSameAsBilling;
}

/** The step after shipping. */
export function stepAfterShipping(shippingIsPickup: boolean, shippingIsSameAsBilling: boolean): CheckoutStep {
  return needsBilling(shippingIsPickup, shippingIsSameAsBilling) ? 'billing' : 'payment';
}

/** The step "Back" goes to from payment. */
export function stepBeforePayment(shippingIsPickup: boolean, shippingIsSameAsBilling: boolean): CheckoutStep {
  return needsBilling(shippingIsPickup, shippingIsSameAsBilling) ? 'billing' : 'shipping';
}

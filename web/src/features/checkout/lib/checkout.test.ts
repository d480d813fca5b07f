import { describe, expect, it } from 'vitest';
import { invalidAddressFields, parseFormattedAddress } from '../../../lib/address';
import { canChoosePickup, hasErrors, readyForPayment, stepAfterShipping, validateShipping, type ShippingDraft } from './checkout-rules';
import {
  INVALID_APPLICATION_ID,
  SQUARE_PRODUCTION_URL,
  SQUARE_SANDBOX_URL,
  squareConfig,
  squareScriptUrl,
  testCardNonce,
  tokenizationFailedMessage,
} from './square';

const address = { givenName: 'Ann', familyName: 'Lee', addressLine1: '1 Main St', suburb: 'Brisbane', state: 'QLD', postalCode: '4000' };

function draft(partial: Partial<ShippingDraft> = {}): ShippingDraft {
  return {
    isGuest: false,
    email: '',
    shippingIsPickup: false,
    pickupConfirmed: false,
    shippingIsSameAsBilling: true,
    shippingAddress: address,
    ...partial,
  };
}

describe('shipping step', () => {
  it('needs a guest email', () => {
    expect(validateShipping(draft({ isGuest: true })).email).toBe('Email is required');
    expect(validateShipping(draft({ isGuest: true, email: 'nope' })).email).toBe('Invalid email address');
    expect(hasErrors(validateShipping(draft({ isGuest: true, email: 'a@b.co' })))).toBe(false);
  });
  it('pickup bypasses the address but needs the confirmation', () => {
    expect(validateShipping(draft({ shippingIsPickup: true, shippingAddress: null })).pickup).toBeTruthy();
    expect(hasErrors(validateShipping(draft({ shippingIsPickup: true, pickupConfirmed: true, shippingAddress: null })))).toBe(false);
  });
  it('marks blank address fields', () => {
    expect(validateShipping(draft({ shippingAddress: { ...address, suburb: ' ' } })).address).toEqual({ suburb: 'Suburb is required' });
    expect(invalidAddressFields({})).toHaveLength(6);
  });
  it('checks the postcode against the state', () => {
    expect(validateShipping(draft({ shippingAddress: { ...address, suburb: 'Perth', postalCode: 'abcd' } })).address).toEqual({
      postalCode: 'Postcode must be 4 digits',
    });
    expect(validateShipping(draft({ shippingAddress: { ...address, postalCode: '6000' } })).address).toEqual({
      postalCode: 'Postcode 6000 is not in QLD (QLD postcodes are 4000–4999, 9000–9999)',
    });
  });
  it('reopens at payment only when the order holds what the earlier steps check', () => {
    const order = {
      isGuest: true,
      email: 'a@b.co',
      shippingIsPickup: false,
      shippingIsSameAsBilling: true,
      shippingAddress: address,
      billingAddress: null,
    };
    expect(readyForPayment(order)).toBe(true);
    expect(readyForPayment({ ...order, email: '' })).toBe(false);
    expect(readyForPayment({ ...order, shippingIsSameAsBilling: false })).toBe(false);
    expect(readyForPayment({ ...order, shippingIsSameAsBilling: false, billingAddress: address })).toBe(true);
    expect(readyForPayment({ ...order, shippingAddress: null, shippingIsPickup: true })).toBe(true);
  });
  it('skips billing for pickup or same-as-shipping', () => {
    expect(stepAfterShipping(false, false)).toBe('billing');
    expect(stepAfterShipping(false, true)).toBe('payment');
    expect(stepAfterShipping(true, false)).toBe('payment');
  });
  it('offers pickup to guests and local-pickup users', () => {
    expect(canChoosePickup(true, false)).toBe(true);
    expect(canChoosePickup(false, true)).toBe(true);
    expect(canChoosePickup(false, undefined)).toBe(false);
  });
});

describe('formatted address', () => {
  it('derives suburb, state and postcode', () => {
    expect(parseFormattedAddress('12 Smith St, Indooroopilly QLD 4068, Australia')).toEqual({
      addressLine1: '12 Smith St',
      suburb: 'Indooroopilly',
      state: 'QLD',
      postalCode: '4068',
    });
  });
});

describe('square', () => {
  it('picks the script by application id prefix', () => {
    expect(squareScriptUrl('sq0idp-abc')).toBe(SQUARE_PRODUCTION_URL);
    expect(squareScriptUrl('sandbox-sq0idb-abc')).toBe(SQUARE_SANDBOX_URL);
    expect(() => squareScriptUrl('abc')).toThrow(INVALID_APPLICATION_ID);
  });
  it('uses the test form when no ids are configured', () => {
    expect(squareConfig({})).toBeNull();
    expect(squareConfig({ VITE_SQUARE_APPLICATION_ID: 'sq0idp-x' })).toEqual({ applicationId: 'sq0idp-x', locationId: '' });
  });
  it('maps test cards to sandbox nonces', () => {
    expect(testCardNonce('4111 1111 1111 1111')).toBe('cnon:card-nonce-ok');
    expect(testCardNonce('4000000000000002')).toBe('cnon:card-nonce-declined');
    expect(testCardNonce('1234')).toBeNull();
    expect(tokenizationFailedMessage('Invalid')).toBe('Tokenization failed with status: Invalid');
  });
});

import { describe, expect, it } from 'vitest';
import { clientOrderSchema, completeOrderBodySchema, updateOrderBodySchema } from './clientOrderSchema.ts';

describe('clientOrderSchema', () => {
  it('keeps only what the server reads from the client', () => {
    const parsed = updateOrderBodySchema.parse({
      _id: 'o1',
      orderItems: [{ _id: 's1', quantity: 2, price: 1, name: 'x', available: 99 }],
      email: ' Jane@Example.com ',
      shippingAddress: { givenName: 'Jane', suburb: 'Kenmore' },
      billingAddress: null,
      shippingIsPickup: false,
      toPay: 0,
      total: 1,
      tempAuthorisation: '',
    });
    expect(parsed).toEqual({
      _id: 'o1',
      orderItems: [{ _id: 's1', quantity: 2 }],
      email: 'jane@example.com',
      shippingAddress: {
        givenName: 'Jane',
        familyName: '',
        addressLine1: '',
        suburb: 'Kenmore',
        state: '',
        postalCode: '',
        countryCode: 'AUD',
      },
      billingAddress: null,
      shippingIsPickup: false,
      tempAuthorisation: '',
    });
  });
  it('defaults to no items', () => {
    expect(clientOrderSchema.parse({})).toEqual({ orderItems: [] });
  });
  it('refuses fractional quantities and lines without an id', () => {
    expect(clientOrderSchema.safeParse({ orderItems: [{ _id: 's1', quantity: 1.5 }] }).error?.issues[0]?.message).toBe(
      'Quantity must be a whole number',
    );
    expect(clientOrderSchema.safeParse({ orderItems: [{ _id: '', quantity: 1 }] }).error?.issues[0]?.message).toBe(
      'An order item has no id',
    );
    expect(clientOrderSchema.safeParse({ orderItems: [{ _id: 's1', quantity: 1001 }] }).success).toBe(false);
  });
  it('reads the latest transaction: a whole number of cents as text, and the card and buyer tokens', () => {
    const body = completeOrderBodySchema.parse({
      latestTransaction: { value: '1045', cardToken: 'cnon:card-nonce-ok', buyerToken: 'verf' },
    });
    expect(body.latestTransaction).toEqual({ value: '1045', cardToken: 'cnon:card-nonce-ok', buyerToken: 'verf' });
    expect(completeOrderBodySchema.safeParse({ latestTransaction: { value: '10.45' } }).error?.issues[0]?.message).toBe(
      'The payment value must be a whole number of cents',
    );
  });
});

import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from '../users/address.ts';
import { postcodeProblem } from '../users/postcode.ts';

/** Most items one order line may ask for. */
export const MAX_LINE_QUANTITY = 1000;
export const MAX_ORDER_LINES = 500;

const field = (max: number) => z.string().trim().max(max).default('');

/**
 * An address as an order holds it while the shopper is still typing: plain strings, maybe blank.
 * The address rules (non-empty fields, Australian state, 4-digit postal code) apply at checkout;
 * a postcode given with a state must already be one of that state's.
 */
export const orderAddressSchema = z
  .object({
    _id: z.string().max(100).optional(),
    givenName: field(100),
    familyName: field(100),
    addressLine1: field(200),
    suburb: field(100),
    state: field(40),
    postalCode: field(10),
    countryCode: z.string().trim().max(10).default(DEFAULT_COUNTRY_CODE),
  })
  .superRefine((address, ctx) => {
    // A postcode typed beside a state is checked at once (4 digits within the state's ranges), so the
    // shopper hears of it at the step that took it, not only at Pay.
    if (address.postalCode === '' || address.state === '') return;
    const problem = postcodeProblem(address.postalCode, address.state);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['postalCode'], message: problem });
  });
export type OrderAddress = z.output<typeof orderAddressSchema>;

/** "Latest transaction: value (amount to pay, a whole-number string in cents), cardToken, buyerToken, complete (false)." */
export const latestTransactionSchema = z.object({
  value: z.string().trim().regex(/^\d+$/, 'The payment value must be a whole number of cents'),
  cardToken: z.string().max(1000).default(''),
  buyerToken: z.string().max(1000).default(''),
  complete: z.boolean().optional(),
});
export type LatestTransactionInput = z.output<typeof latestTransactionSchema>;

/**
 * A line as the client sends it. Only the stock item id (`_id`) and quantity are read; name,
 * price, available and the rest are taken from the catalogue, never from the client.
 */
export const clientOrderItemSchema = z.object({
  _id: z.string().trim().min(1, 'An order item has no id').max(100),
  quantity: z
    .number({ invalid_type_error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .max(MAX_LINE_QUANTITY, `Quantity is at most ${MAX_LINE_QUANTITY}`),
});

/**
 * The whole order the client sends to PUT /api/update-order/{id} and PUT /api/complete-order/{id}.
 * Computed fields (toPay, total, ...) and unknown fields are dropped. A field left out is left as
 * it is; an address sent as null is cleared.
 */
export const clientOrderSchema = z.object({
  _id: z.string().max(100).optional(),
  orderItems: z.array(clientOrderItemSchema).max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`).default([]),
  email: z.string().trim().toLowerCase().max(254, 'Invalid email address').optional(),
  shippingAddress: orderAddressSchema.nullable().optional(),
  billingAddress: orderAddressSchema.nullable().optional(),
  shippingIsPickup: z.boolean().optional(),
  shippingIsSameAsBilling: z.boolean().optional(),
  /** The customer's name for an ad-hoc sale (admin only). */
  name: z.string().trim().max(100, 'The name is at most 100 characters').optional(),
  latestTransaction: latestTransactionSchema.optional(),
});
export type ClientOrder = z.output<typeof clientOrderSchema>;

/** tempAuthorisation: the guest's temp token, empty when logged in. */
const tempAuthorisation = z.string().max(200).optional();

/** Body of PUT /api/update-order/{id}: the whole order plus tempAuthorisation. */
export const updateOrderBodySchema = clientOrderSchema.extend({ tempAuthorisation });
export type UpdateOrderBody = z.output<typeof updateOrderBodySchema>;

/** Body of PUT /api/complete-order/{id}: the order, with the card and buyer tokens in latestTransaction. */
export const completeOrderBodySchema = clientOrderSchema.extend({ tempAuthorisation });
export type CompleteOrderBody = z.output<typeof completeOrderBodySchema>;

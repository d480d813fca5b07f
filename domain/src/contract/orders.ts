import { z } from 'zod';
import { ORDER_ITEM_KINDS } from '../orders/catalogueView.ts';
import {
  completeOrderBodySchema,
  latestTransactionSchema,
  updateOrderBodySchema,
  type ClientOrder,
  type UpdateOrderBody,
} from '../orders/clientOrderSchema.ts';
import { ORDER_TYPES } from '../orders/orderEvents.ts';
import { addressView } from './accounts.ts';
import { itemTypeView, periodTypeView, refusals, supplierTypeView } from './shared.ts';

/** An address as an order holds it: plain strings, maybe blank while the shopper types. */
export const orderAddressView = addressView.partial({ _id: true });
export type OrderAddressView = z.infer<typeof orderAddressView>;

/** An order line, keyed by the stock item id (`_id`). */
export const orderItemView = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(ORDER_ITEM_KINDS),
  itemType: itemTypeView,
  periodType: periodTypeView.nullable(),
  supplierType: supplierTypeView.nullable(),
  available: z.number().int(),
  quantity: z.number().int(),
  price: z.number().int(),
  comicId: z.string(),
  pnp: z.number().int(),
  /** Present (true) on a line of pull-list copies the admin released into the order: update-order keeps it. */
  pullList: z.literal(true).optional(),
});
export type OrderItemView = z.infer<typeof orderItemView>;

/** "Latest transaction": value is the amount to pay, a whole-number string in cents. */
export const latestTransactionView = z.object({
  value: z.string(),
  cardToken: z.string(),
  buyerToken: z.string(),
  complete: z.boolean(),
});
export type LatestTransactionView = z.infer<typeof latestTransactionView>;
/** latestTransaction as the client sends it to PUT /complete-order (the card and buyer tokens). */
export type LatestTransactionBody = z.input<typeof latestTransactionSchema>;

/** "Order (client view)", with the computed totals. All money is integer cents. */
export const orderView = z.object({
  _id: z.string(),
  publicId: z.number().int(),
  type: z.enum(ORDER_TYPES),
  date: z.string(),
  complete: z.boolean(),
  posted: z.boolean(),
  carriedForward: z.number().int(),
  orderItems: z.array(orderItemView),
  latestTransaction: latestTransactionView,
  email: z.string(),
  shippingAddress: orderAddressView.nullable(),
  billingAddress: orderAddressView.nullable(),
  shippingIsPickup: z.boolean(),
  shippingIsSameAsBilling: z.boolean(),
  searchTerms: z.string(),
  searchHistory: z.array(z.string()),
  name: z.string(),
  completedDate: z.string().nullable(),
  postedDate: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  toPay: z.number().int(),
  pnp: z.number().int(),
  total: z.number().int(),
  itemCount: z.number().int(),
  paid: z.number().int(),
  creditFrom: z.number().int(),
  creditForward: z.number().int(),
});
export type OrderView = z.infer<typeof orderView>;

/** A payment on the order (cents). */
export const transactionView = z.object({
  _id: z.string(),
  value: z.number().int(),
  complete: z.literal(true),
  provider: z.string(),
  checkoutId: z.string(),
  date: z.string(),
});
export type TransactionView = z.infer<typeof transactionView>;

/** The answer of the order calls: "order, transactions, credit" (the owner's balance, 0 for a guest). */
export const orderAnswer = z.object({ order: orderView, transactions: z.array(transactionView), credit: z.number().int() });
export type OrderAnswer = z.infer<typeof orderAnswer>;
/** Any of the order calls' answers: the current order, an update (with messages) or a checkout. */
export type AnyOrderAnswer = OrderAnswer & { messages?: string[]; confirmationToken?: string };

/** PUT /update-order: the order and what changed on the way (sold-out lines, lowered quantities). */
export const updateOrderAnswer = orderAnswer.extend({ messages: z.array(z.string()) });
export type UpdateOrderAnswer = z.infer<typeof updateOrderAnswer>;

/** PUT /complete-order: a completed checkout also carries the confirmation page's token. */
export const completeOrderAnswer = orderAnswer.extend({ confirmationToken: z.string().optional() });
export type CompleteOrderAnswer = z.infer<typeof completeOrderAnswer>;

/** A refused checkout: `errorMessage` (the storefront's field) and `message`, the same words. */
export const checkoutRefusal = z.object({ errorMessage: z.string(), message: z.string() });

export const pickupView = z.object({ address: z.string(), hours: z.string() });
export type PickupView = z.infer<typeof pickupView>;
export const orderConfirmationAnswer = z.object({ order: orderView, pickup: pickupView.optional() });
export type OrderConfirmationAnswer = z.infer<typeof orderConfirmationAnswer>;

export const pastOrdersAnswer = z.object({ orders: z.array(orderView) });
export type PastOrdersAnswer = z.infer<typeof pastOrdersAnswer>;

/** What the client sends to PUT /update-order and /complete-order. */
export type { ClientOrder, UpdateOrderBody };

const orderIdParams = z.object({ id: z.string() });

export const orderCalls = {
  currentOrder: { response: { 200: orderAnswer, ...refusals } },
  currentOrderAsGuest: {
    body: z.object({ tempAuthorisation: z.string().optional() }).passthrough(),
    response: { 200: orderAnswer, ...refusals },
  },
  updateOrder: { params: orderIdParams, body: updateOrderBodySchema, response: { 200: updateOrderAnswer, ...refusals } },
  completeOrder: {
    params: orderIdParams,
    body: completeOrderBodySchema,
    response: {
      200: completeOrderAnswer,
      '4xx': checkoutRefusal.or(z.object({ message: z.string() })),
      '5xx': checkoutRefusal.or(z.object({ message: z.string() })),
    },
  },
  orderConfirmation: {
    params: z.object({ publicId: z.string() }),
    querystring: z.object({ token: z.string().optional() }),
    response: { 200: orderConfirmationAnswer, ...refusals },
  },
  pastOrders: { response: { 200: pastOrdersAnswer, ...refusals } },
} as const;

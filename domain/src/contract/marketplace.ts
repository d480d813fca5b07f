import { z } from 'zod';
import { addressView } from './accounts.ts';
import { comicView } from './catalogue.ts';
import { lineProblemView } from './admin.ts';
import { refusals } from './shared.ts';
import { OVERSOLD_RESOLUTIONS } from '../marketplace/oversold.ts';

/** One item's listing action (upload, refresh, clear, delete): the item now and what happened. */
export const listingAnswer = z.object({ comic: comicView, message: z.string(), listingId: z.string().nullable() });
export type ListingAnswer = z.infer<typeof listingAnswer>;

export const ebayInfoView = z.object({
  _id: z.string(),
  sku: z.string(),
  onEbay: z.boolean(),
  listingId: z.string().nullable(),
  status: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int().nullable(),
  viewUrl: z.string().nullable(),
});
export type EbayInfoView = z.infer<typeof ebayInfoView>;
export const ebaySearchAnswer = z.object({ comics: z.array(comicView), ebayInfos: z.array(ebayInfoView), message: z.string() });
export const ebayListAnswer = z.object({ comics: z.array(comicView), comic: comicView, message: z.string() });
export const batchJobStartedAnswer = z.object({ message: z.string(), jobId: z.string(), queue: z.string() });

export const stockCheckRowView = z.object({
  name: z.string(),
  /** The item type (comic, game, accessory). */
  type: z.string(),
  ioaQuantity: z.number().int(),
  ebayQuantity: z.number().int(),
  status: z.enum(['ebay has more', 'ebay has fewer', 'not on ebay', 'ok']),
  sku: z.string(),
  comic: comicView,
});
export type StockCheckRowView = z.infer<typeof stockCheckRowView>;
export const stockCheckAnswer = z.object({ stockCheck: z.array(stockCheckRowView), message: z.string() });

export const saleLineView = z.object({
  line: z.number().int().optional(),
  sku: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  stockItemId: z.string().nullable(),
  name: z.string(),
  taken: z.number().int(),
  oversold: z.number().int(),
  matched: z.boolean(),
  status: z.enum(['recorded', 'already recorded', 'would record']),
});
export const saleView = z.object({
  externalId: z.string(),
  orderId: z.string(),
  publicId: z.number().int().nullable(),
  soldAt: z.string(),
  buyerUsername: z.string(),
  buyerName: z.string(),
  status: z.enum(['recorded', 'lines added', 'already recorded', 'would record']),
  lines: z.array(saleLineView),
});
export type SaleView = z.infer<typeof saleView>;

export const updateTransactionsAnswer = z.object({
  message: z.string(),
  saved: z.boolean(),
  days: z.number().int(),
  orders: z.array(saleView),
  recorded: z.number().int(),
  alreadyRecorded: z.number().int(),
  unmatched: z.number().int(),
  oversold: z.number().int(),
  errors: z.array(z.object({ externalId: z.string(), reason: z.string() })),
});
export type UpdateTransactionsAnswer = z.infer<typeof updateTransactionsAnswer>;

export const salesUploadAnswer = z.object({
  comics: z.array(comicView),
  message: z.string(),
  recorded: z.number().int(),
  skipped: z.number().int(),
  ignored: z.number().int(),
  errors: z.array(lineProblemView),
  unmatched: z.array(z.object({ line: z.number().int(), sku: z.string().nullable(), title: z.string() })),
  orders: z.array(saleView),
});
export type SalesUploadAnswer = z.infer<typeof salesUploadAnswer>;

/** A marketplace order as the admin's "orders processed" list shows it (money in cents). */
export const processedOrderView = z.object({
  _id: z.string(),
  publicId: z.number().int(),
  type: z.literal('ebay'),
  externalId: z.string(),
  externalBuyerId: z.string(),
  externalBuyerName: z.string(),
  name: z.string(),
  email: z.string(),
  source: z.string(),
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  complete: z.boolean(),
  completedDate: z.string(),
  posted: z.boolean(),
  postedDate: z.null(),
  trackingNumber: z.null(),
  itemCount: z.number().int(),
  total: z.number().int(),
  pnp: z.number().int(),
  paid: z.number().int(),
  toPay: z.number().int(),
  carriedForward: z.number().int(),
  fees: z.number().int().nullable(),
  unmatchedLines: z.number().int(),
  oversold: z.number().int(),
  shippingIsPickup: z.boolean(),
  shippingAddress: addressView.omit({ _id: true }).nullable(),
  billingAddress: z.null(),
  orderItems: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      title: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      price: z.number().int(),
      comicId: z.string().nullable(),
      itemType: z.string().nullable(),
      available: z.number().int(),
      matched: z.boolean(),
      taken: z.number().int(),
      oversold: z.number().int(),
    }),
  ),
});
export type ProcessedOrderView = z.infer<typeof processedOrderView>;
export const ordersProcessedAnswer = z.object({ orders: z.array(processedOrderView) });

/** The sales file as rows of JSON (the multipart `file` is the other way to send it). */
export const salesRowsBody = z.object({ ebaySales: z.array(z.record(z.unknown())) });

/** The other sale of an oversold copy: a site order or another eBay order. */
export const oversoldOtherSaleView = z.object({
  channel: z.enum(['site', 'ebay']),
  orderId: z.string(),
  publicId: z.number().int().nullable(),
  externalId: z.string().nullable(),
  soldAt: z.string(),
});

/** One oversold line of an eBay order, what to do about it, and what the admin did. */
export const oversoldView = z.object({
  orderId: z.string(),
  publicId: z.number().int(),
  externalId: z.string(),
  buyerUsername: z.string(),
  soldAt: z.string(),
  stockItemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  oversold: z.number().int(),
  otherSale: oversoldOtherSaleView.nullable(),
  /** Which of the two sales came later: the one to undo. */
  laterSale: z.enum(['ebay', 'site']),
  advice: z.string(),
  flaggedAt: z.string(),
  resolution: z.enum(OVERSOLD_RESOLUTIONS).nullable(),
  note: z.string(),
  resolvedAt: z.string().nullable(),
});
export type OversoldView = z.infer<typeof oversoldView>;

/** How the automatic sync stands: listed items, quantity updates waiting or refused, the sales schedule. */
export const ebaySyncView = z.object({
  listed: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastPushedAt: z.string().nullable(),
  salesPullEverySeconds: z.number().int(),
});
export type EbaySyncView = z.infer<typeof ebaySyncView>;

export const oversoldAnswer = z.object({
  oversold: z.array(oversoldView),
  open: z.number().int(),
  sync: ebaySyncView,
  message: z.string(),
});
export type OversoldAnswer = z.infer<typeof oversoldAnswer>;

export const resolveOversoldBody = z.object({
  resolution: z.enum(OVERSOLD_RESOLUTIONS, {
    errorMap: () => ({ message: `resolution must be one of ${OVERSOLD_RESOLUTIONS.join(', ')}` }),
  }),
  note: z.string().max(500, 'A note can be at most 500 characters').optional(),
});
export type ResolveOversoldBody = z.infer<typeof resolveOversoldBody>;

export const marketplaceCalls = {
  listing: { response: { 200: listingAnswer, ...refusals } },
  search: { response: { 200: ebaySearchAnswer, ...refusals } },
  list: { response: { 200: ebayListAnswer, ...refusals } },
  batchJob: { response: { 202: batchJobStartedAnswer, ...refusals } },
  stockCheck: { response: { 200: stockCheckAnswer, ...refusals } },
  updateTransactions: { response: { 200: updateTransactionsAnswer, ...refusals } },
  ordersProcessed: { response: { 200: ordersProcessedAnswer, ...refusals } },
  addSales: { response: { 200: salesUploadAnswer, ...refusals } },
  oversold: { response: { 200: oversoldAnswer, ...refusals } },
  resolveOversold: {
    params: z.object({ orderId: z.string() }),
    body: resolveOversoldBody,
    response: { 200: oversoldAnswer, ...refusals },
  },
} as const;

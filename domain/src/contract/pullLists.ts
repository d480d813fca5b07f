import { z } from 'zod';
import {
  focAdjustBodySchema,
  focQuerySchema,
  pullListSeriesParams,
  pullListStockParams,
  pullListUserParams,
  releaseBatchBodySchema,
  subscribeBodySchema,
} from '../pullLists/pullListSchemas.ts';
import { idParams, refusals } from './shared.ts';

/** A subscription on a customer's pull list. */
export const pullListSubscriptionView = z.object({
  seriesId: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  covers: z.enum(['all', 'main']),
});

/**
 * An issue reserved for the customer: `quantity` copies held for them, `awaiting` more wanted than
 * the shop has (yet). `status` 'released' once the admin put them in the customer's order;
 * `cancellable` until the end of the FOC day (Australia/Sydney).
 */
export const pullListReservedView = z.object({
  stockId: z.string(),
  comicId: z.string(),
  title: z.string(),
  seriesId: z.string(),
  issueNumber: z.string(),
  quantity: z.number().int(),
  awaiting: z.number().int(),
  releaseDate: z.string().nullable(),
  focDate: z.string().nullable(),
  status: z.enum(['reserved', 'released']),
  cancellable: z.boolean(),
});

/** GET /pull-list (and PUT/DELETE answers): subscriptions, and the issues reserved for them, newest first. */
export const pullListAnswer = z.object({
  subscriptions: z.array(pullListSubscriptionView),
  reserved: z.array(pullListReservedView),
});
export type PullListAnswer = z.infer<typeof pullListAnswer>;
export type PullListSubscriptionView = z.infer<typeof pullListSubscriptionView>;
export type PullListReservedView = z.infer<typeof pullListReservedView>;
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

/** GET /admin-pull-list/{userId}: a customer's pull list, for the admin. */
export const adminPullListAnswer = pullListAnswer.extend({
  customer: z.object({ _id: z.string(), email: z.string(), name: z.string() }),
});
export type AdminPullListAnswer = z.infer<typeof adminPullListAnswer>;

/** GET /admin-series-subscribers/{id}: who subscribes to a series, in subscription order. */
export const seriesSubscribersAnswer = z.object({
  seriesId: z.string(),
  title: z.string(),
  subscribers: z.array(
    z.object({ userId: z.string(), email: z.string(), name: z.string(), quantity: z.number().int(), covers: z.enum(['all', 'main']) }),
  ),
  copies: z.number().int(),
});
export type SeriesSubscribersAnswer = z.infer<typeof seriesSubscribersAnswer>;

/** One issue of the distributor order worksheet. `total` is the admin's total when adjusted, else `suggested`. */
export const focLineView = z.object({
  stockId: z.string(),
  comicId: z.string(),
  title: z.string(),
  /** Copies subscriptions want (reserved and awaiting). */
  subscriptions: z.number().int(),
  /** Copies on completed (paid) orders, pull-list lines left out. */
  preOrders: z.number().int(),
  /** The series' shelf default (main covers only). */
  shelf: z.number().int(),
  suggested: z.number().int(),
  total: z.number().int(),
  adjusted: z.boolean(),
});
export const focExportView = z.object({
  exportId: z.string(),
  at: z.string(),
  byEmail: z.string(),
  fileName: z.string(),
  lineCount: z.number().int(),
  copies: z.number().int(),
});
/** GET /admin-foc?date=&distributor=: every issue of that FOC date and distributor, and the exports made. */
export const focWorksheetAnswer = z.object({
  date: z.string(),
  distributor: z.enum(['lunar', 'prh', 'diamond']),
  lines: z.array(focLineView),
  exports: z.array(focExportView),
});
export type FocWorksheetAnswer = z.infer<typeof focWorksheetAnswer>;
export type FocLineView = z.infer<typeof focLineView>;
export type FocAdjustBody = z.input<typeof focAdjustBodySchema>;

/** POST /admin-pull-list-release: what went into customers' orders. */
export const releaseBatchAnswer = z.object({
  reservations: z.number().int(),
  copies: z.number().int(),
  customers: z.number().int(),
  /** Reservations left as they were (an order paying at that moment): release again later. */
  skipped: z.array(z.object({ userId: z.string(), title: z.string(), reason: z.string() })),
  message: z.string(),
});
export type ReleaseBatchAnswer = z.infer<typeof releaseBatchAnswer>;

/** The pull-list calls: the customer's, and the admin's worksheet, release and views. */
export const pullListCalls = {
  pullList: { response: { 200: pullListAnswer, ...refusals } },
  subscribe: { params: pullListSeriesParams, body: subscribeBodySchema, response: { 200: pullListAnswer, ...refusals } },
  unsubscribe: { params: pullListSeriesParams, response: { 200: pullListAnswer, ...refusals } },
  cancelReservation: { params: pullListStockParams, response: { 200: pullListAnswer, ...refusals } },
  adminPullList: { params: pullListUserParams, response: { 200: adminPullListAnswer, ...refusals } },
  seriesSubscribers: { params: idParams, response: { 200: seriesSubscribersAnswer, ...refusals } },
  focWorksheet: { querystring: focQuerySchema, response: { 200: focWorksheetAnswer, ...refusals } },
  focAdjust: { body: focAdjustBodySchema, response: { 200: focWorksheetAnswer, ...refusals } },
  focExport: { querystring: focQuerySchema, response: { 200: z.string().describe('text/csv'), ...refusals } },
  releaseBatch: { body: releaseBatchBodySchema, response: { 200: releaseBatchAnswer, ...refusals } },
} as const;

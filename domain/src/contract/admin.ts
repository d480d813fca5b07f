import { z } from 'zod';
import { batchEditSchema, batchInputSchema, stockItemEditSchema, stockItemInputSchema } from '../catalogue/schemas.ts';
import { checkListItemEditSchema, checkListItemInputSchema } from '../checklist/checkListSchemas.ts';
import { sendCreditSchema } from '../credit/sendCreditSchema.ts';
import { ORDER_TYPES } from '../orders/orderEvents.ts';
import { addressView, userView } from './accounts.ts';
import { batchView, comicView } from './catalogue.ts';
import { orderAddressView, orderItemView } from './orders.ts';
import { messageAnswer, refusals } from './shared.ts';

// ---- Stock ----

export const adminStockTotals = z.object({
  items: z.number().int(),
  uploaded: z.number().int(),
  toGo: z.number().int(),
  initial: z.number().int(),
  sold: z.number().int(),
  left: z.number().int(),
  salesValue: z.number().int(),
  valueLeft: z.number().int(),
  purchaseValue: z.number().int(),
});
export const adminStockAnswer = z.object({ comics: z.array(comicView), totals: adminStockTotals });
export type AdminStockAnswer = z.infer<typeof adminStockAnswer>;

export const comicAnswer = z.object({ comic: comicView, message: z.string() });
export type ComicAnswer = z.infer<typeof comicAnswer>;
export const stockClashAnswer = z.object({ comic: comicView.optional(), message: z.string() });
export const deletedStockAnswer = z.object({ message: z.string(), _id: z.string() });

export const adminListsAnswer = z.object({
  publishers: z.object({ comic: z.array(z.string()), game: z.array(z.string()), accessory: z.array(z.string()) }),
  variantsInStock: z.array(z.string()),
  suggestedSearchTerms: z.array(z.string()),
  supplierTypes: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type AdminListsAnswer = z.infer<typeof adminListsAnswer>;

// ---- Orders ----

export const orderUserView = z.object({ _id: z.string(), givenName: z.string(), familyName: z.string(), email: z.string() });
export type OrderUserView = z.infer<typeof orderUserView>;

/** The admin order card (admin §3 "Order"): money in cents, dates ISO. */
export const adminOrderView = z.object({
  _id: z.string(),
  publicId: z.number().int(),
  name: z.string(),
  user: orderUserView.nullable(),
  email: z.string(),
  guest: z.boolean(),
  type: z.enum(ORDER_TYPES),
  externalId: z.string().nullable(),
  externalBuyerId: z.string().nullable(),
  externalBuyerName: z.string().nullable(),
  /** An ad-hoc (in-person) sale: named by the admin at the counter, never posted. */
  adhoc: z.boolean(),
  date: z.string(),
  paid: z.number().int(),
  total: z.number().int(),
  toPay: z.number().int(),
  pnp: z.number().int(),
  itemCount: z.number().int(),
  creditFrom: z.number().int(),
  carriedForward: z.number().int(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  complete: z.boolean(),
  completedDate: z.string().nullable(),
  posted: z.boolean(),
  postedDate: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippingIsPickup: z.boolean(),
  shippingIsSameAsBilling: z.boolean(),
  shippingAddress: orderAddressView.nullable(),
  billingAddress: orderAddressView.nullable(),
  orderItems: z.array(orderItemView),
  searchTerms: z.string(),
  searchHistory: z.array(z.string()),
});
export type AdminOrderView = z.infer<typeof adminOrderView>;

export const adminOrdersAnswer = z.object({ orders: z.array(adminOrderView) });
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>;
export const postedOrderAnswer = z.object({ order: adminOrderView, ordersNeedPosting: z.number().int() });
export type PostedOrderAnswer = z.infer<typeof postedOrderAnswer>;
export const deletedOrderAnswer = adminOrdersAnswer.extend({ message: z.string() });
export const resentEmailAnswer = z.object({ message: z.string(), jobId: z.string() });

export const adminSearchAnswer = z.object({ comics: z.array(comicView), orders: z.array(adminOrderView), ebayInfos: z.array(z.unknown()) });
export type AdminSearchAnswer = z.infer<typeof adminSearchAnswer>;

// ---- Batches ----

export const batchAnswer = z.object({ batch: batchView });
export type BatchAnswer = z.infer<typeof batchAnswer>;
/** 200 'Deleted!' (clear-stock adds what it removed and kept), or 202 when the batch stays, with the reason. */
export const batchDeletedAnswer = z.object({
  message: z.string(),
  removed: z.number().int().optional(),
  kept: z.number().int().optional(),
});
export const batchNotDeletedAnswer = z.object({ message: z.string(), reason: z.string() });

// ---- Users, credit, feedback ----

export const adminUserView = userView.extend({ addresses: z.array(addressView), createdAt: z.string(), credit: z.number().int() });
export type AdminUserView = z.infer<typeof adminUserView>;
export const adminUsersAnswer = z.object({ users: z.array(adminUserView) });
export const sentCreditAnswer = z.object({ message: z.string(), credit: z.number().int() });
export const feedbackView = z.object({
  _id: z.string(),
  email: z.string(),
  description: z.string(),
  createdAt: z.string(),
  userId: z.string().nullable(),
});
export type FeedbackView = z.infer<typeof feedbackView>;
export const feedbacksAnswer = z.object({ feedbacks: z.array(feedbackView) });

// ---- Check list ----

export const checkListItemView = z.object({ _id: z.string(), name: z.string(), description: z.string(), status: z.boolean() });
export type CheckListItemView = z.infer<typeof checkListItemView>;
export const checkListAnswer = z.object({ checkListItems: z.array(checkListItemView) });
export const checkListItemAnswer = z.object({ checkListItem: checkListItemView });
export const checkListDeletedAnswer = z.object({
  message: z.string(),
  deleted: z.number().int().optional(),
  checkListItems: z.array(checkListItemView),
});

// ---- Audit ----

export const auditEntryView = z.object({
  _id: z.string(),
  createdAt: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userId: z.string(),
  description: z.string(),
  streamId: z.string(),
  streamType: z.string(),
  eventType: z.string(),
  version: z.number().int(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;
export const auditPageAnswer = z.object({
  audits: z.array(auditEntryView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPageAnswer = z.infer<typeof auditPageAnswer>;

export const streamHistoryEntryView = z.object({
  version: z.number().int(),
  type: z.string(),
  createdAt: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  description: z.string(),
  /** The stream's state just after this event (for a stream with no decider: the event's data). */
  state: z.unknown(),
});
export type StreamHistoryEntryView = z.infer<typeof streamHistoryEntryView>;
export const streamHistoryAnswer = z.object({ streamId: z.string(), streamType: z.string(), entries: z.array(streamHistoryEntryView) });
export type StreamHistoryAnswer = z.infer<typeof streamHistoryAnswer>;

// ---- Status page: data tidy and background jobs ----

export const dataTidyAnswer = z.object({
  message: z.string(),
  removedGuestOrders: z.number().int(),
  readModels: z.array(
    z.object({ projector: z.string(), equal: z.boolean(), differences: z.record(z.number()), events: z.number(), millis: z.number() }),
  ),
});
export type DataTidyAnswer = z.infer<typeof dataTidyAnswer>;

export const failedJobView = z.object({
  queue: z.string(),
  id: z.string(),
  name: z.string(),
  failedReason: z.string().nullable(),
  attemptsMade: z.number().int(),
  timestamp: z.number(),
});
export type FailedJobView = z.infer<typeof failedJobView>;
export const failedJobsAnswer = z.object({ jobs: z.array(failedJobView) });
export const retriedJobAnswer = z.object({ message: z.string(), state: z.string() });
/** A job's state and what it reported: progress and result are the job's own (batch listing counts, upload results). */
export const jobStatusAnswer = z.object({
  state: z.string(),
  progress: z.unknown(),
  result: z.unknown(),
  failedReason: z.string().nullable(),
});
export type JobStatusAnswer = z.infer<typeof jobStatusAnswer>;

// ---- Uploads and images ----

export const lineProblemView = z.object({ line: z.number().int(), reason: z.string() });
export type LineProblemView = z.infer<typeof lineProblemView>;
export const stockUploadAnswer = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  alreadyImported: z.number().int(),
  skippedLines: z.array(lineProblemView),
  errors: z.array(lineProblemView),
  warnings: z.array(lineProblemView),
  format: z.string(),
  batch: batchView,
  batchCreated: z.boolean(),
  message: z.string(),
});
export type StockUploadAnswer = z.infer<typeof stockUploadAnswer>;
export const stockUploadStartedAnswer = z.object({ jobId: z.string(), total: z.number().int() });
/** A stock file with no usable line: 400 with the lines refused. */
export const stockUploadRefusal = z.object({
  message: z.string(),
  imported: z.number().int().optional(),
  skipped: z.number().int().optional(),
  errors: z.array(lineProblemView).optional(),
});
export const uploadProgressAnswer = z.object({
  processed: z.number().int(),
  total: z.number().int(),
  done: z.boolean(),
  failed: z.boolean(),
  result: stockUploadAnswer.or(messageAnswer).nullable(),
});
export type UploadProgressAnswer = z.infer<typeof uploadProgressAnswer>;
export const stockImageAnswer = z.object({ comic: comicView, imageUrl: z.string(), message: z.string() });
export const checkImagesAnswer = z.object({ comics: z.array(comicView), updated: z.number().int(), recovered: z.number().int() });

/** The body of POST /add-stock (PUT /edit-stock/{id} takes any part of it). */
export type StockItemBody = z.input<typeof stockItemInputSchema>;
/** The body of POST /add-batch (PUT /edit-batch/{id} takes any part of it). */
export type BatchBody = z.input<ReturnType<typeof batchInputSchema>>;

export const adminCalls = {
  adminStock: { response: { 200: adminStockAnswer, ...refusals } },
  zeroStock: { response: { 200: z.object({ comics: z.array(comicView) }), ...refusals } },
  addStock: { body: stockItemInputSchema, response: { 201: comicAnswer, ...refusals } },
  addStockCheck: { response: { 200: stockClashAnswer, 201: messageAnswer, ...refusals } },
  editStock: { body: stockItemEditSchema, response: { 200: z.object({ comics: z.array(comicView) }), ...refusals } },
  deleteStock: { response: { 200: deletedStockAnswer, ...refusals } },
  adminSearch: { response: { 200: adminSearchAnswer, ...refusals } },
  adminLists: { response: { 200: adminListsAnswer, ...refusals } },
  orderList: { response: { 200: adminOrdersAnswer, ...refusals } },
  postOrder: { response: { 200: postedOrderAnswer, ...refusals } },
  resendEmail: { response: { 200: resentEmailAnswer, ...refusals } },
  deleteOrder: { response: { 200: deletedOrderAnswer, ...refusals } },
  addBatch: { body: batchInputSchema(new Date(0)), response: { 201: batchAnswer, ...refusals } },
  editBatch: { body: batchEditSchema, response: { 200: batchAnswer, ...refusals } },
  deleteBatch: { response: { 200: batchDeletedAnswer, 202: batchNotDeletedAnswer, ...refusals } },
  users: { response: { 200: adminUsersAnswer, ...refusals } },
  sendCredit: { body: sendCreditSchema, response: { 200: sentCreditAnswer, ...refusals } },
  feedback: { response: { 200: feedbacksAnswer, ...refusals } },
  checkList: { response: { 200: checkListAnswer, ...refusals } },
  addCheckListItem: { body: checkListItemInputSchema, response: { 201: checkListItemAnswer, ...refusals } },
  editCheckListItem: { body: checkListItemEditSchema, response: { 200: checkListItemAnswer, ...refusals } },
  deleteCheckListItem: { response: { 200: checkListDeletedAnswer, ...refusals } },
  auditHistory: { response: { 200: auditPageAnswer, ...refusals } },
  streamHistory: { response: { 200: streamHistoryAnswer, ...refusals } },
  dataTidy: { response: { 200: dataTidyAnswer, ...refusals } },
  failedJobs: { response: { 200: failedJobsAnswer, ...refusals } },
  retryJob: { response: { 200: retriedJobAnswer, ...refusals } },
  job: { response: { 200: jobStatusAnswer, ...refusals } },
  stockUpload: { response: { 201: stockUploadAnswer, 202: stockUploadStartedAnswer, 400: stockUploadRefusal, ...refusals } },
  /** Multipart: `file`, `format` (diamond | tsv | lunar | prh), optional `batchName` and `quantity` (copies of a line without one, default 10). */
  supplierImport: { response: { 202: stockUploadStartedAnswer, 400: stockUploadRefusal, ...refusals } },
  supplierImportProgress: { response: { 200: uploadProgressAnswer, ...refusals } },
  uploadProgress: { response: { 200: uploadProgressAnswer, ...refusals } },
  stockImage: { response: { 200: stockImageAnswer, ...refusals } },
  checkImages: { response: { 200: checkImagesAnswer, ...refusals } },
} as const;
